// The broad phase's sort and sweep: boxes sorted by their lower x; each box is paired with the
// boxes after it whose grown x-interval starts before its own grown x-interval ends, then checked
// in y. Grown boxes that only touch (share an edge or a corner) count as overlapping. Cost: the
// sort (nearly linear from the last call's order, at most about n log n), plus one step per pair
// overlapping in x, plus sorting the output. One step per pair overlapping in x grows faster than
// the bodies where many boxes share an x-interval (a pile or a rain of many rows: each box meets
// its whole column), so many boxes go to the uniform grid (grid_pairs.cpp) instead.
#include "broad_phase.h"

#include <algorithm>

namespace contactlab {

void BroadPhase::findPairs(const std::vector<Aabb>& boxes, const std::vector<bool>& isStatic,
                           double margin, std::vector<std::pair<int, int>>& pairs, Method method) {
  pairs.clear();
  const bool grid =
      method == Method::Grid || (method == Method::Automatic && boxes.size() >= kGridFrom);
  if (grid && gridPairs(boxes, isStatic, margin, pairs)) {
    sortPairs(static_cast<int>(boxes.size()), pairs);
    return;
  }
  pairs.clear();
  sweepPairs(boxes, isStatic, margin, pairs);
  sortPairs(static_cast<int>(boxes.size()), pairs);
}

void BroadPhase::sweepPairs(const std::vector<Aabb>& boxes, const std::vector<bool>& isStatic,
                            double margin, std::vector<std::pair<int, int>>& pairs) {
  const int n = static_cast<int>(boxes.size());
  // Insertion sort from the last call's order: bodies move little between calls, so this is
  // nearly linear. When the order is far from sorted (the first call, with bodies in file order,
  // or after a jump) the swaps pass a budget of a few per box and a full sort takes over, so a
  // call never costs more than about n log n. (lower x, index) is a total order, so the result
  // does not depend on the start.
  if (order_.size() != boxes.size()) {
    order_.resize(boxes.size());
    for (int i = 0; i < n; ++i) order_[i] = i;
  }
  auto before = [&](int i, int j) {
    const double xi = boxes[i].lower.x, xj = boxes[j].lower.x;
    return xi < xj || (xi == xj && i < j);
  };
  const long long swapBudget = 8LL * n + 64;
  long long swaps = 0;
  for (int k = 1; k < n && swaps <= swapBudget; ++k)
    for (int l = k; l > 0 && before(order_[l], order_[l - 1]) && swaps <= swapBudget; --l, ++swaps)
      std::swap(order_[l], order_[l - 1]);
  if (swaps > swapBudget) std::sort(order_.begin(), order_.end(), before);

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
}

void BroadPhase::sortPairs(int n, std::vector<std::pair<int, int>>& pairs) {
  start_.assign(static_cast<size_t>(n) + 1, 0);
  for (const auto& p : pairs) ++start_[p.first + 1];
  for (int i = 0; i < n; ++i) start_[i + 1] += start_[i];
  sorted_.resize(pairs.size());
  for (const auto& p : pairs) sorted_[start_[p.first]++] = p;
  for (int i = n; i > 0; --i) start_[i] = start_[i - 1];
  start_[0] = 0;
  for (int i = 0; i < n; ++i)
    std::sort(sorted_.begin() + start_[i], sorted_.begin() + start_[i + 1]);
  pairs.swap(sorted_);
}

}  // namespace contactlab
