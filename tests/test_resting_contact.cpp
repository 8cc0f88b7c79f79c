// ContactSim: resting bodies carry their weight at the corners, exactly, and neither sink nor
// drift.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {
constexpr double g = 9.81;
}

TEST_CASE("a 2x1 block of mass 2 on the floor carries m g / 2 at each corner and does not drift") {
  for (double dt : {0.01, 0.005}) {
    WorldSettings settings;
    settings.dt = dt;
    World world = makeWorld(settings);
    BodyId floor = addFloor(world);
    const double gap = settings.distanceTol / 2;
    BodyId block = add(world, boxDef("A", 2, 1, 0, 0.5 + gap, 2));

    auto checkCorners = [&] {
      const auto& contacts = world.contacts();
      REQUIRE(contacts.size() == 2);
      for (const ContactReport& c : contacts) {
        CHECK(c.body1 == block);
        CHECK(c.body2 == floor);
        CHECK(c.normal.y == doctest::Approx(1));
        CHECK(c.force == doctest::Approx(2 * g / 2).epsilon(1e-6));
        CHECK(std::abs(std::abs(c.point.x) - 1) < 1e-9);
      }
    };
    checkCorners();
    run(world, 10);
    checkCorners();
    BodyState s = stateOf(world, block);
    CHECK(std::abs(s.position.y - (0.5 + gap)) < 1e-6);
    CHECK(std::abs(s.position.x) < 1e-9);
    CHECK(std::abs(s.angle) < 1e-9);
    CHECK(glm::length(s.velocity) < 1e-6);
    CHECK(world.statistics().contact.worstResidual <= 1e-9);
  }
}

TEST_CASE("a block dropped from a little height settles at the target gap") {
  World world = makeWorld();
  addFloor(world);
  BodyId block = add(world, boxDef("A", 2, 1, 0, 0.5 + 0.008, 2));
  run(world, 2);
  const double gap = world.settings().distanceTol / 2;
  CHECK(stateOf(world, block).position.y == doctest::Approx(0.5 + gap).epsilon(1e-6));
}

TEST_CASE("each level of a tapering stack carries exactly the weight above it") {
  World world = makeWorld();
  BodyId floor = addFloor(world);
  const double gap = world.settings().distanceTol / 2;
  const std::vector<double> widths{4, 3, 2, 1};
  const std::vector<double> masses{4, 3, 2, 1};
  std::vector<BodyId> blocks;
  double y = 0;
  for (size_t i = 0; i < widths.size(); ++i) {
    y += gap;
    blocks.push_back(
        add(world, boxDef("level" + std::to_string(i), widths[i], 0.5, 0, y + 0.25, masses[i])));
    y += 0.5;
  }
  run(world, 3);
  for (size_t i = 0; i < blocks.size(); ++i) {
    double weightAbove = 0;
    for (size_t j = i; j < blocks.size(); ++j) weightAbove += masses[j] * g;
    BodyId below = i == 0 ? floor : blocks[i - 1];
    CHECK(forceBetween(world, blocks[i], below) == doctest::Approx(weightAbove).epsilon(1e-6));
  }
}

TEST_CASE(
    "a frictionless block on a 30 degree ramp slides at g sin 30 with normal force m g cos 30") {
  for (double dt : {0.01, 0.004}) {
    WorldSettings settings;
    settings.dt = dt;
    World world = makeWorld(settings);
    const double slope = M_PI / 6;
    const Vec2 along{std::cos(slope), std::sin(slope)};
    const Vec2 normal{-std::sin(slope), std::cos(slope)};
    BodyDef rampDef = boxDef("ramp", 20, 1, 0, 0, 1, slope);
    rampDef.fixed = true;
    BodyId ramp = add(world, rampDef);
    const double mass = 3, gap = settings.distanceTol / 2;
    Vec2 start = 5.0 * along + (0.5 + 0.25 + gap) * normal;
    BodyId block = add(world, boxDef("block", 1, 0.5, start.x, start.y, mass, slope));

    CHECK(forceBetween(world, block, ramp) ==
          doctest::Approx(mass * g * std::cos(slope)).epsilon(1e-6));
    const double t = 1.0;
    run(world, t);
    BodyState s = stateOf(world, block);
    const double a = g * std::sin(slope);
    CHECK(glm::dot(s.position - start, along) == doctest::Approx(-0.5 * a * t * t).epsilon(1e-6));
    CHECK(glm::dot(s.velocity, along) == doctest::Approx(-a * t).epsilon(1e-6));
    CHECK(std::abs(glm::dot(s.position - start, normal)) < 1e-6);
    CHECK(forceBetween(world, block, ramp) ==
          doctest::Approx(mass * g * std::cos(slope)).epsilon(1e-6));
  }
}

TEST_CASE(
    "redundant contact sets are solved: box on an equal box, plank on two blocks, a wedged block") {
  SUBCASE("a box on an equal box") {
    World world = makeWorld();
    BodyId floor = addFloor(world);
    const double gap = world.settings().distanceTol / 2;
    BodyId lower = add(world, boxDef("lower", 1, 1, 0, 0.5 + gap, 1));
    BodyId upper = add(world, boxDef("upper", 1, 1, 0, 1.5 + 2 * gap, 2));
    run(world, 2);
    CHECK(forceBetween(world, upper, lower) == doctest::Approx(2 * g).epsilon(1e-6));
    CHECK(forceBetween(world, lower, floor) == doctest::Approx(3 * g).epsilon(1e-6));
    CHECK(stateOf(world, upper).position.y == doctest::Approx(1.5 + 2 * gap).epsilon(1e-6));
    CHECK(world.statistics().contact.worstResidual <= 1e-9);
  }
  SUBCASE("a plank lying flat across two blocks") {
    // Statically indeterminate: how the plank's weight splits between the blocks is not fixed by
    // rigid-body statics, so the test asserts what is: every body's balance of forces.
    World world = makeWorld();
    BodyId floor = addFloor(world);
    const double gap = world.settings().distanceTol / 2;
    BodyId left = add(world, boxDef("left", 1, 1, -2, 0.5 + gap, 1));
    BodyId right = add(world, boxDef("right", 1, 1, 2, 0.5 + gap, 1));
    BodyId plank = add(world, boxDef("plank", 6, 0.2, 0, 1.1 + 2 * gap, 3));
    run(world, 2);
    const double onLeft = forceBetween(world, plank, left),
                 onRight = forceBetween(world, plank, right);
    CHECK(onLeft + onRight == doctest::Approx(3 * g).epsilon(1e-6));
    CHECK(forceBetween(world, left, floor) == doctest::Approx(1 * g + onLeft).epsilon(1e-6));
    CHECK(forceBetween(world, right, floor) == doctest::Approx(1 * g + onRight).epsilon(1e-6));
    double torque = 0;
    for (const ContactReport& c : world.contacts())
      if (c.body1 == plank || c.body2 == plank) torque += c.point.x * c.force;
    CHECK(std::abs(torque) < 1e-6 * 3 * g);
    CHECK(std::abs(stateOf(world, plank).angle) < 1e-6);
    CHECK(world.statistics().contact.worstResidual <= 1e-9);
  }
  SUBCASE("a block wedged between two walls") {
    World world = makeWorld();
    BodyId floor = addFloor(world);
    const double gap = world.settings().distanceTol / 2;
    BodyDef wall = boxDef("leftWall", 1, 4, -1.5 - gap, 2);
    wall.fixed = true;
    add(world, wall);
    wall.name = "rightWall";
    wall.state.position.x = 1.5 + gap;
    add(world, wall);
    BodyId block = add(world, boxDef("block", 2, 1, 0, 0.5 + gap, 2));
    run(world, 2);
    CHECK(forceBetween(world, block, floor) == doctest::Approx(2 * g).epsilon(1e-6));
    BodyState s = stateOf(world, block);
    CHECK(std::abs(s.position.x) < 1e-6);
    CHECK(glm::length(s.velocity) < 1e-6);
    CHECK(world.statistics().contact.worstResidual <= 1e-9);
  }
}

TEST_CASE("every solve of a settling stack passes the complementarity certificate") {
  World world = makeWorld();
  addFloor(world);
  const double gap = world.settings().distanceTol / 2;
  for (int i = 0; i < 6; ++i)
    add(world, boxDef("b" + std::to_string(i), 1, 1, 0.1 * (i % 2), 0.5 + gap + i * (1 + gap), 1));
  run(world, 3);
  CHECK(world.statistics().contact.lcpSolves > 0);
  CHECK(world.statistics().contact.worstResidual <= 1e-9);
}
