// A rigid placement in the plane: rotation by `angle` about the origin, then translation.
#pragma once

#include <cmath>

#include "contactlab/vec2.h"

namespace contactlab {

struct Transform {
  Vec2 position{0, 0};
  double cosine = 1;
  double sine = 0;

  Transform() = default;
  Transform(Vec2 p, double angle) : position(p), cosine(std::cos(angle)), sine(std::sin(angle)) {}

  Vec2 rotate(Vec2 v) const { return {cosine * v.x - sine * v.y, sine * v.x + cosine * v.y}; }
  Vec2 rotateBack(Vec2 v) const { return {cosine * v.x + sine * v.y, -sine * v.x + cosine * v.y}; }
  Vec2 apply(Vec2 local) const { return position + rotate(local); }
  Vec2 applyInverse(Vec2 world) const { return rotateBack(world - position); }
};

}  // namespace contactlab
