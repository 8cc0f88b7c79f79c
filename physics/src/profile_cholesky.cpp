// Cholesky factorization A = L L^T by profile, and its solves (profile_cholesky.h).
#include "profile_cholesky.h"

#include <algorithm>
#include <cmath>

namespace contactlab {

void ProfileCholesky::shape(std::span<const int> first) {
  first_.assign(first.begin(), first.end());
  start_.resize(first.size());
  size_t size = 0;
  for (size_t i = 0; i < first.size(); ++i) {
    start_[i] = size;
    size += i - static_cast<size_t>(first[i]) + 1;
  }
  l_.assign(size, 0.0);
}

bool ProfileCholesky::factor(std::span<const double> a, int n, double shift) {
  first_.resize(n);
  for (int i = 0; i < n; ++i) {
    const double* row = &a[static_cast<size_t>(i) * n];
    int j = 0;
    while (j < i && row[j] == 0) ++j;
    first_[i] = j;
  }
  shape(std::vector<int>(first_));
  for (int i = 0; i < n; ++i)
    for (int j = first_[i]; j <= i; ++j) at(i, j) = a[static_cast<size_t>(i) * n + j];
  return factor(shift);
}

// Row by row (each row's entries need only the rows above it within its profile): L_ij = (A_ij -
// sum_k L_ik L_jk) / L_jj for j < i, then L_ii = sqrt(A_ii + shift - sum_k L_ik^2), k over the
// columns both profiles hold. The diagonal's reciprocals are kept, so that the factorization and
// the solves multiply instead of dividing (a chain's solve was latency-bound on its divisions).
bool ProfileCholesky::factor(double shift, double floor) {
  const int n = size();
  inverseDiagonal_.resize(n);
  for (int i = 0; i < n; ++i) {
    for (int j = first_[i]; j < i; ++j) {
      double value = at(i, j);
      for (int k = std::max(first_[i], first_[j]); k < j; ++k) value -= at(i, k) * at(j, k);
      at(i, j) = value * inverseDiagonal_[j];
    }
    const double entry = at(i, i) + shift;
    double diagonal = entry;
    for (int k = first_[i]; k < i; ++k) diagonal -= at(i, k) * at(i, k);
    if (!(diagonal > floor * entry)) return false;
    at(i, i) = std::sqrt(diagonal);
    inverseDiagonal_[i] = 1 / at(i, i);
  }
  return true;
}

void ProfileCholesky::solve(std::span<double> x) const {
  const int n = size();
  for (int i = 0; i < n; ++i) {  // L y = x
    double value = x[i];
    for (int k = first_[i]; k < i; ++k) value -= entry(i, k) * x[k];
    x[i] = value * inverseDiagonal_[i];
  }
  for (int i = n - 1; i >= 0; --i) {  // L^T x = y, row i of L taken as column i of L^T
    x[i] *= inverseDiagonal_[i];
    for (int k = first_[i]; k < i; ++k) x[k] -= entry(i, k) * x[i];
  }
}

}  // namespace contactlab
