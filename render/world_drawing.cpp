// Drawing a world into a DrawList (world_drawing.h).
//
// [SECTION] colours   [SECTION] grid   [SECTION] bodies   [SECTION] marks and forces
#include "world_drawing.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>
#include <string>
#include <vector>

#include "body_outline.h"
#include "coverage_atlas.h"
#include "grid.h"
#include "impulse_bursts.h"

namespace contactlab {
namespace {

// [SECTION] colours
constexpr Rgba kGridMinor{228, 227, 221, 255};
constexpr Rgba kGridMajor{206, 205, 198, 255};
constexpr Rgba kAxis{150, 150, 160, 255};
constexpr Rgba kOutline{45, 45, 55, 255};
constexpr Rgba kFixedFill{160, 160, 168, 255};
constexpr Rgba kFixedHatch{118, 118, 128, 255};
constexpr Rgba kFixedOutline{70, 70, 80, 255};
constexpr Rgba kSelection{255, 140, 0, 255};
constexpr Rgba kVelocity{30, 110, 220, 255};
constexpr Rgba kSpring{20, 140, 70, 255};
constexpr Rgba kJoint{40, 40, 55, 255};
constexpr Rgba kImpulse{250, 170, 0, 255};
constexpr Rgba kCentre{25, 25, 30, 255};

// Soft fills, chosen by the body's name so a body keeps its colour through undo and reloads.
Rgba bodyFill(const std::string& name) {
  static constexpr Rgba kFills[] = {
      {138, 180, 228, 255}, {244, 190, 120, 255}, {150, 206, 150, 255}, {214, 160, 214, 255},
      {240, 220, 120, 255}, {130, 206, 206, 255}, {236, 156, 150, 255}, {190, 190, 236, 255}};
  std::size_t h = std::hash<std::string>{}(name);
  return kFills[h % std::size(kFills)];
}

// [SECTION] grid
void drawGrid(const Camera& camera, DrawList& out) {
  GridSpacing spacing = gridSpacing(camera.pixelsPerMeter);
  Rect visible = camera.visibleWorld();
  auto kind = [&](double value) {
    if (std::abs(value) < spacing.minor * 1e-6) return kAxis;
    double majors = value / spacing.major;
    return std::abs(majors - std::round(majors)) < 1e-6 ? kGridMajor : kGridMinor;
  };
  // One-pixel lines through pixel centres: sharp without anti-aliasing.
  for (double i = std::ceil(visible.min.x / spacing.minor); i * spacing.minor <= visible.max.x;
       ++i) {
    double x = std::floor(camera.worldToScreen({i * spacing.minor, 0}).x) + 0.5;
    out.hairline({x, 0}, {x, camera.viewport.y}, kind(i * spacing.minor));
  }
  for (double j = std::ceil(visible.min.y / spacing.minor); j * spacing.minor <= visible.max.y;
       ++j) {
    double y = std::floor(camera.worldToScreen({0, j * spacing.minor}).y) + 0.5;
    out.hairline({0, y}, {camera.viewport.x, y}, kind(j * spacing.minor));
  }
}

// [SECTION] bodies
bool offScreen(const std::vector<Vec2>& corners, const Camera& camera) {
  Rect box{corners.front(), corners.front()};
  for (Vec2 p : corners) {
    box.min = glm::min(box.min, p);
    box.max = glm::max(box.max, p);
  }
  return box.max.x < 0 || box.max.y < 0 || box.min.x > camera.viewport.x ||
         box.min.y > camera.viewport.y;
}

// Diagonal hatching (lines x + y = c in screen pixels) clipped to a convex screen polygon. The
// lines are anchored to the world origin so they move with the body when panning.
void hatch(const std::vector<Vec2>& corners, const Camera& camera, DrawList& out) {
  constexpr double kSpacing = 12;
  double lo = INFINITY, hi = -INFINITY;
  for (Vec2 p : corners) {
    lo = std::min(lo, p.x + p.y);
    hi = std::max(hi, p.x + p.y);
  }
  lo = std::max(lo, 0.0);
  hi = std::min(hi, camera.viewport.x + camera.viewport.y);
  Vec2 origin = camera.worldToScreen({0, 0});
  double phase = std::fmod(origin.x + origin.y, kSpacing);
  for (double c = std::ceil((lo - phase) / kSpacing) * kSpacing + phase; c <= hi; c += kSpacing) {
    Vec2 ends[2];
    int found = 0;
    for (std::size_t i = 0; i < corners.size() && found < 2; ++i) {
      Vec2 a = corners[i], b = corners[(i + 1) % corners.size()];
      double da = a.x + a.y - c, db = b.x + b.y - c;
      if ((da < 0) == (db < 0) || da == db) continue;
      ends[found++] = a + (b - a) * (da / (da - db));
    }
    if (found == 2) out.hairline(ends[0], ends[1], kFixedHatch);
  }
}

// The screen point at the end of a disc's spoke, the radius that shows its turn.
Vec2 spokeEnd(const SnapshotBody& body, const BodyState& state, const Camera& camera) {
  return camera.worldToScreen(toWorldFrame(state, {body.def.radius, 0}));
}

// A movable disc on a canvas that shades sprites: one quad with its spoke (draw_list.h).
bool drawDiscSprite(const SnapshotBody& body, const BodyState& state, const Camera& camera,
                    double radiusPixels, DrawList& out) {
  const Vec2 c = camera.worldToScreen(state.position);
  const double reach = radiusPixels + 2;
  if (c.x + reach < 0 || c.y + reach < 0 || c.x - reach > camera.viewport.x ||
      c.y - reach > camera.viewport.y)
    return false;
  out.discSprite(c, static_cast<float>(radiusPixels), spokeEnd(body, state, camera) - c,
                 bodyFill(body.def.name), 1.5f, kOutline);
  return true;
}

// `corners` is scratch, kept between bodies.
void drawBody(const SnapshotBody& body, const BodyState& state, const BodyOutline& outline,
              const Camera& camera, bool selected, std::vector<Vec2>& corners, DrawList& out) {
  // A disc's polygon of n corners strays from the circle by r (1 - cos(pi / n)) ~ r pi^2 / (2 n^2):
  // a quarter of a pixel at most takes n >= pi sqrt(2 r) (r in pixels), 10 corners for a disc of
  // 5 px (rain1000's), 45 for 100 px.
  const double radiusPixels = camera.toPixels(body.def.radius);
  const int segments = std::clamp(
      static_cast<int>(std::ceil(std::numbers::pi * std::sqrt(2 * radiusPixels))), 8, 72);
  const bool disc = body.def.shape == ShapeKind::Disc;
  // Fixed bodies stay polygons: their hatching is drawn before the layer's sprites.
  const bool sprite =
      !body.def.fixed && out.sprites() && (disc || body.def.shape == ShapeKind::Box);
  if (sprite && disc) {
    if (!drawDiscSprite(body, state, camera, radiusPixels, out)) return;
    corners.clear();
    if (selected) {
      outlineCorners(outline, segments, corners);
      for (Vec2& p : corners) p = camera.worldToScreen(p);
    }
  } else {
    outlineCorners(outline, segments, corners);
    if (corners.empty()) return;
    for (Vec2& p : corners) p = camera.worldToScreen(p);
    if (offScreen(corners, camera)) return;
    if (body.def.fixed) {
      out.fillConvex(corners, kFixedFill);
      hatch(corners, camera, out);
      out.polyline(corners, true, 2.0f, kFixedOutline);
    } else if (sprite && corners.size() == 4) {
      out.boxSprite({corners[0], corners[1], corners[2], corners[3]}, bodyFill(body.def.name), 1.5f,
                    kOutline);
    } else {
      out.fillConvex(corners, bodyFill(body.def.name));
      out.polyline(corners, true, 1.5f, kOutline);
    }
  }
  if (disc && !sprite)  // a radius shows the disc's rotation (a sprite draws its own)
    out.line(camera.worldToScreen(state.position), spokeEnd(body, state, camera), 1.5f,
             body.def.fixed ? kFixedOutline : kOutline);
  if (selected && !corners.empty()) out.polyline(corners, true, 3.5f, kSelection);
}

// [SECTION] marks and forces
void impulseBurst(const ImpulseMark& mark, const Camera& camera, DrawList& out) {
  Vec2 c = camera.worldToScreen(mark.point);
  const double size = burstRadius(mark.impulse);
  Rgba color = kImpulse.withAlpha(1 - mark.fade);
  for (int k = 0; k < 8; ++k) {
    double t = k * std::numbers::pi / 4;
    Vec2 u{std::cos(t), std::sin(t)};
    out.line(c + u * (size * 0.35), c + u * size, 2.0f, color);
  }
}

// A slack rope between screen points a and b: a parabola hanging below its chord, its sag s such
// that its length c + 8 s^2 / (3 c) (the parabola's arc length to first order) is the rope's.
void slackRope(Vec2 a, Vec2 b, double chord, double length, double pixelsPerMeter, float width,
               DrawList& out) {
  const double sag = pixelsPerMeter * std::sqrt(3 * chord * (length - chord) / 8);
  constexpr int kPoints = 17;
  std::vector<Vec2> points;
  for (int k = 0; k < kPoints; ++k) {
    const double t = double(k) / (kPoints - 1);
    points.push_back(a + (b - a) * t + Vec2{0, 4 * sag * t * (1 - t)});  // screen y points down
  }
  out.polyline(points, false, width, kJoint);
}

// A joint: a rod as a dark line between its anchors with a dot at each, a rope likewise but thin
// and hanging when slack, a pin as a ring with a cross (a nail in the wall), a hinge as a ring with
// a dot (an axle through both bodies).
void drawJoint(const JointReport& joint, const Camera& camera, float stroke, bool selected,
               DrawList& out) {
  const Vec2 a = camera.worldToScreen(joint.pointA), b = camera.worldToScreen(joint.pointB);
  const float r = 5.0f * stroke, width = 2.0f * stroke;
  if (selected) {  // an orange halo under the joint's own marks
    const Rgba halo = kSelection.withAlpha(0.8);
    if (holdsDistance(joint.kind)) out.line(a, b, width + 5, halo);
    out.disc(a, r + 4, halo, 16);
    out.disc(b, r + 4, halo, 16);
  }
  switch (joint.kind) {
    case JointKind::Rod:
      out.line(a, b, width, kJoint);
      out.disc(a, 0.7f * r, kJoint, 12);
      out.disc(b, 0.7f * r, kJoint, 12);
      break;
    case JointKind::Pin:
      out.ring(b, r, width, kJoint, 16);
      out.line(b - Vec2{r, r} * 0.7, b + Vec2{r, r} * 0.7, width, kJoint);
      out.line(b - Vec2{r, -r} * 0.7, b + Vec2{r, -r} * 0.7, width, kJoint);
      break;
    case JointKind::Hinge:
      out.ring(a, r, width, kJoint, 16);
      out.disc(a, 0.4f * r, kJoint, 10);
      break;
    case JointKind::Rope: {
      const double chord = glm::length(joint.pointA - joint.pointB);
      if (chord < joint.length)
        slackRope(a, b, chord, joint.length, camera.pixelsPerMeter, 0.6f * width, out);
      else
        out.line(a, b, 0.6f * width, kJoint);
      out.disc(a, 0.5f * r, kJoint, 12);
      out.disc(b, 0.5f * r, kJoint, 12);
      break;
    }
  }
}

// A spring with a dashpot from a point of a body to a point of the world: a zigzag of a fixed
// number of coils between two short straight leads, a dot on the body, a ring at the world point.
void drawSpring(const SpringDef& spring, const WorldSnapshot& world, const Camera& camera,
                float stroke, bool selected, DrawList& out) {
  const int i = world.indexOf(spring.body);
  if (i < 0) return;
  const Vec2 a = camera.worldToScreen(toWorldFrame(world.states[i], spring.bodyPoint));
  const Vec2 b = camera.worldToScreen(spring.anchor);
  const double length = glm::length(b - a);
  const float width = 1.5f * stroke, r = 4.0f * stroke;
  if (selected) {  // an orange halo along it
    const Rgba halo = kSelection.withAlpha(0.8);
    out.line(a, b, width + 9 * stroke, halo);
    out.disc(a, r + 4, halo, 16);
    out.disc(b, r + 4, halo, 16);
  }
  if (length > 4 * r) {
    constexpr int kCorners = 12;
    const Vec2 along = (b - a) / length, across = perpendicular(along) * (4.0 * stroke);
    std::vector<Vec2> points{a, a + (b - a) * 0.15};
    for (int k = 1; k <= kCorners; ++k)
      points.push_back(a + (b - a) * (0.15 + 0.7 * (k - 0.5) / kCorners) +
                       across * (k % 2 ? 1.0 : -1.0));
    points.push_back(a + (b - a) * 0.85);
    points.push_back(b);
    out.polyline(points, false, width, kSpring);
  } else {
    out.line(a, b, width, kSpring);
  }
  out.disc(a, 0.7f * r, kSpring, 12);
  out.ring(b, r, width, kSpring, 16);
}

// A body's area (m^2): a disc's pi r^2, else its outline's (the shoelace sum).
double outlineArea(const BodyOutline& outline) {
  if (outline.kind == ShapeKind::Disc) return std::numbers::pi * outline.radius * outline.radius;
  double twice = 0;
  for (std::size_t k = 0; k < outline.corners.size(); ++k)
    twice += cross(outline.corners[k], outline.corners[(k + 1) % outline.corners.size()]);
  return std::abs(twice) / 2;
}

}  // namespace

bool hasRoomForMark(double areaPixels) {
  return areaPixels >= 4.0 * kMarkQuad * kMarkQuad;
}

void drawWorld(const WorldSnapshot& world, const Camera& camera, const ViewOptions& options,
               const Overlay& overlay, DrawList& out) {
  if (options.grid) drawGrid(camera, out);
  out.endLayer();
  const std::size_t n = world.bodyCount();
  std::vector<Vec2> corners;
  for (bool fixedPass : {true, false}) {
    for (std::size_t i = 0; i < n; ++i) {
      const SnapshotBody& body = world.body(i);
      if (body.def.fixed == fixedPass)
        drawBody(body, world.states[i], world.outlines[i], camera, body.id == overlay.selected,
                 corners, out);
    }
    out.endLayer();
  }
  // The centre marks are a layer of their own: the arrows' opaque heads are drawn over them.
  if (options.centres) {
    for (std::size_t i = 0; i < n; ++i)
      if (!world.body(i).def.fixed && hasRoomForMark(outlineArea(world.outlines[i]) *
                                                     camera.pixelsPerMeter * camera.pixelsPerMeter))
        out.centreMark(camera.worldToScreen(world.states[i].position), kCentre);
    out.endLayer();
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (world.body(i).def.fixed || !options.velocities) continue;
    const BodyState& state = world.states[i];
    Vec2 tip = camera.worldToScreen(state.position + state.velocity * options.velocityScale);
    out.arrow(camera.worldToScreen(state.position), tip, 2.0f, 9.0f, kVelocity);
  }
  const float jointStroke = static_cast<float>(options.strokeScale);
  for (std::size_t i = 0; i < world.springs.size(); ++i)
    drawSpring(world.springs[i], world, camera, jointStroke,
               static_cast<int>(i) == overlay.selectedSpring, out);
  for (const JointReport& joint : world.joints)
    drawJoint(joint, camera, jointStroke,
              !overlay.selectedJoint.empty() && joint.name == overlay.selectedJoint, out);
  if (overlay.link) {  // a joint tool's drag: from where it began to the mouse
    const Vec2 a = camera.worldToScreen(overlay.link->bodyPoint);
    const Vec2 b = camera.worldToScreen(overlay.link->anchor);
    out.line(a, b, 2.0f * jointStroke, kSelection);
    out.disc(a, 3.5f * jointStroke, kSelection, 12);
    out.ring(b, 5.0f * jointStroke, 2.0f * jointStroke, kSelection, 16);
  }
  if (overlay.spring) {
    Vec2 a = camera.worldToScreen(overlay.spring->bodyPoint);
    Vec2 b = camera.worldToScreen(overlay.spring->anchor);
    out.line(a, b, 2.0f, kSpring);
    out.disc(a, 3.5f, kSpring, 12);
    out.ring(b, 6.0f, 2.0f, kSpring, 16);
  }
  std::vector<ForceArrow> arrows;
  forceArrows(world, camera, options, arrows);
  const float stroke = static_cast<float>(options.strokeScale);
  for (const ForceArrow& a : arrows)
    out.arrow(a.tail, a.head, kForceWidth * stroke, kForceHead * stroke, a.color);
  if (options.impulses)
    for (const ImpulseMark& mark : overlay.impulses) impulseBurst(mark, camera, out);
  out.endLayer();
}

}  // namespace contactlab
