// World::setQpIterationCap (physics/include/contactlab/world.h): a cap on each QP solve's
// iterations for an interactive program, on top of the settings. A cap stops the solves short
// (counted unconverged, with their residual), leaves the settings and the warm start alone, and a
// cap no lower than qp_iterations, or none, changes nothing: the steps are bit-identical.
#include <doctest/doctest.h>

#include <string>

#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

// A column of six boxes falling onto a floor, solved to a tolerance far below what a few
// iterations reach.
World stack() {
  WorldSettings settings;
  settings.solver = SolverKind::Timestep;
  settings.timestepScheme = TimestepScheme::Qp;
  settings.qpMethod = QpSolverKind::Apgd;
  settings.qpTolerance = 1e-9;
  settings.qpIterations = 400;
  settings.dt = 1.0 / 60;
  World world = makeWorld(settings);
  addFloor(world);
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
