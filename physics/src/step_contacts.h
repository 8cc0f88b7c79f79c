// What the time-stepping solver notes about a step's contacts as it starts (timestep_sim.h): each
// contact's impulses of the previous step (the warm start, looked up by one walk along the list
// kept from that step) and how fast its bodies approach (the step's collisions).
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <utility>

#include "contact_finder.h"
#include "contactlab_assert.h"
#include "model.h"

namespace contactlab {

// How far a contact's point may lie from one of the previous step's contacts of the same two
// bodies and still take its impulses when no contact of the same features is there.
inline constexpr double kWarmStartReach = 0.05;  // m

// A contact's impulses kept for the next step (N s): its two bodies (low < high), its key and its
// point 1, along the normal and along perpendicular(normal).
struct WarmStart {
  int low = 0, high = 0;
  ContactKey key;
  Vec2 point{0, 0};
  double normal = 0, tangent = 0;
};

// One walk along a list of warm starts sorted by pair, for contacts that come sorted by pair (as
// ContactFinder lists them): a contact takes the warm start of the same key, else the nearest of
// the same two bodies within kWarmStartReach (the same touch seen from the other body, which
// happens when corners of aligned boxes meet), else none.
class WarmStartWalk {
 public:
  explicit WarmStartWalk(std::span<const WarmStart> previous) : previous_(previous) {}

  // The warm start of contact c, or null; c's pair is not below the last contact's.
  const WarmStart* next(const Contact& c) {
    const std::pair pair{std::min(c.body1, c.body2), std::max(c.body1, c.body2)};
    CONTACTLAB_ASSERT(last_ <= pair, "warm start: the contacts must come sorted by pair");
    last_ = pair;
    auto pairAt = [&](std::size_t j) { return std::pair(previous_[j].low, previous_[j].high); };
    while (cursor_ < previous_.size() && pairAt(cursor_) < pair) ++cursor_;
    const ContactKey key = keyOf(c);
    const WarmStart* match = nullptr;
    double best = kWarmStartReach * kWarmStartReach;
    for (std::size_t j = cursor_; j < previous_.size() && pairAt(j) == pair; ++j) {
      if (previous_[j].key == key) return &previous_[j];
      const Vec2 offset = previous_[j].point - c.geometry.point1;
      const double distance = glm::dot(offset, offset);
      if (distance < best) {
        best = distance;
        match = &previous_[j];
      }
    }
    return match;
  }

 private:
  std::span<const WarmStart> previous_;
  std::size_t cursor_ = 0;
  std::pair<int, int> last_{-1, -1};
};

// How fast contact c's bodies approach along its normal at its point 1, at `states` (> 0
// approaching): a collision when the step then gives the contact an impulse and this is above
// velocity_tol.
inline double approachSpeed(const Contact& c, std::span<const BodyState> states) {
  const Vec2 p = c.geometry.point1;
  return -glm::dot(c.geometry.normal,
                   pointVelocity(states[c.body1], p) - pointVelocity(states[c.body2], p));
}

}  // namespace contactlab
