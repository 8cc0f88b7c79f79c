// Plane vectors and the 2D cross products used throughout the physics.
#pragma once

#include <glm/geometric.hpp>
#include <glm/vec2.hpp>

namespace contactlab {

using Vec2 = glm::dvec2;

// z component of the 3D cross product (a, 0) x (b, 0).
inline double cross(Vec2 a, Vec2 b) {
  return a.x * b.y - a.y * b.x;
}

// (0, 0, w) x (r, 0): the velocity of a point at r on a body spinning at w.
inline Vec2 cross(double w, Vec2 r) {
  return {-w * r.y, w * r.x};
}

// The vector turned a quarter turn counter-clockwise.
inline Vec2 perpendicular(Vec2 v) {
  return {-v.y, v.x};
}

}  // namespace contactlab
