// A body's outline and bounds as the screen draws them (body_outline.h).
#include "body_outline.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace contactlab {

Vec2 toBodyFrame(const BodyState& state, Vec2 world) {
  Vec2 d = world - state.position;
  double c = std::cos(state.angle), s = std::sin(state.angle);
  return {c * d.x + s * d.y, -s * d.x + c * d.y};
}

Vec2 toWorldFrame(const BodyState& state, Vec2 local) {
  double c = std::cos(state.angle), s = std::sin(state.angle);
  return state.position + Vec2{c * local.x - s * local.y, s * local.x + c * local.y};
}

void outlineCorners(const BodyOutline& outline, int discSegments, std::vector<Vec2>& out) {
  out.clear();
  if (outline.kind != ShapeKind::Disc) {
    out.assign(outline.corners.begin(), outline.corners.end());
    return;
  }
  const int n = std::max(discSegments, 8);
  for (int i = 0; i < n; ++i) {
    const double t = 2 * std::numbers::pi * i / n;
    out.push_back(outline.centre + outline.radius * Vec2{std::cos(t), std::sin(t)});
  }
}

}  // namespace contactlab
