#include "shape.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "contactlab/limits.h"
#include "number_text.h"

namespace contactlab {
namespace {

// Nothing if `value` is a size within the limits, else why not.
std::optional<Error> sizeProblem(double value, const char* name) {
  if (value >= limits::kMinSize && value <= limits::kMaxSize) return std::nullopt;
  if (!std::isfinite(value) || value <= 0)
    return Error{std::string(name) + " must be positive and finite"};
  return Error{std::string(name) + " must be from " + numberText(limits::kMinSize) + " m to " +
               numberText(limits::kMaxSize) + " m (found " + numberText(value, 0) + ")"};
}

// Area, centroid and second moment of a simple polygon from its vertices (the shoelace
// decomposition into triangles with the origin; e.g. Bourke, "Calculating the area and centroid
// of a polygon", 1988). Returns the second moment about the origin in `secondMoment`.
void polygonMoments(const std::vector<Vec2>& p, double& area, Vec2& centroid,
                    double& secondMoment) {
  area = 0;
  centroid = {0, 0};
  secondMoment = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    Vec2 a = p[i], b = p[(i + 1) % p.size()];
    double twiceTriangle = cross(a, b);
    area += twiceTriangle / 2;
    centroid += twiceTriangle * (a + b) / 6.0;
    secondMoment += twiceTriangle * (glm::dot(a, a) + glm::dot(a, b) + glm::dot(b, b)) / 12.0;
  }
  centroid /= area;
}

Result<Shape> polygonShape(const std::vector<Vec2>& points, ShapeKind kind) {
  if (points.size() < 3) return Error{"a polygon needs at least 3 points"};
  if (points.size() > limits::kMaxCorners) {
    return Error{"a polygon may have at most " + std::to_string(limits::kMaxCorners) +
                 " corners (found " + std::to_string(points.size()) + ")"};
  }
  for (Vec2 p : points) {
    if (!std::isfinite(p.x) || !std::isfinite(p.y)) return Error{"polygon point is not finite"};
    const double reach = std::max(std::abs(p.x), std::abs(p.y));
    if (reach > limits::kMaxSize) {
      return Error{"polygon point coordinates must be within " + numberText(limits::kMaxSize) +
                   " m of the origin (found " + numberText(reach, 0) + ")"};
    }
  }
  const size_t n = points.size();
  for (size_t i = 0; i < n; ++i) {
    Vec2 a = points[i], b = points[(i + 1) % n], c = points[(i + 2) % n];
    double turn = cross(b - a, c - b);
    double scale = glm::length(b - a) * glm::length(c - b);
    if (!(scale > 0)) return Error{"polygon has two equal consecutive points"};
    if (turn <= 1e-12 * scale) {
      return Error{"polygon is not convex and counter-clockwise (turn at point " +
                   std::to_string((i + 1) % n + 1) + ")"};
    }
  }
  double area, secondMoment;
  Vec2 centroid;
  polygonMoments(points, area, centroid, secondMoment);
  // A star-shaped point list turns left everywhere but winds more than once.
  double winding = 0;
  for (size_t i = 0; i < n; ++i) {
    Vec2 a = points[i] - centroid, b = points[(i + 1) % n] - centroid;
    winding += std::atan2(cross(a, b), glm::dot(a, b));
  }
  if (std::abs(winding - 2 * M_PI) > 1e-6) return Error{"polygon winds around more than once"};

  Shape shape;
  shape.kind = kind;
  shape.area = area;
  // Parallel axis theorem: J_centroid = J_origin - A |c|^2.
  shape.inertiaPerMass = (secondMoment - area * glm::dot(centroid, centroid)) / area;
  shape.inradius = INFINITY;
  for (size_t i = 0; i < n; ++i) {
    Vec2 a = points[i] - centroid, b = points[(i + 1) % n] - centroid;
    Vec2 normal = glm::normalize(Vec2{b.y - a.y, a.x - b.x});
    shape.vertices.push_back(a);
    shape.normals.push_back(normal);
    shape.boundingRadius = std::max(shape.boundingRadius, glm::length(a));
    shape.inradius = std::min(shape.inradius, glm::dot(normal, a));
  }
  if (kind == ShapeKind::Polygon && shape.inradius < limits::kMinSize) {
    return Error{"polygon is too thin: its centre is " + numberText(shape.inradius) +
                 " m from its nearest edge, less than " + numberText(limits::kMinSize) + " m"};
  }
  return shape;
}

}  // namespace

Result<Shape> makeShape(const BodyDef& def) {
  switch (def.shape) {
    case ShapeKind::Box: {
      if (!std::isfinite(def.width) || !std::isfinite(def.height) || def.width <= 0 ||
          def.height <= 0)
        return Error{"box width and height must be positive and finite"};
      if (std::optional<Error> problem = sizeProblem(def.width, "box width")) return *problem;
      if (std::optional<Error> problem = sizeProblem(def.height, "box height")) return *problem;
      double w = def.width / 2, h = def.height / 2;
      return polygonShape({{-w, -h}, {w, -h}, {w, h}, {-w, h}}, ShapeKind::Box);
    }
    case ShapeKind::Disc: {
      if (std::optional<Error> problem = sizeProblem(def.radius, "disc radius")) return *problem;
      Shape shape;
      shape.kind = ShapeKind::Disc;
      shape.radius = def.radius;
      shape.area = M_PI * def.radius * def.radius;
      shape.inertiaPerMass = def.radius * def.radius / 2;
      shape.boundingRadius = shape.inradius = def.radius;
      return shape;
    }
    case ShapeKind::Polygon:
      return polygonShape(def.points, ShapeKind::Polygon);
  }
  return Error{"unknown shape"};
}

}  // namespace contactlab
