// Rates for the Statistics panel (perf_meter.h).
#include "perf_meter.h"

#include <algorithm>

namespace contactlab {

void PerfMeter::frame(double intervalSeconds, double workSeconds, double now,
                      const WorldSnapshot& world) {
  ++totalFrames_;
  totalSeconds_ += intervalSeconds;
  totalWork_ += workSeconds;
  if (totalFrames_ >= 3) {
    intervals_.add(intervalSeconds);
    workTimes_.add(workSeconds);
  }
  const Statistics& stats = world.statistics;
  numbers_.contacts = static_cast<int>(world.contacts.size());
  numbers_.worstResidual = std::max(stats.contact.worstResidual, stats.timestep.worstResidual);
  numbers_.largestGroup = std::max(stats.contact.largestGroup, stats.timestep.largestGroup);
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
  numbers_.measured = true;
  numbers_.fps = frames_ / elapsed;
  numbers_.frameMs = 1000 * interval_ / frames_;
  numbers_.frameWorkMs = 1000 * work_ / frames_;
  double steps = static_cast<double>(stats.steps - statsStart_.steps);
  numbers_.stepsPerSecond = steps / elapsed;
  numbers_.collisionsPerSecond = (stats.collisions - statsStart_.collisions) / elapsed;
  if (steps > 0) {
    const ContactSimWork& lcp = stats.contact;
    const ContactSimWork& lcpStart = statsStart_.contact;
    const TimestepWork& qp = stats.timestep;
    const TimestepWork& qpStart = statsStart_.timestep;
    numbers_.physicsMsPerStep =
        1000 * (lcp.time.total - lcpStart.time.total + qp.time.total - qpStart.time.total) / steps;
    numbers_.lcpMsPerStep =
        1000 * (lcp.time.solve - lcpStart.time.solve + qp.time.solve - qpStart.time.solve) / steps;
    numbers_.lcpSolvesPerStep = (lcp.lcpSolves - lcpStart.lcpSolves) / steps;
    numbers_.pivotsPerStep = (lcp.pivots - lcpStart.pivots) / steps;
    numbers_.qpSolvesPerStep = (qp.qpSolves - qpStart.qpSolves) / steps;
    numbers_.qpIterationsPerStep = (qp.qpIterations - qpStart.qpIterations) / steps;
    numbers_.qpApgdInPlaceOfMprgpPerStep =
        (qp.qpApgdInPlaceOfMprgp - qpStart.qpApgdInPlaceOfMprgp) / steps;
  }
  windowStart_ = now;
  frames_ = 0;
  interval_ = work_ = 0;
  statsStart_ = stats;
}

void PerfMeter::dragShown(std::int64_t frames) {
  const auto bucket = static_cast<std::size_t>(std::clamp<std::int64_t>(frames, 0, kLagCounts - 1));
  ++dragLags_[bucket];
  ++dragMoves_;
}

std::int64_t PerfMeter::dragLagMedian() const {
  std::int64_t seen = 0;
  for (std::size_t lag = 0; lag < kLagCounts; ++lag) {
    seen += dragLags_[lag];
    if (2 * seen >= dragMoves_ && dragMoves_ > 0) return static_cast<std::int64_t>(lag);
  }
  return 0;
}

std::int64_t PerfMeter::dragLagMax() const {
  for (std::size_t lag = kLagCounts; lag-- > 0;)
    if (dragLags_[lag] > 0) return static_cast<std::int64_t>(lag);
  return 0;
}

}  // namespace contactlab
