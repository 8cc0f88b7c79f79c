// Energy samples in a ring (energy_history.h).
#include "energy_history.h"

#include <algorithm>
#include <cmath>

namespace contactlab {

double shownValue(double value, double scale) {
  return std::abs(value) <= 1e-12 * std::abs(scale) ? 0.0 : value;
}

void EnergyHistory::sample(double time, const Energy& energy, double minSpacing) {
  if (!time_.empty()) {
    double last = this->time(size() - 1);
    if (time < last)
      clear();
    else if (time - last < minSpacing)
      return;
  }
  if (size() < kCapacity) {
    time_.push_back(time);
    energy_.push_back(energy);
    return;
  }
  time_[start_] = time;
  energy_[start_] = energy;
  start_ = (start_ + 1) % kCapacity;
}

void EnergyHistory::clear() {
  time_.clear();
  energy_.clear();
  start_ = 0;
}

double EnergyHistory::largestMagnitude() const {
  double largest = 0;
  for (const Energy& e : energy_)
    largest = std::max({largest, std::abs(e.kinetic), std::abs(e.potential), std::abs(e.total)});
  return largest;
}

}  // namespace contactlab
