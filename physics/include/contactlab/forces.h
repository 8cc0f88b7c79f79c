// Forces other than gravity and damping that act on one body.
#pragma once

#include "contactlab/body.h"
#include "contactlab/vec2.h"

namespace contactlab {

// A spring (with a dashpot) from a point of a body to a point fixed in the world. The mouse drag is
// one. Force on the body: -stiffness (L - restLength) u - damping (u . v_p) u, with u the unit
// vector from the anchor to the body point and v_p the body point's velocity.
struct SpringDef {
  BodyId body;
  Vec2 bodyPoint{0, 0};   // m, in the body's frame, from its centre of mass
  Vec2 anchor{0, 0};      // m, world frame
  double stiffness = 10;  // N/m
  double restLength = 0;  // m
  double damping = 0;     // N s/m
};

// A constant force at a point of a body, e.g. a rocket motor.
struct ThrustDef {
  BodyId body;
  Vec2 bodyPoint{0, 0};       // m, in the body's frame
  Vec2 force{0, 0};           // N
  bool turnsWithBody = true;  // true: force is given in the body's frame; false: in the world's
};

struct SpringId {
  unsigned serial = 0;  // 0 is the null id
  friend bool operator==(SpringId, SpringId) = default;
};

struct ThrustId {
  unsigned serial = 0;
  friend bool operator==(ThrustId, ThrustId) = default;
};

}  // namespace contactlab
