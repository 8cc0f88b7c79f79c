// While the mouse spring pulls a body under time stepping to a tolerance (scheme qp), each QP
// solve is capped at the iterations that fit a step's budget (kDragStepSeconds) after the rest of
// the step (detection, rows), both estimated from the last step: in a large scene a solve to the
// tolerance can take hundreds of iterations and a third of a second a step, and the body would
// trail the pointer by seconds. While the cap binds, the world also holds each group to two
// friction passes (World::setQpIterationCap), so the budget is split among fewer solves, whose
// count the estimate below follows. The statistics count the solves stopped short; the cap is
// lifted as the drag ends, and under the substeps or ContactSim there is none. Shared by the
// desktop program (its physics thread, timed in processor seconds) and the web page (wall
// seconds).
#pragma once

#include "contactlab/world.h"

namespace contactlab {

// While the spring pulls, a whole step takes about this much, under a third of a frame at 60 frames
// per second: the step under way when a move comes and the move's own step fit in a frame even
// while other programs share the processors, so that the move is shown in the next frame or the
// one after (in the desktop program 8 ms let the largest lag reach 4 to 7 frames on a loaded 2-core
// machine, 5 ms 2 to 7). And the solves never stop before kDragMinIterations.
inline constexpr double kDragStepSeconds = 0.005;
inline constexpr int kDragMinIterations = 20;

class DragSolveCap {
 public:
  // Sets on `world` the cap for its next step (World::setQpIterationCap) and returns it (0: none),
  // from its last step and the seconds that step took (0: unknown), while `dragging`.
  int apply(World& world, bool dragging, double lastStepSeconds);

 private:
  double secondsPerIteration_ = 0;  // of the last step solved to a tolerance, per iteration
  double otherSeconds_ = 0;         // ...its time outside the solves (detection, rows)
  double solvesPerStep_ = 1;        // ...and its solves (one per group and friction pass)
};

}  // namespace contactlab
