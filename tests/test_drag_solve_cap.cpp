// The cap on the QP solves while the mouse spring pulls a body (interaction/drag_solve_cap.h): the
// iterations that fit kDragStepSeconds after the rest of the step, from the last step's share of
// solving and the seconds it took; never below kDragMinIterations; none when not dragging, when the
// last step was fast enough, or under the substeps.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "drag_solve_cap.h"
#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

// A column of six boxes on a floor, solved to a tolerance far below what a few iterations reach.
World stack(TimestepScheme scheme) {
  WorldSettings settings;
  settings.solver = SolverKind::Timestep;
  settings.timestepScheme = scheme;
  settings.qpMethod = QpSolverKind::Apgd;
  settings.qpTolerance = 1e-9;
  settings.qpIterations = 400;
  World world = makeWorld(settings);
  addFloor(world);
  for (int i = 0; i < 6; ++i)
    add(world, boxDef("b" + std::to_string(i), 1, 1, 0.01 * i, 0.52 + 1.02 * i));
  for (int i = 0; i < 40; ++i) REQUIRE(world.step());  // landed: each step solves a resting stack
  return world;
}

}  // namespace

TEST_CASE("a slow step while dragging caps the next step's solves, at least at the minimum") {
  World world = stack(TimestepScheme::Qp);
  DragSolveCap cap;
  REQUIRE(world.lastStep().timestep.qpIterations > kDragMinIterations);
  // A last step of a whole second: 5 ms fit a few iterations, so the minimum holds.
  CHECK(cap.apply(world, true, 1.0) == kDragMinIterations);
  REQUIRE(world.step());
  const TimestepWork& capped = world.lastStep().timestep;
  CHECK(capped.qpIterations <= kDragMinIterations * capped.qpSolves);
  CHECK(capped.qpUnconverged > 0);
  // The drag ends: the cap is lifted, the solves go on to the tolerance.
  CHECK(cap.apply(world, false, 1.0) == 0);
  REQUIRE(world.step());
  const TimestepWork& free = world.lastStep().timestep;
  CHECK(free.qpIterations > kDragMinIterations * free.qpSolves);
  CHECK(free.qpUnconverged == 0);
}

TEST_CASE("the cap is what fits the budget after the rest of the step") {
  World world = stack(TimestepScheme::Qp);
  const TimestepWork& last = world.lastStep().timestep;
  const double share = last.time.solve / last.time.total;
  // A step of 8 ms: 8 (1 - share) ms outside the solves, 8 share ms for its iterations.
  const double seconds = 0.008, perIteration = seconds * share / last.qpIterations;
  const double fits = (kDragStepSeconds - seconds * (1 - share)) /
                      (perIteration * std::max(1.0, static_cast<double>(last.qpSolves)));
  DragSolveCap cap;
  const int expected = fits < 400 ? std::max(kDragMinIterations, static_cast<int>(fits)) : 0;
  CHECK(cap.apply(world, true, seconds) == expected);
  // A step far faster than the budget needs no cap.
  CHECK(cap.apply(world, true, 1e-9) == 0);
}

TEST_CASE("no cap before a step has been timed, nor under the substeps") {
  World world = stack(TimestepScheme::Qp);
  DragSolveCap cap;
  CHECK(cap.apply(world, true, 0) == 0);
  World substeps = stack(TimestepScheme::Substeps);
  DragSolveCap other;
  CHECK(other.apply(substeps, true, 1.0) == 0);
}
