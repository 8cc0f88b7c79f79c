// World <-> screen mapping, zoom about a point, pan and fit (camera.h).
#include "camera.h"

#include <algorithm>
#include <cmath>

namespace contactlab {

Vec2 Camera::screenToWorld(Vec2 screen) const {
  return {center.x + (screen.x - viewport.x * 0.5) / pixelsPerMeter,
          center.y - (screen.y - viewport.y * 0.5) / pixelsPerMeter};
}

Rect Camera::visibleWorld() const {
  Vec2 a = screenToWorld({0, viewport.y});
  Vec2 b = screenToWorld({viewport.x, 0});
  return {a, b};
}

void Camera::zoomAbout(Vec2 screenPoint, double factor) {
  if (!(factor > 0) || !std::isfinite(factor)) return;
  Vec2 anchor = screenToWorld(screenPoint);
  pixelsPerMeter = std::clamp(pixelsPerMeter * factor, kMinPixelsPerMeter, kMaxPixelsPerMeter);
  // Solve worldToScreen(anchor) == screenPoint for the centre.
  center.x = anchor.x - (screenPoint.x - viewport.x * 0.5) / pixelsPerMeter;
  center.y = anchor.y + (screenPoint.y - viewport.y * 0.5) / pixelsPerMeter;
}

void Camera::panByPixels(Vec2 screenDelta) {
  center.x -= screenDelta.x / pixelsPerMeter;
  center.y += screenDelta.y / pixelsPerMeter;
}

void Camera::fit(const Rect& world, const Rect& area) {
  Vec2 worldSize = world.size();
  Vec2 areaSize = area.size();
  if (!(worldSize.x > 0) || !(worldSize.y > 0) || !(areaSize.x > 0) || !(areaSize.y > 0)) return;
  pixelsPerMeter = std::clamp(std::min(areaSize.x / worldSize.x, areaSize.y / worldSize.y),
                              kMinPixelsPerMeter, kMaxPixelsPerMeter);
  Vec2 target = area.center();
  Vec2 middle = world.center();
  center.x = middle.x - (target.x - viewport.x * 0.5) / pixelsPerMeter;
  center.y = middle.y + (target.y - viewport.y * 0.5) / pixelsPerMeter;
}

}  // namespace contactlab
