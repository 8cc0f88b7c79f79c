// The data a world simulates: bodies' fixed properties, the forces on them, and the settings.
// States are kept apart (a span of BodyState, one per body, same order) so that integrators and
// the collision back-up can evaluate trial states without touching the model.
#pragma once

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "contactlab/body.h"
#include "contactlab/forces.h"
#include "contactlab/joints.h"
#include "contactlab/settings.h"
#include "shape.h"

namespace contactlab {

// What every step reads of a body (def.fixed, the masses, the materials, shape.boundingRadius and
// its kind) lies together from the end of def on: two cache lines of the 352-byte record. A
// large pile's records are not in the cache from one pass over the bodies to the next.
struct Body {
  BodyId id;
  BodyDef def;
  double mass = 0;  // kg; for fixed bodies the finite nominal mass (for reports), see invMass
  double inertia = 0;
  double invMass = 0;     // 0 for fixed bodies
  double invInertia = 0;  // 0 for fixed bodies
  double elasticity = 0;  // the body's own, or the world's
  double friction = 0;
  Shape shape;
  bool fixed() const { return def.fixed; }
};

struct Spring {
  SpringId id;
  SpringDef def;
  int body = 0;  // dense index into Model::bodies
};

struct Thrust {
  ThrustId id;
  ThrustDef def;
  int body = 0;
};

struct Joint {
  JointId id;
  JointDef def;
  int a = 0;   // dense index into Model::bodies
  int b = -1;  // dense index, or -1: the world
};

struct Model {
  WorldSettings settings;
  std::vector<Body> bodies;
  std::vector<Spring> springs;
  std::vector<Thrust> thrusts;
  std::vector<Joint> joints;
  // The pairs (i < j, sorted) of bodies a joint joins: they never touch each other (a hinge's two
  // planks overlap at the hinge by design), so detection leaves them out (refreshJointedPairs).
  std::vector<std::pair<int, int>> jointedPairs;
  bool jointed(int i, int j) const {
    return !jointedPairs.empty() && std::binary_search(jointedPairs.begin(), jointedPairs.end(),
                                                       std::pair{std::min(i, j), std::max(i, j)});
  }
};

// The time derivative of a BodyState.
struct BodyRate {
  Vec2 velocity{0, 0};
  double omega = 0;
  Vec2 acceleration{0, 0};
  double alpha = 0;  // angular acceleration
};

// The velocity of the point at world position p of a body in state s.
inline Vec2 pointVelocity(const BodyState& s, Vec2 p) {
  return s.velocity + cross(s.omega, p - s.position);
}

// The acceleration of the point at world position p of a body in state s with rates r (reference
// eq. 8): v' + w' x r - w^2 r.
inline Vec2 pointAcceleration(const BodyState& s, const BodyRate& r, Vec2 p) {
  const Vec2 arm = p - s.position;
  return r.acceleration + cross(r.alpha, arm) - s.omega * s.omega * arm;
}

}  // namespace contactlab
