// ContactSim on piles of random blocks: wall time per simulated second while the pile falls and
// settles (first 5 s) and once it rests (next 5 s), with the time of each stage and the largest
// contact group; then the LCP solve time against the number of contacts in a group.
//
// The additive pile (--additive): one block dropped every 0.1 s of simulation into a container
// 32 m wide (that of the 400-block pile), in columns 1.8 m apart taken in turn from left to right
// (as pile_scene.h's rows), its centre 1.8 m above the highest block below it, until the last 5 s
// of simulation took 4.5 s of wall time or more; reports the block count reached then (median of
// the runs) and, on the way, the wall seconds of the last 5 simulated seconds at every 50 blocks.
// With --cpu the window counts the simulating thread's CPU seconds instead of wall seconds
// (step_clock.h): on a machine shared with other jobs the count then measures the work, not the
// load (the two agree on an idle machine, since the simulation runs on one thread).
//
// Usage: contactlab-bench-pile [--runs R] [sizes...]   (default sizes 10 20 50 100 200, R = 3)
//        contactlab-bench-pile --additive [--cpu] [--runs R] [--max BLOCKS]   (default max 2000)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <string>
#include <vector>

#include "bench_arguments.h"
#include "pile_scene.h"
#include "step_clock.h"

using namespace contactlab;
using contactlab::bench::countArgument;

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

constexpr double kDropInterval = 0.1;  // simulated seconds between two blocks
constexpr double kWindow = 5;          // simulated seconds whose wall time is watched
constexpr double kWallLimit = 4.5;     // wall seconds of the window that end the run

// The top of the highest block over [left, right] (the floor's is 0).
double topOver(const World& world, double left, double right) {
  double top = 0;
  for (BodyId id : world.bodies()) {
    if (world.body(id)->def.fixed) continue;
    const Bounds box = world.bounds(id).value();
    if (box.max.x >= left && box.min.x <= right) top = std::max(top, box.max.y);
  }
  return top;
}

// Where the last window's time went: the stages' shares of it, the LCP pivots, collisions and the
// collision search's integrations per simulated second, and the largest contact group at its end.
void printWindow(const Statistics& now, const Statistics& then, double seconds, int largest) {
  const StageTimes &t = now.contact.time, &t0 = then.contact.time;
  const double total = t.total - t0.total;
  auto share = [&](double part, double before) { return 100 * (part - before) / total; };
  std::printf(
      "\n  last %.0f s: detect %.0f%%, build %.0f%%, lcp %.0f%%, collide %.0f%%, gaps %.0f%%; "
      "%.0f pivots, %.0f collisions and %.0f collision search tries per s; largest group %d",
      seconds, share(t.detection, t0.detection), share(t.build, t0.build), share(t.solve, t0.solve),
      share(t.collisions, t0.collisions), share(t.gaps, t0.gaps),
      double(now.contact.pivots - then.contact.pivots) / seconds,
      double(now.collisions - then.collisions) / seconds,
      double(now.contact.collisionSearchTries - then.contact.collisionSearchTries) / seconds,
      largest);
}

// Blocks dropped one at a time until kWindow simulated seconds take kWallLimit wall (or CPU)
// seconds; the block count reached then (maxBlocks if the pile keeps up to the end).
int additiveRun(int maxBlocks) {
  const double inside = bench::pileWidth(400);
  World world = bench::pileContainer(inside);
  std::mt19937 random(20261204);
  const int columns = static_cast<int>(inside / 1.8);
  const int stepsPerDrop = static_cast<int>(kDropInterval / world.settings().dt + 0.5);
  const size_t windowSteps = static_cast<size_t>(kWindow / world.settings().dt + 0.5);
  std::deque<double> window;        // wall seconds of the last windowSteps steps
  std::deque<Statistics> previous;  // the statistics before each of them
  double windowWall = 0;
  int blocks = 0;
  while (blocks < maxBlocks) {
    const double x = -inside / 2 + 0.9 + 1.8 * (blocks % columns);
    const Vec2 position{x, topOver(world, x - 0.9, x + 0.9) + 1.8};
    double start = bench::stepClockSeconds();
    if (!world.addBody(bench::pileBlock(blocks, random, position))) std::exit(3);
    ++blocks;
    for (int s = 0; s < stepsPerDrop; ++s) {
      previous.push_back(world.statistics());
      if (!world.step()) std::exit(3);
      const double now = bench::stepClockSeconds();
      const double wall = now - start;
      start = now;
      window.push_back(wall);
      windowWall += wall;
      if (window.size() > windowSteps) {
        windowWall -= window.front();
        window.pop_front();
        previous.pop_front();
      }
    }
    if (blocks % 50 == 0) std::printf(" %d:%.2f", blocks, windowWall);
    std::fflush(stdout);
    if (window.size() == windowSteps && windowWall >= kWallLimit) break;
  }
  printWindow(world.statistics(), previous.front(), kWindow, world.lastStep().contact.largestGroup);
  return blocks;
}

int additive(int runs, int maxBlocks) {
  const char* clock = bench::stepClockIsCpu() ? "CPU" : "wall";
  std::printf(
      "Additive pile: a block every %.1f s into a %.0f m container, until %.0f s of simulation "
      "take %.1f s of %s time\n(blocks:%s seconds of the last %.0f simulated seconds)\n",
      kDropInterval, bench::pileWidth(400), kWindow, kWallLimit, clock, clock, kWindow);
  std::vector<double> reached;
  for (int r = 0; r < runs; ++r) {
    std::printf("run %d:", r + 1);
    reached.push_back(additiveRun(maxBlocks));
    std::printf("\n  blocks reached: %.0f\n", reached.back());
  }
  std::printf("additive pile: %.0f blocks (median of %d runs)\n", median(reached), runs);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 3, maxBlocks = 2000;
  bool additivePile = false;
  std::vector<int> sizes;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--runs" && i + 1 < argc) {
      runs = countArgument(arg, argv[++i], 1, 1000);
    } else if (arg == "--max" && i + 1 < argc) {
      maxBlocks = countArgument(arg, argv[++i], 1, 100000);
    } else if (arg == "--additive") {
      additivePile = true;
    } else if (arg == "--cpu") {
      bench::stepClockIsCpu() = true;
    } else {
      sizes.push_back(countArgument("a pile's size", argv[i], 1, 100000));
    }
  }
  if (additivePile) return additive(runs, maxBlocks);
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
