// An order of the rows of a sparse symmetric matrix that keeps its factors narrow: reverse
// Cuthill-McKee (Cuthill & McKee 1969, "Reducing the bandwidth of sparse symmetric matrices";
// reversed as George 1971 showed, which never widens the profile). Rows are numbered level by level
// of a breadth-first search from a peripheral row, neighbours by increasing degree, so every row's
// neighbours sit close to it in the order: the lower triangle of the reordered matrix, and of its
// L D L^T factor, is nonzero only within a short distance left of the diagonal.
#pragma once

#include <array>
#include <vector>

#include "sparse_matrix.h"

namespace contactlab {

class SparseOrdering {
 public:
  // order[p] is the row placed p-th. Deterministic: ties go to the lower index. The order depends
  // on A's pattern alone: the orders of the last few patterns of kRememberFrom rows or more are
  // kept and given again for the same pattern (a resting pile's groups keep theirs from one
  // evaluation to the next).
  void reverseCuthillMcKee(const SparseMatrix& A, std::vector<int>& order);

  static constexpr int kRememberFrom = 32;

 private:
  struct Remembered {
    std::vector<int> starts, columns, order;
  };
  void compute(const SparseMatrix& A, std::vector<int>& order);

  std::array<Remembered, 4> remembered_;
  size_t nextSlot_ = 0;
  // Breadth-first from `root` over unvisited rows, appending to order_; returns where the last
  // level starts in order_.
  size_t levels(const SparseMatrix& A, int root);

  std::vector<int> degree_;
  std::vector<int> mark_;  // the search that last reached each row
  int stamp_ = 0;
  std::vector<int> visited_;  // 1: its component is ordered
  std::vector<int> order_;
  std::vector<int> neighbours_;
};

}  // namespace contactlab
