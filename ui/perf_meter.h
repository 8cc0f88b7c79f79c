// Turns frame timings and the world's cumulative statistics into the Statistics panel's rates,
// averaged over about a second: frames per second, frame time, physics time per step, LCP time,
// pivots, collisions per second. A replaced world (its step count goes back) starts a new window.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "frame_time_histogram.h"
#include "ui_model.h"
#include "world_snapshot.h"

namespace contactlab {

class PerfMeter {
 public:
  // One drawn frame: `intervalSeconds` from the previous frame's start to this one's, of which
  // `workSeconds` were spent building and drawing that previous frame (so work <= interval);
  // `now` is the wall clock; `world` the frame's snapshot.
  void frame(double intervalSeconds, double workSeconds, double now, const WorldSnapshot& world);
  const PerfNumbers& numbers() const { return numbers_; }

  // A frame that was drawn and shown, not kept on screen as the frame before it drew the same.
  void frameDrawn() { ++framesDrawn_; }

  // Totals over the whole run (for the exit report).
  std::int64_t totalFrames() const { return totalFrames_; }
  std::int64_t framesDrawn() const { return framesDrawn_; }
  double totalSeconds() const { return totalSeconds_; }
  double totalWorkSeconds() const { return totalWork_; }
  // Each frame's interval and work, from the third frame on: the first has no interval, and the
  // second's holds the first's start-up (the window's first textures and fonts).
  const FrameTimeHistogram& intervals() const { return intervals_; }
  const FrameTimeHistogram& work() const { return workTimes_; }
  // The time the window spent taking the physics worker's latest frame, each time it did.
  void frameTaken(double seconds) { takes_.add(seconds); }
  const FrameTimeHistogram& takes() const { return takes_; }
  // A mouse-spring move reached the screen `frames` frames after the frame that made it (1: in the
  // next frame).
  void dragShown(std::int64_t frames);
  std::int64_t dragMovesShown() const { return dragMoves_; }
  // The median and the largest of those lags (0 before any).
  std::int64_t dragLagMedian() const;
  std::int64_t dragLagMax() const;

 private:
  PerfNumbers numbers_;
  double windowStart_ = -1;
  int frames_ = 0;
  double interval_ = 0, work_ = 0;
  Statistics statsStart_;
  std::int64_t totalFrames_ = 0, framesDrawn_ = 0;
  double totalSeconds_ = 0, totalWork_ = 0;
  FrameTimeHistogram intervals_, workTimes_, takes_;
  static constexpr std::size_t kLagCounts = 121;  // lags of 0 to 120 frames; longer count as 120
  std::array<std::int64_t, kLagCounts> dragLags_{};
  std::int64_t dragMoves_ = 0;
};

}  // namespace contactlab
