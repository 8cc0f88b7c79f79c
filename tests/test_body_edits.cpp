// Editing a body in place (World::setBodyMass, World::setBodyFixed): a box whose mass is doubled
// carries twice the weight at its corners, a body made fixed stays put under gravity and a freed
// one falls, the other bodies with their springs and thrusts go on as if nothing had happened, and
// bad values or ids are refused with the world bit-for-bit unchanged.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "contactlab/limits.h"
#include "contactlab/scene.h"
#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

constexpr double g = 9.81;

WorldSettings settingsFor(SolverKind solver) {
  WorldSettings settings;
  settings.solver = solver;
  return settings;
}

bool sameBits(const BodyState& a, const BodyState& b) {
  return std::memcmp(&a, &b, sizeof(BodyState)) == 0;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The normal forces of the contacts between a and b.
std::vector<double> cornerForces(World& world, BodyId a, BodyId b) {
  std::vector<double> forces;
  for (const ContactReport& c : world.contacts())
    if ((c.body1 == a && c.body2 == b) || (c.body1 == b && c.body2 == a)) forces.push_back(c.force);
  return forces;
}

}  // namespace

TEST_CASE("a resting box whose mass is doubled carries twice m g, split over its corners") {
  for (SolverKind solver : {SolverKind::Contact, SolverKind::Timestep}) {
    CAPTURE(static_cast<int>(solver));
    World world = makeWorld(settingsFor(solver));
    BodyId floor = addFloor(world);
    const double gap = targetGap(world);
    BodyId box = add(world, boxDef("box", 2, 1, 0, 0.5 + gap, 2));
    run(world, 0.5);
    // ContactSim solves the resting forces exactly; time stepping to its tolerance.
    const double tolerance = solver == SolverKind::Contact ? 1e-6 : 1e-3;
    CHECK(forceBetween(world, box, floor) == doctest::Approx(2 * g).epsilon(tolerance));

    REQUIRE(world.setBodyMass(box, 4).ok());
    CHECK(world.body(box)->mass == 4);
    CHECK(world.body(box)->inertia == doctest::Approx(4 * (2 * 2 + 1 * 1) / 12.0));
    auto checkDoubled = [&] {
      CHECK(forceBetween(world, box, floor) == doctest::Approx(4 * g).epsilon(tolerance));
      if (solver == SolverKind::Contact) {
        std::vector<double> corners = cornerForces(world, box, floor);
        REQUIRE(corners.size() == 2);
        for (double f : corners) CHECK(f == doctest::Approx(4 * g / 2).epsilon(tolerance));
      }
    };
    checkDoubled();  // at once, before any step
    run(world, 1);
    checkDoubled();
    const BodyState s = stateOf(world, box);
    CHECK(std::abs(s.position.y - (0.5 + gap)) < 1e-4);
    CHECK(glm::length(s.velocity) < 1e-4);
  }
}

TEST_CASE("a falling body made fixed stops and stays put under gravity; freed, it falls again") {
  for (SolverKind solver : {SolverKind::Contact, SolverKind::Timestep}) {
    CAPTURE(static_cast<int>(solver));
    World world = makeWorld(settingsFor(solver));
    addFloor(world);
    BodyId box = add(world, boxDef("box", 1, 1, 0, 5, 3));
    BodyState moving = stateOf(world, box);
    moving.velocity = {1, 2};
    moving.omega = 0.5;
    REQUIRE(world.setBodyState(box, moving).ok());
    run(world, 0.2);

    REQUIRE(world.setBodyFixed(box, true).ok());
    const BodyState held = stateOf(world, box);
    CHECK(held.velocity == Vec2{0, 0});
    CHECK(held.omega == 0);
    CHECK(std::isinf(world.body(box)->mass));
    CHECK(std::isinf(world.body(box)->inertia));
    CHECK(world.body(box)->def.fixed);
    run(world, 1);
    CHECK(sameBits(stateOf(world, box), held));

    REQUIRE(world.setBodyFixed(box, false).ok());
    CHECK(world.body(box)->mass == 3);  // its mass comes back with it
    const double t = 0.3;
    run(world, t);
    // Free fall from rest: the drop is g t^2 / 2 (exact with RK4; semi-implicit Euler adds g t dt /
    // 2).
    const double drop = held.position.y - stateOf(world, box).position.y;
    const double dt = world.settings().dt;
    CHECK(drop ==
          doctest::Approx(g * t * t / 2).epsilon(solver == SolverKind::Contact ? 1e-9 : 0.05));
    CHECK(drop < g * (t * t + t * dt) / 2 + 1e-9);
    CHECK(stateOf(world, box).position.x == held.position.x);
  }
}

TEST_CASE("editing one body keeps another's spring and thrust: it moves as in a world not edited") {
  for (SolverKind solver : {SolverKind::Contact, SolverKind::Timestep}) {
    CAPTURE(static_cast<int>(solver));
    World world = makeWorld(settingsFor(solver));
    addFloor(world);
    const double gap = targetGap(world);
    BodyId box = add(world, boxDef("box", 2, 1, 0, 0.5 + gap, 2));
    // Far from the box: a disc on a spring from (10, 6), pushed sideways by a thrust.
    BodyId ball = add(world, discDef("ball", 0.5, 10, 4, 1.5));
    SpringDef spring;
    spring.body = ball;
    spring.bodyPoint = {0.2, 0};
    spring.anchor = {10, 6};
    spring.stiffness = 40;
    spring.restLength = 1;
    Result<SpringId> springId = world.addSpring(spring);
    REQUIRE(springId.ok());
    ThrustDef thrust;
    thrust.body = ball;
    thrust.force = {3, 0};
    Result<ThrustId> thrustId = world.addThrust(thrust);
    REQUIRE(thrustId.ok());
    run(world, 0.3);

    World untouched = world;
    REQUIRE(world.setBodyMass(box, 5).ok());
    for (int i = 0; i < 50; ++i) {
      stepValid(world);
      stepValid(untouched);
      REQUIRE(sameBits(stateOf(world, ball), stateOf(untouched, ball)));
    }
    CHECK(world.time() == untouched.time());
    // The spring and the thrust did act: the ball is not where free fall would have it.
    CHECK(std::abs(stateOf(world, ball).position.x - 10) > 0.01);
    CHECK(stateOf(world, ball).position.y > 4 - g * 0.8 * 0.8 / 2 + 0.1);

    REQUIRE(world.setBodyFixed(box, true).ok());
    REQUIRE(world.setBodyFixed(box, false).ok());
    REQUIRE(world.setBodyMass(box, 1).ok());
    // Still there, under the same ids.
    CHECK(world.removeThrust(thrustId.value()).ok());
    CHECK(world.removeSpring(springId.value()).ok());
    CHECK(world.bodyCount() == 3);
  }
}

TEST_CASE(
    "a captured scene writes the edited mass and fixedness, and rebuilds to the same bodies") {
  World world = makeWorld();
  addFloor(world);
  BodyId a = add(world, boxDef("A", 1, 1, 0, 2, 1));
  BodyId b = add(world, discDef("B", 0.5, 3, 2, 1));
  REQUIRE(world.setBodyMass(a, 7.5).ok());
  REQUIRE(world.setBodyFixed(b, true).ok());
  Scene scene = captureScene(world);
  REQUIRE(scene.bodies.size() == 3);
  CHECK(scene.bodies[1].mass == 7.5);
  CHECK(scene.bodies[2].fixed);
  Result<World> rebuilt = buildWorld(scene);
  REQUIRE(rebuilt.ok());
  CHECK(rebuilt->body(*rebuilt->findBody("A"))->mass == 7.5);
  CHECK(rebuilt->body(*rebuilt->findBody("B"))->def.fixed);
}

TEST_CASE("bad masses and bad ids are refused with a reason and the world bit-for-bit unchanged") {
  for (SolverKind solver : {SolverKind::Contact, SolverKind::Timestep}) {
    CAPTURE(static_cast<int>(solver));
    World world = makeWorld(settingsFor(solver));
    addFloor(world);
    const double gap = targetGap(world);
    BodyId gone = add(world, discDef("gone", 0.25, 8, 3));
    REQUIRE(world.removeBody(gone).ok());
    BodyId box = add(world, boxDef("box", 2, 1, 0, 0.5 + gap, 2));
    BodyId ball = add(world, discDef("ball", 0.25, 0.3, 3));
    run(world, 0.2);  // the solvers carry a warm start now
    World before = world;
    const std::string sceneBefore = writeScene(captureScene(world));

    for (double bad : std::vector<double>{0.0, -1.0, NAN, INFINITY, -INFINITY, 1e13, 1e-10}) {
      CAPTURE(bad);
      Status status = world.setBodyMass(box, bad);
      REQUIRE_FALSE(status.ok());
      CHECK(contains(status.error().message, "body 'box'"));
      CHECK(contains(status.error().message, "mass"));
    }
    for (BodyId bad : {gone, BodyId{}, BodyId{9, 1}}) {
      Status mass = world.setBodyMass(bad, 1);
      REQUIRE_FALSE(mass.ok());
      CHECK(contains(mass.error().message, "no such body"));
      CHECK_FALSE(world.setBodyFixed(bad, true).ok());
    }
    CHECK(writeScene(captureScene(world)) == sceneBefore);
    CHECK(world.body(box)->mass == 2);
    CHECK(world.body(box)->inertia == before.body(box)->inertia);
    // The states, the forces and the warm start are as they were: the world continues bit-for-bit
    // like the copy taken before the refused edits.
    for (int i = 0; i < 30; ++i) {
      stepValid(world);
      stepValid(before);
      REQUIRE(sameBits(stateOf(world, box), stateOf(before, box)));
      REQUIRE(sameBits(stateOf(world, ball), stateOf(before, ball)));
    }
  }
}

TEST_CASE(
    "the mass limits are those of addBody: the smallest and largest allowed masses are taken") {
  World world = makeWorld();
  BodyId box = add(world, boxDef("box", 1, 1, 0, 0));
  CHECK(world.setBodyMass(box, limits::kMinMass).ok());
  CHECK(world.setBodyMass(box, limits::kMaxMass).ok());
  CHECK(world.body(box)->mass == limits::kMaxMass);
  CHECK_FALSE(world.setBodyMass(box, limits::kMaxMass * 1.01).ok());
  CHECK(world.body(box)->mass == limits::kMaxMass);
  Status refused = world.setBodyMass(box, 2e12);
  REQUIRE_FALSE(refused.ok());
  CHECK(contains(refused.error().message, "mass must be from 1e-9 kg to 1e12 kg (found 2e12)"));
}
