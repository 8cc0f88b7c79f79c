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

bool outlineContains(const BodyOutline& outline, Vec2 point, double tolerance) {
  if (outline.kind == ShapeKind::Disc)
    return glm::length(point - outline.centre) <= outline.radius + tolerance;
  // Inside a counter-clockwise convex polygon: on the left of (or on) every edge.
  const std::vector<Vec2>& c = outline.corners;
  const std::size_t n = c.size();
  bool inside = n >= 3;
  for (std::size_t i = 0; i < n && inside; ++i) {
    const Vec2 edge = c[(i + 1) % n] - c[i], to = point - c[i];
    inside = edge.x * to.y - edge.y * to.x >= 0;
  }
  if (inside) return true;
  if (!(tolerance > 0)) return false;
  double nearest = INFINITY;
  for (std::size_t i = 0; i < n; ++i)
    nearest = std::min(nearest, segmentDistance(point, c[i], c[(i + 1) % n]));
  return nearest <= tolerance;
}

}  // namespace contactlab
