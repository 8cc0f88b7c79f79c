// ContactSim on boxes that start at one point: N unit boxes of 1 kg placed on top of each other at
// (0, 0.5) on a fixed floor, run for 2 s simulated. Prints, per N, one JSON object a line: the wall
// seconds of the steps, steps, LCP solves, pivots, solves that hit the pivot cap or were unbounded,
// collisions, the deepest overlap left at the end (tests/overlap_scene.h), and the simulated time
// at which no pair overlapped deeper than distance_tol any more (checked every 0.1 s, outside the
// timing; -1 if not within the run).
//
// Usage: contactlab-bench-overlap [--runs R] [--time T] [--spread S] [sizes...]
//   (default sizes 10 20 40 100, R = 3, T = 2 s; S > 0 shifts box k by S k along x, in m)
// With R > 1 the median run (by wall seconds) of each size is printed.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench_arguments.h"
#include "overlap_scene.h"

using namespace contactlab;
using namespace contactlab::bench;

namespace {

struct Run {
  double wallSeconds = 0;
  double deepestOverlap = 0;
  double apartAt = -1;
  bool failed = false;
  Statistics stats;
};

Run runOnce(int boxes, double seconds, double spread) {
  World world = overlap::boxesAtOnePoint(boxes, spread);
  const int steps = static_cast<int>(seconds / world.settings().dt + 0.5);
  Run run;
  const int checkEvery = std::max(1, static_cast<int>(0.1 / world.settings().dt + 0.5));
  for (int i = 0; i < steps && !run.failed; ++i) {
    auto start = std::chrono::steady_clock::now();
    run.failed = !world.step();
    run.wallSeconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (run.apartAt < 0 && (i + 1) % checkEvery == 0 &&
        overlap::deepestOverlap(world) <= world.settings().distanceTol)
      run.apartAt = world.time();
  }
  run.stats = world.statistics();
  run.deepestOverlap = overlap::deepestOverlap(world);
  return run;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 3;
  double seconds = 2, spread = 0;
  std::vector<int> sizes;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--runs" && i + 1 < argc) {
      runs = countArgument(arg, argv[++i], 1, 1000);
    } else if (arg == "--time" && i + 1 < argc) {
      seconds = numberArgument(arg, argv[++i], 1e-3, 1e5);
    } else if (arg == "--spread" && i + 1 < argc) {
      spread = numberArgument(arg, argv[++i], 0, 1e3);
    } else {
      sizes.push_back(countArgument("a size (boxes)", argv[i], 1, 100000));
    }
  }
  if (sizes.empty()) sizes = {10, 20, 40, 100};
  for (int n : sizes) {
    std::vector<Run> all;
    for (int r = 0; r < runs; ++r) all.push_back(runOnce(n, seconds, spread));
    std::sort(all.begin(), all.end(),
              [](const Run& x, const Run& y) { return x.wallSeconds < y.wallSeconds; });
    const Run& m = all[all.size() / 2];
    const Statistics& s = m.stats;
    std::printf(
        "{\"boxes\": %d, \"simulated_seconds\": %g, \"runs\": %d, \"wall_seconds\": %.3f, "
        "\"failed\": %s, \"steps\": %lld, \"lcp_solves\": %lld, \"pivots\": %lld, "
        "\"lcp_iteration_limits\": %lld, \"lcp_unbounded\": %lld, \"collisions\": %lld, "
        "\"deepest_overlap\": %.4g, \"apart_at\": %g, \"lcp_seconds\": %.3f, "
        "\"detection_seconds\": %.3f, \"collision_seconds\": %.3f, \"overlap_seconds\": %.3f}\n",
        n, seconds, runs, m.wallSeconds, m.failed ? "true" : "false",
        static_cast<long long>(s.steps), static_cast<long long>(s.contact.lcpSolves),
        static_cast<long long>(s.contact.pivots),
        static_cast<long long>(s.contact.lcpIterationLimits),
        static_cast<long long>(s.contact.lcpUnbounded), static_cast<long long>(s.collisions),
        m.deepestOverlap, m.apartAt, s.contact.time.solve, s.contact.time.detection,
        s.contact.time.collisions, s.contact.time.overlaps);
    std::fflush(stdout);
  }
  return 0;
}
