// Helpers shared by the scene tests: bitwise comparison of scenes, random valid scenes with awkward
// doubles (each body checked to build a valid world, World::validate), and the line:column of a
// piece of text.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "contactlab/limits.h"
#include "contactlab/scene.h"
#include "decimal_text.h"
#include "world_fixtures.h"

namespace contactlab::testing {

inline bool sameBits(double a, double b) {
  return doubleBits(a) == doubleBits(b);
}

inline bool sameBits(const std::optional<double>& a, const std::optional<double>& b) {
  return a.has_value() == b.has_value() && (!a || sameBits(*a, *b));
}

// Every body of `a` in the same state as the body of `b` added in the same place, to the bit.
inline void requireSameStates(const World& a, const World& b) {
  REQUIRE(a.bodyCount() == b.bodyCount());
  const std::vector<BodyId> ids = a.bodies(), others = b.bodies();
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const BodyState s = a.body(ids[i])->state, t = b.body(others[i])->state;
    CAPTURE(i);
    REQUIRE(sameBits(s.position.x, t.position.x));
    REQUIRE(sameBits(s.position.y, t.position.y));
    REQUIRE(sameBits(s.angle, t.angle));
    REQUIRE(sameBits(s.velocity.x, t.velocity.x));
    REQUIRE(sameBits(s.velocity.y, t.velocity.y));
    REQUIRE(sameBits(s.omega, t.omega));
  }
}

// The first field in which two scenes differ (bitwise), or "" when they are the same.
inline std::string sceneDifference(const Scene& a, const Scene& b) {
  const WorldSettings &s = a.settings, &t = b.settings;
  const std::pair<double, double> settings[] = {{s.gravity, t.gravity},
                                                {s.damping, t.damping},
                                                {s.rotateRatio, t.rotateRatio},
                                                {s.elasticity, t.elasticity},
                                                {s.friction, t.friction},
                                                {s.dt, t.dt},
                                                {s.distanceTol, t.distanceTol},
                                                {s.velocityTol, t.velocityTol},
                                                {s.gapRecoverySteps, t.gapRecoverySteps},
                                                {s.qpTolerance, t.qpTolerance},
                                                {s.gapStabilization, t.gapStabilization},
                                                {s.contactMargin, t.contactMargin},
                                                {s.restitutionThreshold, t.restitutionThreshold}};
  for (std::size_t i = 0; i < std::size(settings); ++i)
    if (!sameBits(settings[i].first, settings[i].second))
      return "setting number " + std::to_string(i);
  if (s.integrator != t.integrator) return "integrator";
  if (s.collisions != t.collisions) return "collisions";
  if (s.solver != t.solver) return "solver";
  if (s.timestepScheme != t.timestepScheme) return "timestep scheme";
  if (s.qpMethod != t.qpMethod) return "qp method";
  if (s.qpIterations != t.qpIterations) return "qp iterations";
  if (s.substeps != t.substeps) return "substeps";
  if (a.bodies.size() != b.bodies.size()) return "body count";
  for (std::size_t i = 0; i < a.bodies.size(); ++i) {
    const BodyDef &p = a.bodies[i], &q = b.bodies[i];
    const std::string where = "body " + std::to_string(i) + " ";
    if (p.name != q.name) return where + "name";
    if (p.shape != q.shape) return where + "shape";
    if (p.fixed != q.fixed) return where + "fixed";
    const std::pair<double, double> numbers[] = {{p.width, q.width},
                                                 {p.height, q.height},
                                                 {p.radius, q.radius},
                                                 {p.density, q.density},
                                                 {p.state.position.x, q.state.position.x},
                                                 {p.state.position.y, q.state.position.y},
                                                 {p.state.angle, q.state.angle},
                                                 {p.state.velocity.x, q.state.velocity.x},
                                                 {p.state.velocity.y, q.state.velocity.y},
                                                 {p.state.omega, q.state.omega}};
    for (std::size_t k = 0; k < std::size(numbers); ++k)
      if (!sameBits(numbers[k].first, numbers[k].second))
        return where + "number " + std::to_string(k);
    if (!sameBits(p.mass, q.mass)) return where + "mass";
    if (!sameBits(p.elasticity, q.elasticity)) return where + "elasticity";
    if (!sameBits(p.friction, q.friction)) return where + "friction";
    if (p.points.size() != q.points.size()) return where + "point count";
    for (std::size_t k = 0; k < p.points.size(); ++k)
      if (!sameBits(p.points[k].x, q.points[k].x) || !sameBits(p.points[k].y, q.points[k].y))
        return where + "point " + std::to_string(k);
  }
  if (a.joints.size() != b.joints.size()) return "joint count";
  for (std::size_t i = 0; i < a.joints.size(); ++i) {
    const SceneJoint &p = a.joints[i], &q = b.joints[i];
    const std::string where = "joint " + std::to_string(i) + " ";
    if (p.name != q.name) return where + "name";
    if (p.kind != q.kind) return where + "kind";
    if (p.bodyA != q.bodyA) return where + "body a";
    if (p.bodyB != q.bodyB) return where + "body b";
    const std::pair<double, double> numbers[] = {{p.anchorA.x, q.anchorA.x},
                                                 {p.anchorA.y, q.anchorA.y},
                                                 {p.anchorB.x, q.anchorB.x},
                                                 {p.anchorB.y, q.anchorB.y},
                                                 {p.length, q.length}};
    for (std::size_t k = 0; k < std::size(numbers); ++k)
      if (!sameBits(numbers[k].first, numbers[k].second))
        return where + "number " + std::to_string(k);
  }
  if (a.springs.size() != b.springs.size()) return "spring count";
  for (std::size_t i = 0; i < a.springs.size(); ++i) {
    const SceneSpring &p = a.springs[i], &q = b.springs[i];
    const std::string where = "spring " + std::to_string(i) + " ";
    if (p.name != q.name) return where + "name";
    if (p.body != q.body) return where + "body";
    const std::pair<double, double> numbers[] = {
        {p.point.x, q.point.x},   {p.point.y, q.point.y},     {p.anchor.x, q.anchor.x},
        {p.anchor.y, q.anchor.y}, {p.stiffness, q.stiffness}, {p.restLength, q.restLength},
        {p.damping, q.damping}};
    for (std::size_t k = 0; k < std::size(numbers); ++k)
      if (!sameBits(numbers[k].first, numbers[k].second))
        return where + "number " + std::to_string(k);
  }
  return "";
}

// Doubles that are hard to write exactly: no short decimal, signed zero, extremes, denormals.
inline const double kAwkward[] = {0.1,
                                  1.0 / 3,
                                  -0.0,
                                  1e-300,
                                  std::numeric_limits<double>::denorm_min(),
                                  2.5e-320,
                                  std::numeric_limits<double>::min(),
                                  std::numeric_limits<double>::max(),
                                  -std::numeric_limits<double>::max(),
                                  1e21,
                                  123456.789,
                                  -2.5,
                                  100000,
                                  0.30000000000000004,
                                  M_PI};

// Random valid scenes in canonical form (only the fields a body uses), with awkward doubles.
class SceneGenerator {
 public:
  explicit SceneGenerator(std::uint64_t seed) : rng_(seed) {}

  Scene scene() {
    Scene scene;
    WorldSettings& s = scene.settings;
    // Within the gravity limit (docs/limits.md), keeping the small awkward values as they are.
    if (chance(0.5)) s.gravity = std::fmod(any(), limits::kMaxGravity);
    if (chance(0.5)) s.damping = std::abs(any());
    if (chance(0.3)) s.rotateRatio = std::abs(any());
    if (chance(0.5)) s.elasticity = std::abs(any());
    if (chance(0.5)) s.friction = std::abs(any());
    if (chance(0.5)) {  // within the dt limit, keeping the small awkward values as they are
      s.dt = positive();
      if (s.dt > limits::kMaxDt) s.dt = limits::kMaxDt / s.dt;
    }
    if (chance(0.5)) s.integrator = static_cast<IntegratorKind>(integer(0, 2));
    if (chance(0.5)) s.collisions = static_cast<CollisionHandling>(integer(0, 1));
    if (chance(0.3)) s.distanceTol = positive();
    if (chance(0.3)) s.velocityTol = positive();
    if (chance(0.3)) s.gapRecoverySteps = 1 + std::abs(any());
    if (!std::isfinite(s.gapRecoverySteps)) s.gapRecoverySteps = 2;
    std::set<std::string> names;
    const int count = integer(0, 8);
    for (int i = 0; i < count; ++i) scene.bodies.push_back(body(names, s));
    return scene;
  }

  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng_) < p; }
  int integer(int low, int high) { return std::uniform_int_distribution<int>(low, high)(rng_); }
  double uniform(double low, double high) {
    return std::uniform_real_distribution<double>(low, high)(rng_);
  }

  // Any finite double: awkward, ordinary, or random bits.
  double any() {
    switch (integer(0, 2)) {
      case 0:
        return kAwkward[integer(0, std::size(kAwkward) - 1)];
      case 1:
        return uniform(-10, 10);
      default: {
        for (;;) {
          double value = doubleFromBits(rng_());
          if (std::isfinite(value)) return value;
        }
      }
    }
  }

  double positive() {
    for (;;) {
      double value = std::abs(any());
      if (value > 0) return value;
    }
  }

  // Adds joints and springs with awkward doubles to a scene's bodies, each within the rules of
  // World::addJoint and addSpring (docs/scene-format.md), in canonical form.
  void addLinks(Scene& scene) {
    std::vector<std::string> movable;
    for (const BodyDef& def : scene.bodies)
      if (!def.fixed) movable.push_back(def.name);
    if (movable.empty()) return;
    std::set<std::string> jointNames, springNames;
    const int joints = integer(0, 5);
    for (int i = 0; i < joints; ++i) {
      SceneJoint joint;
      joint.name = name(jointNames);
      joint.kind = static_cast<JointKind>(integer(0, 3));
      joint.bodyA = movable[integer(0, movable.size() - 1)];
      const bool toBody =
          joint.kind == JointKind::Hinge || (holdsDistance(joint.kind) && chance(0.5));
      if (toBody) {
        const BodyDef& other = scene.bodies[integer(0, scene.bodies.size() - 1)];
        if (other.name == joint.bodyA) continue;
        joint.bodyB = other.name;
        if (chance(0.5)) std::swap(joint.bodyA, joint.bodyB);  // a fixed body may be A
      }
      if (chance(0.6)) joint.anchorA = {within(limits::kSpringReach), within(limits::kSpringReach)};
      if (chance(0.6)) joint.anchorB = {within(limits::kSpringReach), within(limits::kSpringReach)};
      if (holdsDistance(joint.kind)) {
        do joint.length = std::abs(within(limits::kSpringReach));
        while (!(joint.length > 0));
      }
      if (joint.kind == JointKind::Rope && chance(0.5)) joint.elasticity = chance(0.5) ? 1 : 0.25;
      scene.joints.push_back(joint);
    }
    const int springs = integer(0, 3);
    for (int i = 0; i < springs; ++i) {
      SceneSpring spring;
      spring.name = name(springNames);
      spring.body = scene.bodies[integer(0, scene.bodies.size() - 1)].name;
      if (chance(0.6)) spring.point = {within(limits::kSpringReach), within(limits::kSpringReach)};
      if (chance(0.6)) spring.anchor = {within(limits::kSpringReach), within(limits::kSpringReach)};
      if (chance(0.6)) spring.stiffness = std::abs(within(limits::kMaxStiffness));
      if (chance(0.6)) spring.restLength = std::abs(within(limits::kSpringReach));
      if (chance(0.6)) spring.damping = std::abs(within(limits::kMaxStiffness));
      scene.springs.push_back(spring);
    }
  }

  // Any finite double with a magnitude of at most `limit`.
  double within(double limit) {
    for (;;) {
      double value = any();
      if (std::abs(value) <= limit) return value;
    }
  }

 private:
  std::string name(std::set<std::string>& taken) {
    static constexpr std::string_view kChars =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.";
    for (;;) {
      std::string text;
      const int length = integer(1, 6);
      for (int i = 0; i < length; ++i) text += kChars[integer(0, kChars.size() - 1)];
      if (taken.insert(text).second) return text;
    }
  }

  // Corners on a circle at sorted random angles at least 0.1 rad apart: convex, counter-clockwise.
  std::vector<Vec2> convexPolygon() {
    for (;;) {
      std::vector<double> angles(integer(3, 8));
      for (double& angle : angles) angle = uniform(0, 2 * M_PI);
      std::sort(angles.begin(), angles.end());
      bool spread = 2 * M_PI - angles.back() + angles.front() > 0.1;
      for (std::size_t i = 1; i < angles.size(); ++i) spread &= angles[i] - angles[i - 1] > 0.1;
      if (!spread) continue;
      const double radius = uniform(0.1, 5);
      const Vec2 centre{uniform(-3, 3), uniform(-3, 3)};
      std::vector<Vec2> points;
      for (double angle : angles)
        points.push_back(centre + radius * Vec2{std::cos(angle), std::sin(angle)});
      return points;
    }
  }

  BodyDef body(std::set<std::string>& names, const WorldSettings& settings) {
    for (;;) {
      BodyDef def;
      def.shape = static_cast<ShapeKind>(integer(0, 2));
      if (def.shape == ShapeKind::Box) {
        if (chance(0.7)) def.width = positive();
        if (chance(0.7)) def.height = positive();
      } else if (def.shape == ShapeKind::Disc) {
        if (chance(0.7)) def.radius = positive();
      } else {
        def.points = convexPolygon();
      }
      if (chance(0.5)) {
        def.mass = positive();
      } else if (chance(0.5)) {
        def.density = positive();
      }
      double* state[] = {&def.state.position.x, &def.state.position.y, &def.state.angle,
                         &def.state.velocity.x, &def.state.velocity.y, &def.state.omega};
      for (double* value : state)
        if (chance(0.6)) *value = any();
      if (chance(0.3)) def.elasticity = std::abs(any());
      if (chance(0.3)) def.friction = std::abs(any());
      def.fixed = chance(0.2);
      def.name = "probe";
      // Sizes and masses can be valid alone but give no finite inertia together: draw again.
      const Result<World> probe = buildWorld(Scene{settings, {def}, {}, {}});
      if (!probe.ok()) continue;
      requireValid(probe.value());
      def.name = name(names);
      return def;
    }
  }

  std::mt19937_64 rng_;
};

// Where the n-th occurrence (from 1) of `needle` starts in `text`.
inline std::size_t offsetOf(std::string_view text, std::string_view needle, int occurrence = 1) {
  std::size_t at = text.find(needle);
  for (int i = 1; i < occurrence && at != std::string_view::npos; ++i)
    at = text.find(needle, at + 1);
  REQUIRE(at != std::string_view::npos);
  return at;
}

// "line:column" (both from 1) of a byte offset.
inline std::string lineColumn(std::string_view text, std::size_t offset) {
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return std::to_string(line) + ":" + std::to_string(column);
}

}  // namespace contactlab::testing
