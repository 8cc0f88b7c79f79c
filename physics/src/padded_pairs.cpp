#include "padded_pairs.h"

#include <algorithm>

namespace contactlab {
namespace {

bool contains(const Aabb& outer, const Aabb& inner) {
  return outer.lower.x <= inner.lower.x && outer.lower.y <= inner.lower.y &&
         inner.upper.x <= outer.upper.x && inner.upper.y <= outer.upper.y;
}

Aabb paddedBox(const Aabb& box, double radius) {
  const double pad = kPadding * radius;
  return {box.lower - Vec2{pad, pad}, box.upper + Vec2{pad, pad}};
}

// Re-padding one body costs a pass over all bodies; past this many, finding every pair anew is
// cheaper.
constexpr size_t kMostLeft = 32;

}  // namespace

void PaddedPairs::padAll(const std::vector<Aabb>& boxes, std::span<const double> radius) {
  padded_.resize(boxes.size());
  for (size_t i = 0; i < boxes.size(); ++i) padded_[i] = paddedBox(boxes[i], radius[i]);
}

void PaddedPairs::findPairs(const std::vector<Aabb>& boxes, const std::vector<bool>& isStatic,
                            std::span<const double> radius, double margin,
                            std::vector<std::pair<int, int>>& pairs) {
  const size_t n = boxes.size();
  left_.clear();
  const bool fresh = padded_.size() != n || isStatic_ != isStatic || margin_ != margin;
  if (!fresh)
    for (size_t i = 0; i < n && left_.size() <= kMostLeft; ++i)
      if (!contains(padded_[i], boxes[i])) left_.push_back(static_cast<int>(i));
  if (fresh || left_.size() > kMostLeft) {
    padAll(boxes, radius);
    isStatic_ = isStatic;
    margin_ = margin;
    broadPhase_.findPairs(padded_, isStatic_, margin_, candidates_);
  } else if (!left_.empty()) {
    hasLeft_.assign(n, 0);
    for (const int i : left_) {
      hasLeft_[i] = 1;
      padded_[i] = paddedBox(boxes[i], radius[i]);
    }
    // The candidates of bodies that stayed, then every pair of a body that left, once.
    std::erase_if(candidates_, [&](const std::pair<int, int>& p) {
      return hasLeft_[p.first] || hasLeft_[p.second];
    });
    found_.clear();
    for (const int i : left_)
      for (size_t k = 0; k < n; ++k) {
        const int j = static_cast<int>(k);
        if (j == i || (hasLeft_[j] && j < i) || (isStatic_[i] && isStatic_[j])) continue;
        if (grownOverlap(padded_[i], padded_[j], margin_))
          found_.emplace_back(std::min(i, j), std::max(i, j));
      }
    std::sort(found_.begin(), found_.end());
    const size_t kept = candidates_.size();
    candidates_.insert(candidates_.end(), found_.begin(), found_.end());
    std::inplace_merge(candidates_.begin(), candidates_.begin() + kept, candidates_.end());
  }
  pairs.clear();
  for (const auto& [i, j] : candidates_)
    if (grownOverlap(boxes[i], boxes[j], margin)) pairs.emplace_back(i, j);
}

}  // namespace contactlab
