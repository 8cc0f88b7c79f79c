// MPRGP (modified proportioning with reduced gradient projections) for the frictionless contact
// QP min 1/2 g^T N g + r^T g over g_n >= 0 (contact_qp.h): Dostal 2009, "Optimal Quadratic
// Programming Algorithms", chapter 5 (the MPRGP algorithm), with the bound l = 0. For the gradient
// q = N g + r, the free set F = {g_j > 0} and the active set A = {g_j = 0}:
//   free gradient phi_j = q_j on F, chopped gradient beta_j = min(q_j, 0) on A,
//   reduced free gradient phit_j = min(g_j / alpha, phi_j) on F.
// g is proportional when |beta|^2 <= Gamma^2 phit^T phi. Then a conjugate gradient step along p
// if it stays feasible, else an expansion step: the largest feasible step along p followed by the
// projected step g <- Proj(g - alpha phi(g)); otherwise a proportioning step along beta.
// Parameters: Gamma = 1; alpha = 1.9 / |N|_est in (0, 2 / |N|], |N|_est the largest of |N v|/|v|
// over 10 power iterations from a fixed spread vector. Safeguard (not in the book): |N|_est only
// bounds |N| from below, so an expansion step that raises f (impossible for alpha <= 2 / |N|,
// where the projected step decreases f, Dostal 2009 chapter 5) is undone and retried with alpha
// halved.
// Only normal rows are touched; tangential entries stay 0. A bilateral row (a joint's equality
// row, contact_qp.h) has the bound l = -infinity: always free, never blocking, never projected.
#include <algorithm>
#include <cmath>
#include <limits>

#include "qp_operator.h"

namespace contactlab {
namespace {

constexpr double kGamma = 1;           // proportioning parameter
constexpr double kStepFraction = 1.9;  // alpha = kStepFraction / |N|_est
constexpr int kPowerIterations = 10;   // for |N|_est
constexpr double kRoundOff = 1e-12;    // f increases below this fraction of |q . d| are round-off
constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Largest |N v| / |v| over power iterations from the spread vector; v and Nv are scratch.
double normEstimate(const QpProblem& problem, std::span<double> v, std::span<double> Nv) {
  spreadVector(problem, v);
  double estimate = 0;
  for (int k = 0; k < kPowerIterations; ++k) {
    multiply(problem, v, Nv);
    double vv = 0, NvNv = 0;
    for (size_t j = 0; j < v.size(); j += 2) {
      vv += v[j] * v[j];
      NvNv += Nv[j] * Nv[j];
    }
    if (!(NvNv > 0)) break;
    estimate = std::max(estimate, std::sqrt(NvNv / vv));
    const double scale = 1 / std::sqrt(NvNv);
    for (size_t j = 0; j < v.size(); ++j) v[j] = Nv[j] * scale;
  }
  return estimate;
}

}  // namespace

int solveMprgp(const QpProblem& problem, const QpSettings& settings, std::span<double> x,
               std::span<double> work) {
  const size_t m = problem.size();
  const std::span<double> Nx = work.subspan(0, m);
  const std::span<double> p = work.subspan(m, m);
  const std::span<double> Np = work.subspan(2 * m, m);
  const std::span<double> half = work.subspan(3 * m, m);
  const std::span<double> Nhalf = work.subspan(4 * m, m);
  const std::span<double> scratch = work.subspan(5 * m, m);
  const std::span<const double> r = problem.r;
  const auto gradient = [&](size_t j) { return Nx[j] + r[j]; };
  const auto bilateral = [&](size_t j) { return problem.contacts[j / 2].bilateral; };
  const auto free = [&](size_t j) { return x[j] > 0 || bilateral(j); };
  // p = phi(x) on the normal rows, 0 on the tangential ones.
  const auto setFreeGradient = [&] {
    for (size_t j = 0; j < m; j += 2) {
      p[j] = free(j) ? gradient(j) : 0.0;
      p[j + 1] = 0;
    }
  };

  multiply(problem, x, Nx);
  if (naturalResidual(problem, x, Nx) <= settings.tolerance) return 0;
  const double norm = normEstimate(problem, p, Np);
  double alpha = norm > 0 ? kStepFraction / norm : 1.0;
  setFreeGradient();

  for (int iteration = 1; iteration <= settings.maxIterations; ++iteration) {
    double chopped = 0, reduced = 0;  // |beta|^2, phit^T phi
    for (size_t j = 0; j < m; j += 2) {
      const double q = gradient(j);
      if (bilateral(j)) {
        reduced += q * q;
      } else if (x[j] > 0) {
        reduced += std::min(x[j] / alpha, q) * q;
      } else if (q < 0) {
        chopped += q * q;
      }
    }
    if (chopped <= kGamma * kGamma * reduced) {
      multiply(problem, p, Np);
      double pNp = 0, qp = 0, feasible = kInfinity;
      size_t blocking = m;
      for (size_t j = 0; j < m; j += 2) {
        pNp += p[j] * Np[j];
        qp += gradient(j) * p[j];
        if (!bilateral(j) && p[j] > 0 && x[j] / p[j] < feasible) {
          feasible = x[j] / p[j];
          blocking = j;
        }
      }
      const double cg = pNp > 0 ? qp / pNp : kInfinity;
      if (cg <= feasible) {  // conjugate gradient step
        for (size_t j = 0; j < m; j += 2) {
          x[j] = bilateral(j) ? x[j] - cg * p[j] : std::max(0.0, x[j] - cg * p[j]);
          Nx[j] -= cg * Np[j];
        }
        double phiNp = 0;
        for (size_t j = 0; j < m; j += 2) phiNp += (free(j) ? gradient(j) : 0.0) * Np[j];
        const double conjugation = phiNp / pNp;
        for (size_t j = 0; j < m; j += 2) p[j] = (free(j) ? gradient(j) : 0.0) - conjugation * p[j];
      } else {
        if (blocking == m) return iteration;  // unbounded along p: r has a part N cannot balance
        for (size_t j = 0; j < m; j += 2) {   // expansion step: first as far as feasible
          x[j] = bilateral(j) ? x[j] - feasible * p[j] : std::max(0.0, x[j] - feasible * p[j]);
          Nx[j] -= feasible * Np[j];
        }
        x[blocking] = 0;
        std::copy(x.begin(), x.end(), half.begin());
        std::copy(Nx.begin(), Nx.end(), Nhalf.begin());
        for (;;) {  // then the projected free-gradient step
          for (size_t j = 0; j < m; j += 2) {
            const double q = Nhalf[j] + r[j];
            x[j] = bilateral(j)  ? half[j] - alpha * q
                   : half[j] > 0 ? std::max(0.0, half[j] - alpha * q)
                                 : 0.0;
          }
          multiply(problem, x, Nx);
          double change = 0, slope = 0;  // f(x) - f(half) = d . (q_half + q) / 2, and |q_half . d|
          for (size_t j = 0; j < m; j += 2) {
            const double d = x[j] - half[j];
            change += d * (Nhalf[j] + Nx[j] + 2 * r[j]) / 2;
            slope += std::abs(d * (Nhalf[j] + r[j]));
          }
          if (!(change > kRoundOff * slope)) break;
          alpha /= 2;
        }
        setFreeGradient();
      }
    } else {  // proportioning step along beta: releases active indices whose gradient is negative
      for (size_t j = 0; j < m; j += 2) scratch[j] = free(j) ? 0.0 : std::min(gradient(j), 0.0);
      for (size_t j = 1; j < m; j += 2) scratch[j] = 0;
      multiply(problem, scratch, Np);
      double bNb = 0;
      for (size_t j = 0; j < m; j += 2) bNb += scratch[j] * Np[j];
      if (!(bNb > 0)) return iteration;  // unbounded along beta
      const double step = chopped / bNb;
      for (size_t j = 0; j < m; j += 2) {
        x[j] -= step * scratch[j];
        Nx[j] -= step * Np[j];
      }
      setFreeGradient();
    }
    if (naturalResidual(problem, x, Nx) <= settings.tolerance) {
      multiply(problem, x, Nx);  // confirm without the round-off the updates accumulated
      if (naturalResidual(problem, x, Nx) <= settings.tolerance) return iteration;
      setFreeGradient();
    }
  }
  return settings.maxIterations;
}

}  // namespace contactlab
