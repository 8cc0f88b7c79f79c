// A symmetric matrix in compressed sparse rows, with both triangles and the diagonal stored. The
// contact matrices A = J M^-1 J^T are sparse: an entry is nonzero only for two contacts that share
// a movable body, so a contact in a pile couples to a handful of others.
#pragma once

#include <span>
#include <vector>

namespace contactlab {

// A dense row-major n x n matrix view.
struct MatrixView {
  int n = 0;
  const double* data = nullptr;
  double operator()(int i, int j) const { return data[static_cast<size_t>(i) * n + j]; }
};

struct SparseEntry {
  int row;
  int column;
  double value;
};

class SparseMatrix {
 public:
  int size() const { return n_; }
  // Row i's columns (ascending) and values.
  std::span<const int> columns(int i) const { return {column_.data() + start_[i], length(i)}; }
  std::span<const double> values(int i) const { return {value_.data() + start_[i], length(i)}; }
  double diagonal(int i) const { return diagonal_[i]; }
  // The pattern: where each row starts in columnIndices() (n + 1 offsets), and the columns of all
  // rows one after another.
  std::span<const int> rowStarts() const { return {start_.data(), static_cast<size_t>(n_) + 1}; }
  std::span<const int> columnIndices() const { return column_; }
  // A_ij, zero where nothing is stored (a binary search in row i).
  double at(int i, int j) const;

  // Fills the n x n matrix from entries in any order; entries at the same place are summed (in
  // the order given), exact zeros are left out. The caller gives (i, j) and (j, i) alike.
  void assign(int n, std::span<const SparseEntry> entries);
  // The nonzero entries of a dense symmetric matrix.
  void assignDense(MatrixView A);

  // Filling row by row, without sorting: startRows(n), then rows 0 to n - 1 in turn, each its
  // entries by increasing column with append() and closed by endRow(). Values must be nonzero.
  void startRows(int n);
  void append(int column, double value) {
    if (column == static_cast<int>(start_.size()) - 1) diagonal_[column] = value;
    column_.push_back(column);
    value_.push_back(value);
  }
  void endRow() { start_.push_back(static_cast<int>(column_.size())); }

 private:
  size_t length(int i) const { return static_cast<size_t>(start_[i + 1] - start_[i]); }

  int n_ = 0;
  std::vector<int> start_;  // n + 1 offsets into column_ and value_
  std::vector<int> column_;
  std::vector<double> value_;
  std::vector<double> diagonal_;
  std::vector<SparseEntry> scratch_, byRow_;
  std::vector<int> next_;
};

}  // namespace contactlab
