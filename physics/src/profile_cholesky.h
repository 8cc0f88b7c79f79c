// A symmetric positive definite solve by Cholesky factorization A = L L^T within each row's
// profile (skyline storage: row i is kept from its first nonzero column, the profile start, to
// its diagonal; fill-in stays inside the profile). A chain of joints ordered along the chain has
// a narrow profile, and its factorization costs O(n b^2) instead of O(n^3) for a profile width b.
// Used for the joints' block A_JJ of the mixed LCP (mixed_lcp.h) and for the substeps' exact
// joint solve (substep_solver.h).
#pragma once

#include <span>
#include <vector>

namespace contactlab {

class ProfileCholesky {
 public:
  // An n x n matrix whose row i is zero left of column first[i] (<= i), every entry 0, to be set
  // through `at` and factored by factor(shift, floor).
  void shape(std::span<const int> first);
  // Entry (i, j) of the lower triangle, first[i] <= j <= i.
  double& at(int i, int j) { return l_[start_[i] + (j - first_[i])]; }
  // Factors the matrix set through `at`, plus `shift` on its diagonal. False when a pivot is not
  // above `floor` times its row's diagonal entry (plus the shift): not positive definite, or so
  // near singular (redundant rows) that the solve would not be meaningful.
  bool factor(double shift, double floor = 0);
  // Shapes and factors the n x n row-major matrix `a` (its profile found from its zeros).
  bool factor(std::span<const double> a, int n, double shift);
  // x = (A + shift I)^-1 x, in place.
  void solve(std::span<double> x) const;
  int size() const { return static_cast<int>(first_.size()); }

 private:
  double entry(int i, int j) const { return l_[start_[i] + (j - first_[i])]; }
  std::vector<double> l_;                // row i's entries from first_[i] to i, at start_[i]
  std::vector<int> first_;               // each row's profile start
  std::vector<size_t> start_;            // where each row's entries begin in l_
  std::vector<double> inverseDiagonal_;  // 1 / L_ii
};

}  // namespace contactlab
