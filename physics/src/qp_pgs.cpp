// Projected (block) Gauss-Seidel for the contact QP/CCP (contact_qp.h): a sweep visits the contacts
// in index order and minimizes the objective exactly over one contact's impulse with the others
// held, keeping the body velocities u = M^-1 D g current as it goes (Anitescu & Tasora 2010, the
// fixed-point iteration with block size one contact; Heyn's thesis, section on Gauss-Seidel).
// With g_c the old impulse and w = D_c^T u + r_c its velocity the subproblem is
//   min over x in K_c of 1/2 (x - g_c)^T N_cc (x - g_c) + w^T (x - g_c),
// frictionless: x = max(0, g_n - w_n / N_nn) (a bilateral row: g_n - w_n / N_nn); with friction,
// the 2x2 block's unconstrained minimum if it lies in the wedge, else the better of the two
// boundary rays (the minimum of a convex quadratic over a wedge lies inside it or on its boundary).
// Each step never raises the objective, so the sweeps converge for positive semi-definite N (block
// coordinate descent on a convex QP with separable constraints).
#include <algorithm>
#include <cmath>

#include "qp_operator.h"

namespace contactlab {
namespace {

// A determinant at most this fraction of N_nn N_tt marks a singular block: no unique interior
// minimum, and the minimum over the wedge then lies on a boundary ray.
constexpr double kSingularBlock = 1e-12;

// argmin over the wedge |x_t| <= mu x_n of 1/2 x^T B x + c^T x, B = [nn nt; nt tt].
Impulse wedgeMinimum(double nn, double nt, double tt, Impulse c, double mu) {
  const double det = nn * tt - nt * nt;
  if (det > kSingularBlock * nn * tt) {
    const Impulse x{-(tt * c.n - nt * c.t) / det, -(nn * c.t - nt * c.n) / det};
    if (x.n >= 0 && std::abs(x.t) <= mu * x.n) return x;
  }
  Impulse best;
  double bestValue = 0;  // the apex
  for (const double side : {1.0, -1.0}) {
    const double curvature = nn + 2 * side * mu * nt + mu * mu * tt;  // e^T B e, e = (1, side mu)
    const double slope = c.n + side * mu * c.t;                       // c . e
    if (curvature <= 0 || slope >= 0) continue;
    const double s = -slope / curvature;
    const double value = 0.5 * slope * s;
    if (value < bestValue) {
      bestValue = value;
      best = {s, side * mu * s};
    }
  }
  return best;
}

Impulse blockUpdate(const QpProblem& problem, size_t c, Impulse g, Impulse w) {
  const double nn = problem.blocks[3 * c];
  if (problem.contacts[c].bilateral) return {nn > 0 ? g.n - w.n / nn : 0.0, 0.0};
  if (!problem.friction) return {nn > 0 ? std::max(0.0, g.n - w.n / nn) : 0.0, 0.0};
  const double nt = problem.blocks[3 * c + 1];
  const double tt = problem.blocks[3 * c + 2];
  const Impulse linear{w.n - nn * g.n - nt * g.t, w.t - nt * g.n - tt * g.t};  // w - N_cc g
  return wedgeMinimum(nn, nt, tt, linear, problem.contacts[c].friction);
}

}  // namespace

int solvePgs(const QpProblem& problem, const QpSettings& settings, std::span<double> g,
             std::span<double> work) {
  const std::span<BodyVelocity> u = problem.bodyWork;
  const std::span<double> Ng = work.subspan(0, problem.size());
  const auto residual = [&] {
    contactVelocities(problem, u, Ng);
    return naturalResidual(problem, g, Ng);
  };
  bodyVelocities(problem, g, u);
  if (residual() <= settings.tolerance) return 0;
  for (int iteration = 1; iteration <= settings.maxIterations; ++iteration) {
    for (size_t c = 0; c < problem.contacts.size(); ++c) {
      const QpContact& contact = problem.contacts[c];
      const Impulse v = contactVelocity(contact, u);
      const Impulse old{g[2 * c], g[2 * c + 1]};
      const Impulse next =
          blockUpdate(problem, c, old, {v.n + problem.r[2 * c], v.t + problem.r[2 * c + 1]});
      applyImpulse(contact, problem.bodies, next.n - old.n, next.t - old.t, u);
      g[2 * c] = next.n;
      g[2 * c + 1] = next.t;
    }
    if (residual() <= settings.tolerance) {
      bodyVelocities(problem, g, u);  // confirm without the round-off the updates accumulated
      if (residual() <= settings.tolerance) return iteration;
    }
  }
  return settings.maxIterations;
}

}  // namespace contactlab
