// ContactSim: bodies that start inside each other are pushed apart at a bounded speed, end
// separated, and then rest with the exact contact forces (overlap_separation.h).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "contactlab/world.h"
#include "overlap_scene.h"
#include "overlap_separation.h"
#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

std::vector<BodyState> statesOf(const World& world) {
  std::vector<BodyState> states;
  for (BodyId id : world.bodies()) states.push_back(world.body(id)->state);
  return states;
}

double kineticEnergy(const World& world) {
  double sum = 0;
  for (BodyId id : world.bodies()) {
    const BodyView b = *world.body(id);
    if (b.def.fixed) continue;
    sum += b.mass * glm::dot(b.state.velocity, b.state.velocity) / 2 +
           b.inertia * b.state.omega * b.state.omega / 2;
  }
  return sum;
}

}  // namespace

TEST_CASE("twenty boxes placed at one point separate and stay on the floor") {
  // The scene of the report: a floor and 20 unit boxes of 1 kg, all at (0, 0.5). They must spread
  // over at least 20 m^2 at no more than 1 m/s each; 8 s leaves room for the pile to settle. The
  // push lifts each box by at most kMaxSeparationSpeed dt a step, so the energy it adds in a step
  // is at most what lifting all 20 that far adds; the gap correction may add a little, collisions
  // only take energy away.
  for (double dt : {0.01, 0.005}) {
    CAPTURE(dt);
    WorldSettings settings;
    settings.dt = dt;
    World world = overlap::boxesAtOnePoint(20, 0, settings);
    const double tol = settings.distanceTol;
    REQUIRE(overlap::deepestOverlap(world) == doctest::Approx(1));
    const double liftPerStep = 20 * settings.gravity * kMaxSeparationSpeed * dt;
    double energy = world.energy().total, largestGain = 0;
    for (int step = 0; step < static_cast<int>(std::lround(8 / dt)); ++step) {
      stepValid(world);
      largestGain = std::max(largestGain, world.energy().total - energy);
      energy = world.energy().total;
    }
    CHECK(largestGain <= liftPerStep);
    // Pairs within distance_tol are resting contacts, held at the target gap: none is deeper.
    CHECK(overlap::deepestOverlap(world) <= tol);
    for (BodyId id : world.bodies()) {
      const BodyView b = *world.body(id);
      if (b.def.fixed || std::abs(b.state.position.x) > 10) continue;  // slid off the floor's ends
      CHECK(b.state.position.y >= 0.5 - tol);  // none was pressed into the floor
    }
    CHECK(world.statistics().contact.overlappingPairs > 0);
  }
}

TEST_CASE("bodies at one point are pushed apart no faster than the separation speed cap") {
  // Without gravity nothing but the separation moves the boxes. Each step, a box moves at most as
  // far as its velocity takes it plus kMaxSeparationSpeed dt, and the crowd never holds more
  // kinetic energy than if every box moved at the cap.
  for (double dt : {0.01, 0.005}) {
    CAPTURE(dt);
    WorldSettings settings;
    settings.gravity = 0;
    settings.dt = dt;
    World world = overlap::boxesAtOnePoint(20, 0, settings);
    const double energyCap = 20 * kMaxSeparationSpeed * kMaxSeparationSpeed / 2;  // 1 kg boxes
    double fastestPush = 0, mostEnergy = 0;
    for (int step = 0; step < static_cast<int>(std::lround(6 / dt)); ++step) {
      const std::vector<BodyState> before = statesOf(world);
      stepValid(world);
      const std::vector<BodyState> after = statesOf(world);
      for (size_t i = 0; i < after.size(); ++i) {
        const double moved = glm::length(after[i].position - before[i].position);
        const double speed =
            std::max(glm::length(before[i].velocity), glm::length(after[i].velocity));
        fastestPush = std::max(fastestPush, moved / dt - speed);
      }
      mostEnergy = std::max(mostEnergy, kineticEnergy(world));
    }
    CHECK(fastestPush <= kMaxSeparationSpeed * 1.02);
    CHECK(mostEnergy <= energyCap);
    CHECK(overlap::deepestOverlap(world) <= settings.distanceTol);
  }
}

TEST_CASE("a body sunk into the floor rises at the capped speed and then rests with m g") {
  // A 2 x 1 box (and a disc of radius 0.5) of 2 kg with its centre on the floor's top surface,
  // half inside the floor. It rises at no more than kMaxSeparationSpeed, does not pop out past the
  // resting band, and ends at the target gap carrying exactly its weight.
  for (bool disc : {false, true}) {
    for (double dt : {0.01, 0.005}) {
      CAPTURE(disc);
      CAPTURE(dt);
      WorldSettings settings;
      settings.dt = dt;
      World world = makeWorld(settings);
      BodyId floor = addFloor(world);
      BodyDef def = disc ? discDef("sunk", 0.5, 0.3, 0, 2) : boxDef("sunk", 2, 1, 0.3, 0, 2);
      BodyId sunk = add(world, def);
      const double targetGap = settings.distanceTol / 2;
      double previous = 0, fastestRise = 0, highest = 0;
      for (int step = 0; step < static_cast<int>(std::lround(1.5 / dt)); ++step) {
        stepValid(world);
        const double y = stateOf(world, sunk).position.y;
        fastestRise = std::max(fastestRise, (y - previous) / dt);
        highest = std::max(highest, y);
        previous = y;
      }
      CHECK(fastestRise <= kMaxSeparationSpeed * 1.001);
      CHECK(highest <= 0.5 + settings.distanceTol);
      const BodyState end = stateOf(world, sunk);
      CHECK(end.position.y == doctest::Approx(0.5 + targetGap).epsilon(1e-6));
      CHECK(end.position.x == doctest::Approx(0.3).epsilon(1e-9));
      CHECK(std::abs(end.angle) < 1e-9);
      CHECK(forceBetween(world, sunk, floor) ==
            doctest::Approx(2 * settings.gravity).epsilon(1e-6));
    }
  }
}

TEST_CASE("a box moved by hand into its neighbour is pushed out sideways and stays on the floor") {
  // Two 1 kg boxes rest on the floor 1.5 m apart; b is then placed 0.3 m into a. They part along
  // the floor, neither is lifted or tipped, neither moves faster than the gap correction's opening
  // speed cap (min(kMaxSeparationSpeed, velocity_tol / 2) for the pair, so half that each), and
  // the floor carries both weights exactly.
  for (double dt : {0.01, 0.005}) {
    CAPTURE(dt);
    WorldSettings settings;
    settings.dt = dt;
    World world = makeWorld(settings);
    BodyId floor = addFloor(world);
    const double restingY = 0.5 + settings.distanceTol / 2;
    BodyId a = add(world, boxDef("a", 1, 1, 0, restingY));
    BodyId b = add(world, boxDef("b", 1, 1, 1.5, restingY));
    run(world, 0.5);
    BodyState moved = stateOf(world, b);
    moved.position.x = 0.7;
    REQUIRE(world.setBodyState(b, moved).ok());
    const double openingCap = std::min(kMaxSeparationSpeed, settings.velocityTol / 2);
    double fastest = 0;
    for (int step = 0; step < static_cast<int>(std::lround(1.5 / dt)); ++step) {
      stepValid(world);
      for (BodyId id : {a, b})
        fastest = std::max(fastest, glm::length(stateOf(world, id).velocity));
    }
    CHECK(fastest <= openingCap / 2 * 1.001);
    CHECK(overlap::deepestOverlap(world) <= settings.distanceTol);
    for (BodyId id : {a, b}) {
      CHECK(stateOf(world, id).position.y == doctest::Approx(restingY).epsilon(1e-6));
      CHECK(std::abs(stateOf(world, id).angle) < 1e-9);
    }
    CHECK(stateOf(world, a).position.x < 0);  // equal masses: each moved its share of the way
    CHECK(stateOf(world, b).position.x > 0.7);
    CHECK(forceBetween(world, a, floor) + forceBetween(world, b, floor) ==
          doctest::Approx(2 * settings.gravity).epsilon(1e-6));
  }
}
