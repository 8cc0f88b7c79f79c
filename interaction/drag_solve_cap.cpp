#include "drag_solve_cap.h"

#include <algorithm>

namespace contactlab {

int DragSolveCap::apply(World& world, bool dragging, double lastStepSeconds) {
  const WorldSettings& s = world.settings();
  // Set on every step: an undo or a new scene may have replaced the world since the last one.
  if (s.solver != SolverKind::Timestep || s.timestepScheme != TimestepScheme::Qp) {
    world.setQpIterationCap(0);
    return 0;
  }
  const TimestepWork& last = world.lastStep().timestep;
  if (last.qpIterations > 0 && last.time.solve > 0 && last.time.total > 0 && lastStepSeconds > 0) {
    // The step's seconds split as its own stage timers split it, between the solve and the rest.
    const double solveShare = std::min(1.0, last.time.solve / last.time.total);
    secondsPerIteration_ = lastStepSeconds * solveShare / static_cast<double>(last.qpIterations);
    otherSeconds_ = lastStepSeconds * (1 - solveShare);
    solvesPerStep_ = std::max<double>(1, static_cast<double>(last.qpSolves));
  }
  int cap = 0;
  if (dragging && secondsPerIteration_ > 0) {
    const double budget = std::max(0.0, kDragStepSeconds - otherSeconds_);
    const double fits = budget / (secondsPerIteration_ * solvesPerStep_);
    if (fits < s.qpIterations) cap = std::max(kDragMinIterations, static_cast<int>(fits));
  }
  world.setQpIterationCap(cap);
  return cap;
}

}  // namespace contactlab
