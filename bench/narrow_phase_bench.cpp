// The narrow phase (physics/src/narrow_phase.h: collideShapes) on the pairs of bodies that touch in
// a comparison scene (timestep_scenes.h) after it has run with the substeps for a while: each pair
// collided as the time-stepping solver collides a pair it cannot carry (the step's margin, the
// reuse slack beyond it), 20 times a run; the median wall time of R runs, in ns a pair, and the
// contacts a pair gives. A settling pyramid100 collides about 7,000 such pairs a step in its first
// second (docs/timestep.md, "Seventeenth session").
//
// Usage: contactlab-bench-narrow-phase [--runs R] [--steps N] [scenes...]
//        (default: pyramid100 and rain1000 after N = 60 steps, R = 7)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "bench_arguments.h"
#include "bench_world.h"
#include "contact_finder.h"
#include "narrow_phase.h"
#include "shape.h"

using namespace contactlab;
using namespace contactlab::bench;

namespace {

struct PlacedPair {
  Shape a, b;
  Transform ta, tb;
};

// The pairs of bodies with a reported contact after `steps` steps of `scene`, placed as they are.
std::vector<PlacedPair> touchingPairs(const BenchScene& scene, int steps) {
  WorldSettings settings;
  settings.solver = SolverKind::Timestep;
  settings.timestepScheme = TimestepScheme::Substeps;
  BenchWorld built = buildBenchWorld(scene, settings);
  for (int s = 0; s < steps; ++s) {
    if (!built.world.step()) {
      std::fprintf(stderr, "%s: the simulation failed\n", scene.name.c_str());
      std::exit(3);
    }
  }
  std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
  std::vector<PlacedPair> pairs;
  for (const ContactReport& c : built.world.contacts()) {
    if (!seen.insert({c.body1.index, c.body2.index}).second) continue;
    const BodyView a = *built.world.body(c.body1), b = *built.world.body(c.body2);
    pairs.push_back({makeShape(a.def).value(), makeShape(b.def).value(),
                     Transform(a.state.position, a.state.angle),
                     Transform(b.state.position, b.state.angle)});
  }
  return pairs;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 7, steps = 60;
  std::vector<std::string> names;
  for (int i = 1; i < argc; ++i) {
    const bool hasValue = i + 1 < argc;
    if (std::strcmp(argv[i], "--runs") == 0 && hasValue) {
      runs = countArgument(argv[i], argv[i + 1], 1, 1000);
      ++i;
    } else if (std::strcmp(argv[i], "--steps") == 0 && hasValue) {
      steps = countArgument(argv[i], argv[i + 1], 0, 10000000);
      ++i;
    } else {
      names.push_back(argv[i]);
    }
  }
  if (names.empty()) names = {"pyramid100", "rain1000"};
  const WorldSettings defaults;
  const double margin = defaults.distanceTol / 2 + defaults.contactMargin;
  std::vector<BenchScene> scenes;  // every name checked before any is measured
  for (const std::string& name : names) {
    std::optional<BenchScene> scene = comparisonScene(name, defaults.distanceTol / 2);
    if (!scene) {
      std::fprintf(stderr, "unknown scene '%s'\n", name.c_str());
      return 2;
    }
    scenes.push_back(std::move(*scene));
  }
  std::printf(
      "collideShapes on the touching pairs after %d steps, margin %g m and %g m beyond, "
      "median of %d runs\n",
      steps, margin, kReuseMarginSlack, runs);
  for (const BenchScene& scene : scenes) {
    const std::string& name = scene.name;
    const std::vector<PlacedPair> pairs = touchingPairs(scene, steps);
    std::vector<ContactGeometry> out;
    std::vector<double> times;
    std::size_t contacts = 0;
    for (int r = 0; r < runs; ++r) {
      contacts = 0;
      const auto start = std::chrono::steady_clock::now();
      for (int k = 0; k < 20; ++k) {
        for (const PlacedPair& p : pairs) {
          out.clear();
          collideShapes(p.a, p.ta, p.b, p.tb, margin, out, kReuseMarginSlack);
          contacts += out.size();
        }
      }
      times.push_back(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    const double calls = 20.0 * static_cast<double>(pairs.size());
    std::printf("%-10s %6zu pairs  %.2f contacts a pair  %7.1f ns a pair\n", name.c_str(),
                pairs.size(), static_cast<double>(contacts) / calls, 1e9 * times[runs / 2] / calls);
  }
  return 0;
}
