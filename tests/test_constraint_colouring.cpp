// Tests of ConstraintColouring: no two constraints of a colour share a movable body, fixed bodies
// are shared freely, a body with more constraints than colours sends the rest to the overflow, and
// each constraint takes the lowest colour free when its turn comes (from the last to the first).
#include <doctest/doctest.h>

#include <random>
#include <set>
#include <utility>
#include <vector>

#include "constraint_colouring.h"

using namespace contactlab;

namespace {

using Constraints = std::vector<std::pair<int, int>>;

// For each colour but the overflow, each movable body at most once.
bool coloursShareNoMovableBody(const Constraints& bodies, const std::vector<char>& movable,
                               const std::vector<int>& colours) {
  std::set<std::pair<int, int>> taken;  // (colour, body)
  for (size_t k = 0; k < bodies.size(); ++k) {
    if (colours[k] == kOverflowColour) continue;
    for (const int b : {bodies[k].first, bodies[k].second})
      if (movable[b] && !taken.insert({colours[k], b}).second) return false;
  }
  return true;
}

}  // namespace

TEST_CASE(
    "random constraints: a colour never holds one movable body twice; fixed ones are shared") {
  std::mt19937 rng(7);
  ConstraintColouring colouring;
  std::vector<int> colours;
  for (int round = 0; round < 20; ++round) {
    const int n = 50 + 25 * round;
    std::uniform_int_distribution<int> body(0, n - 1);
    std::vector<char> movable(n);
    for (char& m : movable) m = rng() % 5 != 0;
    Constraints bodies;
    for (int k = 0; k < 4 * n; ++k) {
      const int a = body(rng);
      int b = body(rng);
      if (b == a) b = (a + 1) % n;
      if (!movable[a] && !movable[b]) continue;
      bodies.emplace_back(a, b);
    }
    colouring.colour(bodies, movable, colours);
    REQUIRE(colours.size() == bodies.size());
    CHECK(coloursShareNoMovableBody(bodies, movable, colours));
    for (const int c : colours) CHECK((c >= 0 && c <= kOverflowColour));
  }
}

TEST_CASE("a floor under many boxes: the floor takes no colour, every box contact gets colour 0") {
  const int boxes = 200;
  std::vector<char> movable(boxes + 1, 1);
  movable[0] = 0;  // the floor
  Constraints bodies;
  for (int b = 1; b <= boxes; ++b) bodies.emplace_back(0, b);
  ConstraintColouring colouring;
  std::vector<int> colours;
  colouring.colour(bodies, movable, colours);
  for (const int c : colours) CHECK(c == 0);
}

TEST_CASE("a body in more constraints than there are colours sends the rest to the overflow") {
  // A hub touching 100 others: each constraint shares the hub, so each needs a colour of its own.
  const int spokes = 100;
  std::vector<char> movable(spokes + 1, 1);
  Constraints bodies;
  for (int b = 1; b <= spokes; ++b) bodies.emplace_back(0, b);
  ConstraintColouring colouring;
  std::vector<int> colours;
  colouring.colour(bodies, movable, colours);
  CHECK(coloursShareNoMovableBody(bodies, movable, colours));
  int overflow = 0;
  std::set<int> used;
  for (const int c : colours) {
    if (c == kOverflowColour)
      ++overflow;
    else
      used.insert(c);
  }
  CHECK(static_cast<int>(used.size()) == kMaxColours);
  CHECK(overflow == spokes - kMaxColours);
  // From the last constraint to the first: the last takes colour 0, the first ones overflow.
  CHECK(colours.back() == 0);
  CHECK(colours.front() == kOverflowColour);
}

TEST_CASE("a chain is coloured alternately from its end, and again the same on a second call") {
  std::vector<char> movable(11, 1);
  Constraints bodies;
  for (int b = 0; b < 10; ++b) bodies.emplace_back(b, b + 1);
  ConstraintColouring colouring;
  std::vector<int> first, second;
  colouring.colour(bodies, movable, first);
  colouring.colour(bodies, movable, second);
  CHECK(first == second);
  for (size_t k = 0; k < bodies.size(); ++k) CHECK(first[k] == static_cast<int>((9 - k) % 2));
}
