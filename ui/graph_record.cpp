// Sampling and decimation of the Graph panel's recording (graph_record.h).
#include "graph_record.h"

#include <algorithm>
#include <limits>

namespace contactlab {

GraphRecord::GraphRecord(int capacity, double initialSpacing)
    : capacity_(std::max(capacity, 2)), initialSpacing_(initialSpacing), spacing_(initialSpacing) {}

bool GraphRecord::addSeries(const GraphSeries& series) {
  if (static_cast<int>(series_.size()) >= kMaxSeries) return false;
  if (std::find(series_.begin(), series_.end(), series) != series_.end()) return false;
  series_.push_back(series);
  values_.emplace_back(time_.size(), std::numeric_limits<double>::quiet_NaN());
  return true;
}

void GraphRecord::removeSeries(int index) {
  if (index < 0 || index >= static_cast<int>(series_.size())) return;
  series_.erase(series_.begin() + index);
  values_.erase(values_.begin() + index);
}

int GraphRecord::capacityFor(std::size_t bodies) const {
  if (bodies == 0) return capacity_;
  const std::size_t byBudget = kBodyStateBudget / bodies;
  return static_cast<int>(std::clamp<std::size_t>(byBudget, std::min(kMinCapacity, capacity_),
                                                  static_cast<std::size_t>(capacity_)));
}

void GraphRecord::record(const WorldSnapshot& world) {
  if (paused_) return;
  if (!time_.empty()) {
    if (world.time < time_.back()) {
      clear();
    } else if (world.time - time_.back() < spacing_) {
      return;
    }
  }
  const int capacity = capacityFor(world.bodyCount() + world.joints.size());
  while (size() >= capacity) decimate();
  time_.push_back(world.time);
  for (std::size_t s = 0; s < series_.size(); ++s)
    values_[s].push_back(seriesValue(series_[s], world));
  states_.insert(states_.end(), world.states.begin(), world.states.end());
  stateStart_.push_back(states_.size());
  bodies_.push_back(world.definitions);
  joints_.insert(joints_.end(), world.joints.begin(), world.joints.end());
  jointStart_.push_back(joints_.size());
}

std::string GraphRecord::nameAt(int sample, BodyId id) const {
  const int i = bodies_[sample]->indexOf(id);
  return i < 0 ? std::string() : bodies_[sample]->bodies[i].def.name;
}

// Keeps samples 0, 2, 4, ... in place and doubles the spacing.
void GraphRecord::decimate() {
  const int n = size();
  int kept = 0;
  std::size_t statesKept = 0, jointsKept = 0;
  for (int i = 0; i < n; i += 2, ++kept) {
    time_[kept] = time_[i];
    for (std::vector<double>& column : values_) column[kept] = column[i];
    const std::size_t begin = stateStart_[i], end = stateStart_[i + 1];
    std::copy(states_.begin() + static_cast<std::ptrdiff_t>(begin),
              states_.begin() + static_cast<std::ptrdiff_t>(end),
              states_.begin() + static_cast<std::ptrdiff_t>(statesKept));
    stateStart_[kept] = statesKept;
    statesKept += end - begin;
    if (kept != i) bodies_[kept] = std::move(bodies_[i]);
    const std::size_t jointsBegin = jointStart_[i], jointsEnd = jointStart_[i + 1];
    if (jointsBegin != jointsKept)  // a report moved onto itself would lose its name
      std::move(joints_.begin() + static_cast<std::ptrdiff_t>(jointsBegin),
                joints_.begin() + static_cast<std::ptrdiff_t>(jointsEnd),
                joints_.begin() + static_cast<std::ptrdiff_t>(jointsKept));
    jointStart_[kept] = jointsKept;
    jointsKept += jointsEnd - jointsBegin;
  }
  time_.resize(kept);
  for (std::vector<double>& column : values_) column.resize(kept);
  states_.resize(statesKept);
  stateStart_.resize(kept + 1);
  stateStart_[kept] = statesKept;
  bodies_.resize(kept);
  joints_.resize(jointsKept);
  jointStart_.resize(kept + 1);
  jointStart_[kept] = jointsKept;
  spacing_ *= 2;
}

void GraphRecord::clear() {
  time_.clear();
  for (std::vector<double>& column : values_) column.clear();
  states_.clear();
  stateStart_.assign(1, 0);
  bodies_.clear();
  joints_.clear();
  jointStart_.assign(1, 0);
  spacing_ = initialSpacing_;
}

}  // namespace contactlab
