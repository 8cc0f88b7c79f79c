// Rates for the Statistics panel (perf_meter.h).
#include "perf_meter.h"

namespace contactlab {

void PerfMeter::frame(double intervalSeconds, double workSeconds, double now, const World& world) {
  ++totalFrames_;
  totalSeconds_ += intervalSeconds;
  totalWork_ += workSeconds;
  const Statistics& stats = world.statistics();
  numbers_.contacts = static_cast<int>(world.contacts().size());
  numbers_.worstResidual = stats.worstResidual;
  numbers_.largestGroup = stats.largestGroup;
  numbers_.steps = stats.steps;
  if (windowStart_ < 0 || stats.steps < statsStart_.steps) {
    windowStart_ = now;
    frames_ = 0;
    interval_ = work_ = 0;
    statsStart_ = stats;
    return;
  }
  ++frames_;
  interval_ += intervalSeconds;
  work_ += workSeconds;
  double elapsed = now - windowStart_;
  if (elapsed < 1.0) return;
  numbers_.fps = frames_ / elapsed;
  numbers_.frameMs = 1000 * interval_ / frames_;
  numbers_.frameWorkMs = 1000 * work_ / frames_;
  double steps = static_cast<double>(stats.steps - statsStart_.steps);
  numbers_.stepsPerSecond = steps / elapsed;
  numbers_.collisionsPerSecond = (stats.collisions - statsStart_.collisions) / elapsed;
  if (steps > 0) {
    numbers_.physicsMsPerStep = 1000 * (stats.time.total - statsStart_.time.total) / steps;
    numbers_.lcpMsPerStep = 1000 * (stats.time.lcp - statsStart_.time.lcp) / steps;
    numbers_.lcpSolvesPerStep = (stats.lcpSolves - statsStart_.lcpSolves) / steps;
    numbers_.pivotsPerStep = (stats.pivots - statsStart_.pivots) / steps;
    numbers_.qpSolvesPerStep = (stats.qpSolves - statsStart_.qpSolves) / steps;
    numbers_.qpIterationsPerStep = (stats.qpIterations - statsStart_.qpIterations) / steps;
    numbers_.qpApgdInPlaceOfMprgpPerStep =
        (stats.qpApgdInPlaceOfMprgp - statsStart_.qpApgdInPlaceOfMprgp) / steps;
  }
  windowStart_ = now;
  frames_ = 0;
  interval_ = work_ = 0;
  statsStart_ = stats;
}

}  // namespace contactlab
