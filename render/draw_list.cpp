// Triangulation of fills, lines, rings and arrows (draw_list.h).
#include "draw_list.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>

namespace contactlab {

Rgba Rgba::withAlpha(double alpha) const {
  Rgba c = *this;
  c.a = static_cast<std::uint8_t>(std::clamp(alpha, 0.0, 1.0) * a);
  return c;
}

void DrawList::clear() {
  vertices_.clear();
  batches_.clear();
  for (auto& bucket : layer_) bucket.clear();
}

void DrawList::endLayer() {
  for (Primitive kind :
       {Primitive::OpaqueTriangles, Primitive::Lines, Primitive::BlendedTriangles}) {
    std::vector<DrawVertex>& bucket = layer_[static_cast<int>(kind)];
    if (bucket.empty()) continue;
    batches_.push_back({kind, vertices_.size(), bucket.size()});
    vertices_.insert(vertices_.end(), bucket.begin(), bucket.end());
    bucket.clear();
  }
}

void DrawList::push(Vec2 p, Rgba color, Primitive primitive) {
  layer_[static_cast<int>(primitive)].push_back(
      {static_cast<float>(p.x), static_cast<float>(p.y), color});
}

void DrawList::triangle(Vec2 a, Vec2 b, Vec2 c, Rgba color) {
  Primitive kind = color.a == 255 ? Primitive::OpaqueTriangles : Primitive::BlendedTriangles;
  for (Vec2 p : {a, b, c}) push(p, color, kind);
}

void DrawList::fillConvex(std::span<const Vec2> corners, Rgba color) {
  for (std::size_t i = 1; i + 1 < corners.size(); ++i)
    triangle(corners[0], corners[i], corners[i + 1], color);
}

void DrawList::line(Vec2 a, Vec2 b, float width, Rgba color) {
  Vec2 d = b - a;
  double length = glm::length(d);
  if (!(length > 1e-9)) {
    disc(a, width * 0.5f, color, 6);
    return;
  }
  // Anti-aliased without multisampling: a solid core and a one-pixel fringe on each side whose
  // alpha falls to zero. Lines up to two pixels wide are all fringe, from a solid centre line (a
  // line thinner than a pixel has its alpha scaled down).
  Vec2 u = d / length;
  Vec2 n{-u.y, u.x};
  double core = width > 2 ? width * 0.5 - 0.5 : 0.0;
  Rgba solid = width < 1 ? color.withAlpha(width) : color;
  Rgba clear = color.withAlpha(0);
  Vec2 p = a - u * (width * 0.5), q = b + u * (width * 0.5);
  auto strip = [&](double from, Rgba fromColor, double to, Rgba toColor) {
    Vec2 p0 = p + n * from, q0 = q + n * from, p1 = p + n * to, q1 = q + n * to;
    for (auto [x, c] : {std::pair{p0, fromColor},
                        {q0, fromColor},
                        {q1, toColor},
                        {p0, fromColor},
                        {q1, toColor},
                        {p1, toColor}})
      push(x, c, Primitive::BlendedTriangles);
  };
  if (core > 0) strip(-core, solid, core, solid);
  double fringe = core > 0 ? 1.0 : std::max(1.0, width * 0.5 + 0.5);
  strip(core, solid, core + fringe, clear);
  strip(-core, solid, -core - fringe, clear);
}

void DrawList::hairline(Vec2 a, Vec2 b, Rgba color) {
  push(a, color, Primitive::Lines);
  push(b, color, Primitive::Lines);
}

void DrawList::rect(Vec2 a, Vec2 b, Rgba color) {
  triangle(a, {b.x, a.y}, b, color);
  triangle(a, b, {a.x, b.y}, color);
}

void DrawList::polyline(std::span<const Vec2> points, bool closed, float width, Rgba color) {
  if (points.size() < 2) return;
  for (std::size_t i = 0; i + 1 < points.size(); ++i) line(points[i], points[i + 1], width, color);
  if (closed) line(points.back(), points.front(), width, color);
}

void DrawList::disc(Vec2 center, float radius, Rgba color, int segments) {
  Vec2 previous = center + Vec2{radius, 0};
  for (int i = 1; i <= segments; ++i) {
    double t = 2 * std::numbers::pi * i / segments;
    Vec2 next = center + Vec2{radius * std::cos(t), radius * std::sin(t)};
    triangle(center, previous, next, color);
    previous = next;
  }
}

void DrawList::ring(Vec2 center, float radius, float width, Rgba color, int segments) {
  double inner = radius - width * 0.5, outer = radius + width * 0.5;
  for (int i = 0; i < segments; ++i) {
    double t0 = 2 * std::numbers::pi * i / segments, t1 = 2 * std::numbers::pi * (i + 1) / segments;
    Vec2 u0{std::cos(t0), std::sin(t0)}, u1{std::cos(t1), std::sin(t1)};
    triangle(center + u0 * inner, center + u0 * outer, center + u1 * outer, color);
    triangle(center + u0 * inner, center + u1 * outer, center + u1 * inner, color);
  }
}

void DrawList::arrow(Vec2 from, Vec2 to, float width, float head, Rgba color) {
  Vec2 d = to - from;
  double length = glm::length(d);
  if (!(length > 1e-9)) return;
  Vec2 u = d / length;
  double h = std::min<double>(head, length);
  Vec2 base = to - u * h;
  line(from, base, width, color);
  Vec2 side{-u.y * h * 0.45, u.x * h * 0.45};
  triangle(to, base + side, base - side, color);
}

}  // namespace contactlab
