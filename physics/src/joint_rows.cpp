// Joint rows, forces and the position correction (joint_rows.h).
#include "joint_rows.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <tuple>

#include "contactlab_assert.h"
#include "transform.h"

namespace contactlab {
namespace {

// projectJoints: Gauss-Seidel until no joint is off by more than the tolerance when its sweep
// starts, within a cap (a long chain needs more sweeps than a pendulum: each passes a correction
// one link further).
constexpr int kMaxProjectionSweeps = 16;
constexpr double kProjectionTolerance = 1e-10;  // m

// A joint's AnchorMotion with its anchors at pA and pB, under the accelerations `rates`.
AnchorMotion anchorMotion(const Joint& joint, Vec2 pA, Vec2 pB, std::span<const BodyState> states,
                          std::span<const BodyRate> rates) {
  AnchorMotion m;
  m.pA = pA;
  m.pB = pB;
  const BodyState& sA = states[joint.a];
  m.armA = pA - sA.position;
  m.velocity = pointVelocity(sA, pA);
  m.acceleration = pointAcceleration(sA, rates[joint.a], pA);
  if (joint.b >= 0) {
    const BodyState& sB = states[joint.b];
    m.armB = pB - sB.position;
    m.velocity -= pointVelocity(sB, pB);
    m.acceleration -= pointAcceleration(sB, rates[joint.b], pB);
  }
  return m;
}

JointRow rowAlong(const Joint& joint, int index, Vec2 n, const AnchorMotion& m) {
  JointRow row;
  row.joint = index;
  row.body1 = joint.a;
  row.body2 = joint.b;
  row.normal = n;
  row.offset = m.pA - m.pB;
  row.arm1 = cross(m.armA, n);
  if (joint.b >= 0) row.arm2 = cross(m.armB, n);
  row.speed = glm::dot(n, m.velocity);
  row.freeAcceleration = glm::dot(n, m.acceleration);
  if (holdsDistance(joint.def.kind)) {
    // d = |p_A - p_B|: d'' = u . (p_A'' - p_B'') + |v_rel - (u . v_rel) u|^2 / d with u from B's
    // anchor to A's; a rod's row is along u (its a is d''), a rope's along -u (its a is -d'').
    // Where the anchors coincide (d = 0) the direction is a convention (rodDirection) and the term
    // is left out rather than divided by zero.
    const Vec2 sideways = m.velocity - row.speed * n;
    const double distance = glm::length(m.pA - m.pB);
    const double turning = distance > 0 ? glm::dot(sideways, sideways) / distance : 0.0;
    row.freeAcceleration += joint.def.kind == JointKind::Rod ? turning : -turning;
  }
  return row;
}

// The unit vector along a rod from B's anchor to A's (x when they coincide).
Vec2 rodDirection(Vec2 pA, Vec2 pB) {
  const Vec2 d = pA - pB;
  const double length = glm::length(d);
  return length > 0 ? d / length : Vec2{1, 0};
}

// Moves body i as the correction `impulse` at p would (nothing for the world or a fixed body).
void moveBody(const Model& model, int i, Vec2 p, Vec2 impulse, std::span<BodyState> states) {
  if (i < 0) return;
  const Body& body = model.bodies[i];
  BodyState& s = states[i];
  s.position += body.invMass * impulse;
  s.angle += body.invInertia * cross(p - s.position, impulse);
}

// Adds M^-1 J^T times `magnitude` along `row` to the (linear, angular) pair `part(i)` of each of
// its bodies: +n and the arm's torque on body 1, the opposite on body 2 (none for the world).
template <class Part>
void addAlongRow(const Model& model, const JointRow& row, double magnitude, Part part) {
  auto add = [&](int i, double sign, double arm) {
    const Body& body = model.bodies[i];
    auto [linear, angular] = part(i);
    linear += sign * body.invMass * magnitude * row.normal;
    angular += sign * body.invInertia * magnitude * arm;
  };
  add(row.body1, 1, row.arm1);
  if (row.body2 >= 0) add(row.body2, -1, row.arm2);
}

// A rope's gap (joint_rows.h) with its anchors at pA and pB.
double ropeGapAt(const Model& model, const Joint& rope, Vec2 pA, Vec2 pB) {
  return rope.def.length - glm::length(pA - pB) + model.settings.distanceTol / 2;
}

}  // namespace

void refreshJointedPairs(Model& model) {
  model.jointedPairs.clear();
  for (const Joint& joint : model.joints)
    if (joint.b >= 0)
      model.jointedPairs.push_back({std::min(joint.a, joint.b), std::max(joint.a, joint.b)});
  std::sort(model.jointedPairs.begin(), model.jointedPairs.end());
  model.jointedPairs.erase(std::unique(model.jointedPairs.begin(), model.jointedPairs.end()),
                           model.jointedPairs.end());
}

void addJointedPair(Model& model, const Joint& joint) {
  if (joint.b < 0) return;
  const std::pair pair{std::min(joint.a, joint.b), std::max(joint.a, joint.b)};
  const auto at = std::lower_bound(model.jointedPairs.begin(), model.jointedPairs.end(), pair);
  if (at == model.jointedPairs.end() || *at != pair) model.jointedPairs.insert(at, pair);
}

Vec2 jointPointA(const Joint& joint, std::span<const BodyState> states) {
  const BodyState& s = states[joint.a];
  return Transform(s.position, s.angle).apply(joint.def.anchorA);
}

Vec2 jointPointB(const Joint& joint, std::span<const BodyState> states) {
  if (joint.b < 0) return joint.def.anchorB;
  const BodyState& s = states[joint.b];
  return Transform(s.position, s.angle).apply(joint.def.anchorB);
}

double ropeGap(const Model& model, const Joint& rope, std::span<const BodyState> states) {
  return ropeGapAt(model, rope, jointPointA(rope, states), jointPointB(rope, states));
}

bool ropeSnapped(const Model& model, const Joint& rope, std::span<const BodyState> states) {
  const double distance = glm::length(jointPointA(rope, states) - jointPointB(rope, states));
  return distance > rope.def.length + model.settings.distanceTol / 10;
}

void jointRows(const Model& model, std::span<const BodyState> states,
               std::span<const BodyRate> rates, double ropeReach, std::vector<JointRow>& out) {
  out.clear();
  for (bool ropes : {false, true}) {
    for (std::size_t j = 0; j < model.joints.size(); ++j) {
      const Joint& joint = model.joints[j];
      if ((joint.def.kind == JointKind::Rope) != ropes) continue;
      // A joint between immovable things (a body fixed after the joint was made) has no rows.
      if (model.bodies[joint.a].fixed() && (joint.b < 0 || model.bodies[joint.b].fixed())) continue;
      CONTACTLAB_ASSERT(joint.a >= 0 && static_cast<std::size_t>(joint.a) < states.size() &&
                            joint.b < static_cast<int>(states.size()),
                        "joint rows: a joint's body index is out of range");
      const Vec2 pA = jointPointA(joint, states), pB = jointPointB(joint, states);
      if (ropes && !(ropeGapAt(model, joint, pA, pB) <= ropeReach)) continue;
      addJointRows(model, j, anchorMotion(joint, pA, pB, states, rates), out);
    }
  }
}

void addJointRows(const Model& model, std::size_t j, const AnchorMotion& motion,
                  std::vector<JointRow>& out) {
  const Joint& joint = model.joints[j];
  const int index = static_cast<int>(j);
  if (joint.def.kind == JointKind::Rope) {
    JointRow row = rowAlong(joint, index, -rodDirection(motion.pA, motion.pB), motion);
    row.oneSided = true;
    row.gap = ropeGapAt(model, joint, motion.pA, motion.pB);
    out.push_back(row);
  } else if (joint.def.kind == JointKind::Rod) {
    out.push_back(rowAlong(joint, index, rodDirection(motion.pA, motion.pB), motion));
  } else {
    out.push_back(rowAlong(joint, index, {1, 0}, motion));
    out.push_back(rowAlong(joint, index, {0, 1}, motion));
  }
}

void jointComponents(const Model& model, std::vector<int>& out) {
  out.resize(model.bodies.size());
  std::iota(out.begin(), out.end(), 0);
  const auto root = [&](int body) {
    while (out[body] != body) body = out[body] = out[out[body]];
    return body;
  };
  for (const Joint& joint : model.joints) {
    if (joint.b < 0 || model.bodies[joint.a].fixed() || model.bodies[joint.b].fixed()) continue;
    const int a = root(joint.a), b = root(joint.b);
    if (a != b) out[std::max(a, b)] = std::min(a, b);
  }
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = root(static_cast<int>(i));
}

void applyJointForce(const Model& model, const JointRow& row, double f, std::span<BodyRate> rates) {
  addAlongRow(model, row, f,
              [&](int i) { return std::tie(rates[i].acceleration, rates[i].alpha); });
}

void applyJointImpulse(const Model& model, const JointRow& row, double j,
                       std::span<BodyState> states) {
  addAlongRow(model, row, j, [&](int i) { return std::tie(states[i].velocity, states[i].omega); });
}

void projectJoints(const Model& model, std::span<BodyState> states, std::span<const char> which) {
  CONTACTLAB_ASSERT(which.empty() || which.size() == model.joints.size(),
                    "joint projection: one flag per joint");
  for (int sweep = 0; sweep < kMaxProjectionSweeps; ++sweep) {
    double largest = 0;  // the largest error this sweep removed, m
    for (size_t j = 0; j < model.joints.size(); ++j) {
      if (!which.empty() && !which[j]) continue;
      const Joint& joint = model.joints[j];
      const Vec2 pA = jointPointA(joint, states), pB = jointPointB(joint, states);
      // The move is an impulse-like correction P along the error: x += P / m, theta += r x P / I
      // on A and the opposite on B, with P solving K P = -error, K the point's inverse mass
      // matrix sum over both bodies of (1/m) I + (1/I) r_perp r_perp^T.
      double k11 = 0, k12 = 0, k22 = 0;
      auto addBody = [&](int i, Vec2 p) {
        if (i < 0) return;
        const Body& body = model.bodies[i];
        const Vec2 r = p - states[i].position;
        k11 += body.invMass + body.invInertia * r.y * r.y;
        k12 -= body.invInertia * r.x * r.y;
        k22 += body.invMass + body.invInertia * r.x * r.x;
      };
      addBody(joint.a, pA);
      addBody(joint.b, pB);
      Vec2 correction{0, 0};
      if (holdsDistance(joint.def.kind)) {
        const Vec2 n = rodDirection(pA, pB);
        const double error = glm::length(pA - pB) - joint.def.length;
        if (joint.def.kind == JointKind::Rope && !(error > 0)) continue;
        largest = std::max(largest, std::abs(error));
        const double k = n.x * (k11 * n.x + k12 * n.y) + n.y * (k12 * n.x + k22 * n.y);
        if (!(k > 0)) continue;
        correction = (-error / k) * n;
      } else {
        const Vec2 error = pA - pB;
        largest = std::max(largest, glm::length(error));
        const double det = k11 * k22 - k12 * k12;
        if (!(det > 0)) continue;
        correction = {-(k22 * error.x - k12 * error.y) / det,
                      -(-k12 * error.x + k11 * error.y) / det};
      }
      moveBody(model, joint.a, pA, correction, states);
      moveBody(model, joint.b, pB, -correction, states);
    }
    if (largest <= kProjectionTolerance) return;
  }
}

}  // namespace contactlab
