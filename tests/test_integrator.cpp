// Integrators: RK4 conserves energy in free flight; Euler, midpoint and RK4 converge at orders
// 1, 2 and 4 on a spring oscillator with a known solution.
#include <doctest/doctest.h>

#include <cmath>

#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

TEST_CASE("free flight and spin with no damping conserve total energy to 1e-9 with RK4 over 10 s") {
  for (double dt : {0.01, 0.005}) {
    WorldSettings settings;
    settings.dt = dt;
    World world = makeWorld(settings);
    BodyDef box = boxDef("box", 2, 1, 0, 100, 3);
    box.state.velocity = {1.5, 20};
    box.state.omega = 7;
    BodyDef disc = discDef("disc", 0.3, 50, 0, 2);
    disc.state.velocity = {-2, 5};
    disc.state.omega = -3;
    add(world, box);
    add(world, disc);
    const double before = world.energy().total;
    run(world, 10);
    CHECK(std::abs(world.energy().total - before) <= 1e-9 * std::abs(before));
  }
}

namespace {

// Position error after 2 s of a mass on a spring (x'' = -k/m x), released from x = 1.
double oscillatorError(IntegratorKind kind, double dt) {
  WorldSettings settings;
  settings.gravity = 0;
  settings.dt = dt;
  settings.integrator = kind;
  World world = makeWorld(settings);
  BodyId body = add(world, discDef("mass", 0.1, 1, 0, 1));
  SpringDef spring;
  spring.body = body;
  spring.stiffness = 4;  // omega = 2 rad/s
  REQUIRE(world.addSpring(spring).ok());
  run(world, 2);
  return std::abs(stateOf(world, body).position.x - std::cos(2 * 2));
}

}  // namespace

TEST_CASE("Euler, midpoint and RK4 converge at orders 1, 2 and 4") {
  struct Case {
    IntegratorKind kind;
    double order;
  };
  for (Case c : {Case{IntegratorKind::Euler, 1}, Case{IntegratorKind::Midpoint, 2},
                 Case{IntegratorKind::Rk4, 4}}) {
    double coarse = oscillatorError(c.kind, 0.02), fine = oscillatorError(c.kind, 0.01);
    CHECK(std::log2(coarse / fine) == doctest::Approx(c.order).epsilon(0.15));
  }
}
