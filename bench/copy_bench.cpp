// Copying a stepped World (issue 13, item 1): a copy carries the world's state (bodies, forces,
// settings, time), its warm start and its computed contacts, not the solvers' workspace.
//
// For each scene of timestep_scenes.h and each solver (ContactSim; time stepping with APGD; with
// substeps): the scene is built (the heap it takes is a fresh world's memory), stepped S steps
// with its contacts computed, then copied R times. Printed per line: the median wall time of a
// copy, the heap a copy takes (glibc's mallinfo2: bytes in use after minus before), that heap as a
// multiple of the fresh world's, and the heap the stepped world holds (its state and the solvers'
// workspace, such as the LCP factor), which a copy leaves behind.
//
// Usage: contactlab-bench-copy [--steps S] [--runs R] [scene ...]
//        (default: S = 60, R = 15, pyramid20 pyramid40 column20 rain1000)
#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bench_arguments.h"
#include "bench_world.h"

using namespace contactlab;
using namespace contactlab::bench;

namespace {

// Bytes allocated: small blocks from the arenas plus the large ones glibc maps on their own.
std::size_t heapInUse() {
  const struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

struct Solver {
  const char* name;
  SolverKind kind;
  TimestepScheme scheme;
};

std::optional<BenchScene> sceneNamed(const std::string& name, double gap) {
  if (name == "pyramid20") return pyramidScene(20, gap);
  if (name == "pyramid40") return pyramidScene(40, gap);
  if (name == "column20") return columnScene(20, gap);
  if (name == "rain1000") return rainScene();
  return std::nullopt;
}

void measure(const BenchScene& scene, const Solver& solver, int steps, int runs) {
  WorldSettings settings;
  settings.solver = solver.kind;
  settings.timestepScheme = solver.scheme;
  const std::size_t beforeBuild = heapInUse();
  BenchWorld built = buildBenchWorld(scene, settings);
  const std::size_t fresh = heapInUse() - beforeBuild;
  World& world = built.world;
  for (int i = 0; i < steps; ++i) {
    if (!world.step()) {
      std::fprintf(stderr, "%s under %s: the simulation failed\n", scene.name.c_str(), solver.name);
      std::exit(3);
    }
  }
  world.contacts();
  const std::size_t stepped = heapInUse() - beforeBuild;
  std::vector<double> seconds;
  std::size_t copyBytes = 0;
  for (int r = 0; r < runs; ++r) {
    const std::size_t beforeCopy = heapInUse();
    const auto start = std::chrono::steady_clock::now();
    World copy = world;
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    copyBytes = heapInUse() - beforeCopy;
  }
  std::nth_element(seconds.begin(), seconds.begin() + runs / 2, seconds.end());
  std::printf(
      "%-10s %-18s copy %8.3f ms  heap %9.1f KB  (fresh world %8.1f KB: %.2fx)  stepped world "
      "%10.1f KB\n",
      scene.name.c_str(), solver.name, 1e3 * seconds[runs / 2], copyBytes / 1e3, fresh / 1e3,
      static_cast<double>(copyBytes) / static_cast<double>(fresh), stepped / 1e3);
}

}  // namespace

int main(int argc, char** argv) {
  int steps = 60, runs = 15;
  std::vector<std::string> names;
  for (int i = 1; i < argc; ++i) {
    const bool hasValue = i + 1 < argc;
    if (std::strcmp(argv[i], "--steps") == 0 && hasValue) {
      steps = countArgument(argv[i], argv[i + 1], 0, 10000000);
      ++i;
    } else if (std::strcmp(argv[i], "--runs") == 0 && hasValue) {
      runs = countArgument(argv[i], argv[i + 1], 1, 1000);
      ++i;
    } else {
      names.emplace_back(argv[i]);
    }
  }
  if (names.empty()) names = {"pyramid20", "pyramid40", "column20", "rain1000"};
  const Solver solvers[] = {{"contact", SolverKind::Contact, TimestepScheme::Qp},
                            {"timestep apgd", SolverKind::Timestep, TimestepScheme::Qp},
                            {"timestep substeps", SolverKind::Timestep, TimestepScheme::Substeps}};
  const double gap = WorldSettings{}.distanceTol / 2;
  std::vector<BenchScene> scenes;  // every name checked before any is measured
  for (const std::string& name : names) {
    std::optional<BenchScene> scene = sceneNamed(name, gap);
    if (!scene) {
      std::fprintf(stderr, "unknown scene '%s' (pyramid20, pyramid40, column20, rain1000)\n",
                   name.c_str());
      return 2;
    }
    scenes.push_back(std::move(*scene));
  }
  std::printf("World copies after %d steps, median of %d copies\n", steps, runs);
  for (const BenchScene& scene : scenes)
    for (const Solver& solver : solvers) measure(scene, solver, steps, runs);
  return 0;
}
