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
// so a trial step is a pass over the contacts: gather N y + r = D^T u_y + r, project, and the new
// impulse's M^-1 D on each of the contact's two bodies; then u_next body by body, the sums of the
// step, and d^T N d = (u_next - u_y)^T M (u_next - u_y) over the bodies, which are fewer than the
// contacts. A residual check gathers D^T u_next once more. (Before: a projected step that
// scattered, then a gather of N x_next, with N y kept in contact space: two passes a trial step
// and seven vectors of contacts to stream.)
// The contacts are kept as columns (one array per field), so the passes over contacts only gather
// and the compiler vectorizes them, each lane rounded as the scalar code of contact_row.h and
// qp_operator.h rounds; each body then sums its contacts' changes in contact order, which adds the
// same numbers in the same order as a scatter by applyImpulse in contact order did, without that
// scatter's chains of stores and loads through the bodies that consecutive contacts share. The
// iterates are those of the scalar scatter bit for bit (docs/timestep.md).
// The passes are compiled for the baseline, AVX2 and x86-64-v4 (CONTACTLAB_LANES_CLONES, lanes.h;
// contraction off, physics/CMakeLists.txt), the processor's own chosen at start: the same
// scalar operations, the same bits, 4-8 % less time on replayed rain1000 solves (docs/timestep.md).
#include <algorithm>
#include <cmath>
#include <limits>

#include "lanes.h"
#include "qp_operator.h"

namespace contactlab {
namespace {

constexpr double kShrink = 0.9;  // L *= 0.9 after every iteration (Algorithm 1, line 24)

// The contacts as columns, one array per field (ApgdWork::columns and indices), and each body's
// contact ends.
struct Columns {
  int* body1;
  int* body2;
  int* endStart;  // body b's ends are endList[endStart[b] .. endStart[b + 1]), in contact order
  int* endList;   // an end: 2 c for contact c's body 1, 2 c + 1 for its body 2
  double* normalX;
  double* normalY;
  double* normalArm1;  // r1 x n, r2 x n, r1 x t, r2 x t (contact_row.h)
  double* normalArm2;
  double* tangentArm1;
  double* tangentArm2;
  double* friction;  // mu; the projection: 0 the ray g_n >= 0, > 0 the wedge, < 0 bilateral
  double* scale2;    // s_n^2 of the per-row scaling, and weight = 1 / s_n^2
  double* weight;
  double* scale2t;  // s_t^2, and weightt = 1 / s_t^2
  double* weightt;
  double* frictionRatio;  // mu s_n^2 / s_t^2, and 1 / (1 + mu^2 s_n^2 / s_t^2): the wedge's
  double* footScale;      // projection in the scaled norm (projectOntoWedge, qp_operator.h)
  double* rn;
  double* rt;
  double* invMass1;
  double* invInertia1;
  double* invMass2;
  double* invInertia2;
  double* ddTerm;  // a trial step's terms of its sums, per contact
  double* progressTerm;
  // By end (2 per contact): M^-1 D of the contact's impulse on that body (body 2's negated).
  double* changeX;
  double* changeY;
  double* changeAngular;
};

static_assert(kApgdColumns == 27 && kApgdIndices == 4);

Columns columnsOf(const ApgdWork& work, size_t k) {
  double* base = work.columns.data();
  auto column = [&](int i) { return base + static_cast<size_t>(i) * k; };
  int* indices = work.indices.data();
  return {indices,    indices + k, indices + 4 * k, indices + 2 * k, column(0),  column(1),
          column(2),  column(3),   column(4),       column(5),       column(6),  column(7),
          column(8),  column(9),   column(10),      column(11),      column(12), column(13),
          column(14), column(15),  column(16),      column(17),      column(18), column(19),
          column(20), column(21),  column(23),      column(25)};
}

// The contacts as columns with their projection, scaling (weight = 1 / s_n^2 = N_nn of the
// diagonal block, 1 if both bodies are immovable) and r; each body's ends in contact order (a
// counting sort); each body's mass and inertia.
void pack(const QpProblem& problem, const ApgdWork& work) {
  const size_t k = problem.contacts.size();
  const Columns out = columnsOf(work, k);
  for (size_t c = 0; c < k; ++c) {
    const QpContact& contact = problem.contacts[c];
    out.body1[c] = contact.body1;
    out.body2[c] = contact.body2;
    out.normalX[c] = contact.normal.x;
    out.normalY[c] = contact.normal.y;
    out.normalArm1[c] = contact.normalArm1;
    out.normalArm2[c] = contact.normalArm2;
    out.tangentArm1[c] = contact.tangentArm1;
    out.tangentArm2[c] = contact.tangentArm2;
    const double friction = contact.bilateral ? -1.0 : problem.friction ? contact.friction : 0.0;
    out.friction[c] = friction;
    const double nn = problem.blocks[3 * c], tt = problem.blocks[3 * c + 2];
    const double weight = nn > 0 ? nn : 1.0;
    out.weight[c] = weight;
    out.scale2[c] = 1 / weight;
    // A row whose tangential impulse stays 0 (or with N_tt = 0) keeps the normal row's scale on
    // both.
    const double weightt = friction > 0 && nn > 0 && tt > 0 ? tt : weight;
    out.weightt[c] = weightt;
    out.scale2t[c] = 1 / weightt;
    const double ratio = weightt / weight;
    out.frictionRatio[c] = friction * ratio;
    out.footScale[c] = 1 / (1 + friction * friction * ratio);
    out.rn[c] = problem.r[2 * c];
    out.rt[c] = problem.friction ? problem.r[2 * c + 1] : 0.0;
    out.invMass1[c] = problem.bodies[contact.body1].invMass;
    out.invInertia1[c] = problem.bodies[contact.body1].invInertia;
    out.invMass2[c] = problem.bodies[contact.body2].invMass;
    out.invInertia2[c] = problem.bodies[contact.body2].invInertia;
  }
  const size_t nb = problem.bodies.size();
  std::fill(out.endStart, out.endStart + nb + 1, 0);
  for (size_t c = 0; c < k; ++c) {
    ++out.endStart[out.body1[c] + 1];
    ++out.endStart[out.body2[c] + 1];
  }
  for (size_t b = 0; b < nb; ++b) out.endStart[b + 1] += out.endStart[b];
  for (size_t c = 0; c < k; ++c) {
    out.endList[out.endStart[out.body1[c]]++] = static_cast<int>(2 * c);
    out.endList[out.endStart[out.body2[c]]++] = static_cast<int>(2 * c + 1);
  }
  for (size_t b = nb; b > 0; --b) out.endStart[b] = out.endStart[b - 1];
  out.endStart[0] = 0;
  for (size_t b = 0; b < nb; ++b) {
    const InverseMass& m = problem.bodies[b];
    work.masses[b] = {m.invMass > 0 ? 1 / m.invMass : 0.0,
                      m.invInertia > 0 ? 1 / m.invInertia : 0.0};
  }
}

// Contact c's (D_n^T u, D_t^T u): rowVelocities (contact_row.h), operation for operation.
[[gnu::always_inline]] inline void velocities(const Columns& in, size_t c,
                                              const BodyVelocity* __restrict u, double& wn,
                                              double& wt) {
  const BodyVelocity& v1 = u[in.body1[c]];
  const BodyVelocity& v2 = u[in.body2[c]];
  const double relX = v1.linear.x - v2.linear.x, relY = v1.linear.y - v2.linear.y;
  wn = in.normalX[c] * relX + in.normalY[c] * relY + in.normalArm1[c] * v1.angular -
       in.normalArm2[c] * v2.angular;
  wt = -in.normalY[c] * relX + in.normalX[c] * relY + in.tangentArm1[c] * v1.angular -
       in.tangentArm2[c] * v2.angular;
}

// Contact c's M^-1 D (pn, pt) on its two ends: applyImpulse (contact_row.h), operation for
// operation, up to the additions into the bodies (body 2's negated: u - a and u + (-a) are the same
// number).
[[gnu::always_inline]] inline void storeChanges(const Columns& out, size_t c, double pn,
                                                double pt) {
  const double px = pn * out.normalX[c] + pt * -out.normalY[c];
  const double py = pn * out.normalY[c] + pt * out.normalX[c];
  out.changeX[2 * c] = out.invMass1[c] * px;
  out.changeY[2 * c] = out.invMass1[c] * py;
  out.changeAngular[2 * c] =
      out.invInertia1[c] * (out.normalArm1[c] * pn + out.tangentArm1[c] * pt);
  out.changeX[2 * c + 1] = -(out.invMass2[c] * px);
  out.changeY[2 * c + 1] = -(out.invMass2[c] * py);
  out.changeAngular[2 * c + 1] =
      -(out.invInertia2[c] * (out.normalArm2[c] * pn + out.tangentArm2[c] * pt));
}

// Sums of one trial step.
struct Trial {
  double dd = 0;        // |S^-1 (next - y)|^2
  double progress = 0;  // (N y + r)^T (next - x)
  double energy = 0;    // d^T N d for d = next - y: (un - uy)^T M (un - uy) over the bodies
};

// u = the changes summed body by body, each body's ends in contact order. WithTrial: also the
// trial step's sums, dd and progress of the contacts' terms in contact order (a share of the
// contacts per body) and the energy body by body against `from` (uy): chains of additions that
// the processor overlaps with the bodies' sums, where on their own it waited for each addition in
// turn (the energy was a pass over the bodies of its own).
template <bool WithTrial>
[[gnu::always_inline]] inline Trial sumIntoBodies(const Columns& in, size_t k,
                                                  std::span<BodyVelocity> u,
                                                  std::span<const BodyVelocity> from,
                                                  std::span<const BodyMass> masses) {
  Trial trial;
  size_t c = 0;
  const size_t nb = u.size();
  for (size_t b = 0; b < nb; ++b) {
    if constexpr (WithTrial) {
      for (const size_t share = (b + 1) * k / nb; c < share; ++c) {
        trial.dd += in.ddTerm[c];
        trial.progress += in.progressTerm[c];
      }
    }
    double vx = 0, vy = 0, angular = 0;
    for (int e = in.endStart[b]; e < in.endStart[b + 1]; ++e) {
      const int end = in.endList[e];
      vx += in.changeX[end];
      vy += in.changeY[end];
      angular += in.changeAngular[end];
    }
    u[b].linear.x = vx;
    u[b].linear.y = vy;
    u[b].angular = angular;
    if constexpr (WithTrial) {  // (ua - ub)^T M (ua - ub), rounded as before
      const Vec2 linear = u[b].linear - from[b].linear;
      const double turn = angular - from[b].angular;
      trial.energy += masses[b].mass * glm::dot(linear, linear) + masses[b].inertia * turn * turn;
    }
  }
  return trial;
}

// u = M^-1 D g.
CONTACTLAB_LANES_CLONES
void scatter(const Columns& columns, size_t k, std::span<const double> g,
             std::span<BodyVelocity> u) {
  const Columns in = columns;
  CONTACTLAB_INDEPENDENT_ITERATIONS
  for (size_t c = 0; c < k; ++c) storeChanges(in, c, g[2 * c], g[2 * c + 1]);
  sumIntoBodies<false>(in, k, u, {}, {});
}

// Each contact's term of the residual (contact_qp.h) of g with u = M^-1 D g into term, each lane
// rounded as contactResidual rounds (d = weight, 1 / d = scale2); a bilateral row's is left to the
// caller. Friction selects the wedge or the ray (a template: a select on a flag of the whole loop
// kept the compiler from vectorizing it).
template <bool Friction>
[[gnu::always_inline]] inline void residualTerms(const Columns& in, size_t k,
                                                 const double* __restrict gamma,
                                                 const BodyVelocity* __restrict u,
                                                 double* __restrict term) {
  CONTACTLAB_INDEPENDENT_ITERATIONS
  for (size_t c = 0; c < k; ++c) {
    double wn, wt;
    velocities(in, c, u, wn, wt);
    wn += in.rn[c];
    wt += in.rt[c];
    const double gn = gamma[2 * c], gt = gamma[2 * c + 1];
    const double d = in.weight[c];
    if constexpr (Friction) {  // d |g - Proj_K(g - w / d)|, Proj_K Euclidean
      const double step = in.scale2[c];
      const Impulse p = projectOntoWedge({gn - wn * step, gt - wt * step}, in.friction[c]);
      const double en = gn - p.n, et = gt - p.t;
      term[c] = d * std::sqrt(en * en + et * et);
    } else {  // |min(d g_n, w_n)|
      const double dn = d * gn;
      const double least = wn < dn ? wn : dn;
      term[c] = least < 0 ? -least : least;
    }
  }
}

// The residual (contact_qp.h) of g with u = M^-1 D g, before dividing by problem.scale: the terms
// (residualTerms, into ddTerm), a bilateral row's (hypot) among them, their maximum; NaN if any is.
CONTACTLAB_LANES_CLONES
double residualOf(const QpProblem& problem, const Columns& columns, size_t k,
                  std::span<const double> g, std::span<const BodyVelocity> u) {
  const Columns in = columns;
  if (problem.friction)
    residualTerms<true>(in, k, g.data(), u.data(), in.ddTerm);
  else
    residualTerms<false>(in, k, g.data(), u.data(), in.ddTerm);
  double residual = 0;
  for (size_t c = 0; c < k; ++c) {
    double e = in.ddTerm[c];
    if (in.friction[c] < 0) {
      double wn, wt;
      velocities(in, c, u.data(), wn, wt);
      e = std::hypot(wn + in.rn[c], in.weight[c] * g[2 * c + 1]);
    }
    if (std::isnan(e)) return e;
    residual = std::max(residual, e);
  }
  return residual;
}

// A trial step: next = Proj_K(y - S^2 (N y + r) / L) with N y = D^T uy and each contact's changes
// and terms of the sums (a pass over the contacts that only gathers, vectorized, the projection as
// selects among its cases: project_K of the scaled norm, projectOntoWedge with a ratio, the
// bilateral line or the ray); then the sums in contact order and un = M^-1 D next body by body.
CONTACTLAB_LANES_CLONES
Trial projectedStep(const Columns& columns, size_t k, std::span<const BodyMass> masses,
                    std::span<const double> x, std::span<const double> y,
                    std::span<const BodyVelocity> uy, double L, std::span<double> next,
                    std::span<BodyVelocity> un) {
  const Columns in = columns;
  const double* __restrict xs = x.data();
  const double* __restrict ys = y.data();
  double* __restrict nexts = next.data();
  const double inverseL = 1 / L;
  CONTACTLAB_INDEPENDENT_ITERATIONS
  for (size_t c = 0; c < k; ++c) {
    double wn, wt;
    velocities(in, c, uy.data(), wn, wt);
    wn += in.rn[c];
    wt += in.rt[c];
    const double yn = ys[2 * c], yt = ys[2 * c + 1];
    const double n = yn - wn * (in.scale2[c] * inverseL);
    const double t = yt - wt * (in.scale2t[c] * inverseL);
    const double mu = in.friction[c];
    const Impulse wedge = projectOntoWedge({n, t}, mu, in.frictionRatio[c], in.footScale[c]);
    const double pn = mu > 0 ? wedge.n : mu < 0 ? n : (n < 0.0 ? 0.0 : n);
    const double pt = mu > 0 ? wedge.t : 0.0;
    nexts[2 * c] = pn;
    nexts[2 * c + 1] = pt;
    const double dn = pn - yn, dt = pt - yt;
    in.ddTerm[c] = dn * dn * in.weight[c] + dt * dt * in.weightt[c];
    in.progressTerm[c] = wn * (pn - xs[2 * c]) + wt * (pt - xs[2 * c + 1]);
    storeChanges(in, c, pn, pt);
  }
  return sumIntoBodies<true>(in, k, un, uy, masses);
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
  pack(problem, apgd);
  const Columns columns = columnsOf(apgd, k);

  std::copy(g.begin(), g.end(), x.begin());
  scatter(columns, k, x, ux);
  const double target = targetResidual(settings);
  double bestResidual = residualOf(problem, columns, k, x, ux) / problem.scale;
  if (bestResidual <= target) return 0;
  std::copy(x.begin(), x.end(), best.begin());

  // L estimates the largest eigenvalue of S N S from |S N S v| / |v| with v = S^-1 y.
  spreadVector(problem, y);
  scatter(columns, k, y, uy);
  double SNv = 0, v = 0;
  for (size_t c = 0; c < k; ++c) {
    double wn, wt;
    velocities(columns, c, uy.data(), wn, wt);
    if (!problem.friction) wt = 0;
    SNv += columns.scale2[c] * wn * wn + columns.scale2t[c] * wt * wt;
    v += columns.weight[c] * y[2 * c] * y[2 * c] + columns.weightt[c] * y[2 * c + 1] * y[2 * c + 1];
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
      trial = projectedStep(columns, k, apgd.masses, x, y, uy, L, next, un);
      if (!(trial.energy > L * trial.dd)) break;
      L *= 2;
    }
    const double thetaNext = (-theta * theta + theta * std::sqrt(theta * theta + 4)) / 2;
    const double beta = theta * (1 - theta) / (theta * theta + thetaNext);

    if (iteration % kApgdResidualEvery == 0 || iteration == settings.maxIterations) {
      const double residual = residualOf(problem, columns, k, next, un) / problem.scale;
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
