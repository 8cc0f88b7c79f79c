// Accelerated projected gradient descent for the contact QP/CCP (contact_qp.h): Mazhar, Heyn,
// Negrut, Tasora 2015, "Using Nesterov's method to accelerate multibody dynamics with friction and
// contact", Algorithm 1 (APGD): Nesterov's extrapolation y = x_{k+1} + beta (x_{k+1} - x_k) with
// theta_{k+1} = (-theta^2 + theta sqrt(theta^2 + 4)) / 2, beta = theta (1 - theta) / (theta^2 +
// theta_{k+1}); the step 1 / L with L doubled until the quadratic upper bound holds and shrunk by
// 0.9 after every iteration; the gradient restart of O'Donoghue & Candes when g^T (x_{k+1} - x_k)
// > 0; the best iterate by residual is returned.
// It runs on the problem scaled per contact (diagonal preconditioning): g = S g', S = diag(s_c)
// with s_c = 1 / sqrt(N_nn) of contact c on both its rows, so N' = S N S has unit normal diagonal
// and r' = S r. A positive scale per contact maps each wedge |t| <= mu n onto itself, so the
// iterates stay in the original variables: the step becomes x = Proj_K(y - S^2 (N y + r) / L) and
// the sufficient-decrease test measures d in the scaled norm |S^-1 d|. Uniform stacks change
// little; contacts on fixed bodies (half the N_nn of two movable ones) and mixed masses converge
// faster (pyramid40: 212 iterations a step on average before, 160 with it). Departures, none of
// which changes the iterates in exact arithmetic: the sufficient-decrease test
//   f(x) <= f(y) + g^T (x - y) + L/2 |x - y|^2   is evaluated as   d^T N d <= L |S^-1 d|^2
// (equal for a quadratic f, and free of cancellation between large f values; d = 0 or a NaN
// ends it); N y is kept as (1 + beta) N x_{k+1} - beta N x_k, so an iteration costs one product N x
// per trial step; the residual is contact_qp.h's, evaluated every kApgdResidualEvery iterations
// (and the best iterate chosen among those); L starts from |S N S v| / |v| for a fixed spread
// vector v rather than the difference with a vector of ones. Each trial step is two passes over
// the contacts: the projected step scattering M^-1 D x into body velocities, then the gather
// D^T u with every sum the iteration needs.
#include <algorithm>
#include <cmath>

#include "qp_operator.h"

namespace contactlab {
namespace {

constexpr double kShrink = 0.9;  // L *= 0.9 after every iteration (Algorithm 1, line 24)

// x = Proj_K(y - S^2 (N y + r) / L), and problem.bodyWork = M^-1 D x, in one pass over the
// contacts; s2 holds s_c^2 per contact.
void projectedStep(const QpProblem& problem, std::span<const double> s2, std::span<const double> y,
                   std::span<const double> Ny, double L, std::span<double> x) {
  const std::span<BodyVelocity> u = problem.bodyWork;
  std::fill(u.begin(), u.end(), BodyVelocity{});
  const std::span<const double> r = problem.r;
  const double inverseL = 1 / L;
  for (size_t c = 0; c < problem.contacts.size(); ++c) {
    const size_t n = 2 * c, t = n + 1;
    const double step = s2[c] * inverseL;
    const Impulse p =
        projectContact(problem, c, {y[n] - (Ny[n] + r[n]) * step, y[t] - (Ny[t] + r[t]) * step});
    x[n] = p.n;
    x[t] = p.t;
    applyImpulse(problem.contacts[c], problem.bodies, p.n, p.t, u);
  }
}

}  // namespace

int solveApgd(const QpProblem& problem, const QpSettings& settings, std::span<double> g,
              std::span<double> work) {
  const size_t m = problem.size();
  std::span<double> x = work.subspan(0, m);
  std::span<double> Nx = work.subspan(m, m);
  std::span<double> next = work.subspan(2 * m, m);
  std::span<double> Nnext = work.subspan(3 * m, m);
  const std::span<double> y = work.subspan(4 * m, m);
  const std::span<double> Ny = work.subspan(5 * m, m);
  const std::span<double> best = work.subspan(6 * m, m);
  // The scaling S per contact: weight = 1 / s_c^2 = N_nn of its diagonal block (1 if both bodies
  // are fixed), and s2 = s_c^2, both kept so that the passes over the contacts only multiply.
  const size_t k = problem.contacts.size();
  const std::span<double> s2 = work.subspan(7 * m, k), weight = work.subspan(7 * m + k, k);
  for (size_t c = 0; c < k; ++c) {
    const double nn = problem.blocks[3 * c];
    weight[c] = nn > 0 ? nn : 1.0;
    s2[c] = 1 / weight[c];
  }
  const std::span<const double> r = problem.r;

  std::copy(g.begin(), g.end(), x.begin());
  multiply(problem, x, Nx);
  double bestResidual = naturalResidual(problem, x, Nx);
  if (bestResidual <= settings.tolerance) return 0;
  std::copy(x.begin(), x.end(), best.begin());

  // L estimates the largest eigenvalue of S N S from |S N S v| / |v| with v = S^-1 y.
  spreadVector(problem, y);
  multiply(problem, y, Ny);
  double SNv = 0, v = 0;
  for (size_t c = 0; c < k; ++c) {
    for (size_t j = 2 * c; j < 2 * c + 2; ++j) {
      SNv += s2[c] * Ny[j] * Ny[j];
      v += weight[c] * y[j] * y[j];
    }
  }
  double L = std::sqrt(SNv / v);
  if (!(L > 0)) L = 1;  // N = 0: every step size is safe
  std::copy(x.begin(), x.end(), y.begin());
  std::copy(Nx.begin(), Nx.end(), Ny.begin());
  double theta = 1;

  int iteration = 1;
  for (; iteration <= settings.maxIterations; ++iteration) {
    const bool check = iteration % kApgdResidualEvery == 0 || iteration == settings.maxIterations;
    double progress = 0;  // g^T (x_{k+1} - x_k), g = N y + r
    double residual = 0;
    for (;;) {
      projectedStep(problem, s2, y, Ny, L, next);
      // Nnext = D^T u, with the sufficient-decrease sums, the progress and the residual on the way.
      double dNd = 0, dd = 0;
      progress = 0;
      residual = 0;
      for (size_t c = 0; c < problem.contacts.size(); ++c) {
        const size_t n = 2 * c, t = n + 1;
        const Impulse w = contactVelocity(problem.contacts[c], problem.bodyWork);
        Nnext[n] = w.n;
        Nnext[t] = problem.friction ? w.t : 0.0;
        const double dn = next[n] - y[n], dt = next[t] - y[t];
        dNd += dn * (Nnext[n] - Ny[n]) + dt * (Nnext[t] - Ny[t]);
        dd += (dn * dn + dt * dt) * weight[c];
        progress += (Ny[n] + r[n]) * (next[n] - x[n]) + (Ny[t] + r[t]) * (next[t] - x[t]);
        if (check) {
          const Impulse wr{Nnext[n] + r[n], problem.friction ? Nnext[t] + r[t] : 0.0};
          const double e = contactResidual(problem, c, {next[n], next[t]}, wr);
          residual = std::isnan(e) ? e : std::max(residual, e);
        }
      }
      if (!(dNd > L * dd)) break;
      L *= 2;
    }
    const double thetaNext = (-theta * theta + theta * std::sqrt(theta * theta + 4)) / 2;
    const double beta = theta * (1 - theta) / (theta * theta + thetaNext);

    if (check) {
      residual /= problem.scale;
      if (residual < bestResidual) {
        bestResidual = residual;
        std::copy(next.begin(), next.end(), best.begin());
      }
      if (residual <= settings.tolerance) break;
    }
    if (progress > 0) {
      std::copy(next.begin(), next.end(), y.begin());
      std::copy(Nnext.begin(), Nnext.end(), Ny.begin());
      theta = 1;
    } else {
      for (size_t j = 0; j < m; ++j) {
        y[j] = next[j] + beta * (next[j] - x[j]);
        Ny[j] = Nnext[j] + beta * (Nnext[j] - Nx[j]);
      }
      theta = thetaNext;
    }
    std::swap(x, next);
    std::swap(Nx, Nnext);
    L *= kShrink;
  }
  std::copy(best.begin(), best.end(), g.begin());
  return std::min(iteration, settings.maxIterations);
}

}  // namespace contactlab
