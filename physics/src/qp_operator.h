// The matrix-free pieces the contact QP/CCP solvers share (contact_qp.h): N g = D^T (M^-1 (D g))
// accumulated through per-body velocity changes (reference 003: N = D^T M^-1 D), the 2x2 diagonal
// blocks N_ii, the Euclidean projection onto the friction wedge, and the natural-map residual.
// Vectors over contacts hold 2 entries per contact, (normal, tangential).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <span>

#include "contact_qp.h"
#include "contactlab_assert.h"

namespace contactlab {

// One solve's problem with what is precomputed for it.
struct QpProblem {
  std::span<const InverseMass> bodies;
  std::span<const QpContact> contacts;
  std::span<const double> r;
  bool friction = true;
  std::span<const double> blocks;    // 3 per contact: N_nn, N_nt, N_tt of the diagonal block
  std::span<BodyVelocity> bodyWork;  // per body: scratch for M^-1 D g
  double scale = 1;  // the residual's divisor, max(max |r_j| over rows in use, 1e-300)

  size_t size() const { return 2 * contacts.size(); }
};

// blocks (3 per contact) = N_nn, N_nt, N_tt of each contact's 2x2 diagonal block.
void diagonalBlocks(std::span<const InverseMass> bodies, std::span<const QpContact> contacts,
                    std::span<double> blocks);

// max(max |r_j|, 1e-300) over the rows in use (normal rows only when frictionless).
double residualScale(std::span<const double> r, bool friction);

// u (per body) = M^-1 D g.
void bodyVelocities(const QpProblem& problem, std::span<const double> g, std::span<BodyVelocity> u);

// out = D^T u (tangential rows 0 when frictionless).
void contactVelocities(const QpProblem& problem, std::span<const BodyVelocity> u,
                       std::span<double> out);

// out = N g, through problem.bodyWork.
void multiply(const QpProblem& problem, std::span<const double> g, std::span<double> out);

// One contact's pair (normal, tangential): an impulse, a velocity or a row of a vector.
struct Impulse {
  double n = 0, t = 0;
};

// The Euclidean projection of (n, t) onto the wedge |t| <= mu n: itself inside, 0 in the polar
// wedge n <= -mu |t|, otherwise the foot on the nearer boundary ray (1, +-mu). A choice among the
// three cases, each computed, so that a loop over contacts that calls it vectorizes (APGD's
// residual checks, qp_apgd.cpp).
inline Impulse projectOntoWedge(Impulse g, double mu) {
  const double magnitude = std::abs(g.t);
  const bool inside = g.n >= 0 && magnitude <= mu * g.n;
  const bool polar = mu * magnitude <= -g.n;
  const double s = (g.n + mu * magnitude) / (1 + mu * mu);
  return {inside ? g.n : polar ? 0.0 : s, inside ? g.t : polar ? 0.0 : std::copysign(mu * s, g.t)};
}

// The projection of (n, t) onto the same wedge in the norm |d|^2 = d_n^2 + ratio d_t^2 (ratio > 0),
// with muRatio = mu ratio and footScale = 1 / (1 + mu^2 ratio): itself inside; 0 where
// n <= -muRatio |t| (the polar wedge in that norm); otherwise the foot s (1, +-mu) on the nearer
// boundary ray, s = (n + muRatio |t|) footScale (minimizing (s - n)^2 + ratio (mu s - |t|)^2).
// ratio 1 is projectOntoWedge. Written as a choice among the three cases, each computed, so that a
// loop over contacts that calls it vectorizes (APGD's trial step, qp_apgd.cpp).
inline Impulse projectOntoWedge(Impulse g, double mu, double muRatio, double footScale) {
  const double magnitude = std::abs(g.t);
  const bool inside = g.n >= 0 && magnitude <= mu * g.n;
  const bool polar = muRatio * magnitude <= -g.n;
  const double s = (g.n + muRatio * magnitude) * footScale;
  return {inside ? g.n : polar ? 0.0 : s, inside ? g.t : polar ? 0.0 : std::copysign(mu * s, g.t)};
}

// g projected onto the feasible set: the wedges, or g_n >= 0 and g_t = 0 when frictionless.
void projectOntoCones(const QpProblem& problem, std::span<double> g);

// Contact c's feasible impulse nearest to g: projectOntoWedge, or (max(g_n, 0), 0) when
// frictionless, or (g_n, 0) for a bilateral row.
inline Impulse projectContact(const QpProblem& problem, size_t c, Impulse g) {
  if (problem.contacts[c].bilateral) return {g.n, 0.0};
  if (problem.friction) return projectOntoWedge(g, problem.contacts[c].friction);
  return {std::max(g.n, 0.0), 0.0};
}

// Contact c's term of the residual (contact_qp.h) before dividing by problem.scale, for its
// impulse g and velocity w = (N g + r)_c: d_i |g - Proj_K(g - w / d_i)| (NaN stays NaN).
inline double contactResidual(const QpProblem& problem, size_t c, Impulse g, Impulse w) {
  const double nn = problem.blocks[3 * c];
  const double d = nn > 0 ? nn : 1.0;
  if (problem.contacts[c].bilateral) return std::hypot(w.n, d * g.t);  // d |g - (g_n - w_n / d, 0)|
  if (!problem.friction) return std::abs(std::min(d * g.n, w.n));      // d (g - max(0, g - w / d))
  const double step = 1 / d;
  const Impulse p =
      projectOntoWedge({g.n - w.n * step, g.t - w.t * step}, problem.contacts[c].friction);
  const double en = g.n - p.n, et = g.t - p.t;
  return d * std::sqrt(en * en + et * et);
}

// The residual of contact_qp.h for g with Ng = N g (r is added here).
double naturalResidual(const QpProblem& problem, std::span<const double> g,
                       std::span<const double> Ng);

// Contact c's rows applied to body velocities u: (D_n^T u, D_t^T u).
inline Impulse contactVelocity(const ContactRow& row, std::span<const BodyVelocity> u) {
  CONTACTLAB_ASSERT(static_cast<size_t>(std::max(row.body1, row.body2)) < u.size(),
                    "qp: a velocity per body, the contact's bodies within them");
  Impulse w;
  rowVelocities(row, u[row.body1], u[row.body2], w.n, w.t);
  return w;
}

// The residual APGD aims at: settings.target when it is set, never above the tolerance.
inline double targetResidual(const QpSettings& settings) {
  return settings.target > 0 ? std::min(settings.target, settings.tolerance) : settings.tolerance;
}

// The methods (qp_pgs.cpp, qp_mprgp.cpp, qp_apgd.cpp). On entry g is feasible; work holds
// k...Vectors vectors of problem.size() doubles. They stop when their own bookkeeping sees the
// residual at most settings.tolerance and return the iterations taken; the caller recomputes the
// reported residual.
inline constexpr int kPgsVectors = 1;
inline constexpr int kMprgpVectors = 6;
inline constexpr int kApgdVectors = 4;
inline constexpr int kApgdResidualEvery = 4;  // APGD checks its residual every this many iterations
int solvePgs(const QpProblem& problem, const QpSettings& settings, std::span<double> g,
             std::span<double> work);
int solveMprgp(const QpProblem& problem, const QpSettings& settings, std::span<double> g,
               std::span<double> work);
// APGD's own workspace besides its kApgdVectors vectors: three body velocity vectors (M^-1 D of the
// iterate, the extrapolated point and the trial step), each body's mass and inertia (0 where the
// inverse is 0), and the contacts as columns (qp_apgd.cpp): kApgdColumns doubles and kApgdIndices
// indices per contact, and one index more per body and one besides.
inline constexpr int kApgdColumns = 27;
inline constexpr int kApgdIndices = 4;
struct ApgdWork {
  std::span<BodyVelocity> bodies;
  std::span<BodyMass> masses;
  std::span<double> columns;
  std::span<int> indices;
};
int solveApgd(const QpProblem& problem, const QpSettings& settings, std::span<double> g,
              std::span<double> work, const ApgdWork& apgd);

// A deterministic start vector with no symmetry (0.5 + fractional parts of k times the golden
// ratio) on the rows in use, for norm estimates.
void spreadVector(const QpProblem& problem, std::span<double> v);

}  // namespace contactlab
