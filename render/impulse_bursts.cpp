// One collision burst per screen cell (impulse_bursts.h).
#include "impulse_bursts.h"

#include <algorithm>
#include <cmath>

namespace contactlab {

double burstRadius(double impulse) {
  return 8 + 6 * std::log1p(std::max(0.0, impulse));
}

std::span<const ImpulseMark> BurstSieve::sift(std::span<const ImpulseMark> marks,
                                              const Camera& camera, double cellPixels) {
  keyed_.clear();
  for (std::size_t i = 0; i < marks.size(); ++i) {
    const Vec2 p = camera.worldToScreen(marks[i].point);
    if (!std::isfinite(p.x) || !std::isfinite(p.y)) continue;
    // Far outside the screen the cells would overflow; such a burst is not seen anyway.
    const Vec2 cell = glm::clamp(glm::floor(p / cellPixels), Vec2{-1e9, -1e9}, Vec2{1e9, 1e9});
    const double visibility = burstRadius(marks[i].impulse) * (1 - marks[i].fade);
    keyed_.push_back({static_cast<std::int64_t>(cell.x), static_cast<std::int64_t>(cell.y),
                      visibility, static_cast<std::uint32_t>(i)});
  }
  // By cell, then the most visible first, then the earliest: the first of each cell is kept.
  std::sort(keyed_.begin(), keyed_.end(), [](const Keyed& a, const Keyed& b) {
    if (a.cellX != b.cellX) return a.cellX < b.cellX;
    if (a.cellY != b.cellY) return a.cellY < b.cellY;
    if (a.visibility != b.visibility) return a.visibility > b.visibility;
    return a.index < b.index;
  });
  chosen_.clear();
  for (std::size_t k = 0; k < keyed_.size(); ++k)
    if (k == 0 || keyed_[k].cellX != keyed_[k - 1].cellX || keyed_[k].cellY != keyed_[k - 1].cellY)
      chosen_.push_back(keyed_[k].index);
  std::sort(chosen_.begin(), chosen_.end());
  kept_.clear();
  for (std::uint32_t i : chosen_) kept_.push_back(marks[i]);
  return kept_;
}

}  // namespace contactlab
