// The view onto the world: which world point sits at the middle of the window and how many pixels
// a metre takes. Converts world points (m, y up) to screen pixels (y down) and back, zooms about a
// point and pans. Pure arithmetic: no SDL, no OpenGL.
#pragma once

#include "contactlab/vec2.h"

namespace contactlab {

// An axis-aligned rectangle (world metres or screen pixels, as its user says).
struct Rect {
  Vec2 min{0, 0};
  Vec2 max{0, 0};
  Vec2 size() const { return max - min; }
  Vec2 center() const { return (min + max) * 0.5; }
  bool contains(Vec2 p) const {
    return p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y;
  }
};

struct Camera {
  static constexpr double kMinPixelsPerMeter = 2;
  static constexpr double kMaxPixelsPerMeter = 20000;

  Vec2 center{0, 1};           // m: the world point at the middle of the viewport
  double pixelsPerMeter = 80;  // zoom
  Vec2 viewport{1280, 800};    // pixels: the window's drawable size

  Vec2 worldToScreen(Vec2 world) const {
    return {viewport.x * 0.5 + (world.x - center.x) * pixelsPerMeter,
            viewport.y * 0.5 - (world.y - center.y) * pixelsPerMeter};
  }
  Vec2 screenToWorld(Vec2 screen) const;
  double toPixels(double meters) const { return meters * pixelsPerMeter; }
  double toMeters(double pixels) const { return pixels / pixelsPerMeter; }

  // The world rectangle the viewport shows.
  Rect visibleWorld() const;

  // Multiplies the zoom by `factor` (clamped to the allowed range) keeping the world point under
  // `screenPoint` where it is on the screen: zooming about the cursor.
  void zoomAbout(Vec2 screenPoint, double factor);

  // Moves the view so that the world follows the mouse by `screenDelta` pixels.
  void panByPixels(Vec2 screenDelta);

  // Zooms and centres so that `world` fills the screen rectangle `area` (its larger side touching).
  void fit(const Rect& world, const Rect& area);
};

}  // namespace contactlab
