// ContactSim with joints: the joints' rows and every resting contact in one problem
// (contact_sim.h).
//
// The rows are the joints' first (index set J, equality rows: a_J = 0, f_J of either sign) and the
// contacts' (set C, a_C >= 0, f_C >= 0, a_C . f_C = 0) of a = A f + b, A = J M^-1 J^T (eq. 9).
// Baraff (1994) keeps bilateral rows in the clamped set from the start; here they are eliminated
// instead, which is the same: from A_JJ f_J + A_JC f_C + b_J = 0,
//   f_J = -A_JJ^-1 (A_JC f_C + b_J),
// and the contacts solve the LCP of the Schur complement
//   a_C = (A_CC - A_CJ A_JJ^-1 A_JC) f_C + (b_C - A_CJ A_JJ^-1 b_J),
// positive semi-definite as A is, with the same pivoting solver (lcp_solver.h). A closed loop of
// joints (redundant rows) makes A_JJ singular: a shift of 1e-12 of its largest diagonal entry keeps
// it solvable, which spreads the redundant force evenly.
//
// Each joint row asks for d'' = -2 w d' (the velocity part of the gap correction, w as for
// contacts); the position error is removed after the step by projection (joint_rows.h).
#include <algorithm>
#include <bit>
#include <cmath>

#include "contact_sim.h"
#include "external_forces.h"
#include "stage_timer.h"

namespace contactlab {
namespace {

// A row of either kind as the dense matrix sees it: a force +f n on body 1 at lever arm `arm1`,
// -f n on body 2 (none: -1) at `arm2`.
struct DenseRow {
  int body1 = 0, body2 = -1;
  Vec2 normal{0, 1};
  double arm1 = 0, arm2 = 0;
};

// Entry (i, j) of A = J M^-1 J^T (eq. 9): over the movable bodies the rows share,
// s_i s_j (n_i . n_j / m + arm_i arm_j / I).
double entry(const Model& model, const DenseRow& p, const DenseRow& q) {
  double value = 0;
  auto add = [&](int body, double signP, double armP, int otherBody, double signQ, double armQ) {
    if (body < 0 || body != otherBody) return;
    const Body& b = model.bodies[body];
    value +=
        signP * signQ * (b.invMass * glm::dot(p.normal, q.normal) + b.invInertia * armP * armQ);
  };
  add(p.body1, 1, p.arm1, q.body1, 1, q.arm1);
  add(p.body1, 1, p.arm1, q.body2, -1, q.arm2);
  add(p.body2, -1, p.arm2, q.body1, 1, q.arm1);
  add(p.body2, -1, p.arm2, q.body2, -1, q.arm2);
  return value;
}

}  // namespace

void ContactSim::solveWithJoints(const Model& model, std::span<const BodyState> states,
                                 std::span<BodyRate> rates, StepReport& stats,
                                 std::vector<RestingContact>* report) {
  const WorldSettings& w = model.settings;
  const double omega = 1 / (w.gapRecoverySteps * w.dt);
  const double targetGap = w.distanceTol / 2;
  std::vector<DenseRow> rows;
  std::vector<double> b;
  int nj = 0, nc = 0;
  {
    StageTimer timer(stats.contact.time.build);
    contactlab::jointRows(model, states, rates, jointRows_);
    nj = static_cast<int>(jointRows_.size());
    nc = static_cast<int>(resting_.size());
    rows.reserve(nj + nc);
    b.reserve(nj + nc);
    for (const JointRow& r : jointRows_) {
      rows.push_back({r.body1, r.body2, r.normal, r.arm1, r.arm2});
      b.push_back(r.freeAcceleration + 2 * omega * r.speed);
    }
    rows_.resize(nc);
    clamped_.resize(nc);
    for (int i = 0; i < nc; ++i) {
      const Contact& c = resting_[i];
      rows_[i] = contactRow(c, states);
      rows.push_back({rows_[i].body1, rows_[i].body2, rows_[i].normal, rows_[i].normalArm1,
                      rows_[i].normalArm2});
      const double closing = omega * omega * std::max(c.geometry.distance - targetGap, 0.0);
      b.push_back(freeRelativeAcceleration(c, states, rates) + 2 * omega * c.normalSpeed + closing);
      clamped_[i] = warmStart(c);
    }
  }
  const int m = nj + nc;
  dense_.assign(static_cast<std::size_t>(m) * m, 0.0);
  double largest = 0;
  for (int i = 0; i < m; ++i)
    for (int j = i; j < m; ++j) {
      const double value = entry(model, rows[i], rows[j]);
      dense_[static_cast<std::size_t>(i) * m + j] = dense_[static_cast<std::size_t>(j) * m + i] =
          value;
      if (i == j && i < nj) largest = std::max(largest, value);
    }
  auto A = [&](int i, int j) { return dense_[static_cast<std::size_t>(i) * m + j]; };

  // A_JJ (the top left nj x nj block) factored; y = A_JJ^-1 b_J; X = A_JJ^-1 A_JC column by column.
  std::vector<double> joint(static_cast<std::size_t>(nj) * nj);
  for (int i = 0; i < nj; ++i)
    for (int j = 0; j < nj; ++j) joint[static_cast<std::size_t>(i) * nj + j] = A(i, j);
  jointFactor_.factor(joint, nj, 1e-12 * std::max(largest, 1e-300));
  jointForces_.assign(b.begin(), b.begin() + nj);
  jointFactor_.solve(jointForces_);                          // y
  coupling_.assign(static_cast<std::size_t>(nj) * nc, 0.0);  // X, column-major: column j at j nj
  std::vector<double> column(nj);
  for (int j = 0; j < nc; ++j) {
    for (int i = 0; i < nj; ++i) column[i] = A(i, nj + j);
    jointFactor_.solve(column);
    std::copy(column.begin(), column.end(),
              coupling_.begin() + static_cast<std::ptrdiff_t>(j) * nj);
  }
  if (nc > 0) {
    reduced_.assign(static_cast<std::size_t>(nc) * nc, 0.0);
    b_.resize(nc);
    for (int i = 0; i < nc; ++i) {
      double bi = b[nj + i];
      for (int k = 0; k < nj; ++k) bi -= A(nj + i, k) * jointForces_[k];
      b_[i] = bi;
      for (int j = 0; j < nc; ++j) {
        double value = A(nj + i, nj + j);
        for (int k = 0; k < nj; ++k)
          value -= A(nj + i, k) * coupling_[static_cast<std::size_t>(j) * nj + k];
        reduced_[static_cast<std::size_t>(i) * nc + j] = value;
      }
    }
    f_.resize(nc);
    a_.resize(nc);
    LcpInfo info;
    double seconds = 0;
    {
      StageTimer timer(seconds);
      info = lcp_.solve(MatrixView{nc, reduced_.data()}, b_, f_, a_, clamped_);
    }
    const int bucket =
        std::min<int>(std::bit_width(static_cast<unsigned>(nc)) - 1, kGroupSizeBuckets - 1);
    stats.contact.time.solve += seconds;
    stats.contact.lcpSecondsBySize[bucket] += seconds;
    ++stats.contact.lcpSolvesBySize[bucket];
    ++stats.contact.lcpSolves;
    stats.contact.pivots += info.pivots;
    stats.contact.lcpIterationLimits += info.status == LcpStatus::IterationLimit;
    stats.contact.lcpUnbounded += info.status == LcpStatus::Unbounded;
    stats.contact.redundantContacts += info.redundant;
    stats.contact.worstResidual = std::max(stats.contact.worstResidual, info.residual);
  }
  stats.contact.largestGroup = std::max(stats.contact.largestGroup, m);
  // f_J = -(y + X f_C).
  for (int i = 0; i < nj; ++i) {
    double value = jointForces_[i];
    for (int j = 0; j < nc; ++j) value += coupling_[static_cast<std::size_t>(j) * nj + i] * f_[j];
    jointForces_[i] = -value;
  }
  for (int i = 0; i < nj; ++i) applyJointForce(model, jointRows_[i], jointForces_[i], rates);
  for (int i = 0; i < nc; ++i) {
    const Contact& c = resting_[i];
    applyNormalForce(model, rows_[i], f_[i], rates);
    current_.push_back({keyOf(c), clamped_[i]});
    if (report) report->push_back({c, f_[i]});
  }
}

}  // namespace contactlab
