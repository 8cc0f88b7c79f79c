// From a click or a drag to a joint or a spring (joint_tool.h).
#include "joint_tool.h"

#include <cmath>
#include <numbers>
#include <set>
#include <utility>

#include "body_outline.h"
#include "picking.h"

namespace contactlab {
namespace {

std::string quoted(const std::string& name) {
  return "'" + name + "'";
}

// One end of a drag: the body under it (if any) and the point.
struct End {
  const SnapshotBody* body = nullptr;
  Vec2 point{0, 0};
};

End endAt(const WorldSnapshot& world, Vec2 point, double tolerance) {
  std::optional<BodyId> hit = pickBody(world, point, tolerance);
  return {hit ? world.find(*hit) : nullptr, point};
}

// The point in the body's frame, from its centre of mass.
Vec2 anchorOn(const WorldSnapshot& world, const SnapshotBody& body, Vec2 point) {
  return toBodyFrame(world.states[world.indexOf(body.id)], point);
}

// The two ends of a rod, a rope or a spring, with a movable body first; or why they cannot be.
Result<std::pair<End, End>> orderedEnds(const WorldSnapshot& world, const char* what, Vec2 from,
                                        Vec2 to, double tolerance) {
  End a = endAt(world, from, tolerance), b = endAt(world, to, tolerance);
  if (!a.body) std::swap(a, b);
  if (!a.body)
    return Error{std::string("A ") + what +
                 " starts on a body: drag from a point of a body to a point of another body or of "
                 "the world."};
  if (glm::length(to - from) <= tolerance)
    return Error{std::string("Drag to where the ") + what +
                 " ends: its length is the distance dragged."};
  if (a.body == b.body)
    return Error{std::string("A ") + what + " from " + quoted(a.body->def.name) +
                 " to itself holds nothing: release on another body or in empty space."};
  if (a.body->def.fixed && b.body && !b.body->def.fixed) std::swap(a, b);
  if (a.body->def.fixed) {
    return Error{std::string("A ") + what + " between " + quoted(a.body->def.name) + " and " +
                 (b.body ? "fixed body " + quoted(b.body->def.name) : std::string("the world")) +
                 " holds nothing: one end must be on a body that moves."};
  }
  return std::pair{a, b};
}

}  // namespace

Result<JointDef> pinAt(const WorldSnapshot& world, Vec2 point, double tolerance) {
  std::optional<BodyId> hit = pickBody(world, point, tolerance);
  if (!hit) return Error{"A pin holds a point of a body: click on a body."};
  const SnapshotBody& body = *world.find(*hit);
  if (body.def.fixed)
    return Error{quoted(body.def.name) + " is fixed: it never moves, so a pin would hold nothing."};
  JointDef def;
  def.kind = JointKind::Pin;
  def.a = body.id;
  def.anchorA = anchorOn(world, body, point);
  def.anchorB = point;
  return def;
}

Result<JointDef> hingeAt(const WorldSnapshot& world, Vec2 point, double tolerance) {
  const std::vector<BodyId> under = bodiesAt(world, point, tolerance);
  if (under.empty())
    return Error{"A hinge joins two bodies where they overlap: click a point inside both."};
  if (under.size() == 1) {
    return Error{"Only " + quoted(world.nameOf(under[0])) +
                 " is there: a hinge joins two bodies where they overlap (for a body held to the "
                 "world, use a pin)."};
  }
  const SnapshotBody& a = *world.find(under[0]);
  const SnapshotBody& b = *world.find(under[1]);
  if (a.def.fixed) {
    return Error{quoted(a.def.name) + " and " + quoted(b.def.name) +
                 " are both fixed: a hinge between them would hold nothing."};
  }
  JointDef def;
  def.kind = JointKind::Hinge;
  def.a = a.id;
  def.b = b.id;
  def.anchorA = anchorOn(world, a, point);
  def.anchorB = anchorOn(world, b, point);
  return def;
}

Result<JointDef> linkBetween(const WorldSnapshot& world, JointKind kind, Vec2 from, Vec2 to,
                             double tolerance) {
  auto ends = orderedEnds(world, jointKindName(kind), from, to, tolerance);
  if (!ends) return ends.error();
  const auto& [a, b] = ends.value();
  JointDef def;
  def.kind = kind;
  def.a = a.body->id;
  def.anchorA = anchorOn(world, *a.body, a.point);
  if (b.body) {
    def.b = b.body->id;
    def.anchorB = anchorOn(world, *b.body, b.point);
  } else {
    def.anchorB = b.point;
  }
  def.length = glm::length(to - from);
  return def;
}

Result<SpringDef> springBetween(const WorldSnapshot& world, Vec2 from, Vec2 to, double tolerance) {
  auto ends = orderedEnds(world, "spring", from, to, tolerance);
  if (!ends) return ends.error();
  const auto& [a, b] = ends.value();
  if (b.body && !b.body->def.fixed) {  // a fixed body's point is a point of the world
    return Error{
        "A spring holds a body to a point of the world: release it in empty space or on a "
        "fixed body, not on " +
        quoted(b.body->def.name) + " (for two moving bodies, use a rod or a rope)."};
  }
  const double m = a.body->mass;
  const double w = 2 * std::numbers::pi * kSpringFrequency;
  SpringDef def;
  def.body = a.body->id;
  def.bodyPoint = anchorOn(world, *a.body, a.point);
  def.anchor = b.point;
  def.stiffness = m * w * w;
  def.damping = 2 * kSpringDampingRatio * m * w;
  def.restLength = glm::length(to - from);
  return def;
}

std::string freeJointName(const std::vector<JointDef>& joints) {
  std::set<std::string> taken;
  for (const JointDef& j : joints) taken.insert(j.name);
  for (std::size_t n = 1;; ++n) {
    std::string name = "J" + std::to_string(n);
    if (!taken.contains(name)) return name;
  }
}

}  // namespace contactlab
