// Joints under the substeps where they move fast, against the conservation laws: a link pinned at
// one end and a chain of five spinning in zero gravity keep their kinetic energy and their angular
// momentum about the pin (the pins' impulses act at the pin: no torque about it); a chain of 100
// links released horizontal falls and whips without gaining energy and with its joints held; a net
// of hinged discs too wide for the exact solve (solved row by row) swings without gaining energy.
// Before the exact solve (substep_solver.h) the first gained 250 times its energy in 6 s, the chain
// blew up after 7 s and the net after 20 s.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "contactlab/world.h"
#include "joint_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

World substepWorld(double gravity) {
  WorldSettings settings;
  settings.solver = SolverKind::Timestep;
  settings.timestepScheme = TimestepScheme::Substeps;
  settings.gravity = gravity;
  Result<World> world = World::create(settings);
  REQUIRE(world.ok());
  return std::move(world.value());
}

// A chain of `links` boxes of `length` x 0.1 m and 0.2 kg along +x from the origin, link 0 pinned
// to the world at the origin, each next link hinged to the one before; every link turning at
// `omega` about the origin (a rigid spin).
std::vector<BodyId> spinningChain(World& world, int links, double length, double omega) {
  std::vector<BodyId> chain;
  for (int i = 0; i < links; ++i) {
    const double x = length / 2 + i * length;
    const BodyId link =
        addBox(world, ("link" + std::to_string(i)).c_str(), length, 0.1, 0.2, {x, 0});
    BodyState state = world.body(link)->state;
    state.velocity = {0, omega * x};
    state.omega = omega;
    REQUIRE(world.setBodyState(link, state).ok());
    if (i == 0)
      addJoint(world, {"pin", JointKind::Pin, link, BodyId{}, {-length / 2, 0}, {0, 0}});
    else
      addJoint(world, {"hinge" + std::to_string(i),
                       JointKind::Hinge,
                       link,
                       chain.back(),
                       {-length / 2, 0},
                       {length / 2, 0}});
    chain.push_back(link);
  }
  return chain;
}

// The angular momentum about the origin: I omega + m (x cross v) summed over the bodies.
double angularMomentum(const World& world, const std::vector<BodyId>& bodies) {
  double sum = 0;
  for (const BodyId id : bodies) {
    const BodyView b = *world.body(id);
    sum += b.inertia * b.state.omega + b.mass * (b.state.position.x * b.state.velocity.y -
                                                 b.state.position.y * b.state.velocity.x);
  }
  return sum;
}

double largestDrift(World& world) {
  double largest = 0;
  for (const JointReport& joint : world.joints())
    largest = std::max(largest, glm::length(joint.pointA - joint.pointB));
  return largest;
}

}  // namespace

TEST_CASE("under the substeps a spinning link and chain keep their energy and angular momentum") {
  for (const int links : {1, 2, 5}) {
    CAPTURE(links);
    World world = substepWorld(0);
    const std::vector<BodyId> chain = spinningChain(world, links, 0.5, 20);
    const double energy = world.energy().kinetic, momentum = angularMomentum(world, chain);
    for (int second = 1; second <= 10; ++second) {
      for (int step = 0; step < 60; ++step) REQUIRE(world.step().ok());
      CAPTURE(second);
      CHECK(world.energy().kinetic == doctest::Approx(energy).epsilon(0.01));
      CHECK(angularMomentum(world, chain) == doctest::Approx(momentum).epsilon(0.01));
      CHECK(largestDrift(world) < 1e-3);
    }
  }
}

TEST_CASE("under the substeps a chain of 100 links falls and whips without gaining energy") {
  World world = substepWorld(9.81);
  const int links = 100;
  const double length = 0.5, mass = 0.2;
  spinningChain(world, links, length, 0);
  const double start = world.energy().total;
  // Energy may move by the step's O(dt) oscillation, a small share of what the fall releases.
  const double scale = links * mass * 9.81 * links * length;
  for (int step = 0; step < 20 * 60; ++step) {
    CAPTURE(step);
    REQUIRE(world.step().ok());
    REQUIRE(world.energy().total < start + 0.01 * scale);
    REQUIRE(largestDrift(world) < 1e-3);
  }
}

TEST_CASE(
    "under the substeps a net of 15 x 15 hinged discs swings for 30 s without gaining energy" *
    doctest::test_suite("long")) {
  // Box2D v3's joint benchmark at 15 x 15 (bench/joint_grid_scene.h): discs a metre apart, each
  // hinged to the one above and the one to its left, the middle seven of the top row fixed. Its
  // rows form a group too wide for the exact solve.
  World world = substepWorld(9.81);
  const int n = 15;
  std::vector<BodyId> discs;
  for (int k = 0; k < n; ++k)
    for (int i = 0; i < n; ++i) {
      const bool fixed = i == 0 && k >= n / 2 - 3 && k <= n / 2 + 3;
      BodyDef def;
      def.name = "disc" + std::to_string(discs.size());
      def.shape = ShapeKind::Disc;
      def.radius = 0.4;
      def.fixed = fixed;
      def.state.position = {static_cast<double>(k), static_cast<double>(-i)};
      discs.push_back(world.addBody(def).value());
      const int index = static_cast<int>(discs.size()) - 1;
      const bool leftFixed = i == 0 && k - 1 >= n / 2 - 3 && k - 1 <= n / 2 + 3;
      if (i > 0)
        addJoint(world, {"down" + std::to_string(index),
                         JointKind::Hinge,
                         discs[index - 1],
                         discs[index],
                         {0, -0.5},
                         {0, 0.5}});
      if (k > 0 && !(fixed && leftFixed))
        addJoint(world, {"across" + std::to_string(index),
                         JointKind::Hinge,
                         discs[index - n],
                         discs[index],
                         {0.5, 0},
                         {-0.5, 0}});
    }
  const double start = world.energy().total;
  for (int step = 0; step < 30 * 60; ++step) {
    CAPTURE(step);
    REQUIRE(world.step().ok());
    REQUIRE(world.energy().total < start + 1e-3 * std::abs(start));
  }
  CHECK(largestDrift(world) < 0.05);
}
