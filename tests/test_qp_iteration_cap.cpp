// World::setQpIterationCap (physics/include/contactlab/world.h): a cap on each QP solve's
// iterations for an interactive program, on top of the settings. A cap stops the solves short
// (counted unconverged, with their residual) and holds each group to two friction passes without
// letting a sliding body take off, leaves the settings and the warm start alone, and a cap no lower
// than qp_iterations, or none, changes nothing: the steps are bit-identical.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

// A floor under time stepping solved by APGD to `tolerance`, at most 400 iterations a solve.
World floorSolvedTo(double tolerance, double friction) {
  WorldSettings settings;
  settings.solver = SolverKind::Timestep;
  settings.timestepScheme = TimestepScheme::Qp;
  settings.qpMethod = QpSolverKind::Apgd;
  settings.qpTolerance = tolerance;
  settings.qpIterations = 400;
  settings.friction = friction;
  settings.dt = 1.0 / 60;
  World world = makeWorld(settings);
  addFloor(world);
  return world;
}

// A column of six boxes falling onto a floor, solved to a tolerance far below what a few
// iterations reach.
World stack() {
  World world = floorSolvedTo(1e-9, WorldSettings{}.friction);
  for (int i = 0; i < 6; ++i)
    add(world, boxDef("b" + std::to_string(i), 1, 1, 0.01 * i, 0.52 + 1.02 * i));
  return world;
}

void steps(World& world, int count) {
  for (int i = 0; i < count; ++i) REQUIRE(world.step());
}

}  // namespace

TEST_CASE("a capped solve stops at the cap and says so; lifting the cap solves further") {
  World world = stack();
  steps(world, 40);  // the column has landed: each step solves a resting stack
  world.setQpIterationCap(5);
  steps(world, 1);
  const TimestepWork& capped = world.lastStep().timestep;
  REQUIRE(capped.qpSolves > 0);
  CHECK(capped.qpIterations <= 5 * capped.qpSolves);
  CHECK(capped.qpUnconverged > 0);
  CHECK(capped.worstResidual > world.settings().qpTolerance);
  CHECK(world.settings().qpIterations == 400);  // the settings are left alone
  world.setQpIterationCap(0);
  steps(world, 1);
  const TimestepWork& free = world.lastStep().timestep;
  CHECK(free.qpIterations > 5 * free.qpSolves);
}

TEST_CASE("a cap no lower than qp_iterations, and a lifted cap, change nothing") {
  World plain = stack(), high = stack(), lifted = stack();
  high.setQpIterationCap(400);
  lifted.setQpIterationCap(3);
  lifted.setQpIterationCap(0);
  for (int i = 0; i < 60; ++i) {
    REQUIRE(plain.step());
    REQUIRE(high.step());
    REQUIRE(lifted.step());
  }
  for (BodyId id : plain.bodies()) {
    CHECK(stateOf(high, id).position == stateOf(plain, id).position);
    CHECK(stateOf(lifted, id).position == stateOf(plain, id).position);
    CHECK(stateOf(high, id).angle == stateOf(plain, id).angle);
  }
}

namespace {

// A box thrown along a floor at 5 m/s with mu 0.5: while it slides, its slip estimate converges
// from below over several solves a step (timestep_sim.h: kFrictionPasses).
World slider() {
  World world = floorSolvedTo(1e-6, 0.5);
  BodyDef box = boxDef("box", 1, 1, -10, 0.5 + targetGap(world));
  box.state.velocity = {5, 0};
  add(world, box);
  return world;
}

// The most solves any of `count` steps made, and how low and how high the box's bottom went.
struct SlideRun {
  std::int64_t mostSolves = 0;
  double lowestBottom = 1e9, highestBottom = -1e9;
};
SlideRun slide(World& world, int count) {
  SlideRun run;
  const BodyId box = world.bodies().back();
  for (int i = 0; i < count; ++i) {
    REQUIRE(world.step());
    run.mostSolves = std::max(run.mostSolves, world.lastStep().timestep.qpSolves);
    const double bottom = stateOf(world, box).position.y - 0.5;
    run.lowestBottom = std::min(run.lowestBottom, bottom);
    run.highestBottom = std::max(run.highestBottom, bottom);
  }
  return run;
}

}  // namespace

TEST_CASE("while the cap holds, a group makes at most two friction passes and a slide stays down") {
  World free = slider(), capped = slider();
  capped.setQpIterationCap(200);
  const SlideRun freeRun = slide(free, 30), cappedRun = slide(capped, 30);
  CHECK(freeRun.mostSolves > 2);  // uncapped, the sliding box's estimates take more passes
  CHECK(cappedRun.mostSolves <= 2);
  // Two passes from the slip at the start of the step, the second's estimates risen by at most
  // what cannot close a contact: the box slides on the floor at the target gap, neither sinking
  // into it nor taking off (with the last pass's bound of five passes it flew 17 cm high), as it
  // does uncapped, and friction slows it at mu g.
  const double gap = targetGap(capped);
  for (const SlideRun& run : {freeRun, cappedRun}) {
    CHECK(run.lowestBottom > gap - 1e-3);
    CHECK(run.highestBottom < gap + 1e-3);
  }
  const double speed = stateOf(capped, capped.bodies().back()).velocity.x;
  CHECK(speed == doctest::Approx(5 - 0.5 * 9.81 * 30 / 60.0).epsilon(0.01));
}
