// A body's own frame: from its centre of mass, turned with it. Anchors of springs and joints, and
// the point a pointer grabs, are given in it.
#pragma once

#include <cmath>

#include "contactlab/body.h"
#include "contactlab/vec2.h"

namespace contactlab {

// The body-frame point of a world point, for a body at `state`.
inline Vec2 toBodyFrame(const BodyState& state, Vec2 world) {
  const Vec2 d = world - state.position;
  const double c = std::cos(state.angle), s = std::sin(state.angle);
  return {c * d.x + s * d.y, -s * d.x + c * d.y};
}

// The world point of a body-frame point, for a body at `state`.
inline Vec2 toWorldFrame(const BodyState& state, Vec2 local) {
  const double c = std::cos(state.angle), s = std::sin(state.angle);
  return state.position + Vec2{c * local.x - s * local.y, s * local.x + c * local.y};
}

}  // namespace contactlab
