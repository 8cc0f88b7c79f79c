#include "sparse_matrix.h"

#include <algorithm>

#include "contactlab_assert.h"

namespace contactlab {

double SparseMatrix::at(int i, int j) const {
  CONTACTLAB_ASSERT(i >= 0 && i < n_ && j >= 0 && j < n_, "sparse matrix: entry out of range");
  std::span<const int> c = columns(i);
  auto it = std::lower_bound(c.begin(), c.end(), j);
  return it != c.end() && *it == j ? value_[start_[i] + (it - c.begin())] : 0.0;
}

void SparseMatrix::assign(int n, std::span<const SparseEntry> entries) {
  // Counting sort by row, keeping the given order within a row, then a stable insertion sort of
  // each (short) row by column: no allocation once the buffers have grown.
  n_ = n;
  start_.assign(static_cast<size_t>(n) + 1, 0);
  for (const SparseEntry& e : entries) {
    CONTACTLAB_ASSERT(e.row >= 0 && e.row < n && e.column >= 0 && e.column < n,
                      "sparse matrix: entry out of range");
    ++start_[e.row + 1];
  }
  for (int i = 0; i < n; ++i) start_[i + 1] += start_[i];
  byRow_.resize(entries.size());
  next_.assign(start_.begin(), start_.end() - 1);
  for (const SparseEntry& e : entries) byRow_[next_[e.row]++] = e;
  column_.clear();
  value_.clear();
  diagonal_.assign(static_cast<size_t>(n), 0.0);
  for (int i = 0; i < n; ++i) {
    const auto first = byRow_.begin() + start_[i], last = byRow_.begin() + start_[i + 1];
    for (auto e = first; e != last; ++e)
      for (auto f = e; f != first && (f - 1)->column > f->column; --f) std::iter_swap(f, f - 1);
    start_[i] = static_cast<int>(column_.size());
    for (auto e = first; e != last;) {
      const int column = e->column;
      double sum = 0;
      for (; e != last && e->column == column; ++e) sum += e->value;
      if (sum == 0) continue;
      column_.push_back(column);
      value_.push_back(sum);
      if (column == i) diagonal_[i] = sum;
    }
  }
  start_[n] = static_cast<int>(column_.size());
}

void SparseMatrix::startRows(int n) {
  n_ = n;
  start_.assign(1, 0);
  column_.clear();
  value_.clear();
  diagonal_.assign(static_cast<size_t>(n), 0.0);
}

void SparseMatrix::assignDense(MatrixView A) {
  scratch_.clear();
  for (int i = 0; i < A.n; ++i)
    for (int j = 0; j < A.n; ++j)
      if (A(i, j) != 0) scratch_.push_back({i, j, A(i, j)});
  assign(A.n, scratch_);
}

}  // namespace contactlab
