// What one run of a comparison scene (timestep_scenes.h) measured, engine by engine, and the
// bookkeeping that fills it: every body's position at the settling step, at 5 s and at 10 s and at
// the end, and the top box's height at each step.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "timestep_scenes.h"

namespace contactlab::bench {

struct Outcome {
  double msPerStep = 0;
  double displacement = 0;  // m, largest of any body from the settling step to the end
  double lateMotion = 0;    // m, largest of any body between 5 s and 10 s (stacks only)
  double overlap = 0;       // m, deepest at the end
  double deepest = 0;       // m, deepest at any step
  double topLoss = 0;       // m, the top box's height loss at the end (stacks only)
  double worstTopLoss = 0;  // m, largest during the run
};

// Steps 300 and 600: "moved between 5 s and 10 s" of issue 17's targets for the large pyramids.
inline constexpr int kLateFrom = 300;
inline constexpr int kLateTo = 600;

// Positions of the moving bodies in the scene's order, x and y apart.
struct Positions {
  std::vector<double> x, y;
  void clear() {
    x.clear();
    y.clear();
  }
};

class RunTracker {
 public:
  RunTracker(const BenchScene& scene, double topStart)
      : steps_(scene.steps),
        settle_(scene.discs.empty() ? 60 : 900),  // 1 s for the boxes, 15 s for the discs
        stack_(scene.tracksTopBox),
        topStart_(topStart) {}

  // True at the steps whose positions record() takes.
  bool wantsPositions(int step) const {
    return step == settle_ || step == steps_ || (stack_ && (step == kLateFrom || step == kLateTo));
  }
  // At the steps whose positions are wanted, records those of `bodies`, each given as an (x, y)
  // pair by positionOf(body).
  template <class Bodies, class PositionOf>
  void recordAt(int step, const Bodies& bodies, PositionOf positionOf) {
    if (!wantsPositions(step)) return;
    scratch_.clear();
    for (const auto& body : bodies) {
      const auto [x, y] = positionOf(body);
      scratch_.x.push_back(x);
      scratch_.y.push_back(y);
    }
    record(step, scratch_);
  }
  void record(int step, const Positions& p) {
    if (step == settle_) settled_ = p;
    if (stack_ && step == kLateFrom) lateFrom_ = p;
    if (stack_ && step == kLateTo) outcome_.lateMotion = largestMove(lateFrom_, p);
    if (step == steps_) outcome_.displacement = largestMove(settled_, p);
  }
  // The top box's height after each step.
  void top(double y) {
    if (!stack_) return;
    outcome_.topLoss = topStart_ - y;
    outcome_.worstTopLoss = std::max(outcome_.worstTopLoss, outcome_.topLoss);
  }
  Outcome& outcome() { return outcome_; }

 private:
  static double largestMove(const Positions& from, const Positions& to) {
    double largest = 0;
    for (size_t i = 0; i < from.x.size() && i < to.x.size(); ++i)
      largest = std::max(largest, std::hypot(to.x[i] - from.x[i], to.y[i] - from.y[i]));
    return largest;
  }

  int steps_, settle_;
  bool stack_;
  double topStart_;
  Positions settled_, lateFrom_, scratch_;
  Outcome outcome_;
};

}  // namespace contactlab::bench
