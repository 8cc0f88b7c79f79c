// What the time-stepping solver notes about a step's contacts as it starts (timestep_sim.h): each
// contact's impulses of the previous step (the warm start, looked up by one walk along that step's
// contacts) and how fast its bodies approach (the step's collisions).
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <span>
#include <utility>

#include "contact_finder.h"
#include "contactlab_assert.h"
#include "model.h"

namespace contactlab {

// How far a contact's point may lie from one of the previous step's contacts of the same two
// bodies and still take its impulses when no contact of the same features is there.
inline constexpr double kWarmStartReach = 0.05;  // m

// The impulses a contact takes from the previous step (N s): along its normal and along
// perpendicular(normal).
struct WarmImpulses {
  double normal = 0, tangent = 0;
};

// One walk along the previous step's contacts, sorted by pair (as ContactFinder lists them), with
// their impulses (2 a contact: normal, tangential), for contacts that come sorted by pair too: a
// contact takes the impulses of the previous contact of the same key, else of the nearest of the
// same two bodies within kWarmStartReach (the same touch seen from the other body, which happens
// when corners of aligned boxes meet), else none. Only the previous contacts that pressed (a
// normal impulse > 0) count. The previous step's contacts are read where that step left them
// (timestep_sim.h), not copied out: a pile's list does not fit in the cache between two steps.
class WarmStartWalk {
 public:
  WarmStartWalk(std::span<const Contact> previous, std::span<const double> impulses)
      : previous_(previous), impulses_(impulses) {
    CONTACTLAB_ASSERT(impulses.size() == 2 * previous.size(),
                      "warm start: 2 impulses per previous contact");
  }

  // The warm start of contact c, if any; c's pair is not below the last contact's.
  std::optional<WarmImpulses> next(const Contact& c) {
    const std::pair pair = orderedPair(c);
    CONTACTLAB_ASSERT(last_ <= pair, "warm start: the contacts must come sorted by pair");
    if (pair != last_) {
      // A new pair: its previous contacts, found once for all its contacts.
      last_ = pair;
      begin_ = end_;
      while (begin_ < previous_.size() && orderedPair(previous_[begin_]) < pair) ++begin_;
      end_ = begin_;
      while (end_ < previous_.size() && orderedPair(previous_[end_]) == pair) ++end_;
    }
    const ContactKey key = keyOf(c);
    std::size_t match = end_;
    double best = kWarmStartReach * kWarmStartReach;
    for (std::size_t j = begin_; j < end_; ++j) {
      if (!(impulses_[2 * j] > 0)) continue;
      if (keyOf(previous_[j]) == key) return impulsesOf(j);
      const Vec2 offset = previous_[j].geometry.point1 - c.geometry.point1;
      const double distance = glm::dot(offset, offset);
      if (distance < best) {
        best = distance;
        match = j;
      }
    }
    if (match == end_) return std::nullopt;
    return impulsesOf(match);
  }

 private:
  WarmImpulses impulsesOf(std::size_t j) const { return {impulses_[2 * j], impulses_[2 * j + 1]}; }

  std::span<const Contact> previous_;
  std::span<const double> impulses_;
  std::size_t begin_ = 0, end_ = 0;  // the previous contacts of the pair last_
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
