// Fixed-step pacing (step_clock.h).
#include "step_clock.h"

#include <algorithm>

namespace contactlab {

double StepClock::backlogLimit(double dt) {
  return std::max(0.1, 4 * dt);
}

void StepClock::elapse(double realSeconds, double rate, double dt) {
  owed_ += std::max(0.0, realSeconds) * std::max(0.0, rate);
  double limit = backlogLimit(dt);
  if (owed_ > limit) {
    dropped_ += owed_ - limit;
    owed_ = limit;
  }
}

double StepClock::secondsUntilDue(double dt, double rate) const {
  if (due(dt)) return 0;
  if (!(rate > 0)) return 1e9;
  return (dt - owed_) / rate;
}

}  // namespace contactlab
