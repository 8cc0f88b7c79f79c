// Candidate pairs for the narrow phase: sort-and-sweep over axis-aligned bounding boxes.
#pragma once

#include <utility>
#include <vector>

#include "contactlab/vec2.h"

namespace contactlab {

struct Aabb {
  Vec2 lower{0, 0};
  Vec2 upper{0, 0};
};

// Finds every pair (i, j), i < j, of boxes that overlap after each is grown by `margin` on every
// side, skipping pairs where both are static (`isStatic[i] && isStatic[j]`). Output is sorted
// (by i, then j), so the result is deterministic. `order` is scratch space reused between calls.
class BroadPhase {
 public:
  void findPairs(const std::vector<Aabb>& boxes, const std::vector<bool>& isStatic, double margin,
                 std::vector<std::pair<int, int>>& pairs);

 private:
  std::vector<int> order_;  // boxes by lower x, kept between calls
  std::vector<int> start_;
  std::vector<std::pair<int, int>> sorted_;
};

}  // namespace contactlab
