// Naming and placing a new body (body_placement.h).
#include "body_placement.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "body_outline.h"

namespace contactlab {

std::string uniqueBodyName(const WorldSnapshot& world, const std::string& prefix) {
  for (int i = 1;; ++i) {
    std::string name = prefix + std::to_string(i);
    if (!world.findBody(name)) return name;
  }
}

BodyDef newBodyDef(const AddBodyForm& form, const WorldSnapshot& world, const Rect& visible) {
  BodyDef def;
  double halfWidth = 0, halfHeight = 0;
  switch (form.shape) {
    case 0:
      def.shape = ShapeKind::Box;
      def.width = form.width;
      def.height = form.height;
      halfWidth = form.width / 2;
      halfHeight = form.height / 2;
      def.name = uniqueBodyName(world, "box");
      break;
    case 1:
      def.shape = ShapeKind::Disc;
      def.radius = form.radius;
      halfWidth = halfHeight = form.radius;
      def.name = uniqueBodyName(world, "disc");
      break;
    default: {
      def.shape = ShapeKind::Polygon;
      int sides = std::clamp(form.sides, 3, 12);
      for (int i = 0; i < sides; ++i) {  // regular, counter-clockwise, a flat side down
        double t = 2 * std::numbers::pi * (i + 0.5) / sides - std::numbers::pi / 2;
        def.points.push_back({form.radius * std::cos(t), form.radius * std::sin(t)});
      }
      halfWidth = halfHeight = form.radius;
      def.name = uniqueBodyName(world, "polygon");
      break;
    }
  }
  def.mass = form.mass;
  def.fixed = form.fixed;
  const Vec2 spot = visible.center();
  // The height at which the new body clears every body whose bounds overlap its column at x (with
  // a small gap), starting from the middle of the view.
  const auto clearHeight = [&](double x) {
    double y = spot.y;
    for (const Bounds& bounds : world.bounds) {
      Rect r = boundsRect(bounds);
      if (r.max.x < x - halfWidth || r.min.x > x + halfWidth) continue;
      if (r.max.y + halfHeight > y - halfHeight - 0.05 && r.min.y < y + halfHeight)
        y = std::max(y, r.max.y + halfHeight + 0.05);
    }
    return y;
  };
  // Columns across the view, from the middle outwards: the first free one at the middle height,
  // else the one where the body lands lowest (so repeated adds fill the view before they stack).
  const double pitch = 2 * halfWidth + 0.1;
  Vec2 best{spot.x, clearHeight(spot.x)};
  for (int k = 1; best.y > spot.y; ++k) {
    const double offset = ((k + 1) / 2) * pitch * (k % 2 ? 1 : -1);
    const double x = spot.x + offset;
    if (std::abs(offset) + halfWidth > visible.size().x / 2) break;
    const double y = clearHeight(x);
    if (y < best.y) best = {x, y};
  }
  def.state.position = best;
  return def;
}

}  // namespace contactlab
