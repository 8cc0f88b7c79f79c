// Loading a large scene: the time to parse its text, build its world and take the first step,
// for scenes of 10,000 and 100,000 boxes in a grid (2 m pitch, no contacts) over a fixed floor,
// written in a shuffled order so that neither the name index nor the broad phase's first sort
// gets a sorted input, and for Box2D v3's joint grid (joint_grid_scene.h) of about as many discs,
// each hinged to the one above and the one to its left (the time-stepping solver's substeps). One
// JSON object per scene and solver on stdout: wall seconds of each stage and, as the machine may be
// shared, the process's CPU seconds of the whole.
//
// Usage: contactlab-bench-load [counts...]   (default 10000 100000)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "bench_arguments.h"
#include "contactlab/scene.h"
#include "joint_grid_scene.h"

using namespace contactlab;
using contactlab::bench::countArgument;

namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string gridScene(int count, const char* solver) {
  const int columns = static_cast<int>(std::ceil(std::sqrt(count)));
  std::vector<int> order(count);
  for (int i = 0; i < count; ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), std::mt19937(12345));
  std::string text = std::string("solver ") + solver + "\n";
  text += "box floor w=" + std::to_string(2 * columns + 10) + " h=1 x=" + std::to_string(columns) +
          " y=-0.5 fixed\n";
  for (int i : order) {
    text += "box b" + std::to_string(i) + " w=1 h=1 x=" + std::to_string(2 * (i % columns)) +
            " y=" + std::to_string(2 + 2 * (i / columns)) + "\n";
  }
  return text;
}

// The joint grid of about `count` discs as scene text, under the substeps.
std::string jointGridScene(int count) {
  const bench::JointGrid grid = bench::jointGrid(static_cast<int>(std::ceil(std::sqrt(count))));
  std::string text = "solver timestep\ntimestep_scheme substeps\n";
  for (std::size_t i = 0; i < grid.discs.size(); ++i) {
    const bench::GridDisc& d = grid.discs[i];
    text += "disc d" + std::to_string(i) + " r=" + std::to_string(bench::kGridDiscRadius) +
            " x=" + std::to_string(d.x) + " y=" + std::to_string(d.y) + (d.fixed ? " fixed" : "") +
            "\n";
  }
  for (std::size_t k = 0; k < grid.hinges.size(); ++k) {
    const bench::GridHinge& h = grid.hinges[k];
    text += "joint h" + std::to_string(k) + " hinge a=d" + std::to_string(h.a) + " b=d" +
            std::to_string(h.b) + " ax=" + std::to_string(h.ax) + " ay=" + std::to_string(h.ay) +
            " bx=" + std::to_string(h.bx) + " by=" + std::to_string(h.by) + "\n";
  }
  return text;
}

void measure(const char* solver, const std::string& text) {
  const std::clock_t cpuStart = std::clock();
  auto start = std::chrono::steady_clock::now();
  Result<LoadedScene> loaded = parseScene(text, "grid");
  const double parse = secondsSince(start);
  if (!loaded) {
    std::fprintf(stderr, "%s\n", loaded.error().message.c_str());
    std::exit(2);
  }
  start = std::chrono::steady_clock::now();
  Result<World> world = buildWorld(loaded->scene);
  const double build = secondsSince(start);
  if (!world) {
    std::fprintf(stderr, "%s\n", world.error().message.c_str());
    std::exit(2);
  }
  start = std::chrono::steady_clock::now();
  Status stepped = world.value().step();
  const double firstStep = secondsSince(start);
  const double cpu = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
  if (!stepped) {
    std::fprintf(stderr, "%s\n", stepped.error().message.c_str());
    std::exit(3);
  }
  std::printf(
      "{\"bodies\": %zu, \"joints\": %zu, \"solver\": \"%s\", \"bytes\": %zu, "
      "\"parse_seconds\": %.3f, \"build_seconds\": %.3f, \"first_step_seconds\": %.3f, "
      "\"total_seconds\": %.3f, \"cpu_seconds\": %.3f}\n",
      world.value().bodies().size(), loaded->scene.joints.size(), solver, text.size(), parse, build,
      firstStep, parse + build + firstStep, cpu);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> counts;
  for (int i = 1; i < argc; ++i)
    counts.push_back(countArgument("a count of bodies", argv[i], 1, 10000000));
  if (counts.empty()) counts = {10000, 100000};
  for (int count : counts) {
    for (const char* solver : {"contact", "timestep"}) measure(solver, gridScene(count, solver));
    measure("substeps", jointGridScene(count));
  }
  return 0;
}
