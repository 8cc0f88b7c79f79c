// A shape placed at a body's state (placed_shape.h). The body frame is the shape's: its origin is
// the centre of mass (a polygon's area centroid, shape.cpp), which BodyState::position places.
#include "placed_shape.h"

#include <algorithm>
#include <cmath>

#include "transform.h"

namespace contactlab {
namespace {

// Distance from q to the segment a-b.
double segmentDistance(Vec2 q, Vec2 a, Vec2 b) {
  const Vec2 edge = b - a;
  const double along = std::clamp(glm::dot(q - a, edge) / glm::dot(edge, edge), 0.0, 1.0);
  return glm::length(q - (a + along * edge));
}

}  // namespace

void placedOutline(const Shape& shape, const BodyState& state, BodyOutline& out) {
  out.kind = shape.kind;
  out.centre = state.position;
  out.radius = shape.radius;
  out.corners.clear();
  const Transform placement(state.position, state.angle);
  for (Vec2 v : shape.vertices) out.corners.push_back(placement.apply(v));
}

Bounds placedBounds(const Shape& shape, const BodyState& state) {
  if (shape.isDisc()) {
    const Vec2 r{shape.radius, shape.radius};
    return {state.position - r, state.position + r};
  }
  const Transform placement(state.position, state.angle);
  Bounds bounds{placement.apply(shape.vertices.front()), placement.apply(shape.vertices.front())};
  for (Vec2 v : shape.vertices) {
    const Vec2 p = placement.apply(v);
    bounds.min = glm::min(bounds.min, p);
    bounds.max = glm::max(bounds.max, p);
  }
  return bounds;
}

bool placedContains(const Shape& shape, const BodyState& state, Vec2 point, double tolerance) {
  const Vec2 q = Transform(state.position, state.angle).applyInverse(point);
  if (shape.isDisc()) return glm::length(q) <= shape.radius + tolerance;
  // Inside a convex polygon: behind every edge's outward normal.
  const std::size_t n = shape.vertices.size();
  bool inside = true;
  for (std::size_t i = 0; i < n && inside; ++i)
    inside = glm::dot(shape.normals[i], q - shape.vertices[i]) <= 0;
  if (inside) return true;
  if (!(tolerance > 0)) return false;
  double nearest = INFINITY;
  for (std::size_t i = 0; i < n; ++i)
    nearest = std::min(nearest, segmentDistance(q, shape.vertices[i], shape.vertices[(i + 1) % n]));
  return nearest <= tolerance;
}

}  // namespace contactlab
