// World::lastStep() says what the last step did, and World::statistics() is the sum of those
// reports: a box dropped on a floor is one collision whose approach speed is sqrt(2 g h) and whose
// impulse is m (1 + e) v (Newton's law of restitution), under every solver.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "solver_choices.h"
#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

constexpr double kMass = 2;
constexpr double kDrop = 1;  // m, the gap under the box when it is let go

// A 1 m box of 2 kg whose bottom is kDrop above a fixed floor, at rest.
World droppedBox(const SolverChoice& choice, double elasticity, BodyId& box, BodyId& floor) {
  WorldSettings settings = settingsFor(choice);
  settings.elasticity = elasticity;
  World world = makeWorld(settings);
  floor = addFloor(world);
  box = add(world, boxDef("box", 1, 1, 0, 0.5 + kDrop, kMass));
  return world;
}

// Steps until a step reports a collision event (at most 2 s); false if none came.
bool stepToFirstCollision(World& world) {
  for (int i = 0; i < 200; ++i) {
    stepValid(world);
    if (!world.lastStep().collisionEvents.empty()) return true;
  }
  return false;
}

}  // namespace

TEST_CASE(
    "a box dropped on a floor reports its landing as collision events with the impulse of "
    "Newton's law") {
  for (const SolverChoice& choice : kSolvers) {
    CAPTURE(std::string(choice.name));
    const double e = 0.5;
    BodyId box, floor;
    World world = droppedBox(choice, e, box, floor);
    const WorldSettings& w = world.settings();
    const double g = w.gravity;
    REQUIRE(stepToFirstCollision(world));
    const StepReport& step = world.lastStep();
    const double landing = std::sqrt(2 * g * kDrop);  // free fall over kDrop
    // ContactSim backs up to the moment of contact. A time step sees the contact at its start, up
    // to one step's fall (landing dt, plus the contact margin) above the floor, where the box is
    // slower than at impact by at most g dt.
    const bool exact = choice.solver == SolverKind::Contact;
    const double above = exact ? w.distanceTol : landing * w.dt + w.contactMargin + w.distanceTol;
    const double slower = exact ? 0.01 * landing : g * (above / landing + w.dt);
    double impulse = 0;
    REQUIRE(step.collisionEvents.size() == 2);  // the two bottom corners
    const double approach = step.collisionEvents[0].approachSpeed;
    for (const CollisionEvent& event : step.collisionEvents) {
      // Body 1 owns the point, the normal points from body 2 towards body 1.
      const bool boxFirst = event.body1 == box;
      CHECK((boxFirst ? event.body2 == floor : (event.body1 == floor && event.body2 == box)));
      const Vec2 up = boxFirst ? event.normal : -event.normal;
      CHECK(up.x == doctest::Approx(0).epsilon(1e-6));
      CHECK(up.y == doctest::Approx(1).epsilon(1e-6));
      CHECK(std::abs(event.point.y) <= above);                // at the floor's surface
      CHECK(std::abs(std::abs(event.point.x) - 0.5) < 1e-6);  // at a corner of the box
      CHECK(event.approachSpeed <= landing * 1.001);
      CHECK(event.approachSpeed >= landing - slower);
      CHECK(event.approachSpeed == doctest::Approx(approach).epsilon(1e-9));  // no rotation
      impulse += event.impulse;
    }
    CHECK(step.collisions == 2);
    // The impulses are what changed the box's momentum in the step, besides gravity's m g dt.
    CHECK(impulse ==
          doctest::Approx(kMass * (stateOf(world, box).velocity.y + approach) + kMass * g * w.dt)
              .epsilon(0.01));
    // Newton's law of restitution: m (1 + e) v, and the floor carries the weight for at most dt.
    // The substeps' restitution is their relax pass's approximation of it (docs/timestep.md).
    if (choice.scheme == TimestepScheme::Substeps) continue;
    CHECK(impulse >= kMass * (1 + e) * approach * 0.99);
    CHECK(impulse <= kMass * (1 + e) * approach * 1.01 + kMass * g * w.dt);
  }
}

TEST_CASE("a resting box reports no collision events, only its solves") {
  for (const SolverChoice& choice : kSolvers) {
    CAPTURE(std::string(choice.name));
    World world = makeWorld(settingsFor(choice));
    addFloor(world);
    add(world, boxDef("box", 1, 1, 0, 0.5 + world.settings().distanceTol / 2, kMass));
    for (int i = 0; i < 50; ++i) {
      stepValid(world);
      const StepReport& step = world.lastStep();
      CHECK(step.collisionEvents.empty());
      CHECK(step.collisions == 0);
      if (choice.solver == SolverKind::Contact) {
        CHECK(step.contact.lcpSolves > 0);
      } else {
        CHECK(step.timestep.qpSolves > 0);
      }
    }
  }
}

TEST_CASE(
    "each step reports the solver that ran in its own section, and the statistics are the "
    "sum of the step reports") {
  for (const SolverChoice& choice : kSolvers) {
    CAPTURE(std::string(choice.name));
    BodyId box, floor;
    World world = droppedBox(choice, 0.5, box, floor);
    CHECK(world.lastStep().step == 0);
    std::int64_t collisions = 0, lcpSolves = 0, pivots = 0, qpSolves = 0, qpIterations = 0;
    double solveSeconds = 0;
    for (int i = 1; i <= 150; ++i) {
      stepValid(world);
      const StepReport& step = world.lastStep();
      CHECK(step.step == i);
      CHECK(step.time == world.time());
      CHECK(step.solver == choice.solver);
      const bool contact = choice.solver == SolverKind::Contact;
      CHECK(step.contact.steps == (contact ? 1 : 0));
      CHECK(step.timestep.steps == (contact ? 0 : 1));
      // The other solver's section is empty.
      CHECK((contact ? step.timestep.qpSolves : step.contact.lcpSolves) == 0);
      CHECK(step.contact.time.total + step.timestep.time.total > 0);
      collisions += step.collisions;
      lcpSolves += step.contact.lcpSolves;
      pivots += step.contact.pivots;
      qpSolves += step.timestep.qpSolves;
      qpIterations += step.timestep.qpIterations;
      solveSeconds += step.contact.time.solve + step.timestep.time.solve;
    }
    const Statistics& total = world.statistics();
    CHECK(total.steps == 150);
    CHECK(total.contact.steps + total.timestep.steps == 150);
    CHECK(total.collisions == collisions);
    CHECK(collisions > 0);  // the box bounced
    CHECK(total.contact.lcpSolves == lcpSolves);
    CHECK(total.contact.pivots == pivots);
    CHECK(total.timestep.qpSolves == qpSolves);
    CHECK(total.timestep.qpIterations == qpIterations);
    CHECK(total.contact.time.solve + total.timestep.time.solve ==
          doctest::Approx(solveSeconds).epsilon(1e-9));
  }
}

TEST_CASE("a step under the other solver counts in its own section of the statistics") {
  World world = makeWorld(settingsFor(kSolvers[0]));
  addFloor(world);
  add(world, boxDef("box", 1, 1, 0, 0.5, kMass));
  for (int i = 0; i < 10; ++i) stepValid(world);
  WorldSettings settings = world.settings();
  settings.solver = SolverKind::Timestep;
  REQUIRE(world.setSettings(settings).ok());
  for (int i = 0; i < 5; ++i) stepValid(world);
  const Statistics& total = world.statistics();
  CHECK(total.steps == 15);
  CHECK(total.contact.steps == 10);
  CHECK(total.timestep.steps == 5);
  CHECK(total.contact.lcpSolves > 0);
  CHECK(total.timestep.qpSolves > 0);
  CHECK(world.lastStep().solver == SolverKind::Timestep);
}

TEST_CASE("a time step reports the deepest overlap among the contacts it started from") {
  for (const SolverChoice& choice : kSolvers) {
    if (choice.solver != SolverKind::Timestep) continue;
    CAPTURE(std::string(choice.name));
    World world = makeWorld(settingsFor(choice));
    addFloor(world);
    // One box 1 mm into the floor, another 4 mm into the first: the deepest overlap is between
    // the two boxes, not at the floor.
    const double low = 0.001, high = 0.004;
    add(world, boxDef("low", 1, 1, 0, 0.5 - low, kMass));
    add(world, boxDef("high", 1, 1, 0, 1.5 - low - high, kMass));
    stepValid(world);
    CHECK(world.lastStep().deepestPenetration == doctest::Approx(high).epsilon(1e-9));
    CHECK(world.statistics().deepestPenetration == world.lastStep().deepestPenetration);
  }
}
