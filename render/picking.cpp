// Picking the body or the joint under a point (picking.h).
#include "picking.h"

#include <algorithm>

#include "body_outline.h"

namespace contactlab {

std::optional<BodyId> pickBody(const WorldSnapshot& world, Vec2 point, double tolerance) {
  std::optional<BodyId> fixedHit;
  for (std::size_t i = world.bodyCount(); i-- > 0;) {
    if (!outlineContains(world.outlines[i], point, tolerance)) continue;
    const SnapshotBody& body = world.body(i);
    if (!body.def.fixed) return body.id;
    if (!fixedHit) fixedHit = body.id;
  }
  return fixedHit;
}

std::vector<BodyId> bodiesAt(const WorldSnapshot& world, Vec2 point, double tolerance) {
  std::vector<BodyId> movable, fixed;
  for (std::size_t i = world.bodyCount(); i-- > 0;) {
    if (!outlineContains(world.outlines[i], point, tolerance)) continue;
    const SnapshotBody& body = world.body(i);
    (body.def.fixed ? fixed : movable).push_back(body.id);
  }
  movable.insert(movable.end(), fixed.begin(), fixed.end());
  return movable;
}

namespace {

// The distance from p to the segment from a to b.
double segmentDistance(Vec2 p, Vec2 a, Vec2 b) {
  const Vec2 ab = b - a;
  const double lengthSquared = glm::dot(ab, ab);
  const double t =
      lengthSquared > 0 ? std::clamp(glm::dot(p - a, ab) / lengthSquared, 0.0, 1.0) : 0;
  return glm::length(p - (a + ab * t));
}

}  // namespace

std::optional<std::size_t> pickJoint(const WorldSnapshot& world, Vec2 point, double tolerance) {
  std::optional<std::size_t> nearest;
  double best = tolerance;
  for (std::size_t i = 0; i < world.joints.size(); ++i) {
    const JointReport& j = world.joints[i];
    const double d = holdsDistance(j.kind) ? segmentDistance(point, j.pointA, j.pointB)
                                           : glm::length(point - j.pointA);
    if (d <= best) {
      best = d;
      nearest = i;
    }
  }
  return nearest;
}

std::optional<std::size_t> pickSpring(const WorldSnapshot& world, Vec2 point, double tolerance) {
  std::optional<std::size_t> nearest;
  double best = tolerance;
  for (std::size_t i = 0; i < world.springs.size(); ++i) {
    const SpringDef& spring = world.springs[i];
    const int body = world.indexOf(spring.body);
    if (body < 0) continue;
    const Vec2 end = toWorldFrame(world.states[body], spring.bodyPoint);
    const double d = segmentDistance(point, end, spring.anchor);
    if (d <= best) {
      best = d;
      nearest = i;
    }
  }
  return nearest;
}

}  // namespace contactlab
