// A body's outline and bounds as the screen draws them (body_outline.h).
#include "body_outline.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace contactlab {

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
