// The Graph panel's recording: the chosen series (up to kMaxSeries), every body's state and every
// joint's report (anchors, force, tension), sampled at simulated time from each frame's snapshot
// whenever time has moved on by at least the current spacing.
//
// Bounded memory by decimation: when a new sample finds the recording full, every other sample is
// dropped (the first one kept) and the spacing doubles, so the whole run since the start stays
// covered at a coarser resolution, and every kept sample is one that was taken. The capacity is
// kCapacity samples, fewer for big worlds: the bodies' states and joints' reports kept never exceed
// kBodyStateBudget (a sample holds one state per body and one report per joint), with at least
// kMinCapacity samples whatever the world.
//
// Time going back (reset, undo, a new scene) starts afresh; paused, nothing is recorded; clear()
// empties the recording and keeps the series. A series added to a recording under way has NaN for
// the samples taken before it (the others keep their past: nothing recorded is thrown away).
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "graph_series.h"
#include "world_snapshot.h"

namespace contactlab {

class GraphRecord {
 public:
  static constexpr int kCapacity = 4000;
  static constexpr int kMinCapacity = 16;
  static constexpr std::size_t kBodyStateBudget = 250'000;  // about 12 MB of states
  static constexpr int kMaxSeries = 6;
  static constexpr double kInitialSpacing = 1.0 / 120;  // s

  explicit GraphRecord(int capacity = kCapacity, double initialSpacing = kInitialSpacing);

  const std::vector<GraphSeries>& series() const { return series_; }
  // Adds a series (NaN for the samples already taken). False when it is there already or
  // kMaxSeries are.
  bool addSeries(const GraphSeries& series);
  void removeSeries(int index);

  // Takes a sample of `world` if the recording is not paused and its time moved on by at least
  // spacing() since the last sample; starts afresh when its time went back.
  void record(const WorldSnapshot& world);
  void clear();
  void setPaused(bool paused) { paused_ = paused; }
  bool paused() const { return paused_; }

  int size() const { return static_cast<int>(time_.size()); }
  // The most samples kept for a world of `bodies` bodies and joints.
  int capacityFor(std::size_t bodies) const;
  double spacing() const { return spacing_; }  // s between samples taken from now on
  double time(int sample) const { return time_[sample]; }
  double value(int series, int sample) const { return values_[series][sample]; }

  // Every body's state at a sample, in the world's order, and their names.
  std::size_t bodyCount(int sample) const { return stateStart_[sample + 1] - stateStart_[sample]; }
  const BodyState& bodyState(int sample, std::size_t body) const {
    return states_[stateStart_[sample] + body];
  }
  const std::string& bodyName(int sample, std::size_t body) const {
    return bodies_[sample]->bodies[body].def.name;
  }

  // Every joint's report at a sample, in the world's order, and the name of a body of the sample
  // (empty for the null id: the world).
  std::size_t jointCount(int sample) const { return jointStart_[sample + 1] - jointStart_[sample]; }
  const JointReport& joint(int sample, std::size_t joint) const {
    return joints_[jointStart_[sample] + joint];
  }
  std::string nameAt(int sample, BodyId id) const;

 private:
  void decimate();

  int capacity_;
  double initialSpacing_;
  double spacing_;
  bool paused_ = false;
  std::vector<GraphSeries> series_;
  std::vector<double> time_;
  std::vector<std::vector<double>> values_;  // [series][sample]
  std::vector<BodyState> states_;            // every body's state at each sample, one after another
  std::vector<std::size_t> stateStart_{0};  // sample i's states: [stateStart_[i], stateStart_[i+1])
  std::vector<std::shared_ptr<const BodyDefinitions>> bodies_;  // sample i's bodies (their names)
  std::vector<JointReport> joints_;         // every joint's report at each sample, likewise
  std::vector<std::size_t> jointStart_{0};  // sample i's joints
};

}  // namespace contactlab
