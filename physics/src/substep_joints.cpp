// The joints' rows in the substeps (substep_solver.h, timestep_joints.h).
#include <cmath>

#include "contactlab_assert.h"
#include "substep_solver.h"
#include "timestep_joints.h"

namespace contactlab {

void SubstepSolver::refreshJoints(const Model& model, std::span<const BodyState> start) {
  const size_t n = model.bodies.size();
  now_.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const SubstepBody& m = bodies_[i];
    BodyState& s = now_[i];
    s.position = start[i].position + Vec2{m.dx, m.dy};
    s.angle = start[i].angle + m.turn;
    s.velocity = m.velocity.linear;
    s.omega = m.velocity.angular;
  }
  noRates_.assign(n, BodyRate{});
  timestepJointRows(model, now_, noRates_, {}, jointRows_);
  jointSlots_.resize(jointRows_.size());
  for (size_t k = 0; k < jointRows_.size(); ++k) {
    const JointRow& row = jointRows_[k];
    const InverseMass& a = inverseMass_[row.body1];
    const InverseMass b = row.body2 >= 0 ? inverseMass_[row.body2] : InverseMass{};
    const double k11 = a.invMass + b.invMass + a.invInertia * row.arm1 * row.arm1 +
                       b.invInertia * row.arm2 * row.arm2;
    jointSlots_[k].mass = k11 > 0 ? 1 / k11 : 0;
    jointSlots_[k].separation = jointSeparation(model, row);
  }
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

// Each row in turn: u + bias = 0 (>= 0 with an impulse >= 0 for a rope), the bias being the
// second-order term h kappa / 2 of timestep_joints.h and, in the biased sweep, the soft pull of
// the separation back to 0 (a rope: the contacts' gap term, normalBias).
void SubstepSolver::sweepJoints(double hs, bool pushOut) {
  const double perSubstep = 1 / hs;
  for (size_t k = 0; k < jointRows_.size(); ++k) {
    const JointRow& row = jointRows_[k];
    JointSlot& slot = jointSlots_[k];
    Gap gap = jointGap(slot.separation, perSubstep, pushOut, row.oneSided);
    gap.bias += hs * row.freeAcceleration / 2;
    const BodyVelocity& a = bodies_[row.body1].velocity;
    double u = glm::dot(row.normal, a.linear) + row.arm1 * a.angular;
    if (row.body2 >= 0) {
      const BodyVelocity& b = bodies_[row.body2].velocity;
      u -= glm::dot(row.normal, b.linear) + row.arm2 * b.angular;
    }
    double next =
        (1 - gap.impulseScale) * slot.impulse - gap.massScale * slot.mass * (u + gap.bias);
    if (row.oneSided) next = std::max(next, 0.0);
    pushJoint(row, next - slot.impulse);
    slot.impulse = next;
  }
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
