// Sort-and-sweep broad phase: boxes sorted by their lower x; each box is paired with the boxes
// after it whose grown x-interval starts before its own grown x-interval ends, then checked in y.
// Grown boxes that only touch (share an edge or a corner) count as overlapping. Boxes must be
// finite. Cost: the sort, plus one step per pair overlapping in x, plus sorting the output.
#include "broad_phase.h"

#include <algorithm>

namespace contactlab {

void BroadPhase::findPairs(const std::vector<Aabb>& boxes, const std::vector<bool>& isStatic,
                           double margin, std::vector<std::pair<int, int>>& pairs) {
  pairs.clear();
  const int n = static_cast<int>(boxes.size());
  order_.resize(boxes.size());
  for (int i = 0; i < n; ++i) order_[i] = i;
  std::sort(order_.begin(), order_.end(), [&](int i, int j) {
    double xi = boxes[i].lower.x, xj = boxes[j].lower.x;
    return xi < xj || (xi == xj && i < j);
  });

  for (int k = 0; k < n; ++k) {
    const int i = order_[k];
    const Aabb& box = boxes[i];
    const double right = box.upper.x + margin;
    const double bottom = box.lower.y - margin, top = box.upper.y + margin;
    for (int l = k + 1; l < n; ++l) {
      const int j = order_[l];
      const Aabb& other = boxes[j];
      // Later boxes start no further left, so once one starts past `right` all do.
      if (other.lower.x - margin > right) break;
      if (isStatic[i] && isStatic[j]) continue;
      if (other.lower.y - margin > top || other.upper.y + margin < bottom) continue;
      pairs.emplace_back(std::min(i, j), std::max(i, j));
    }
  }
  std::sort(pairs.begin(), pairs.end());
}

}  // namespace contactlab
