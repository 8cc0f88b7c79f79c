// Accelerated projected gradient descent for the contact QP/CCP (contact_qp.h): Mazhar, Heyn,
// Negrut, Tasora 2015, "Using Nesterov's method to accelerate multibody dynamics with friction and
// contact", Algorithm 1 (APGD): Nesterov's extrapolation y = x_{k+1} + beta (x_{k+1} - x_k) with
// theta_{k+1} = (-theta^2 + theta sqrt(theta^2 + 4)) / 2, beta = theta (1 - theta) / (theta^2 +
// theta_{k+1}); the step 1 / L with L doubled until the quadratic upper bound holds and shrunk by
// 0.9 after every iteration; the gradient restart of O'Donoghue & Candes when g^T (x_{k+1} - x_k)
// > 0; the best iterate by residual is returned.
// It runs on the problem scaled per row (diagonal preconditioning): g = S g', S = diag(s) with
// s_n = 1 / sqrt(N_nn) on contact c's normal row and s_t = 1 / sqrt(N_tt) on its tangential row
// (s_n on both where the tangential impulse stays 0), so N' = S N S has a unit diagonal and
// r' = S r. The scaled wedge is again a wedge, |t'| <= mu (s_n / s_t) n', so the iterates stay in
// the original variables: the step becomes x = Proj_K(y - S^2 (N y + r) / L) with the projection
// onto K in the scaled norm |S^-1 d| (projectOntoWedge with a ratio, qp_operator.h), and the
// sufficient-decrease test measures d in that norm. Uniform stacks change little; contacts on
// fixed bodies (half the N_nn of two movable ones) and mixed masses converge faster (one scale
// per contact, s_n on both rows: pyramid40 212 iterations a step on average before, 160 with it);
// a disc's tangential row (its rolling) has N_tt = 3 N_nn, so one scale per contact left the
// normal rows with a third of the step (replayed solves of rain1000: 18 % fewer iterations with
// a scale per row, docs/timestep.md). Departures, none of which changes the iterates in exact
// arithmetic: the sufficient-decrease test
//   f(x) <= f(y) + g^T (x - y) + L/2 |x - y|^2   is evaluated as   d^T N d <= L |S^-1 d|^2
// (equal for a quadratic f, and free of cancellation between large f values; d = 0 or a NaN
// ends it); the residual is contact_qp.h's, evaluated every kApgdResidualEvery iterations (and the
// best iterate chosen among those); L starts from |S N S v| / |v| for a fixed spread vector v
// rather than the difference with a vector of ones.
// The iterates live in body space too: besides x and y the solve keeps u_x = M^-1 D x and
// u_y = M^-1 D y per body (y's extrapolated like y itself, u_y = u_{k+1} + beta (u_{k+1} - u_k)),
// so a trial step is one pass over the contacts, each packed in one record (QpPackedRow): gather
// N y + r = D^T u_y + r, project, scatter the new impulse into u_next, with the sums of the step on
// the way; then d^T N d = (u_next - u_y)^T M (u_next - u_y) over the bodies, which are fewer than
// the contacts. A residual check gathers D^T u_next once more. (Before: a projected step that
// scattered, then a gather of N x_next, with N y kept in contact space: two passes a trial step
// and seven vectors of contacts to stream.)
// The passes are compiled for the baseline, AVX2 and x86-64-v4 (CONTACTLAB_LANES_CLONES, lanes.h;
// contraction off, physics/CMakeLists.txt), the processor's own chosen at start: the same
// scalar operations, the same bits, 4-8 % less time on replayed rain1000 solves (docs/timestep.md).
#include <algorithm>
#include <cmath>

#include "lanes.h"
#include "qp_operator.h"

namespace contactlab {
namespace {

constexpr double kShrink = 0.9;  // L *= 0.9 after every iteration (Algorithm 1, line 24)

// The contacts packed with their projection, scaling (weight = 1 / s_c^2 = N_nn of the diagonal
// block, 1 if both bodies are immovable) and r; each body's mass and inertia.
void pack(const QpProblem& problem, const ApgdWork& work) {
  for (size_t c = 0; c < problem.contacts.size(); ++c) {
    const QpContact& contact = problem.contacts[c];
    QpPackedRow& row = work.rows[c];
    static_cast<ContactRow&>(row) = contact;
    row.friction = contact.bilateral ? -1.0 : problem.friction ? contact.friction : 0.0;
    const double nn = problem.blocks[3 * c], tt = problem.blocks[3 * c + 2];
    row.weight = nn > 0 ? nn : 1.0;
    row.scale2 = 1 / row.weight;
    // A row whose tangential impulse stays 0 (or with N_tt = 0) keeps the normal row's scale on
    // both.
    row.weightt = row.friction > 0 && nn > 0 && tt > 0 ? tt : row.weight;
    row.scale2t = 1 / row.weightt;
    const double ratio = row.weightt / row.weight;
    row.frictionRatio = row.friction * ratio;
    row.footScale = 1 / (1 + row.friction * row.friction * ratio);
    row.rn = problem.r[2 * c];
    row.rt = problem.friction ? problem.r[2 * c + 1] : 0.0;
  }
  for (size_t b = 0; b < problem.bodies.size(); ++b) {
    const InverseMass& m = problem.bodies[b];
    work.masses[b] = {m.invMass > 0 ? 1 / m.invMass : 0.0,
                      m.invInertia > 0 ? 1 / m.invInertia : 0.0};
  }
}

// The feasible impulse of the row nearest to (n, t) in the scaled norm |S^-1 d|.
inline Impulse project(const QpPackedRow& row, double n, double t) {
  if (row.friction > 0)
    return projectOntoWedge({n, t}, row.friction, row.frictionRatio, row.footScale);
  if (row.friction < 0) return {n, 0.0};
  return {std::max(n, 0.0), 0.0};
}

// u = M^-1 D g.
void scatter(const QpProblem& problem, std::span<const QpPackedRow> rows, std::span<const double> g,
             std::span<BodyVelocity> u) {
  std::fill(u.begin(), u.end(), BodyVelocity{});
  for (size_t c = 0; c < rows.size(); ++c)
    applyImpulse(rows[c], problem.bodies, g[2 * c], g[2 * c + 1], u);
}

// The residual (contact_qp.h) of g with u = M^-1 D g, before dividing by problem.scale.
CONTACTLAB_LANES_CLONES
double residualOf(const QpProblem& problem, std::span<const QpPackedRow> rows,
                  std::span<const double> g, std::span<const BodyVelocity> u) {
  double residual = 0;
  for (size_t c = 0; c < rows.size(); ++c) {
    const QpPackedRow& row = rows[c];
    Impulse w;
    rowVelocities(row, u[row.body1], u[row.body2], w.n, w.t);
    const double e =
        contactResidual(problem, c, {g[2 * c], g[2 * c + 1]}, {w.n + row.rn, w.t + row.rt});
    if (std::isnan(e)) return e;
    residual = std::max(residual, e);
  }
  return residual;
}

// d^T N d for d = a - b with ua = M^-1 D a, ub = M^-1 D b: sum over bodies of
// (ua - ub)^T M (ua - ub).
CONTACTLAB_LANES_CLONES
double energyOfDifference(std::span<const BodyMass> masses, std::span<const BodyVelocity> ua,
                          std::span<const BodyVelocity> ub) {
  double sum = 0;
  for (size_t b = 0; b < masses.size(); ++b) {
    const Vec2 linear = ua[b].linear - ub[b].linear;
    const double angular = ua[b].angular - ub[b].angular;
    sum += masses[b].mass * glm::dot(linear, linear) + masses[b].inertia * angular * angular;
  }
  return sum;
}

// Sums of one trial step.
struct Trial {
  double dd = 0;        // |S^-1 (next - y)|^2
  double progress = 0;  // (N y + r)^T (next - x)
};

// next = Proj_K(y - S^2 (N y + r) / L) with N y = D^T uy, and un = M^-1 D next, in one pass over
// the contacts.
CONTACTLAB_LANES_CLONES
Trial projectedStep(const QpProblem& problem, std::span<const QpPackedRow> rows,
                    std::span<const double> x, std::span<const double> y,
                    std::span<const BodyVelocity> uy, double L, std::span<double> next,
                    std::span<BodyVelocity> un) {
  std::fill(un.begin(), un.end(), BodyVelocity{});
  const double inverseL = 1 / L;
  Trial sums;
  for (size_t c = 0; c < rows.size(); ++c) {
    const QpPackedRow& row = rows[c];
    const size_t n = 2 * c, t = n + 1;
    Impulse w;
    rowVelocities(row, uy[row.body1], uy[row.body2], w.n, w.t);
    w.n += row.rn;
    w.t += row.rt;
    const Impulse p =
        project(row, y[n] - w.n * (row.scale2 * inverseL), y[t] - w.t * (row.scale2t * inverseL));
    next[n] = p.n;
    next[t] = p.t;
    const double dn = p.n - y[n], dt = p.t - y[t];
    sums.dd += dn * dn * row.weight + dt * dt * row.weightt;
    sums.progress += w.n * (p.n - x[n]) + w.t * (p.t - x[t]);
    applyImpulse(row, problem.bodies, p.n, p.t, un);
  }
  return sums;
}

}  // namespace

CONTACTLAB_LANES_CLONES
int solveApgd(const QpProblem& problem, const QpSettings& settings, std::span<double> g,
              std::span<double> work, const ApgdWork& apgd) {
  const size_t m = problem.size();
  const size_t k = problem.contacts.size();
  const size_t nb = problem.bodies.size();
  std::span<double> x = work.subspan(0, m);
  std::span<double> next = work.subspan(m, m);
  const std::span<double> y = work.subspan(2 * m, m);
  const std::span<double> best = work.subspan(3 * m, m);
  std::span<BodyVelocity> ux = apgd.bodies.subspan(0, nb);
  std::span<BodyVelocity> un = apgd.bodies.subspan(nb, nb);
  const std::span<BodyVelocity> uy = apgd.bodies.subspan(2 * nb, nb);
  const std::span<const QpPackedRow> rows = apgd.rows.subspan(0, k);
  pack(problem, apgd);

  std::copy(g.begin(), g.end(), x.begin());
  scatter(problem, rows, x, ux);
  const double target = targetResidual(settings);
  double bestResidual = residualOf(problem, rows, x, ux) / problem.scale;
  if (bestResidual <= target) return 0;
  std::copy(x.begin(), x.end(), best.begin());

  // L estimates the largest eigenvalue of S N S from |S N S v| / |v| with v = S^-1 y.
  spreadVector(problem, y);
  scatter(problem, rows, y, uy);
  double SNv = 0, v = 0;
  for (size_t c = 0; c < k; ++c) {
    const QpPackedRow& row = rows[c];
    Impulse w;
    rowVelocities(row, uy[row.body1], uy[row.body2], w.n, w.t);
    if (!problem.friction) w.t = 0;
    SNv += row.scale2 * w.n * w.n + row.scale2t * w.t * w.t;
    v += row.weight * y[2 * c] * y[2 * c] + row.weightt * y[2 * c + 1] * y[2 * c + 1];
  }
  double L = std::sqrt(SNv / v);
  if (!(L > 0)) L = 1;  // N = 0: every step size is safe
  std::copy(x.begin(), x.end(), y.begin());
  std::copy(ux.begin(), ux.end(), uy.begin());
  double theta = 1;

  int iteration = 1;
  for (; iteration <= settings.maxIterations; ++iteration) {
    Trial trial;
    for (;;) {
      trial = projectedStep(problem, rows, x, y, uy, L, next, un);
      if (!(energyOfDifference(apgd.masses, un, uy) > L * trial.dd)) break;
      L *= 2;
    }
    const double thetaNext = (-theta * theta + theta * std::sqrt(theta * theta + 4)) / 2;
    const double beta = theta * (1 - theta) / (theta * theta + thetaNext);

    if (iteration % kApgdResidualEvery == 0 || iteration == settings.maxIterations) {
      const double residual = residualOf(problem, rows, next, un) / problem.scale;
      if (residual < bestResidual) {
        bestResidual = residual;
        std::copy(next.begin(), next.end(), best.begin());
      }
      if (residual <= target ||
          (residual <= settings.tolerance && iteration >= settings.targetIterations))
        break;
    }
    if (trial.progress > 0) {
      std::copy(next.begin(), next.end(), y.begin());
      std::copy(un.begin(), un.end(), uy.begin());
      theta = 1;
    } else {
      for (size_t j = 0; j < m; ++j) y[j] = next[j] + beta * (next[j] - x[j]);
      for (size_t b = 0; b < nb; ++b) {
        uy[b].linear = un[b].linear + beta * (un[b].linear - ux[b].linear);
        uy[b].angular = un[b].angular + beta * (un[b].angular - ux[b].angular);
      }
      theta = thetaNext;
    }
    std::swap(x, next);
    std::swap(ux, un);
    L *= kShrink;
  }
  std::copy(best.begin(), best.end(), g.begin());
  return std::min(iteration, settings.maxIterations);
}

}  // namespace contactlab
