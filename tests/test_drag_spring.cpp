// The mouse drag spring: it attaches at the grabbed point, its stiffness and damping scale with
// the body's mass, the damping acts in every direction, a body held still hangs g / w^2 below the
// mouse (at every time step), and letting go leaves the body in free fall.
#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <numbers>

#include "contactlab/body_frame.h"
#include "drag_spring.h"
#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

TEST_CASE(
    "the spring holds the grabbed point with k = m w^2; dashpots along x and y give c = 2 zeta m "
    "w") {
  World world = makeWorld();
  BodyId id = add(world, boxDef("block", 2, 1, 1, 2, 3, 0.5));
  BodyView body = *world.body(id);
  Vec2 grab = toWorldFrame(body.state, {0.7, -0.3});
  DragTuning tuning{2, 0.7};
  SpringDef def = dragSpringDef(body, grab, {5, 5}, tuning);
  const double w = 2 * std::numbers::pi * 2;
  CHECK(def.body == id);
  CHECK(def.bodyPoint.x == doctest::Approx(0.7));
  CHECK(def.bodyPoint.y == doctest::Approx(-0.3));
  CHECK(def.anchor == Vec2{5, 5});
  CHECK(def.stiffness == doctest::Approx(3 * w * w));
  CHECK(def.restLength == 0);
  std::array<SpringDef, 2> dashpots = dragDashpotDefs(body, grab, {5, 5}, tuning);
  for (int axis = 0; axis < 2; ++axis) {
    CAPTURE(axis);
    const SpringDef& d = dashpots[axis];
    CHECK(d.bodyPoint.x == doctest::Approx(0.7));
    CHECK(d.bodyPoint.y == doctest::Approx(-0.3));
    CHECK(d.stiffness == 0);
    CHECK(d.damping == doctest::Approx(2 * 0.7 * 3 * w));
    // Anchored far along its axis, so it pulls along that axis only.
    Vec2 along = glm::normalize(d.anchor - Vec2{5, 5});
    CHECK(along.x == doctest::Approx(axis == 0 ? 1 : 0));
    CHECK(along.y == doctest::Approx(axis == 1 ? 1 : 0));
    CHECK(glm::length(d.anchor - Vec2{5, 5}) > 1e4);
  }
  CHECK(dragSag(9.81, tuning) == doctest::Approx(9.81 / (w * w)));
}

TEST_CASE("a body held still by its centre hangs g / w^2 below the mouse, at any step") {
  for (double dt : {0.01, 0.005}) {
    CAPTURE(dt);
    WorldSettings settings;
    settings.dt = dt;
    World world = makeWorld(settings);
    BodyId id = add(world, boxDef("block", 1, 0.5, 0, 0, 2));
    DragSpring drag;
    REQUIRE(drag.begin(world, id, {0, 0}));
    REQUIRE(drag.moveTo(world, {1.5, 2}));
    run(world, 6);  // many times the 0.11 s decay time of zeta = 0.7 at 2 Hz
    BodyState s = stateOf(world, id);
    CHECK(s.position.x == doctest::Approx(1.5).epsilon(1e-6));
    CHECK(s.position.y == doctest::Approx(2 - dragSag(settings.gravity)).epsilon(1e-6));
    CHECK(std::abs(s.velocity.y) < 1e-6);
  }
}

TEST_CASE(
    "the damping stops sideways swinging too: a body moved sideways settles under the mouse") {
  World world = makeWorld();
  BodyId id = add(world, discDef("ball", 0.25, 0, 0, 1));
  DragSpring drag;
  REQUIRE(drag.begin(world, id, {0, 0}));
  REQUIRE(drag.moveTo(world, {0, 0}));
  run(world, 2);                        // hanging below the mouse
  REQUIRE(drag.moveTo(world, {2, 0}));  // the mouse jumps sideways
  run(world, 3);
  BodyState s = stateOf(world, id);
  // Damped at zeta = 0.7 with w = 4 pi, the 2 m swing decays by e^-(zeta w t) = e^-26 in 3 s.
  CHECK(s.position.x == doctest::Approx(2).epsilon(1e-6));
  CHECK(std::abs(s.velocity.x) < 1e-6);
}

TEST_CASE("every mass follows the mouse at the same pace") {
  // k = m w^2: the spring acceleration k x / m does not depend on the mass.
  double y[2];
  for (int i = 0; i < 2; ++i) {
    WorldSettings settings;
    settings.gravity = 0;
    World world = makeWorld(settings);
    BodyId id = add(world, discDef("ball", 0.5, 0, 0, i == 0 ? 0.1 : 50));
    DragSpring drag;
    REQUIRE(drag.begin(world, id, {0, 0}));
    REQUIRE(drag.moveTo(world, {0, 1}));
    run(world, 0.1);
    y[i] = stateOf(world, id).position.y;
  }
  CHECK(y[0] == doctest::Approx(y[1]).epsilon(1e-9));
  CHECK(y[0] > 0.2);
}

TEST_CASE("letting go removes the spring: the body falls freely") {
  World world = makeWorld();
  BodyId id = add(world, boxDef("block", 1, 1, 0, 10, 1));
  DragSpring drag;
  REQUIRE(drag.begin(world, id, {0, 10}));
  REQUIRE(drag.moveTo(world, {0, 10}));
  CHECK(drag.active());
  CHECK(drag.body() == id);
  drag.end(world);
  CHECK_FALSE(drag.active());
  run(world, 0.5);
  BodyState s = stateOf(world, id);
  CHECK(s.velocity.y == doctest::Approx(-world.settings().gravity * 0.5).epsilon(1e-9));
  CHECK(s.position.y == doctest::Approx(10 - 0.5 * world.settings().gravity * 0.25).epsilon(1e-9));
}

TEST_CASE("a fixed body cannot be dragged by a spring, and nothing changes") {
  World world = makeWorld();
  BodyId floor = addFloor(world);
  DragSpring drag;
  CHECK_FALSE(drag.begin(world, floor, {0, -0.5}));
  CHECK_FALSE(drag.active());
  CHECK_FALSE(drag.moveTo(world, {1, 1}));
}

TEST_CASE("a removed body ends the drag harmlessly") {
  World world = makeWorld();
  BodyId id = add(world, boxDef("block", 1, 1, 0, 0, 1));
  DragSpring drag;
  REQUIRE(drag.begin(world, id, {0.2, 0.1}));
  REQUIRE(world.removeBody(id));
  CHECK_FALSE(drag.moveTo(world, {1, 1}));
  drag.end(world);
  CHECK_FALSE(drag.active());
  stepValid(world);
}

TEST_CASE("grabbing a second body lets go of the first") {
  World world = makeWorld();
  BodyId a = add(world, boxDef("a", 1, 1, 0, 5, 1));
  BodyId b = add(world, boxDef("b", 1, 1, 3, 5, 1));
  DragSpring drag;
  REQUIRE(drag.begin(world, a, {0, 5}));
  REQUIRE(drag.begin(world, b, {3, 5}));
  CHECK(drag.body() == b);
  run(world, 0.5);
  // a is free: it falls as if nothing held it.
  CHECK(stateOf(world, a).velocity.y == doctest::Approx(-world.settings().gravity * 0.5));
  CHECK(std::abs(stateOf(world, b).velocity.y) < 1);
}
