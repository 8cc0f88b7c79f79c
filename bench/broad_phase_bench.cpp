// The broad phase (physics/src/broad_phase.h) on the comparison's scenes (timestep_scenes.h: the
// pyramids as built; the rain's discs in their grid as they start, and as a heap: the same discs
// packed in touching hexagonal rows on the container's floor, as they come to rest; a pyramid
// with one more box 1,000 km away, as a body flung off), with the ground and walls: for each, the
// sort and sweep, the grid and the automatic choice, each the median wall time of R runs of 20
// calls, and the pairs they find (which must agree).
//
// Usage: contactlab-bench-broad-phase [--runs R] [scenes...]
//        (default: the eight comparison scenes, R = 5)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bench_arguments.h"
#include "broad_phase.h"
#include "timestep_scenes.h"

using namespace contactlab;
using namespace contactlab::bench;

namespace {

// The margin of a time-stepping step at rest: half the default target gap plus the contact margin.
constexpr double kMargin = 0.006;

struct Boxes {
  std::vector<Aabb> boxes;
  std::vector<bool> isStatic;
};

Boxes boxesOf(const BenchScene& scene) {
  Boxes out;
  for (const SceneBox& b : scene.boxes) {
    out.boxes.push_back({{b.x - b.w / 2, b.y - b.h / 2}, {b.x + b.w / 2, b.y + b.h / 2}});
    out.isStatic.push_back(b.fixed);
  }
  for (const SceneDisc& d : scene.discs) {
    out.boxes.push_back({{d.x - d.r, d.y - d.r}, {d.x + d.r, d.y + d.r}});
    out.isStatic.push_back(false);
  }
  return out;
}

// The rain's discs packed as a heap between its walls (boxes 1 and 2 of rainScene).
BenchScene heapOf(const BenchScene& rain) {
  BenchScene heap = rain;
  heap.name += "-heap";
  const double left = rain.boxes[1].x + rain.boxes[1].w / 2;
  const double right = rain.boxes[2].x - rain.boxes[2].w / 2;
  const double r = rain.discs.front().r;
  const int perRow = static_cast<int>((right - left) / (2 * r)) - 1;
  for (size_t k = 0; k < heap.discs.size(); ++k) {
    const int row = static_cast<int>(k) / perRow, column = static_cast<int>(k) % perRow;
    heap.discs[k].x = left + r + 2 * r * column + (row % 2 ? r : 0.0);
    heap.discs[k].y = r + std::sqrt(3.0) * r * row;
  }
  return heap;
}

// Median microseconds per call over `runs` runs of 20 calls.
double timeCalls(const Boxes& b, BroadPhase::Method method, int runs, size_t& pairCount) {
  BroadPhase broadPhase;
  std::vector<std::pair<int, int>> pairs;
  std::vector<double> micros;
  for (int r = 0; r < runs; ++r) {
    const auto start = std::chrono::steady_clock::now();
    for (int call = 0; call < 20; ++call)
      broadPhase.findPairs(b.boxes, b.isStatic, kMargin, pairs, method);
    micros.push_back(
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
            .count() /
        20);
  }
  pairCount = pairs.size();
  std::nth_element(micros.begin(), micros.begin() + runs / 2, micros.end());
  return micros[runs / 2];
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  std::vector<std::string> names;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
      runs = countArgument(argv[i], argv[i + 1], 1, 1000);
      ++i;
    } else {
      names.push_back(argv[i]);
    }
  }
  if (names.empty()) {
    names = smallSceneNames();
    names.insert(names.end(), largeSceneNames().begin(), largeSceneNames().end());
  }
  std::vector<BenchScene> scenes;  // every name checked before any is measured
  for (const std::string& name : names) {
    std::optional<BenchScene> scene = comparisonScene(name, 0.005);
    if (!scene) {
      std::fprintf(stderr, "unknown scene '%s'\n", name.c_str());
      return 2;
    }
    scenes.push_back(std::move(*scene));
  }
  std::printf("%-14s %6s %8s %12s %12s %12s\n", "scene", "boxes", "pairs", "sweep us", "grid us",
              "automatic us");
  for (const BenchScene& scene : scenes) {
    std::vector<BenchScene> variants{scene};
    if (!scene.discs.empty()) variants.push_back(heapOf(scene));
    if (scene.discs.empty() && scene.boxes.size() > 100) {  // one more box 1,000 km away
      variants.push_back(scene);
      variants.back().name += "-far";
      variants.back().boxes.push_back({1e6, 1e6});
    }
    for (const BenchScene& variant : variants) {
      const Boxes b = boxesOf(variant);
      size_t sweepPairs = 0, gridPairs = 0, automaticPairs = 0;
      const double sweep = timeCalls(b, BroadPhase::Method::Sweep, runs, sweepPairs);
      const double grid = timeCalls(b, BroadPhase::Method::Grid, runs, gridPairs);
      const double automatic = timeCalls(b, BroadPhase::Method::Automatic, runs, automaticPairs);
      if (sweepPairs != gridPairs || sweepPairs != automaticPairs) {
        std::fprintf(stderr, "%s: the methods disagree (%zu, %zu, %zu pairs)\n",
                     variant.name.c_str(), sweepPairs, gridPairs, automaticPairs);
        return 1;
      }
      std::printf("%-14s %6zu %8zu %12.1f %12.1f %12.1f\n", variant.name.c_str(), b.boxes.size(),
                  sweepPairs, sweep, grid, automatic);
    }
  }
}
