// Tests of BroadPhase::findPairs and PaddedPairs::findPairs against the definition applied to
// every pair (brute force).
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <utility>
#include <vector>

#include "broad_phase.h"
#include "padded_pairs.h"

using namespace contactlab;

namespace {

using Pairs = std::vector<std::pair<int, int>>;

// The definition: both boxes grown by the margin overlap (touching counts) in x and in y, and not
// both are static. All pairs i < j, in order.
Pairs bruteForce(const std::vector<Aabb>& boxes, const std::vector<bool>& isStatic, double margin) {
  Pairs pairs;
  for (int i = 0; i < static_cast<int>(boxes.size()); ++i) {
    for (int j = i + 1; j < static_cast<int>(boxes.size()); ++j) {
      const Aabb &a = boxes[i], &b = boxes[j];
      bool overlapX =
          a.lower.x - margin <= b.upper.x + margin && b.lower.x - margin <= a.upper.x + margin;
      bool overlapY =
          a.lower.y - margin <= b.upper.y + margin && b.lower.y - margin <= a.upper.y + margin;
      if (overlapX && overlapY && !(isStatic[i] && isStatic[j])) pairs.emplace_back(i, j);
    }
  }
  return pairs;
}

struct Scene {
  std::vector<Aabb> boxes;
  std::vector<bool> isStatic;
};

// `count` boxes in a square of side `extent`; with `grid` every coordinate is a multiple of 1/8,
// so many grown boxes exactly touch.
Scene randomScene(std::mt19937& rng, int count, double extent, bool grid) {
  std::uniform_real_distribution<double> unit(0, 1);
  auto snap = [&](double v) { return grid ? std::round(v * 8) / 8 : v; };
  Scene scene;
  for (int i = 0; i < count; ++i) {
    Vec2 centre{snap(extent * unit(rng)), snap(extent * unit(rng))};
    Vec2 half{snap(0.05 + 0.75 * unit(rng)), snap(0.05 + 0.75 * unit(rng))};
    scene.boxes.push_back({centre - half, centre + half});
    scene.isStatic.push_back(unit(rng) < 0.2);
  }
  return scene;
}

}  // namespace

constexpr BroadPhase::Method kMethods[] = {BroadPhase::Method::Automatic, BroadPhase::Method::Sweep,
                                           BroadPhase::Method::Grid};

TEST_CASE("the sweep and the grid find exactly the pairs brute force finds on random boxes") {
  std::mt19937 rng(3);
  BroadPhase broadPhase;
  Pairs pairs;
  size_t total = 0;
  for (const BroadPhase::Method method : kMethods)
    for (bool grid : {false, true}) {
      for (double margin : {0.0, 0.05, 0.125, 0.3}) {
        for (int round = 0; round < 3; ++round) {
          CAPTURE(method);
          CAPTURE(grid);
          CAPTURE(margin);
          Scene scene = randomScene(rng, 300 + 100 * round, 20, grid);
          broadPhase.findPairs(scene.boxes, scene.isStatic, margin, pairs, method);
          Pairs expected = bruteForce(scene.boxes, scene.isStatic, margin);
          CHECK(pairs == expected);
          total += expected.size();
        }
      }
    }
  CHECK(total > 3000);  // the scenes are dense enough to exercise the sweep and the grid
}

// Many boxes go to the uniform grid (grid_pairs.cpp): boxes far larger than the cells (floors and
// walls kept out of them), a box far from the others (the cells widen), boxes on the cells' lines
// (coordinates on a lattice of 1/8 that the cells' sides divide) and boxes of no size.
TEST_CASE("the grid finds exactly the pairs brute force finds, with floors, walls and outliers") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(0, 1);
  BroadPhase broadPhase;
  Pairs pairs;
  size_t total = 0;
  for (int round = 0; round < 8; ++round) {
    CAPTURE(round);
    Scene scene = randomScene(rng, 200 + 150 * round, 25, round % 2 == 1);
    scene.boxes.push_back({{-1, -1}, {26, 0}});  // a floor
    scene.boxes.push_back({{-1, 0}, {0, 40}});   // walls
    scene.boxes.push_back({{25, 0}, {26, 40}});
    scene.isStatic.insert(scene.isStatic.end(), {true, true, true});
    scene.boxes.push_back({{12, -0.5}, {12, -0.5}});  // a point on the floor
    scene.isStatic.push_back(false);
    if (round >= 4) {  // one box far away, then its neighbour
      const double far = round == 4 ? 1e6 : 3e4 * unit(rng);
      scene.boxes.push_back({{far, far}, {far + 1, far + 1}});
      scene.boxes.push_back({{far + 0.5, far + 0.5}, {far + 2, far + 2}});
      scene.isStatic.insert(scene.isStatic.end(), {false, false});
    }
    for (double margin : {0.0, 0.125}) {
      CAPTURE(margin);
      broadPhase.findPairs(scene.boxes, scene.isStatic, margin, pairs, BroadPhase::Method::Grid);
      const Pairs expected = bruteForce(scene.boxes, scene.isStatic, margin);
      CHECK(pairs == expected);
      total += expected.size();
    }
  }
  CHECK(total > 5000);
}

TEST_CASE("boxes whose grown sides exactly touch are paired, a hair further apart are not") {
  BroadPhase broadPhase;
  Pairs pairs;
  std::vector<Aabb> boxes = {{{0, 0}, {1, 1}}, {{1.5, 0}, {2.5, 1}}, {{0, 1.5}, {1, 2.5}}};
  std::vector<bool> isStatic = {false, false, false};
  for (const BroadPhase::Method method : kMethods) {
    CAPTURE(method);
    // Gaps of 0.5 = 2 margins: 0-1 share a side, 0-2 share a side, 1-2 share a corner.
    broadPhase.findPairs(boxes, isStatic, 0.25, pairs, method);
    CHECK(pairs == Pairs{{0, 1}, {0, 2}, {1, 2}});
    broadPhase.findPairs(boxes, isStatic, 0.2499, pairs, method);
    CHECK(pairs.empty());
  }
}

TEST_CASE("two static boxes are never paired, a static and a moving one are") {
  BroadPhase broadPhase;
  Pairs pairs;
  std::vector<Aabb> boxes = {{{0, 0}, {2, 1}}, {{1, 0}, {3, 1}}, {{1.5, 0.5}, {2, 2}}};
  for (const BroadPhase::Method method : kMethods) {
    broadPhase.findPairs(boxes, {true, true, false}, 0, pairs, method);
    CHECK(pairs == Pairs{{0, 2}, {1, 2}});
  }
}

TEST_CASE("results are cleared and sorted between calls of different sizes") {
  std::mt19937 rng(5);
  BroadPhase broadPhase;
  Pairs pairs = {{7, 3}, {100, 200}};  // stale content must disappear
  for (const BroadPhase::Method method : kMethods)
    for (int count : {400, 50, 0, 1, 250}) {
      CAPTURE(method);
      CAPTURE(count);
      Scene scene = randomScene(rng, count, 10, false);
      broadPhase.findPairs(scene.boxes, scene.isStatic, 0.1, pairs, method);
      CHECK(pairs == bruteForce(scene.boxes, scene.isStatic, 0.1));
    }
}

// The boxes keep moving between calls: most creep (staying within their padding, or leaving it one
// by one), a few jump across the scene, at times all of them do, and the margin and the static
// flags change. After every call the kept pairs must be exactly the pairs of the boxes as they are.
TEST_CASE("padded pairs kept between calls are exactly the pairs of the boxes as they are now") {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> unit(0, 1);
  PaddedPairs padded;
  Pairs pairs;
  Scene scene = randomScene(rng, 400, 20, false);
  std::vector<double> radius;
  for (const Aabb& box : scene.boxes) radius.push_back(glm::length(box.upper - box.lower) / 2);
  double margin = 0.05;
  int jumps = 0, checked = 0;
  for (int call = 0; call < 300; ++call) {
    CAPTURE(call);
    const double creep = call % 50 < 25 ? 0.002 : 0.05;
    for (size_t i = 0; i < scene.boxes.size(); ++i) {
      Vec2 move{creep * (unit(rng) - 0.5), creep * (unit(rng) - 0.5)};
      if (unit(rng) < 0.01 || call % 97 == 0) {
        move = {20 * unit(rng) - scene.boxes[i].lower.x, 20 * unit(rng) - scene.boxes[i].lower.y};
        ++jumps;
      }
      scene.boxes[i].lower += move;
      scene.boxes[i].upper += move;
    }
    if (call % 61 == 60) margin = margin == 0.05 ? 0.1 : 0.05;
    if (call % 83 == 82) scene.isStatic[static_cast<size_t>(call) % scene.isStatic.size()].flip();
    padded.findPairs(scene.boxes, scene.isStatic, radius, margin, pairs);
    CHECK(pairs == bruteForce(scene.boxes, scene.isStatic, margin));
    checked += static_cast<int>(pairs.size());
  }
  CHECK(jumps > 100);
  CHECK(checked > 10000);
}
