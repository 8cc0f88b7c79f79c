// Joints: constraints that hold a point of one body to a point of another body or of the world.
//
//   pin    a point of body A stays at a fixed point of the world            2 equality rows
//   hinge  a point of A and a point of B coincide (they turn freely about it) 2 equality rows
//   rod    the distance between a point of A and a point of B (or of the world) stays at
//          `length`                                                           1 equality row
//   rope   that distance stays at most `length`; slack below it              1 inequality row,
//          active only when taut; snapping taut is a collision with the rope's `elasticity`
//
// Anchors are in each body's own frame, from its centre of mass, so they move with it; a joint to
// the world (a pin, or a rod whose body B is null) holds A's anchor to the world point `anchorB`.
// Under ContactSim the joints' rows join the contact rows of the LCP a = A f + b as rows with
// a = 0 and a force of either sign (Baraff 1994, bilateral constraints), a taut rope's as a
// one-sided row like a contact's, and the joints' drift is corrected at the position level after
// each step (no velocity left behind). Under time stepping (the QP and the substeps) the equality
// rows are rows of either sign, a taut rope's a one-sided row with a contact's gap term, none with
// friction (physics/src/timestep_joints.h), with the same position correction. Two bodies a joint
// joins never collide with each other (planks hinged end to end overlap at the hinge).
#pragma once

#include <cstdint>
#include <string>

#include "contactlab/body.h"
#include "contactlab/vec2.h"

namespace contactlab {

enum class JointKind : std::uint8_t { Pin, Hinge, Rod, Rope };

// "pin", "hinge", "rod", "rope": the kinds' names in the scene format and the CLI's JSON.
inline const char* jointKindName(JointKind kind) {
  switch (kind) {
    case JointKind::Pin:
      return "pin";
    case JointKind::Hinge:
      return "hinge";
    case JointKind::Rod:
      return "rod";
    case JointKind::Rope:
      return "rope";
  }
  return "?";
}

struct JointDef {
  std::string name;  // unique among the world's joints; the scene format's name
  JointKind kind = JointKind::Hinge;
  BodyId a;               // the body held (never fixed... or fixed, with b free)
  BodyId b;               // the other body; null: the world (a pin, a rod to a world point)
  Vec2 anchorA{0, 0};     // m, in A's frame from its centre of mass
  Vec2 anchorB{0, 0};     // m, in B's frame from its centre of mass; the world point when b is null
  double length = 0;      // m, rods and ropes: > 0
  double elasticity = 0;  // ropes: restitution when the rope snaps taut, 0..1
};

// A rod or a rope: a joint that holds a distance (one row along the line of its anchors).
inline bool holdsDistance(JointKind kind) {
  return kind == JointKind::Rod || kind == JointKind::Rope;
}

struct JointId {
  unsigned serial = 0;  // 0 is the null id
  friend bool operator==(JointId, JointId) = default;
};

// A joint as it acts now: where its anchors are and the force it applies to body A (body B, or the
// world, gets the opposite), and for a rod its tension (positive pulls the anchors together).
struct JointReport {
  JointId id;
  std::string name;
  JointKind kind = JointKind::Hinge;
  BodyId a, b;
  Vec2 pointA{0, 0}, pointB{0, 0};  // m, world
  Vec2 force{0, 0};                 // N, on A
  double tension = 0;               // N, rods and ropes
  double length = 0;                // m, rods and ropes
};

}  // namespace contactlab
