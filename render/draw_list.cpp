// Triangulation of fills, lines, rings and arrows (draw_list.h).
#include "draw_list.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numbers>

#include "coverage_atlas.h"

namespace contactlab {

Rgba Rgba::withAlpha(double alpha) const {
  Rgba c = *this;
  c.a = static_cast<std::uint8_t>(std::clamp(alpha, 0.0, 1.0) * a);
  return c;
}

void DrawList::clear() {
  vertices_.clear();
  spriteVertices_.clear();
  openSprites_.vertices.clear();
  openSprites_.indices.clear();
  indices_.clear();
  batches_.clear();
  for (Bucket& bucket : layer_) {
    bucket.vertices.clear();
    bucket.indices.clear();
  }
}

void DrawList::endLayer() {
  for (Primitive kind : {Primitive::OpaqueTriangles, Primitive::Lines, Primitive::Sprites,
                         Primitive::BlendedTriangles}) {
    if (kind == Primitive::Sprites) {
      if (openSprites_.indices.empty()) continue;
      batches_.push_back({kind, indices_.size(), openSprites_.indices.size()});
      const auto base = static_cast<std::uint32_t>(spriteVertices_.size());
      spriteVertices_.insert(spriteVertices_.end(), openSprites_.vertices.begin(),
                             openSprites_.vertices.end());
      for (std::uint32_t i : openSprites_.indices) indices_.push_back(base + i);
      openSprites_.vertices.clear();
      openSprites_.indices.clear();
      continue;
    }
    Bucket& bucket = layer_[static_cast<int>(kind)];
    if (bucket.indices.empty()) continue;
    batches_.push_back({kind, indices_.size(), bucket.indices.size()});
    const auto base = static_cast<std::uint32_t>(vertices_.size());
    vertices_.insert(vertices_.end(), bucket.vertices.begin(), bucket.vertices.end());
    for (std::uint32_t i : bucket.indices) indices_.push_back(base + i);
    bucket.vertices.clear();
    bucket.indices.clear();
  }
}

bool DrawList::sameDrawing(const DrawList& other) const {
  if (vertices_.size() != other.vertices_.size() ||
      spriteVertices_.size() != other.spriteVertices_.size() || indices_ != other.indices_ ||
      batches_.size() != other.batches_.size())
    return false;
  for (std::size_t i = 0; i < batches_.size(); ++i) {
    const DrawBatch &a = batches_[i], &b = other.batches_[i];
    if (a.primitive != b.primitive || a.first != b.first || a.count != b.count) return false;
  }
  static_assert(sizeof(DrawVertex) == 5 * 4, "DrawVertex has no padding: compared as bytes");
  static_assert(sizeof(SpriteVertex) == 11 * 4, "SpriteVertex has no padding: compared as bytes");
  return (vertices_.empty() || std::memcmp(vertices_.data(), other.vertices_.data(),
                                           vertices_.size() * sizeof(DrawVertex)) == 0) &&
         (spriteVertices_.empty() ||
          std::memcmp(spriteVertices_.data(), other.spriteVertices_.data(),
                      spriteVertices_.size() * sizeof(SpriteVertex)) == 0);
}

std::uint32_t DrawList::vertex(Primitive primitive, Vec2 p, float u, float v, Rgba color) {
  std::vector<DrawVertex>& vertices = layer_[static_cast<int>(primitive)].vertices;
  vertices.push_back({static_cast<float>(p.x), static_cast<float>(p.y), u, v, color});
  return static_cast<std::uint32_t>(vertices.size() - 1);
}

void DrawList::texturedQuad(const Vec2 (&corners)[4], const float (&u)[4], const float (&v)[4],
                            Rgba color) {
  constexpr Primitive kind = Primitive::BlendedTriangles;
  std::uint32_t first = 0;
  for (int k = 0; k < 4; ++k) {
    const std::uint32_t i = vertex(kind, corners[k], u[k], v[k], color);
    if (k == 0) first = i;
  }
  for (std::uint32_t k : {0u, 1u, 2u, 0u, 2u, 3u}) index(kind, first + k);
}

void DrawList::triangle(Vec2 a, Vec2 b, Vec2 c, Rgba color) {
  Primitive kind = color.a == 255 ? Primitive::OpaqueTriangles : Primitive::BlendedTriangles;
  for (Vec2 p : {a, b, c}) index(kind, vertex(kind, p, kSolidU, kSolidV, color));
}

void DrawList::fillConvex(std::span<const Vec2> corners, Rgba color) {
  if (corners.size() < 3) return;
  const Primitive kind = color.a == 255 ? Primitive::OpaqueTriangles : Primitive::BlendedTriangles;
  std::uint32_t first = 0;
  for (std::size_t k = 0; k < corners.size(); ++k) {
    const std::uint32_t i = vertex(kind, corners[k], kSolidU, kSolidV, color);
    if (k == 0) first = i;
  }
  for (std::uint32_t k = 1; k + 1 < corners.size(); ++k) {  // a fan from the first corner
    index(kind, first);
    index(kind, first + k);
    index(kind, first + k + 1);
  }
}

namespace {

// Anti-aliased without multisampling: a solid core of half-width `core` and a fringe out to
// `outer` whose alpha falls to zero. Lines up to two pixels wide are all fringe, from a solid
// centre line (a line thinner than a pixel has its alpha scaled down).
struct LineProfile {
  double core, outer;
  Rgba solid;
};

LineProfile lineProfile(float width, Rgba color) {
  const double core = width > 2 ? width * 0.5 - 0.5 : 0.0;
  const double fringe = core > 0 ? 1.0 : std::max(1.0, width * 0.5 + 0.5);
  return {core, core + fringe, width < 1 ? color.withAlpha(width) : color};
}

}  // namespace

void DrawList::line(Vec2 a, Vec2 b, float width, Rgba color) {
  Vec2 d = b - a;
  double length = glm::length(d);
  if (!(length > 1e-9)) {  // a dot: a square of the area of a hexagon of radius width / 2
    const double half = 0.5 * width * 0.5 * std::sqrt(1.5 * std::sqrt(3.0));
    rect(a - Vec2{half, half}, a + Vec2{half, half}, color);
    return;
  }
  const LineProfile profile = lineProfile(width, color);
  const Vec2 u = d / length, n{-u.y, u.x};
  const Vec2 p = a - u * (width * 0.5), q = b + u * (width * 0.5);
  const Vec2 side = n * profile.outer;
  const float v = profileRowV(profile.core / profile.outer);
  texturedQuad({p + side, q + side, q - side, p - side}, {0, 0, 1, 1}, {v, v, v, v}, profile.solid);
}

// One strip around the polygon: at each corner the two edges' offsets meet at a mitre (at most 4
// times the half-width out, so a sharp corner does not spike).
void DrawList::closedOutline(std::span<const Vec2> points, float width, Rgba color) {
  ring_.clear();
  for (Vec2 p : points)
    if (ring_.empty() || glm::length(p - ring_.back()) > 1e-9) ring_.push_back(p);
  while (ring_.size() > 1 && glm::length(ring_.front() - ring_.back()) <= 1e-9) ring_.pop_back();
  const std::size_t n = ring_.size();
  if (n < 3) {
    for (std::size_t i = 0; i + 1 < n; ++i) line(ring_[i], ring_[i + 1], width, color);
    return;
  }
  const LineProfile profile = lineProfile(width, color);
  const float v = profileRowV(profile.core / profile.outer);
  auto normal = [&](std::size_t i) {  // of the edge from corner i to corner i + 1
    const Vec2 u = glm::normalize(ring_[(i + 1) % n] - ring_[i]);
    return Vec2{-u.y, u.x};
  };
  auto offset = [&](std::size_t i) {  // at corner i
    const Vec2 before = normal((i + n - 1) % n), after = normal(i);
    const Vec2 sum = before + after;
    const double length = glm::length(sum);
    if (!(length > 1e-9)) return before * profile.outer;
    const Vec2 mitre = sum / length;
    return mitre * (profile.outer / std::max(glm::dot(mitre, after), 0.25));
  };
  // Two vertices at each corner, outside (u = 0) and inside (u = 1); two triangles a side.
  constexpr Primitive kind = Primitive::BlendedTriangles;
  std::uint32_t first = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 o = offset(i);
    const std::uint32_t outside = vertex(kind, ring_[i] + o, 0, v, profile.solid);
    vertex(kind, ring_[i] - o, 1, v, profile.solid);
    if (i == 0) first = outside;
  }
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t a = first + 2 * i, b = first + 2 * ((i + 1) % n);
    for (std::uint32_t k : {a, b, b + 1, a, b + 1, a + 1}) index(kind, k);
  }
}

void DrawList::hairline(Vec2 a, Vec2 b, Rgba color) {
  for (Vec2 p : {a, b})
    index(Primitive::Lines, vertex(Primitive::Lines, p, kSolidU, kSolidV, color));
}

void DrawList::rect(Vec2 a, Vec2 b, Rgba color) {
  triangle(a, {b.x, a.y}, b, color);
  triangle(a, b, {a.x, b.y}, color);
}

void DrawList::polyline(std::span<const Vec2> points, bool closed, float width, Rgba color) {
  if (points.size() < 2) return;
  if (closed) {
    closedOutline(points, width, color);
    return;
  }
  for (std::size_t i = 0; i + 1 < points.size(); ++i) line(points[i], points[i + 1], width, color);
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

void DrawList::sprite(Vec2 center, Vec2 axisX, Vec2 axisY, Vec2 half, float radius, Vec2 spoke,
                      float outlineWidth, Rgba fill, Rgba outline) {
  // The outline's profile is a line's; the quad reaches the end of its fringe.
  const LineProfile profile = lineProfile(outlineWidth, outline);
  const auto core = static_cast<float>(profile.core), outer = static_cast<float>(profile.outer);
  const Vec2 reach = half + Vec2{outer, outer};
  const Vec2 shape = radius > 0 ? spoke : half;
  const auto first = static_cast<std::uint32_t>(openSprites_.vertices.size());
  for (Vec2 corner : {Vec2{-1, -1}, Vec2{1, -1}, Vec2{1, 1}, Vec2{-1, 1}}) {
    const Vec2 local = corner * reach;
    const Vec2 p = center + axisX * local.x + axisY * local.y;
    openSprites_.vertices.push_back({static_cast<float>(p.x), static_cast<float>(p.y),
                                     static_cast<float>(local.x), static_cast<float>(local.y),
                                     static_cast<float>(shape.x), static_cast<float>(shape.y),
                                     radius, core, outer, fill, profile.solid});
  }
  for (std::uint32_t k : {0u, 1u, 2u, 0u, 2u, 3u}) openSprites_.indices.push_back(first + k);
}

void DrawList::discSprite(Vec2 center, float radius, Vec2 spoke, Rgba fill, float outlineWidth,
                          Rgba outline) {
  sprite(center, {1, 0}, {0, 1}, {radius, radius}, radius, spoke, outlineWidth, fill, outline);
}

void DrawList::boxSprite(const Vec2 (&corners)[4], Rgba fill, float outlineWidth, Rgba outline) {
  const Vec2 alongX = corners[1] - corners[0], alongY = corners[3] - corners[0];
  const double width = glm::length(alongX), height = glm::length(alongY);
  if (!(width > 1e-9) || !(height > 1e-9)) return;
  sprite((corners[0] + corners[2]) * 0.5, alongX / width, alongY / height, {width / 2, height / 2},
         0, {0, 0}, outlineWidth, fill, outline);
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
  if (length > h) {
    // A shaft that strays less than half a pixel across a row or column of pixels over its length
    // (in a resting stack nearly every force is vertical or horizontal) is an opaque rectangle: the
    // rasterizer fills whole pixels across it, so it is as crisp as the anti-aliased line, and
    // software OpenGL draws it without blending or texture (pyramid40 on llvmpipe, 2 cores: 40 to
    // 46 frames per second). Others, translucent ones and those under two pixels wide (which
    // would cover one column of pixels or two as they move) are anti-aliased lines.
    const Vec2 shaft = base - from;
    if (color.a == 255 && width >= 2 && std::min(std::abs(shaft.x), std::abs(shaft.y)) <= 0.5) {
      const Vec2 cap = u * (width * 0.5), side{-cap.y, cap.x};
      const Vec2 p = from - cap, q = base + cap;
      const Vec2 corners[4] = {p + side, q + side, q - side, p - side};
      fillConvex(corners, color);
    } else {
      line(from, base, width, color);
    }
  }
  Vec2 side{-u.y * h * kArrowHeadSpread, u.x * h * kArrowHeadSpread};
  triangle(to, base + side, base - side, color);
}

void DrawList::centreMark(Vec2 center, Rgba color) {
  const Vec2 c{std::round(center.x), std::round(center.y)};
  const double h = kMarkQuad / 2;
  texturedQuad({c + Vec2{-h, -h}, c + Vec2{h, -h}, c + Vec2{h, h}, c + Vec2{-h, h}},
               {kMarkU0, kMarkU1, kMarkU1, kMarkU0}, {kMarkV0, kMarkV0, kMarkV1, kMarkV1}, color);
}

}  // namespace contactlab
