#include "penetration.h"

#include <cmath>
#include <limits>

namespace contactlab {
namespace {

constexpr double kRelativeTolerance = 1e-9;

struct Interval {
  double low = 0, high = 0;
};

// The shape's extent along `axis` (unit, world frame): its vertices projected in the body frame,
// onto the axis turned back, plus the projection of its position.
Interval project(const Shape& shape, const Transform& placement, Vec2 axis) {
  const double centre = glm::dot(placement.position, axis);
  if (shape.isDisc()) return {centre - shape.radius, centre + shape.radius};
  const Vec2 local = placement.rotateBack(axis);
  double low = std::numeric_limits<double>::infinity(), high = -low;
  for (const Vec2 v : shape.vertices) {
    const double s = glm::dot(v, local);
    low = std::min(low, s);
    high = std::max(high, s);
  }
  return {centre + low, centre + high};
}

// The unit vector from the polygon's vertex nearest to `point` towards `point` (zero if on it).
Vec2 fromNearestVertex(const Shape& polygon, const Transform& placement, Vec2 point) {
  Vec2 nearest = placement.apply(polygon.vertices.front());
  for (const Vec2 v : polygon.vertices) {
    const Vec2 p = placement.apply(v);
    if (glm::dot(point - p, point - p) < glm::dot(point - nearest, point - nearest)) nearest = p;
  }
  const double length = glm::length(point - nearest);
  return length > 0 ? (point - nearest) / length : Vec2{0, 0};
}

// Calls visit(axis) for each candidate axis (unit, world frame) of the pair.
template <typename Visit>
void forEachAxis(const Shape& a, const Transform& ta, const Shape& b, const Transform& tb,
                 Visit visit) {
  for (const Vec2 n : a.normals) visit(ta.rotate(n));
  for (const Vec2 n : b.normals) visit(tb.rotate(n));
  Vec2 extra{0, 0};
  if (a.isDisc() && b.isDisc()) {
    const double length = glm::length(ta.position - tb.position);
    if (length > 0) extra = (ta.position - tb.position) / length;
  } else if (a.isDisc()) {
    extra = fromNearestVertex(b, tb, ta.position);
  } else if (b.isDisc()) {
    extra = fromNearestVertex(a, ta, tb.position);
  }
  if (extra != Vec2{0, 0}) visit(extra);
  if (a.isDisc() && b.isDisc() && extra == Vec2{0, 0}) {  // two discs at one point: any axis
    visit(Vec2{1, 0});
    visit(Vec2{0, 1});
  }
}

}  // namespace

std::optional<Penetration> penetration(const Shape& a, const Transform& ta, const Shape& b,
                                       const Transform& tb, unsigned tieBreak) {
  const double tolerance = kRelativeTolerance * (a.boundingRadius + b.boundingRadius);
  const Vec2 offset = ta.position - tb.position;
  // Pass 1: the least depth over the axes (none if an axis separates the shapes).
  bool separated = false;
  double least = std::numeric_limits<double>::infinity();
  auto depthAlong = [&](Vec2 axis, double& up, double& down) {
    const Interval pa = project(a, ta, axis), pb = project(b, tb, axis);
    up = pb.high - pa.low;    // push a along +axis
    down = pa.high - pb.low;  // push a along -axis
    return std::min(up, down);
  };
  forEachAxis(a, ta, b, tb, [&](Vec2 axis) {
    if (separated) return;  // one separating axis settles it
    double up, down;
    const double depth = depthAlong(axis, up, down);
    if (!(depth > 0)) separated = true;
    least = std::min(least, depth);
  });
  if (separated || !std::isfinite(least)) return std::nullopt;

  // Pass 2: among the axes tied for the least depth, the one along which the centres lie furthest
  // apart; count the ties for the centres-coincide case.
  int ties = 0;
  double widest = -1;
  Vec2 chosen{0, 1};
  forEachAxis(a, ta, b, tb, [&](Vec2 axis) {
    double up, down;
    if (depthAlong(axis, up, down) > least + tolerance) return;
    ++ties;
    const double apart = std::abs(glm::dot(offset, axis));
    if (apart > widest) widest = apart, chosen = axis;
  });
  if (widest <= tolerance) {  // the centres coincide along every tied axis
    int pick = static_cast<int>(tieBreak % static_cast<unsigned>(ties));
    forEachAxis(a, ta, b, tb, [&](Vec2 axis) {
      double up, down;
      if (depthAlong(axis, up, down) > least + tolerance) return;
      if (pick-- == 0) chosen = axis;
    });
  }
  double up, down;
  depthAlong(chosen, up, down);
  Penetration out;
  const bool upward = std::abs(up - down) > tolerance ? up < down
                      : std::abs(glm::dot(offset, chosen)) > tolerance
                          ? glm::dot(offset, chosen) > 0
                          : ((tieBreak / static_cast<unsigned>(ties)) & 1u) == 0;
  out.normal = upward ? chosen : -chosen;
  out.depth = upward ? up : down;
  return out;
}

}  // namespace contactlab
