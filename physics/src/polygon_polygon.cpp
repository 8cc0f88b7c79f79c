// Polygon-polygon contacts: every vertex of each polygon against the edges of the other. A vertex
// touches the edge of largest signed distance (its nearest edge if outside, its least penetrated
// edge if inside) when it lies within that edge's slab. Parallel edges give two contacts (their
// end vertices); a vertex found from both sides (corner on corner) gives one.
//
// Choices:
// - Tolerance: slab membership (and telling "on" from "outside") uses a length tolerance of 1e-9
//   times the sum of the bounding radii: far above rounding, far below any physical length.
// - Corner near corner: a vertex p outside every slab of the other polygon, in the Voronoi region
//   of its vertex v (beyond the ends of both edges at v) within the margin, has v as its nearest
//   point: it gives a corner-corner contact whose normal runs along the line between the corners
//   (NormalKind::CentreLine, anchors p and v) at p's true distance |p - v|. Where p slides past the
//   end of an edge this continues the edge contact: same normal and distance at the boundary of the
//   slab (the distance from a point to a convex polygon has a continuous gradient outside it), so
//   a corner resting on (or a hair beside) a corner keeps its contact. Within the corner cone
//   (p - v within about 6 degrees of an edge normal at v) it also needs v past the ends of both
//   edges at p (the corners are the polygons' nearest features): otherwise v lies within the slab
//   of an edge at p and touches that edge from v's side, and p's corner normal would only add a
//   constraint along that edge's line, as far as the margin reaches (a box sliding along a floor
//   would "meet" the floor's far corner).
// - A vertex only touches an edge that it faces: the edge normal points against the vertex's
//   outward bisector. Where a corner lies exactly on the line of a side edge of the other polygon
//   (boxes stacked exactly aligned, slightly penetrating), this picks the supporting edge instead
//   of the side edge. A vertex inside the other polygon that faces no edge within whose slab it
//   lies falls back to the edge of least penetration.
// - Duplicates: a contact from a vertex of b is dropped when a contact from a vertex of a has the
//   opposite normal (within 2.6 degrees) and the same two points, swapped, within
//   max(margin / 10, 2 tolerances), or when the two corners coincide (within 2 tolerances: a
//   corner exactly on a corner, seen from each side against a different edge): of those two, the
//   one whose normal separates the polygons (the larger projected gap) is kept. Absolute margin /
//   10 also catches the near-duplicate left by a tiny tilt between the stacked boxes; two genuinely
//   different contacts that close with opposite normals would constrain the same motion anyway.
#include <algorithm>
#include <array>
#include <limits>
#include <span>

#include "collision_pairs.h"

namespace contactlab {
namespace {

constexpr double kRelativeTolerance = 1e-9;
// cos(2.6 degrees): normals closer than that to opposite count as opposite.
constexpr double kOppositeCosine = 0.999;
// Sine of the smallest angle between a corner-corner normal and the corner's adjacent edge
// normals outside the corner cone (about 6 degrees).
constexpr double kCornerCone = 0.1;

// The placement that maps the body frame of `from` into the body frame of `to`.
Transform relativePlacement(const Transform& from, const Transform& to) {
  Transform relative;
  relative.cosine = to.cosine * from.cosine + to.sine * from.sine;
  relative.sine = to.cosine * from.sine - to.sine * from.cosine;
  relative.position = to.applyInverse(from.position);
  return relative;
}

// The next and previous of n indices around a polygon: a wrap, where `% n` divides (about twenty
// divisions for a box on a box).
size_t nextIndex(size_t i, size_t n) {
  return i + 1 == n ? 0 : i + 1;
}
size_t previousIndex(size_t i, size_t n) {
  return i == 0 ? n - 1 : i - 1;
}

struct EdgeTouch {
  size_t edge = 0;
  double distance = 0;  // signed distance of the vertex from the edge line
};

// Whether `point` (in the polygon's frame) projects onto edge j, within `tolerance` (m).
bool inSlab(const Shape& polygon, size_t j, Vec2 point, double tolerance) {
  Vec2 start = polygon.vertices[j];
  Vec2 edge = polygon.vertices[nextIndex(j, polygon.vertices.size())] - start;
  double along = glm::dot(point - start, edge);
  double slack = tolerance * glm::length(edge);
  return along >= -slack && along <= glm::dot(edge, edge) + slack;
}

// The edge of `polygon` whose line `point` lies farthest outside of (or least inside), with that
// signed distance: a lower bound on the distance from `point` to the polygon.
EdgeTouch deepestEdge(const Shape& polygon, Vec2 point) {
  EdgeTouch deepest{0, -std::numeric_limits<double>::infinity()};
  for (size_t j = 0; j < polygon.vertices.size(); ++j) {
    const double s = glm::dot(polygon.normals[j], point - polygon.vertices[j]);
    if (s > deepest.distance) deepest = {j, s};
  }
  return deepest;
}

// The edge of `polygon` touched by a vertex at `point` whose outward bisector is `facing` (both in
// the polygon's frame), if any is touched closer than `margin`; `deepest` is deepestEdge(point).
bool findTouchedEdge(const Shape& polygon, Vec2 point, Vec2 facing, double margin, double tolerance,
                     EdgeTouch deepest, EdgeTouch& touch) {
  const size_t n = polygon.vertices.size();
  auto signedDistance = [&](size_t j) {
    return glm::dot(polygon.normals[j], point - polygon.vertices[j]);
  };
  auto faces = [&](size_t j) { return glm::dot(polygon.normals[j], facing) < 0; };

  // A vertex on the boundary (deepest within tolerance of 0) may still be deep inside across
  // another edge: two equal boxes side by side, overlapping.
  if (!(deepest.distance < margin) && deepest.distance > tolerance) return false;

  if (deepest.distance > tolerance) {
    // Outside: only the nearest edge line can hold the nearest point.
    if (!inSlab(polygon, deepest.edge, point, tolerance) || !faces(deepest.edge)) return false;
    touch = deepest;
    return true;
  }
  // On or inside: the least penetrated edge among those the vertex faces and projects onto.
  bool found = false;
  for (size_t j = 0; j < n; ++j) {
    if (!faces(j) || !inSlab(polygon, j, point, tolerance)) continue;
    double s = signedDistance(j);
    if (!found || s > touch.distance) touch = {j, s};
    found = true;
  }
  if (!found) touch = deepest;
  return touch.distance < margin;
}

// Whether `contact` and `earlier` join the same two corners, seen from each side (within
// `coincide`).
bool cornersCoincide(const ContactGeometry& contact, const ContactGeometry& earlier,
                     double coincide) {
  return glm::length(contact.point1 - earlier.point2) <= coincide &&
         glm::length(contact.point2 - earlier.point1) <= coincide;
}

// How far apart `body1` (at place1) and `body2` (at place2) lie along `normal` (world frame, from
// body 2 towards body 1): the least projection of body 1 minus the greatest of body 2. It equals
// the distance between the polygons exactly when `normal` is the direction of their nearest
// points, and falls short of it otherwise (negative where the normal does not separate them).
double projectedGap(const Shape& body1, const Transform& place1, const Shape& body2,
                    const Transform& place2, Vec2 normal) {
  double least = std::numeric_limits<double>::infinity();
  double greatest = -least;
  for (const Vec2 v : body1.vertices) least = std::min(least, glm::dot(normal, place1.apply(v)));
  for (const Vec2 v : body2.vertices)
    greatest = std::max(greatest, glm::dot(normal, place2.apply(v)));
  return least - greatest;
}

// Whether `contact` is `earlier` seen from the other polygon: opposite normal, same points swapped.
bool sameContactSwapped(const ContactGeometry& contact, const ContactGeometry& earlier,
                        double tolerance, double coincide) {
  auto near = [&](Vec2 p, Vec2 q) { return glm::length(p - q) <= tolerance; };
  if (cornersCoincide(contact, earlier, coincide)) return true;
  // A corner-corner normal is ill-defined where the corners (nearly) coincide: compare points only.
  const bool corner =
      contact.normalKind == NormalKind::CentreLine || earlier.normalKind == NormalKind::CentreLine;
  return (corner || glm::dot(contact.normal, earlier.normal) < -kOppositeCosine) &&
         near(contact.point1, earlier.point2) && near(contact.point2, earlier.point1);
}

// Whether `offset` (from a vertex) points beyond the end of the edge arriving at the vertex along
// `before` and before the start of the edge leaving it along `after`: into the vertex's Voronoi
// region outside the polygon.
bool inCornerRegion(Vec2 offset, Vec2 before, Vec2 after) {
  return glm::dot(offset, before) > 0 && glm::dot(offset, after) < 0;
}

// Whether `offset` (from a vertex) lies within the corner cone of either edge at the vertex (the
// edges run along `before` and `after`): nearly along that edge's normal.
bool inCornerCone(Vec2 offset, Vec2 before, Vec2 after) {
  const double length = glm::length(offset);
  return glm::dot(offset, glm::normalize(before)) < kCornerCone * length ||
         -glm::dot(offset, glm::normalize(after)) < kCornerCone * length;
}

// The vertex of `polygon` nearer than `margin` whose Voronoi region holds `point`: its nearest
// point, a corner meeting a corner. `previous` and `next` are the point's neighbouring corners on
// its own polygon (all in `polygon`'s frame). Within the corner cone the point's own Voronoi region
// must hold the vertex as well (the two corners are the nearest features of the polygons).
bool findTouchedVertex(const Shape& polygon, Vec2 point, Vec2 previous, Vec2 next, double margin,
                       size_t& vertex) {
  const size_t n = polygon.vertices.size();
  for (size_t j = 0; j < n; ++j) {
    const Vec2 v = polygon.vertices[j];
    const Vec2 offset = point - v;
    const Vec2 before = v - polygon.vertices[previousIndex(j, n)];
    const Vec2 after = polygon.vertices[nextIndex(j, n)] - v;
    if (!inCornerRegion(offset, before, after)) continue;
    // A point lies in at most one vertex region: this v is the nearest point of the polygon.
    if (inCornerCone(offset, before, after) &&
        !inCornerRegion(-offset, point - previous, next - point))
      return false;
    if (!(glm::length(offset) < margin)) return false;
    vertex = j;
    return true;
  }
  return false;
}

// Whether all of `other`'s vertices (`placed`, in `polygon`'s frame) lie farther than `gap` beyond
// one edge line of `polygon` (a separating axis): then the two are farther apart than `gap` and no
// vertex of either is near the other.
bool separatedBeyond(const Shape& polygon, std::span<const Vec2> placed, double gap) {
  for (size_t j = 0; j < polygon.vertices.size(); ++j) {
    const Vec2 normal = polygon.normals[j], start = polygon.vertices[j];
    bool beyond = true;
    for (size_t i = 0; i < placed.size() && beyond; ++i)
      beyond = glm::dot(normal, placed[i] - start) > gap;
    if (beyond) return true;
  }
  return false;
}

// `shape`'s vertices placed by `placement`.
void placeVertices(const Shape& shape, const Transform& placement, std::span<Vec2> placed) {
  for (size_t i = 0; i < placed.size(); ++i) placed[i] = placement.apply(shape.vertices[i]);
}

// Appends the contacts of the vertices of `owner` against the edges (or, corner to corner, the
// vertices) of `other`, skipping any that repeats one of out[firstEarlier, endEarlier). `relative`
// places `owner` in `other`'s frame, and `placed` holds owner's vertices placed by it.
void vertexContacts(const Shape& owner, const Transform& ownerPlace, const Shape& other,
                    const Transform& otherPlace, const Transform& relative,
                    std::span<const Vec2> placed, bool ownerIsFirst, double margin,
                    double tolerance, double sameTolerance, size_t firstEarlier, size_t endEarlier,
                    std::vector<ContactGeometry>& out) {
  const size_t n = owner.vertices.size();
  for (size_t i = 0; i < n; ++i) {
    const Vec2 point = placed[i];
    const EdgeTouch deepest = deepestEdge(other, point);
    // Farther than the margin from an edge line is farther from the polygon: no contact.
    if (!(deepest.distance < margin) && deepest.distance > tolerance) continue;
    Vec2 facing = relative.rotate(owner.normals[previousIndex(i, n)] + owner.normals[i]);
    EdgeTouch touch;
    size_t vertex = 0;
    // Written in place at the end of `out` (a copy of a contact built on the stack reads it back
    // across the pieces it was stored in, a stall per contact) and taken back if it is none.
    // (Copied from a blank one: made in place, the record's 104 bytes were zeroed by a `rep stos`,
    // slow to start on AMD's processors, for every vertex near the other polygon.)
    static const ContactGeometry kBlank{};
    ContactGeometry& contact = out.emplace_back(kBlank);
    contact.pointOwnerIsFirst = ownerIsFirst;
    contact.point1 = ownerPlace.apply(owner.vertices[i]);
    if (findTouchedEdge(other, point, facing, margin, tolerance, deepest, touch)) {
      contact.normalKind = NormalKind::EdgeOfBody2;
      contact.normal = otherPlace.rotate(other.normals[touch.edge]);
      contact.point2 = otherPlace.apply(point - touch.distance * other.normals[touch.edge]);
      contact.distance = touch.distance;
      contact.feature =
          featureCode(static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(touch.edge), false);
    } else if (findTouchedVertex(other, point, placed[previousIndex(i, n)], placed[nextIndex(i, n)],
                                 margin, vertex)) {
      // Corner to corner: the normal runs along the line between the two corners.
      contact.normalKind = NormalKind::CentreLine;
      contact.point2 = otherPlace.apply(other.vertices[vertex]);
      contact.distance = glm::length(contact.point1 - contact.point2);
      contact.normal = (contact.point1 - contact.point2) / contact.distance;
      contact.anchor1 = contact.point1;
      contact.anchor2 = contact.point2;
      contact.feature =
          featureCode(static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(vertex), true);
    } else {
      out.pop_back();
      continue;
    }
    size_t repeated = endEarlier;
    for (size_t k = firstEarlier; k < endEarlier && repeated == endEarlier; ++k)
      if (sameContactSwapped(contact, out[k], sameTolerance, 2 * tolerance)) repeated = k;
    if (repeated == endEarlier) continue;  // a new contact: kept where it is
    if (cornersCoincide(contact, out[repeated], 2 * tolerance)) {
      // A corner on a corner: of the two edge normals, the one that separates the polygons.
      if (projectedGap(owner, ownerPlace, other, otherPlace, contact.normal) >
          projectedGap(other, otherPlace, owner, ownerPlace, out[repeated].normal))
        out[repeated] = contact;
    } else if (out[repeated].normalKind == NormalKind::CentreLine &&
               contact.normalKind == NormalKind::EdgeOfBody2) {
      out[repeated] = contact;  // a corner resting on an edge beats the same point seen as corners
    }
    out.pop_back();
  }
}

}  // namespace

void collidePolygons(const Shape& a, const Transform& ta, const Shape& b, const Transform& tb,
                     double margin, double beyond, std::vector<ContactGeometry>& out) {
  const double reach = margin + beyond;  // contacts are sought this far
  if (!(glm::length(ta.position - tb.position) - a.boundingRadius - b.boundingRadius < reach))
    return;
  const double tolerance = kRelativeTolerance * (a.boundingRadius + b.boundingRadius);
  // Each polygon's vertices placed once in the other's frame, for the separating axes and the
  // vertex contacts alike (on the stack for polygons of up to kOnStack corners).
  constexpr size_t kOnStack = 16;
  const size_t na = a.vertices.size(), nb = b.vertices.size();
  std::array<Vec2, 2 * kOnStack> stack;
  std::vector<Vec2> heap;
  std::span<Vec2> buffer(stack);
  if (na > kOnStack || nb > kOnStack) {
    heap.resize(na + nb);
    buffer = heap;
  }
  const std::span<Vec2> aInB = buffer.subspan(0, na), bInA = buffer.subspan(na, nb);
  const Transform aToB = relativePlacement(ta, tb), bToA = relativePlacement(tb, ta);
  placeVertices(b, bToA, bInA);
  if (separatedBeyond(a, bInA, reach + tolerance)) return;
  placeVertices(a, aToB, aInB);
  if (separatedBeyond(b, aInB, reach + tolerance)) return;
  // Follows `margin`, not `reach`: the contacts below `margin` do not depend on `beyond`.
  const double sameTolerance = std::max(margin / 10, 2 * tolerance);
  const size_t first = out.size();
  vertexContacts(a, ta, b, tb, aToB, aInB, true, reach, tolerance, sameTolerance, first, first,
                 out);
  vertexContacts(b, tb, a, ta, bToA, bInA, false, reach, tolerance, sameTolerance, first,
                 out.size(), out);
}

}  // namespace contactlab
