// Dense Cholesky factorization A = L L^T and its solves (dense_cholesky.h).
#include "dense_cholesky.h"

#include <cmath>

namespace contactlab {

bool DenseCholesky::factor(std::span<const double> a, int n, double shift) {
  n_ = n;
  l_.assign(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(n) * n);
  for (int i = 0; i < n; ++i) l_[static_cast<std::size_t>(i) * n + i] += shift;
  for (int j = 0; j < n; ++j) {
    double* rowJ = &l_[static_cast<std::size_t>(j) * n];
    double diagonal = rowJ[j];
    for (int k = 0; k < j; ++k) diagonal -= rowJ[k] * rowJ[k];
    if (!(diagonal > 0)) return false;
    const double root = std::sqrt(diagonal);
    rowJ[j] = root;
    for (int i = j + 1; i < n; ++i) {
      double* rowI = &l_[static_cast<std::size_t>(i) * n];
      double value = rowI[j];
      for (int k = 0; k < j; ++k) value -= rowI[k] * rowJ[k];
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
    for (int k = 0; k < i; ++k) value -= row[k] * x[k];
    x[i] = value / row[i];
  }
  for (int i = n - 1; i >= 0; --i) {  // L^T x = y
    double value = x[i];
    for (int k = i + 1; k < n; ++k) value -= l_[static_cast<std::size_t>(k) * n + i] * x[k];
    x[i] = value / l_[static_cast<std::size_t>(i) * n + i];
  }
}

}  // namespace contactlab
