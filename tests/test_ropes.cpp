// Ropes under ContactSim and ImpulseSim, against closed-form mechanics: a rope is a one-sided
// distance limit. Slack, it exerts nothing (free fall); taut, it swings a pendulum like a rod, with
// a tension that is never negative; snapping taut is a collision with the rope's elasticity
// (momentum conserved, kinetic energy lost in proportion 1 - e^2 of the approach).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "contactlab/world.h"
#include "joint_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

JointDef rope(BodyId a, BodyId b, double length, double elasticity, Vec2 worldPoint = {0, 0}) {
  return {"rope", JointKind::Rope, a, b, {0, 0}, worldPoint, length, elasticity};
}

double tensionOf(World& world) {
  const std::vector<JointReport> joints = world.joints();
  REQUIRE(joints.size() == 1);
  return joints[0].tension;
}

}  // namespace

TEST_CASE("a slack rope exerts nothing: the ball falls freely") {
  World world = emptyWorld();
  const double g = world.settings().gravity, vx = 1.5, vy = 2;
  const BodyId ball = addDisc(world, "ball", 0.05, 1, {0.5, 0});
  BodyState start = world.body(ball)->state;
  start.velocity = {vx, vy};
  REQUIRE(world.setBodyState(ball, start).ok());
  addJoint(world, rope(ball, BodyId{}, 5, 0));
  for (int step = 0; step < 400; ++step) {
    REQUIRE(world.step().ok());
    CHECK(tensionOf(world) == 0);
  }
  const double t = world.time();
  const Vec2 p = world.body(ball)->state.position;
  CHECK(p.x == doctest::Approx(0.5 + vx * t).epsilon(1e-9));
  CHECK(p.y == doctest::Approx(vy * t - g * t * t / 2).epsilon(1e-9));
}

TEST_CASE("a taut rope swings a pendulum with the rod's period and tension m g cos + m v^2 / L") {
  World world = emptyWorld();
  const double length = 2, m = 1.5, theta0 = std::numbers::pi / 3, g = world.settings().gravity;
  const BodyId bob =
      addDisc(world, "bob", 0.05, m, {length * std::sin(theta0), -length * std::cos(theta0)});
  addJoint(world, rope(bob, BodyId{}, length, 0));
  const double exact = 4 * std::sqrt(length / g) * ellipticK(std::sin(theta0 / 2));
  CHECK(measuredPeriod(world, bob, 2) == doctest::Approx(exact).epsilon(1e-3));
  for (int step = 0; step < 1000; ++step) {
    REQUIRE(world.step().ok());
    if (step % 50 != 0) continue;
    const BodyState s = world.body(bob)->state;
    const double cosine = -s.position.y / glm::length(s.position);
    const double speed = glm::length(s.velocity);
    CHECK(tensionOf(world) ==
          doctest::Approx(m * g * cosine + m * speed * speed / length).epsilon(1e-3));
    CHECK(glm::length(s.position) <= length + 1e-9);
  }
}

TEST_CASE("a ball dropped 1 m onto a slack 2 m rope is caught within 2 mm, stops dead (e = 0)") {
  World world = emptyWorld();
  const double length = 2, m = 2, g = world.settings().gravity;
  const BodyId ball = addDisc(world, "ball", 0.05, m, {0, -length / 2});
  addJoint(world, rope(ball, BodyId{}, length, 0));
  // Free fall over L / 2 takes sqrt(L / g); a little later the rope has caught it.
  const double fall = std::sqrt(length / g);
  double longest = 0;
  while (world.time() < fall + 0.1) {
    REQUIRE(world.step().ok());
    longest = std::max(longest, glm::length(world.body(ball)->state.position));
  }
  CHECK(longest <= length + 0.002);
  const BodyState s = world.body(ball)->state;
  // It hangs where the rope snapped taut: within the collision accuracy (distanceTol / 10) of L.
  CHECK(std::abs(s.velocity.y) < 1e-6);
  CHECK(-s.position.y <= length);
  CHECK(-s.position.y >= length - world.settings().distanceTol / 10);
  CHECK(tensionOf(world) == doctest::Approx(m * g).epsilon(1e-6));
  CHECK(world.statistics().collisions >= 1);
}

TEST_CASE("an elastic rope (e = 1) throws the ball back up to where it fell from") {
  World world = emptyWorld();
  const double length = 2, start = -length / 2, g = world.settings().gravity;
  const BodyId ball = addDisc(world, "ball", 0.05, 1, {0, start});
  addJoint(world, rope(ball, BodyId{}, length, 1));
  // Down L / 2 and back up: 2 sqrt(L / g); the top of the rebound is at the middle of the window.
  const double bounce = 2 * std::sqrt(length / g);
  double highest = -INFINITY;
  while (world.time() < bounce + 0.2) {
    REQUIRE(world.step().ok());
    if (world.time() > bounce / 2 + 0.1)
      highest = std::max(highest, world.body(ball)->state.position.y);
  }
  CHECK(highest == doctest::Approx(start).epsilon(1e-4));
}

TEST_CASE("a rope snapping taut between two free balls conserves momentum; e sets what is lost") {
  for (double e : {0.0, 0.5, 1.0}) {
    CAPTURE(e);
    World world = emptyWorld();
    WorldSettings weightless = world.settings();
    weightless.gravity = 0;
    REQUIRE(world.setSettings(weightless).ok());
    const double m1 = 1, m2 = 3, v = 2, length = 1;
    const BodyId fast = addDisc(world, "fast", 0.05, m1, {0.5, 0});
    const BodyId still = addDisc(world, "still", 0.05, m2, {0, 0});
    BodyState s = world.body(fast)->state;
    s.velocity = {v, 0};
    REQUIRE(world.setBodyState(fast, s).ok());
    addJoint(world, {"rope", JointKind::Rope, fast, still, {0, 0}, {0, 0}, length, e});
    while (world.time() < 1) REQUIRE(world.step().ok());
    // Along the rope the snap is a collision of two masses: the separation speed v becomes an
    // approach speed e v, momentum m1 v kept.
    const double v1 = world.body(fast)->state.velocity.x, v2 = world.body(still)->state.velocity.x;
    CHECK(m1 * v1 + m2 * v2 == doctest::Approx(m1 * v).epsilon(1e-9));
    CHECK(v2 - v1 == doctest::Approx(e * v).epsilon(1e-6));
    CHECK(glm::length(world.body(fast)->state.position - world.body(still)->state.position) <=
          length + 1e-9);
  }
}

TEST_CASE("the API checks a rope's length and elasticity, and only ropes have an elasticity") {
  World world = emptyWorld();
  const BodyId a = addDisc(world, "a", 0.1, 1, {0, 0});
  CHECK_FALSE(world.addJoint(rope(a, BodyId{}, 0, 0)).ok());
  CHECK_FALSE(world.addJoint(rope(a, BodyId{}, 1, -0.1)).ok());
  CHECK_FALSE(world.addJoint(rope(a, BodyId{}, 1, 1.5)).ok());
  CHECK_FALSE(world.addJoint(rope(a, BodyId{}, 1, NAN)).ok());
  Result<JointId> rod =
      world.addJoint({"rod", JointKind::Rod, a, BodyId{}, {0, 0}, {0, 0}, 1, 0.5});
  REQUIRE_FALSE(rod.ok());
  CHECK(rod.error().message.find("only a rope has an elasticity") != std::string::npos);
  CHECK(world.addJoint(rope(a, BodyId{}, 1, 0.5)).ok());
}
