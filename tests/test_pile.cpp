// A pile of random blocks dropped into a box comes to rest and stays at rest.
#include <doctest/doctest.h>

#include <random>

#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

TEST_CASE(
    "piles of 10 and 20 random blocks settle: then all speeds stay below 1e-3 and nothing "
    "collides") {
  for (int count : {10, 20}) {
    CAPTURE(count);
    // Frictionless blocks only stop sliding where they lie flat or wedged; a little viscous damping
    // and a low restitution let the pile find such a state in seconds, as in class.
    WorldSettings settings;
    settings.damping = 1;
    settings.elasticity = 0.2;
    World world = makeWorld(settings);
    addFloor(world);
    for (double x : {-3.0, 3.0}) {
      BodyDef wall =
          boxDef(x < 0 ? "leftWall" : "rightWall", 0.5, 10, x + (x < 0 ? -0.25 : 0.25), 5);
      wall.fixed = true;
      add(world, wall);
    }
    std::mt19937 random(20261202);
    std::uniform_real_distribution<double> size(0.4, 1.2), mass(0.5, 3), tilt(-0.3, 0.3);
    for (int i = 0; i < count; ++i) {
      double x = -1.8 + 1.8 * (i % 3);
      double y = 1 + 1.4 * (i / 3);
      const double w = size(random), h = 0.8 * size(random), m = mass(random), angle = tilt(random);
      add(world, boxDef("block" + std::to_string(i), w, h, x, y, m, angle));
    }
    run(world, 30);
    const auto collisionsBefore = world.statistics().collisions;
    for (int i = 0; i < 200; ++i) {
      stepValid(world);
      for (BodyId id : world.bodies()) {
        BodyState s = stateOf(world, id);
        REQUIRE(glm::length(s.velocity) < 1e-3);
        REQUIRE(std::abs(s.omega) < 1e-3);
      }
    }
    CHECK(world.statistics().collisions == collisionsBefore);
    CHECK(world.statistics().contact.worstResidual <= 1e-9);
  }
}
