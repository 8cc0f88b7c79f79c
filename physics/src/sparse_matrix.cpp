#include "sparse_matrix.h"

#include <algorithm>

namespace contactlab {

double SparseMatrix::at(int i, int j) const {
  std::span<const int> c = columns(i);
  auto it = std::lower_bound(c.begin(), c.end(), j);
  return it != c.end() && *it == j ? value_[start_[i] + (it - c.begin())] : 0.0;
}

void SparseMatrix::assign(int n, std::vector<SparseEntry>& entries) {
  std::stable_sort(entries.begin(), entries.end(), [](const SparseEntry& a, const SparseEntry& b) {
    return a.row != b.row ? a.row < b.row : a.column < b.column;
  });
  n_ = n;
  start_.assign(static_cast<size_t>(n) + 1, 0);
  column_.clear();
  value_.clear();
  diagonal_.assign(static_cast<size_t>(n), 0.0);
  for (size_t e = 0; e < entries.size();) {
    const SparseEntry& first = entries[e];
    double sum = 0;
    for (; e < entries.size() && entries[e].row == first.row && entries[e].column == first.column;
         ++e)
      sum += entries[e].value;
    if (sum == 0) continue;
    column_.push_back(first.column);
    value_.push_back(sum);
    ++start_[first.row + 1];
    if (first.row == first.column) diagonal_[first.row] = sum;
  }
  for (int i = 0; i < n; ++i) start_[i + 1] += start_[i];
}

void SparseMatrix::assignDense(MatrixView A) {
  scratch_.clear();
  for (int i = 0; i < A.n; ++i)
    for (int j = 0; j < A.n; ++j)
      if (A(i, j) != 0) scratch_.push_back({i, j, A(i, j)});
  assign(A.n, scratch_);
}

}  // namespace contactlab
