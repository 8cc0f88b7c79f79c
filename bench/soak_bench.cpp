// A soak: one scene stepped for a length of wall time, to show that memory stays flat and energy
// bounded over a long run (issue 11). Every report interval it prints one JSON line: wall and
// simulated time, steps, resident memory, energies, the fastest body and the solver's worst
// residual. A failed step ends the soak with exit code 3.
//
// Usage: contactlab-bench-soak SCENE_FILE|pile100 [--minutes M] [--every SECONDS]
//   pile100: the bench's ContactSim pile of 100 random blocks (pile_scene.h).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

#include "bench_arguments.h"
#include "contactlab/scene.h"
#include "pile_scene.h"

using namespace contactlab;
using contactlab::bench::numberArgument;

namespace {

using Clock = std::chrono::steady_clock;

// Resident set size in MiB, from /proc/self/statm (pages).
double residentMiB() {
  std::ifstream statm("/proc/self/statm");
  long size = 0, resident = 0;
  statm >> size >> resident;
  return resident * 4096.0 / (1024 * 1024);
}

double fastestSpeed(const World& world) {
  double fastest = 0;
  for (BodyId id : world.bodies()) {
    const BodyState s = world.body(id)->state;
    fastest = std::max(fastest, std::hypot(s.velocity.x, s.velocity.y));
  }
  return fastest;
}

World loadWorld(const std::string& argument) {
  if (argument == "pile100") return bench::pileWorld(100);
  std::ifstream file(argument);
  if (!file) {
    std::fprintf(stderr, "error: %s: cannot be read\n", argument.c_str());
    std::exit(2);
  }
  std::string text{std::istreambuf_iterator<char>(file), {}};
  Result<LoadedScene> scene = parseScene(text, argument);
  if (!scene) {
    std::fprintf(stderr, "error: %s\n", scene.error().message.c_str());
    std::exit(2);
  }
  Result<World> world = buildWorld(scene->scene);
  if (!world) {
    std::fprintf(stderr, "error: %s\n", world.error().message.c_str());
    std::exit(2);
  }
  return std::move(world.value());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s SCENE_FILE|pile100 [--minutes M] [--every SECONDS]\n", argv[0]);
    return 2;
  }
  double minutes = 60, every = 60;
  for (int i = 2; i + 1 < argc; i += 2) {
    std::string option = argv[i];
    if (option == "--minutes") {
      minutes = numberArgument(option, argv[i + 1], 1e-3, 1e6);
    } else if (option == "--every") {
      every = numberArgument(option, argv[i + 1], 1e-3, 1e6);
    } else {
      std::fprintf(stderr, "error: bad option %s %s\n", argv[i], argv[i + 1]);
      return 2;
    }
  }
  World world = loadWorld(argv[1]);
  const auto start = Clock::now();
  auto wall = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  auto report = [&] {
    const Energy e = world.energy();
    const Statistics& s = world.statistics();
    std::printf(
        "{\"wall_s\": %.1f, \"sim_s\": %.3f, \"steps\": %lld, \"rss_mib\": %.1f, \"kinetic_j\": "
        "%.6g, \"potential_j\": %.6g, \"total_j\": %.6g, \"fastest_m_s\": %.4g, "
        "\"worst_residual\": %.3g}\n",
        wall(), world.time(), static_cast<long long>(s.steps), residentMiB(), e.kinetic,
        e.potential, e.total, fastestSpeed(world),
        std::max(s.contact.worstResidual, s.timestep.worstResidual));
    std::fflush(stdout);
  };
  report();
  double nextReport = every;
  while (wall() < minutes * 60) {
    Status status = world.step();
    if (!status) {
      std::fprintf(stderr, "error: the step at t = %.6g s failed: %s\n", world.time(),
                   status.error().message.c_str());
      report();
      return 3;
    }
    if (wall() >= nextReport) {
      report();
      nextReport += every;
    }
  }
  report();
  return 0;
}
