// Tests of step_contacts.h: a contact takes the previous step's impulses of the same features,
// else of the nearest contact of the same two bodies within kWarmStartReach, else none, never
// those of another pair nor of a contact that did not press; the approach speed of a contact is the
// closing speed of its two bodies' points along the normal.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "step_contacts.h"

using namespace contactlab;

namespace {

Contact contactAt(int body1, int body2, std::uint32_t feature, Vec2 point, Vec2 normal = {0, 1}) {
  Contact c;
  c.body1 = body1;
  c.body2 = body2;
  c.geometry.feature = feature;
  c.geometry.point1 = c.geometry.point2 = point;
  c.geometry.normal = normal;
  return c;
}

}  // namespace

TEST_CASE("the warm start walk: the same features first, then the nearest of the same pair") {
  // The previous step's contacts, sorted by pair, with their impulses (normal, tangential).
  const std::vector<Contact> previous = {
      contactAt(1, 2, 1, {0, 0}),    // pair (1, 2), feature 1 at the origin
      contactAt(1, 2, 3, {0, 0}),    // pair (1, 2), feature 3 there too, but it did not press
      contactAt(1, 2, 2, {1, 0}),    // pair (1, 2), feature 2 a metre away
      contactAt(1, 3, 5, {5, 5}),    // pair (1, 3)
      contactAt(3, 2, 4, {-2, 0})};  // pair (2, 3), seen from body 3
  const std::vector<double> impulses = {10, -10, 0, 0, 20, -20, 30, -30, 40, -40};
  WarmStartWalk walk(previous, impulses);
  // Feature 2 of pair (1, 2), though it now lies next to feature 1's old point: the key wins.
  const std::optional<WarmImpulses> sameKey = walk.next(contactAt(1, 2, 2, {0.01, 0}));
  REQUIRE(sameKey.has_value());
  CHECK(sameKey->normal == 20);
  CHECK(sameKey->tangent == -20);
  // A new feature of the same pair, seen from the other body, 2 cm from feature 1's old point (and
  // feature 3's, which carried no impulse and is no warm start).
  const std::optional<WarmImpulses> nearest = walk.next(contactAt(2, 1, 9, {0.02, 0}));
  REQUIRE(nearest.has_value());
  CHECK(nearest->normal == 10);
  // Feature 3 itself: its old contact did not press, so the nearest that did.
  const std::optional<WarmImpulses> unpressed = walk.next(contactAt(1, 2, 3, {0, 0}));
  REQUIRE(unpressed.has_value());
  CHECK(unpressed->normal == 10);
  // Pair (1, 3): the only old contact is 20 cm away, beyond kWarmStartReach.
  CHECK(!walk.next(contactAt(1, 3, 7, {5.2, 5})));
  // Pair (1, 4) had no contact: another pair's contact at the same point and feature is not its.
  CHECK(!walk.next(contactAt(1, 4, 5, {5, 5})));
  // Pair (2, 3): the same key (body 3 first, feature 4).
  const std::optional<WarmImpulses> other = walk.next(contactAt(3, 2, 4, {-2, 0.01}));
  REQUIRE(other.has_value());
  CHECK(other->normal == 40);
  // Nothing kept: nothing found.
  WarmStartWalk none({}, {});
  CHECK(!none.next(contactAt(1, 2, 1, {0, 0})));
}

TEST_CASE("the approach speed is the closing speed of the two bodies' points along the normal") {
  std::vector<BodyState> states(2);
  // Body 0 above body 1 (normal from 1 to 0 is +y): body 0 falls at 3 m/s onto body 1 rising at
  // 1 m/s: they close at 4 m/s.
  states[0].velocity = {5, -3};  // sliding sideways does not close the gap
  states[1].velocity = {0, 1};
  const Contact c = contactAt(0, 1, 0, {0, 0});
  CHECK(approachSpeed(c, states) == doctest::Approx(4));
  // Body 0 spinning at 2 rad/s about its centre 1 m to the left of the point: the point moves up
  // at 2 m/s, away from body 1.
  states[0] = BodyState{{-1, 0.5}, 0, {0, 0}, 2};
  states[1] = BodyState{};
  CHECK(approachSpeed(c, states) == doctest::Approx(-2));
  // Along a tilted normal (45 degrees): only the normal component of the relative velocity.
  states[0] = BodyState{{0, 0}, 0, {-1, -3}, 0};
  const Contact tilted = contactAt(0, 1, 0, {0, 0}, {std::sqrt(0.5), std::sqrt(0.5)});
  CHECK(approachSpeed(tilted, states) == doctest::Approx(4 * std::sqrt(0.5)));
}
