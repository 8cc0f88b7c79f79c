// Outlines, bounds and point tests of boxes, discs and polygons (body_outline.h).
#include "body_outline.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace contactlab {
namespace {

// Box corners in the body frame, counter-clockwise from the lower left.
void boxCorners(const BodyDef& def, std::vector<Vec2>& out) {
  double w = def.width * 0.5, h = def.height * 0.5;
  out = {{-w, -h}, {w, -h}, {w, h}, {-w, h}};
}

}  // namespace

std::vector<Vec2> centeredPolygon(const std::vector<Vec2>& points) {
  // Centroid of a simple polygon: C = sum (p_i + p_i+1) cross(p_i, p_i+1) / (6 A).
  double twiceArea = 0;
  Vec2 weighted{0, 0};
  for (std::size_t i = 0; i < points.size(); ++i) {
    Vec2 a = points[i], b = points[(i + 1) % points.size()];
    double c = cross(a, b);
    twiceArea += c;
    weighted += (a + b) * c;
  }
  std::vector<Vec2> centered = points;
  if (twiceArea == 0) return centered;
  Vec2 centroid = weighted / (3 * twiceArea);
  for (Vec2& p : centered) p -= centroid;
  return centered;
}

Vec2 toBodyFrame(const BodyState& state, Vec2 world) {
  Vec2 d = world - state.position;
  double c = std::cos(state.angle), s = std::sin(state.angle);
  return {c * d.x + s * d.y, -s * d.x + c * d.y};
}

Vec2 toWorldFrame(const BodyState& state, Vec2 local) {
  double c = std::cos(state.angle), s = std::sin(state.angle);
  return state.position + Vec2{c * local.x - s * local.y, s * local.x + c * local.y};
}

void bodyOutline(const BodyView& body, int discSegments, std::vector<Vec2>& out) {
  out.clear();
  switch (body.def.shape) {
    case ShapeKind::Box:
      boxCorners(body.def, out);
      break;
    case ShapeKind::Polygon:
      out = centeredPolygon(body.def.points);
      break;
    case ShapeKind::Disc: {
      int n = std::max(discSegments, 8);
      for (int i = 0; i < n; ++i) {
        double t = 2 * std::numbers::pi * i / n;
        out.push_back({body.def.radius * std::cos(t), body.def.radius * std::sin(t)});
      }
      break;
    }
  }
  for (Vec2& p : out) p = toWorldFrame(body.state, p);
}

Rect bodyBounds(const BodyView& body) {
  if (body.def.shape == ShapeKind::Disc) {
    Vec2 r{body.def.radius, body.def.radius};
    return {body.state.position - r, body.state.position + r};
  }
  std::vector<Vec2> corners;
  bodyOutline(body, 0, corners);
  Rect box{corners.front(), corners.front()};
  for (Vec2 p : corners) {
    box.min = glm::min(box.min, p);
    box.max = glm::max(box.max, p);
  }
  return box;
}

bool bodyContains(const BodyView& body, Vec2 point, double tolerance) {
  Vec2 q = toBodyFrame(body.state, point);
  switch (body.def.shape) {
    case ShapeKind::Disc:
      return glm::length(q) <= body.def.radius + tolerance;
    case ShapeKind::Box:
      return std::abs(q.x) <= body.def.width * 0.5 + tolerance &&
             std::abs(q.y) <= body.def.height * 0.5 + tolerance;
    case ShapeKind::Polygon: {
      std::vector<Vec2> corners = centeredPolygon(body.def.points);
      for (std::size_t i = 0; i < corners.size(); ++i) {
        Vec2 a = corners[i], b = corners[(i + 1) % corners.size()];
        Vec2 edge = b - a;
        // Outside this edge's half-plane by more than the tolerance?
        if (cross(edge, q - a) < -tolerance * glm::length(edge)) return false;
      }
      return true;
    }
  }
  return false;
}

}  // namespace contactlab
