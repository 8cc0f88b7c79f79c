// A dense symmetric positive definite solve by Cholesky factorization within each row's profile,
// for the joints' block A_JJ of the mixed LCP (mixed_lcp.h). Row-major storage.
#pragma once

#include <span>
#include <vector>

namespace contactlab {

class DenseCholesky {
 public:
  // Factors the n x n matrix `a` (row-major) plus `shift` on its diagonal (a regularization that
  // keeps a redundant set of joint rows, a closed loop, solvable). False when it is not positive
  // definite even so.
  bool factor(std::span<const double> a, int n, double shift);
  // x = (A + shift I)^-1 x, in place.
  void solve(std::span<double> x) const;
  int size() const { return n_; }

 private:
  std::vector<double> l_;   // lower triangle, row-major n x n
  std::vector<int> first_;  // each row's first nonzero column (its profile start)
  int n_ = 0;
};

}  // namespace contactlab
