// The LCP with equality rows by a Schur complement (mixed_lcp.h).
#include "mixed_lcp.h"

#include <algorithm>

namespace contactlab {
namespace {

// Entry (p, q) of A (eq. 9) with the model's masses.
double entry(const Model& model, const DenseRow& p, const DenseRow& q) {
  return rowCoupling(p, q, [&](int body) {
    const Body& b = model.bodies[body];
    return InverseMass{b.invMass, b.invInertia};
  });
}

}  // namespace

LcpInfo MixedLcp::solve(const Model& model, std::span<const DenseRow> rows, int equalities,
                        std::span<const double> b, std::span<double> f,
                        std::span<std::uint8_t> clamped) {
  const int m = static_cast<int>(rows.size()), nj = equalities, nc = m - nj;
  dense_.assign(static_cast<std::size_t>(m) * m, 0.0);
  auto A = [&](int i, int j) -> double& { return dense_[static_cast<std::size_t>(i) * m + j]; };
  double largest = 0;
  for (int i = 0; i < m; ++i)
    for (int j = i; j < m; ++j) {
      A(i, j) = A(j, i) = entry(model, rows[i], rows[j]);
      if (i == j && i < nj) largest = std::max(largest, A(i, i));
    }
  // A_JJ factored; y = A_JJ^-1 b_J (kept in f_J until the end); X = A_JJ^-1 A_JC by columns.
  joint_.resize(static_cast<std::size_t>(nj) * nj);
  for (int i = 0; i < nj; ++i)
    for (int j = 0; j < nj; ++j) joint_[static_cast<std::size_t>(i) * nj + j] = A(i, j);
  factor_.factor(joint_, nj, 1e-12 * std::max(largest, 1e-300));
  std::copy(b.begin(), b.begin() + nj, f.begin());
  factor_.solve(f.first(nj));
  coupling_.resize(static_cast<std::size_t>(nj) * nc);  // column j of X at j nj
  column_.resize(nj);
  for (int j = 0; j < nc; ++j) {
    for (int i = 0; i < nj; ++i) column_[i] = A(i, nj + j);
    factor_.solve(column_);
    std::copy(column_.begin(), column_.end(),
              coupling_.begin() + static_cast<std::ptrdiff_t>(j) * nj);
  }
  LcpInfo info;
  if (nc > 0) {
    reduced_.resize(static_cast<std::size_t>(nc) * nc);
    reducedB_.resize(nc);
    for (int i = 0; i < nc; ++i) {
      double bi = b[nj + i];
      for (int k = 0; k < nj; ++k) bi -= A(nj + i, k) * f[k];
      reducedB_[i] = bi;
      for (int j = 0; j < nc; ++j) {
        double value = A(nj + i, nj + j);
        for (int k = 0; k < nj; ++k)
          value -= A(nj + i, k) * coupling_[static_cast<std::size_t>(j) * nj + k];
        reduced_[static_cast<std::size_t>(i) * nc + j] = value;
      }
    }
    std::vector<double>& a = lcpA_;
    a.resize(nc);
    info = lcp_.solve(MatrixView{nc, reduced_.data()}, reducedB_, f.subspan(nj), a, clamped);
  }
  // f_J = -(y + X f_C).
  for (int i = 0; i < nj; ++i) {
    double value = f[i];
    for (int j = 0; j < nc; ++j)
      value += coupling_[static_cast<std::size_t>(j) * nj + i] * f[nj + j];
    f[i] = -value;
  }
  return info;
}

}  // namespace contactlab
