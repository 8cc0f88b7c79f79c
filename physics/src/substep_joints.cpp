// The joints' rows in the substeps (substep_solver.h, timestep_joints.h).
#include <algorithm>
#include <cmath>

#include "contactlab_assert.h"
#include "substep_solver.h"
#include "timestep_joints.h"
#include "transform.h"

namespace contactlab {
namespace {

// A group of equality rows is solved exactly when its profile is at most this many rows wide (a
// chain's is 3, a tree's about twice its widest branching), so that its factorization costs at
// most about kExactJointWidth^2 / 2 products a row.
constexpr int kExactJointWidth = 32;
// A pivot below this fraction of its diagonal entry means redundant rows (a closed loop that
// over-constrains, as every net of hinged bodies does: about 4 rows a body against 3 freedoms):
// the group is then solved row by row.
constexpr double kExactJointPivotFloor = 1e-9;

}  // namespace

void SubstepSolver::refreshJoints(const Model& model, std::span<const BodyState> start,
                                  bool regroup) {
  if (regroup) {
    // At the step's start: the rows at the bodies' states (each joint's anchors placed with a sine
    // and a cosine), and each joint's arms kept.
    const size_t n = model.bodies.size();
    now_.resize(n);
    for (size_t i = 0; i < n; ++i) {
      const SubstepBody& m = bodies_[i];
      BodyState& s = now_[i];
      s.position = start[i].position;
      s.angle = start[i].angle;
      s.velocity = m.velocity.linear;
      s.omega = m.velocity.angular;
    }
    noRates_.assign(n, BodyRate{});
    timestepJointRows(model, now_, noRates_, {}, jointRows_);
    startArms_.resize(model.joints.size());
    for (size_t j = 0; j < model.joints.size(); ++j) {
      const Joint& joint = model.joints[j];
      startArms_[j] = {
          jointPointA(joint, start) - start[joint.a].position,
          jointPointB(joint, start) - (joint.b >= 0 ? start[joint.b].position : Vec2{})};
    }
  } else {
    // Afterwards the same rows made again in place, each joint's arms turned by its bodies' turns
    // since the start, whose (cos - 1, sin) the substeps keep (bodies_).
    for (size_t k = 0; k < jointRows_.size(); k += jointRowsNow_.size()) {
      const size_t j = jointRows_[k].joint;
      jointRowsNow_.clear();
      addJointRows(model, j, anchorMotionNow(model.joints[j], j, start), jointRowsNow_);
      CONTACTLAB_ASSERT(k + jointRowsNow_.size() <= jointRows_.size(),
                        "substeps: the joint rows changed within a step");
      std::copy(jointRowsNow_.begin(), jointRowsNow_.end(), jointRows_.begin() + k);
    }
  }
  jointSlots_.resize(jointRows_.size());
  for (size_t k = 0; k < jointRows_.size(); ++k) {
    const JointRow& row = jointRows_[k];
    const InverseMass& a = inverseMass_[row.body1];
    const InverseMass b = row.body2 >= 0 ? inverseMass_[row.body2] : InverseMass{};
    const double k11 = a.invMass + b.invMass + a.invInertia * row.arm1 * row.arm1 +
                       b.invInertia * row.arm2 * row.arm2;
    jointSlots_[k].mass = k11 > 0 ? 1 / k11 : 0;
    jointSlots_[k].separation = jointSeparation(model, row);
    if (k + 1 < jointRows_.size() && jointRows_[k + 1].joint == row.joint)
      jointSlots_[k].pairCoupling =
          rowCoupling(row, jointRows_[k + 1], [&](int body) { return inverseMass_[body]; });
  }
  if (regroup) {
    equalityRows_ = 0;
    while (equalityRows_ < static_cast<int>(jointRows_.size()) &&
           !jointRows_[equalityRows_].oneSided)
      ++equalityRows_;
    // The groups depend only on the movable bodies each equality row acts on: kept while those
    // stay the same (grouping a 40 x 40 net again every step took a tenth of its step).
    groupKey_.clear();
    for (int k = 0; k < equalityRows_; ++k)
      for (const int body : {jointRows_[k].body1, jointRows_[k].body2})
        groupKey_.push_back(body >= 0 && movable_[body] ? body : -1);
    if (groupKey_ != groupedKey_) {
      groupJointRows(jointRows_, equalityRows_, movable_, jointGroups_);
      groupedKey_.swap(groupKey_);
    }
    groupFactors_.resize(jointGroups_.groups.size());
    groupExact_.resize(jointGroups_.groups.size());
    for (size_t g = 0; g < jointGroups_.groups.size(); ++g)
      groupExact_[g] = jointGroups_.groups[g].width <= kExactJointWidth;
  }
  for (size_t g = 0; g < jointGroups_.groups.size(); ++g)
    if (groupExact_[g]) groupExact_[g] = factorGroup(g);
}

AnchorMotion SubstepSolver::anchorMotionNow(const Joint& joint, size_t j,
                                            std::span<const BodyState> start) const {
  AnchorMotion m;
  // An anchor's arm turned with its body, its place, and its velocity and velocity-squared
  // acceleration (v + w x r, -w^2 r: no other rates in the substeps' rows).
  const auto place = [&](int body, Vec2 startArm, Vec2& arm, Vec2& point, Vec2& velocity,
                         Vec2& acceleration) {
    const SubstepBody& b = bodies_[body];
    arm = turned(startArm, b.cosMinusOne, b.sine);
    point = start[body].position + Vec2{b.dx, b.dy} + arm;
    velocity = b.velocity.linear + cross(b.velocity.angular, arm);
    acceleration = -(b.velocity.angular * b.velocity.angular) * arm;
  };
  place(joint.a, startArms_[j].a, m.armA, m.pA, m.velocity, m.acceleration);
  if (joint.b < 0) {
    m.pB = startArms_[j].b;
    return m;
  }
  Vec2 velocityB, accelerationB;
  place(joint.b, startArms_[j].b, m.armB, m.pB, velocityB, accelerationB);
  m.velocity -= velocityB;
  m.acceleration -= accelerationB;
  return m;
}

bool SubstepSolver::factorGroup(size_t g) {
  const JointGroup& group = jointGroups_.groups[g];
  const std::span<const int> order =
      std::span(jointGroups_.order).subspan(group.begin, group.end - group.begin);
  const std::span<const int> first =
      std::span(jointGroups_.first).subspan(group.begin, group.end - group.begin);
  ProfileCholesky& factor = groupFactors_[g];
  factor.shape(first);
  const auto inverseMass = [&](int body) { return inverseMass_[body]; };
  for (size_t p = 0; p < order.size(); ++p)
    for (int q = first[p]; q <= static_cast<int>(p); ++q)
      factor.at(static_cast<int>(p), q) =
          rowCoupling(jointRows_[order[p]], jointRows_[order[q]], inverseMass);
  return factor.factor(0, kExactJointPivotFloor);
}

void SubstepSolver::warmJoints(std::span<const double> warm, int substeps) {
  CONTACTLAB_ASSERT(warm.size() == jointRows_.size(), "substeps: a warm start per joint row");
  jointChange_.assign(bodies_.size(), BodyVelocity{});
  for (size_t k = 0; k < jointRows_.size(); ++k) {
    JointSlot& slot = jointSlots_[k];
    slot.total = 0;
    slot.impulse = jointRows_[k].oneSided ? std::max(warm[k], 0.0) / substeps : warm[k] / substeps;
  }
}

void SubstepSolver::pushJoint(const JointRow& row, double impulse) {
  auto push = [&](int i, double sign, double arm) {
    BodyVelocity& v = bodies_[i].velocity;
    BodyVelocity& change = jointChange_[i];
    const Vec2 linear = (sign * inverseMass_[i].invMass * impulse) * row.normal;
    const double angular = sign * inverseMass_[i].invInertia * impulse * arm;
    v.linear += linear;
    v.angular += angular;
    change.linear += linear;
    change.angular += angular;
  };
  push(row.body1, 1, row.arm1);
  if (row.body2 >= 0) push(row.body2, -1, row.arm2);
}

void SubstepSolver::applyJointImpulses() {
  for (size_t k = 0; k < jointRows_.size(); ++k) pushJoint(jointRows_[k], jointSlots_[k].impulse);
}

void SubstepSolver::takeJointChanges() {
  for (size_t i = 0; i < bodies_.size(); ++i) {
    BodyVelocity& w = impulseVelocity_[i];
    w.linear -= jointChange_[i].linear;
    w.angular -= jointChange_[i].angular;
    jointChange_[i] = {};
  }
}

double SubstepSolver::jointVelocity(const JointRow& row) const {
  const BodyVelocity& a = bodies_[row.body1].velocity;
  double u = glm::dot(row.normal, a.linear) + row.arm1 * a.angular;
  if (row.body2 >= 0) {
    const BodyVelocity& b = bodies_[row.body2].velocity;
    u -= glm::dot(row.normal, b.linear) + row.arm2 * b.angular;
  }
  return u;
}

// u + bias = 0 (>= 0 with an impulse >= 0 for a rope). In an exact group and for a rope the bias
// is the second-order term h kappa / 2 of timestep_joints.h and, in the biased sweep, the pull of
// the separation back to 0 (rigid; a rope: the contacts' gap term, normalBias), and the group's
// rows are solved together: impulses dλ with A dλ = -(u + bias), A = J M^-1 J^T factored at the
// refresh. Solved so, the second-order term keeps a pendulum's or a spinning chain's energy; row
// by row (Gauss-Seidel, a few sweeps a substep) the same term made chains gain energy until they
// blew up (a link spinning at 20 rad/s, a chain of 100 links falling for 7 s: docs/timestep.md).
// The rows of the other groups (too wide, or redundant: a net) are taken one at a time as Box2D v3
// takes its joints, a pin's or hinge's two rows together (sweepPoint): soft in the biased sweep
// (jointSoft_), rigid and unbiased in the relax sweeps, without the second-order term, which
// loses a little energy where a turning body's row turns with it.
void SubstepSolver::sweepJoints(double hs, bool pushOut) {
  const double perSubstep = 1 / hs;
  for (size_t g = 0; g < jointGroups_.groups.size(); ++g) {
    const JointGroup& group = jointGroups_.groups[g];
    const std::span<const int> order =
        std::span(jointGroups_.order).subspan(group.begin, group.end - group.begin);
    if (groupExact_[g]) {
      groupResidual_.resize(order.size());
      for (size_t p = 0; p < order.size(); ++p) {
        const JointRow& row = jointRows_[order[p]];
        const Gap gap = jointGap(jointSlots_[order[p]].separation, perSubstep, pushOut, false);
        groupResidual_[p] = -(jointVelocity(row) + gap.bias + hs * row.freeAcceleration / 2);
      }
      groupFactors_[g].solve(groupResidual_);
      for (size_t p = 0; p < order.size(); ++p) {
        pushJoint(jointRows_[order[p]], groupResidual_[p]);
        jointSlots_[order[p]].impulse += groupResidual_[p];
      }
      continue;
    }
    const Softness soft = pushOut ? jointSoft_ : Softness{};
    for (size_t p = 0; p < order.size(); ++p) {
      if (p + 1 < order.size() && sweepPoint(order[p], order[p + 1], soft)) {
        ++p;
        continue;
      }
      const int k = order[p];
      JointSlot& slot = jointSlots_[k];
      const double next = (1 - soft.impulseScale) * slot.impulse -
                          soft.massScale * slot.mass *
                              (jointVelocity(jointRows_[k]) + soft.biasRate * slot.separation);
      pushJoint(jointRows_[k], next - slot.impulse);
      slot.impulse = next;
    }
  }
  for (size_t k = equalityRows_; k < jointRows_.size(); ++k) {
    const JointRow& row = jointRows_[k];
    JointSlot& slot = jointSlots_[k];
    Gap gap = jointGap(slot.separation, perSubstep, pushOut, true);
    gap.bias += hs * row.freeAcceleration / 2;
    const double next = std::max((1 - gap.impulseScale) * slot.impulse -
                                     gap.massScale * slot.mass * (jointVelocity(row) + gap.bias),
                                 0.0);
    pushJoint(row, next - slot.impulse);
    slot.impulse = next;
  }
}

void SubstepSolver::markProjectedJoints(const Model& model) {
  projectedJoints_.assign(model.joints.size(), 1);
  for (size_t g = 0; g < jointGroups_.groups.size(); ++g) {
    if (groupExact_[g]) continue;
    const JointGroup& group = jointGroups_.groups[g];
    for (int p = group.begin; p < group.end; ++p)
      projectedJoints_[jointRows_[jointGroups_.order[p]].joint] = 0;
  }
}

bool SubstepSolver::sweepPoint(int k1, int k2, const Softness& soft) {
  const JointRow& r1 = jointRows_[k1];
  const JointRow& r2 = jointRows_[k2];
  if (r1.joint != r2.joint) return false;
  JointSlot& s1 = jointSlots_[k1];
  JointSlot& s2 = jointSlots_[k2];
  if (!(s1.mass > 0 && s2.mass > 0)) return false;
  const double k11 = 1 / s1.mass, k22 = 1 / s2.mass;
  const double k12 = jointSlots_[std::min(k1, k2)].pairCoupling;
  const double det = k11 * k22 - k12 * k12;
  if (!(det > kExactJointPivotFloor * k11 * k22)) return false;
  const double u1 = jointVelocity(r1) + soft.biasRate * s1.separation;
  const double u2 = jointVelocity(r2) + soft.biasRate * s2.separation;
  const double d1 = -soft.massScale * (k22 * u1 - k12 * u2) / det - soft.impulseScale * s1.impulse;
  const double d2 = -soft.massScale * (k11 * u2 - k12 * u1) / det - soft.impulseScale * s2.impulse;
  pushJoint(r1, d1);
  pushJoint(r2, d2);
  s1.impulse += d1;
  s2.impulse += d2;
  return true;
}

void SubstepSolver::addJointImpulses(std::span<Vec2> jointImpulses) {
  for (size_t k = 0; k < jointRows_.size(); ++k) {
    CONTACTLAB_ASSERT(static_cast<size_t>(jointRows_[k].joint) < jointImpulses.size(),
                      "substeps: an impulse per model joint");
    JointSlot& slot = jointSlots_[k];
    slot.total += slot.impulse;
    jointImpulses[jointRows_[k].joint] += slot.impulse * jointRows_[k].normal;
  }
}

}  // namespace contactlab
