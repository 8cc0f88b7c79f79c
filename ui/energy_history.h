// The Energy panel's memory: kinetic, potential and total energy sampled as simulated time goes
// on, the last few hundred samples. Going back in time (reset, undo, a new scene) starts afresh.
#pragma once

#include <vector>

#include "contactlab/report.h"

namespace contactlab {

// A value as shown beside others of magnitude up to `scale`: 0 when it is within 1e-12 scale of it
// (round-off: a resting world's kinetic energy of 1e-29 J reads 0 J), else the value itself.
double shownValue(double value, double scale);

class EnergyHistory {
 public:
  static constexpr int kCapacity = 600;

  // Adds a sample if `time` moved on by at least `minSpacing` since the last one.
  void sample(double time, const Energy& energy, double minSpacing = 1.0 / 60);
  void clear();

  int size() const { return static_cast<int>(time_.size()); }
  // Sample i counted from the oldest kept.
  double time(int i) const { return time_[index(i)]; }
  const Energy& energy(int i) const { return energy_[index(i)]; }
  // The largest |value| of any kept sample (for scaling bars and the graph).
  double largestMagnitude() const;

 private:
  int index(int i) const { return (start_ + i) % static_cast<int>(time_.size()); }
  std::vector<double> time_;
  std::vector<Energy> energy_;
  int start_ = 0;  // the oldest sample once the ring is full
};

}  // namespace contactlab
