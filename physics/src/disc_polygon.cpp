// Disc-polygon contact: the disc centre against the polygon's nearest feature. An edge gives the
// edge's normal; a vertex (a polygon corner touching the disc) gives the line from the vertex to
// the centre; a centre inside the polygon takes the edge of least penetration. A disc touches a
// convex polygon at one point, so there is at most one contact, and the disc is always body 1.
#include <algorithm>
#include <limits>

#include "collision_pairs.h"

namespace contactlab {

void collideDiscPolygon(const Shape& disc, const Transform& discPlace, const Shape& polygon,
                        const Transform& polygonPlace, bool discIsFirst, double margin,
                        std::vector<ContactGeometry>& out) {
  const std::vector<Vec2>& vertices = polygon.vertices;
  const std::vector<Vec2>& normals = polygon.normals;
  const size_t n = vertices.size();
  const double radius = disc.radius;
  // Everything is measured in the polygon's frame and turned into world terms at the end.
  const Vec2 centre = polygonPlace.applyInverse(discPlace.position);

  // The largest signed distance to an edge line: the depth if inside, a lower bound if outside.
  size_t deepestEdge = 0;
  double edgeDistance = -std::numeric_limits<double>::infinity();
  for (size_t j = 0; j < n; ++j) {
    double s = glm::dot(normals[j], centre - vertices[j]);
    if (s > edgeDistance) {
      edgeDistance = s;
      deepestEdge = j;
    }
  }
  if (!(edgeDistance - radius < margin)) return;

  // Written in place (a copy of a contact built on the stack is read back across its pieces), and
  // taken back where the disc's nearest corner is beyond the margin.
  ContactGeometry& contact = out.emplace_back();
  contact.pointOwnerIsFirst = discIsFirst;
  if (edgeDistance > 0) {
    // Outside: the nearest point of the boundary is inside an edge or at a vertex.
    double nearest = std::numeric_limits<double>::infinity();
    size_t feature = 0;
    bool atVertex = false;
    for (size_t j = 0; j < n; ++j) {
      Vec2 start = vertices[j], edge = vertices[(j + 1) % n] - start;
      double t = std::clamp(glm::dot(centre - start, edge) / glm::dot(edge, edge), 0.0, 1.0);
      Vec2 gap = centre - (start + t * edge);
      double distance2 = glm::dot(gap, gap);
      if (distance2 < nearest) {
        nearest = distance2;
        atVertex = t == 0 || t == 1;
        feature = t == 1 ? (j + 1) % n : j;
      }
    }
    if (atVertex) {
      Vec2 offset = centre - vertices[feature];
      double centreDistance = glm::length(offset);
      if (!(centreDistance - radius < margin)) {
        out.pop_back();
        return;
      }
      Vec2 normal = polygonPlace.rotate(offset / centreDistance);
      Vec2 vertex = polygonPlace.apply(vertices[feature]);
      contact.normalKind = NormalKind::CentreLine;
      contact.normal = normal;
      contact.point1 = discPlace.position - radius * normal;
      contact.point2 = vertex;
      contact.distance = centreDistance - radius;
      contact.anchor1 = discPlace.position;
      contact.anchor2 = vertex;
      contact.feature = featureCode(kDiscFeatureOfBody1, static_cast<std::uint32_t>(feature), true);
      return;
    }
    deepestEdge = feature;
    edgeDistance = glm::dot(normals[feature], centre - vertices[feature]);
  }
  Vec2 normal = polygonPlace.rotate(normals[deepestEdge]);
  contact.normalKind = NormalKind::EdgeOfBody2;
  contact.normal = normal;
  contact.point1 = discPlace.position - radius * normal;
  contact.point2 = polygonPlace.apply(centre - edgeDistance * normals[deepestEdge]);
  contact.distance = edgeDistance - radius;
  contact.feature =
      featureCode(kDiscFeatureOfBody1, static_cast<std::uint32_t>(deepestEdge), false);
}

}  // namespace contactlab
