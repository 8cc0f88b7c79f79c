// Candidate pairs for the narrow phase: every pair of overlapping axis-aligned bounding boxes,
// found by sort and sweep for a few boxes and by a uniform grid for many.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "contactlab/vec2.h"

namespace contactlab {

// From this many boxes on, BroadPhase::findPairs uses the grid. contactlab-bench-broad-phase: the
// sweep is ahead on pyramid20's 211 boxes (7 against 12 us), the two are about level on pyramid40
// and rain1000 (821 and 1,003), and the grid is 1.5-3x ahead from pyramid70's 2,486 boxes on.
inline constexpr std::size_t kGridFrom = 512;

struct Aabb {
  Vec2 lower{0, 0};
  Vec2 upper{0, 0};
};

// Whether boxes a and b, each grown by `margin` on every side, overlap; sharing a side or a
// corner counts.
inline bool grownOverlap(const Aabb& a, const Aabb& b, double margin) {
  return !(b.lower.x - margin > a.upper.x + margin || a.lower.x - margin > b.upper.x + margin ||
           b.lower.y - margin > a.upper.y + margin || a.lower.y - margin > b.upper.y + margin);
}

// Finds every pair (i, j), i < j, of boxes that overlap after each is grown by `margin` on every
// side (grownOverlap), skipping pairs where both are static (`isStatic[i] && isStatic[j]`). Output
// is sorted (by i, then j), so the result is deterministic and the same whichever way it is found.
// Boxes must be finite. The members are scratch space reused between calls.
class BroadPhase {
 public:
  // Automatic: the sweep below kGridFrom boxes, else the grid (both are kept for tests and the
  // benchmark, contactlab-bench-broad-phase, to compare).
  enum class Method { Automatic, Sweep, Grid };
  void findPairs(const std::vector<Aabb>& boxes, const std::vector<bool>& isStatic, double margin,
                 std::vector<std::pair<int, int>>& pairs, Method method = Method::Automatic);

 private:
  // Sort and sweep along x (broad_phase.cpp).
  void sweepPairs(const std::vector<Aabb>& boxes, const std::vector<bool>& isStatic, double margin,
                  std::vector<std::pair<int, int>>& pairs);
  // The uniform grid (grid_pairs.cpp); false when the boxes do not suit one (of no size, or
  // spread beyond the doubles).
  bool gridPairs(const std::vector<Aabb>& boxes, const std::vector<bool>& isStatic, double margin,
                 std::vector<std::pair<int, int>>& pairs);
  // Sorts `pairs` by (i, j) in place: a counting sort by i, then each body's few partners by j.
  void sortPairs(int count, std::vector<std::pair<int, int>>& pairs);

  std::vector<int> order_;  // boxes by lower x, kept between calls
  std::vector<int> start_;
  std::vector<std::pair<int, int>> sorted_;
  // The grid's: each box's cell range, the boxes listed per cell, boxes too big for cells.
  struct CellRange {
    std::int32_t x0 = 0, y0 = 0, x1 = -1, y1 = -1;
  };
  std::vector<double> sides_, median_, lowers_, uppers_;
  std::vector<CellRange> ranges_;
  std::vector<int> cellStart_;
  std::vector<int> cellBoxes_;
  std::vector<int> big_;
};

}  // namespace contactlab
