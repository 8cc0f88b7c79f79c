// Cholesky factorization A = L L^T by profile, and its solves (dense_cholesky.h).
//
// Row i of L is zero left of the first nonzero entry of row i of A (its profile start; fill-in
// stays inside the profile), so the loops run from there: a chain of joints in order along the
// chain has a narrow band, and its factorization costs O(n b^2) rather than O(n^3).
#include "dense_cholesky.h"

#include <algorithm>
#include <cmath>

namespace contactlab {

bool DenseCholesky::factor(std::span<const double> a, int n, double shift) {
  n_ = n;
  l_.assign(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(n) * n);
  first_.resize(n);
  for (int i = 0; i < n; ++i) {
    const double* row = &l_[static_cast<std::size_t>(i) * n];
    int j = 0;
    while (j < i && row[j] == 0) ++j;
    first_[i] = j;
    l_[static_cast<std::size_t>(i) * n + i] += shift;
  }
  for (int j = 0; j < n; ++j) {
    double* rowJ = &l_[static_cast<std::size_t>(j) * n];
    double diagonal = rowJ[j];
    for (int k = first_[j]; k < j; ++k) diagonal -= rowJ[k] * rowJ[k];
    if (!(diagonal > 0)) return false;
    const double root = std::sqrt(diagonal);
    rowJ[j] = root;
    for (int i = j + 1; i < n; ++i) {
      if (first_[i] > j) continue;  // outside row i's profile: L_ij = 0
      double* rowI = &l_[static_cast<std::size_t>(i) * n];
      double value = rowI[j];
      for (int k = std::max(first_[i], first_[j]); k < j; ++k) value -= rowI[k] * rowJ[k];
      rowI[j] = value / root;
    }
  }
  return true;
}

void DenseCholesky::solve(std::span<double> x) const {
  const int n = n_;
  for (int i = 0; i < n; ++i) {  // L y = x
    const double* row = &l_[static_cast<std::size_t>(i) * n];
    double value = x[i];
    for (int k = first_[i]; k < i; ++k) value -= row[k] * x[k];
    x[i] = value / row[i];
  }
  for (int i = n - 1; i >= 0; --i) {  // L^T x = y
    double value = x[i];
    for (int k = i + 1; k < n; ++k)
      if (first_[k] <= i) value -= l_[static_cast<std::size_t>(k) * n + i] * x[k];
    x[i] = value / l_[static_cast<std::size_t>(i) * n + i];
  }
}

}  // namespace contactlab
