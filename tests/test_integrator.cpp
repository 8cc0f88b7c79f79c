// Integrators: RK4 conserves energy in free flight; Euler, midpoint and RK4 converge at orders
// 1, 2 and 4 on a spring oscillator with a known solution; the interpolation between a step's ends
// is exact for motion of constant acceleration.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "integrator.h"
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

TEST_CASE("the interpolation between a step's ends is exact for motion of constant acceleration") {
  // x(t) = x0 + v0 t + a t^2 / 2 and theta(t) = theta0 + omega0 t + alpha t^2 / 2: a cubic Hermite
  // interpolation from the values and rates at both ends holds every quadratic exactly; a linear
  // one would miss the middle by a h^2 / 8 (here 2.7e-4 m and 1.1e-4 rad).
  const double h = 0.021;
  const Vec2 x0{0.3, 2}, v0{1.5, -0.7}, a{0.4, -9.81};
  const double theta0 = 0.2, omega0 = 3, alpha = -2;
  auto at = [&](double t) {
    BodyState s;
    s.position = x0 + t * v0 + 0.5 * t * t * a;
    s.angle = theta0 + t * omega0 + 0.5 * t * t * alpha;
    s.velocity = v0 + t * a;
    s.omega = omega0 + t * alpha;
    return s;
  };
  const std::vector<BodyState> start{at(0)}, end{at(h)};
  std::vector<BodyState> between;
  for (double fraction : {0.0, 0.1, 0.37, 0.5, 0.83, 1.0}) {
    CAPTURE(fraction);
    interpolateStates(start, end, h, fraction, between);
    const BodyState exact = at(fraction * h);
    REQUIRE(between.size() == 1);
    CHECK(glm::length(between[0].position - exact.position) <= 1e-14);
    CHECK(std::abs(between[0].angle - exact.angle) <= 1e-14);
    CHECK(glm::length(between[0].velocity - exact.velocity) <= 1e-14);
    CHECK(std::abs(between[0].omega - exact.omega) <= 1e-14);
  }
}
