// ContactSim on piles of random blocks: wall time per simulated second while the pile falls and
// settles (first 5 s) and once it rests (next 5 s), with the time of each stage and the largest
// contact group; then the LCP solve time against the number of contacts in a group.
//
// Usage: contactlab-bench-pile [--runs R] [sizes...]   (default sizes 10 20 50 100 200, R = 3)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "pile_scene.h"

using namespace contactlab;

namespace {

struct Phase {
  double wallPerSimSecond = 0;
  ContactSimWork stats;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

Phase runPhase(World& world, double seconds) {
  const ContactSimWork before = world.statistics().contact;
  const int steps = static_cast<int>(seconds / world.settings().dt + 0.5);
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < steps; ++i) {
    if (!world.step()) std::exit(3);
  }
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  Phase phase;
  phase.wallPerSimSecond = wall / seconds;
  phase.stats = world.statistics().contact;
  phase.stats.time.detection -= before.time.detection;
  phase.stats.time.build -= before.time.build;
  phase.stats.time.solve -= before.time.solve;
  phase.stats.time.collisions -= before.time.collisions;
  phase.stats.time.gaps -= before.time.gaps;
  phase.stats.time.total -= before.time.total;
  phase.stats.lcpSolves -= before.lcpSolves;
  phase.stats.pivots -= before.pivots;
  return phase;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 3;
  std::vector<int> sizes;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--runs" && i + 1 < argc) {
      runs = std::atoi(argv[++i]);
    } else {
      sizes.push_back(std::atoi(argv[i]));
    }
  }
  if (sizes.empty()) sizes = {10, 20, 50, 100, 200};
  ContactSimWork all;
  std::printf(
      "ContactSim piles, dt 0.01, RK4, median of %d runs (wall seconds per simulated second)\n",
      runs);
  std::printf("%7s %10s %10s %9s %9s %9s %9s %9s %8s %9s %12s\n", "blocks", "settling", "resting",
              "detect%", "build%", "lcp%", "collide%", "gaps%", "largest", "pivots/s", "residual");
  for (int n : sizes) {
    std::vector<double> settling, resting;
    Phase last;
    for (int r = 0; r < runs; ++r) {
      World world = bench::pileWorld(n);
      settling.push_back(runPhase(world, 5).wallPerSimSecond);
      last = runPhase(world, 5);
      resting.push_back(last.wallPerSimSecond);
      for (int b = 0; b < kGroupSizeBuckets; ++b) {
        all.lcpSolvesBySize[b] += world.statistics().contact.lcpSolvesBySize[b];
        all.lcpSecondsBySize[b] += world.statistics().contact.lcpSecondsBySize[b];
      }
    }
    const StageTimes& t = last.stats.time;
    auto share = [&](double part) { return 100 * part / t.total; };
    std::printf("%7d %10.4f %10.4f %9.1f %9.1f %9.1f %9.1f %9.1f %8d %9.0f %12.1e\n", n,
                median(settling), median(resting), share(t.detection), share(t.build),
                share(t.solve), share(t.collisions), share(t.gaps), last.stats.largestGroup,
                last.stats.pivots / 5.0, last.stats.worstResidual);
  }
  std::printf("\nLCP solve time against contacts in the group (all runs above)\n");
  std::printf("%12s %10s %14s\n", "contacts", "solves", "us per solve");
  int first = -1, lastBucket = -1;
  for (int b = 0; b < kGroupSizeBuckets; ++b) {
    if (all.lcpSolvesBySize[b] == 0) continue;
    double micro = 1e6 * all.lcpSecondsBySize[b] / all.lcpSolvesBySize[b];
    std::printf("%5d-%-6d %10lld %14.2f\n", 1 << b, (2 << b) - 1,
                static_cast<long long>(all.lcpSolvesBySize[b]), micro);
    if (all.lcpSolvesBySize[b] >= 20) {
      if (first < 0) first = b;
      lastBucket = b;
    }
  }
  if (first >= 0 && lastBucket > first) {
    auto perSolve = [&](int b) { return all.lcpSecondsBySize[b] / all.lcpSolvesBySize[b]; };
    double slope = std::log(perSolve(lastBucket) / perSolve(first)) /
                   std::log(double(1 << lastBucket) / double(1 << first));
    std::printf("growth exponent between buckets %d and %d: %.2f (target: at most 3)\n", 1 << first,
                1 << lastBucket, slope);
  }
  return 0;
}
