#include "cli_commands.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>
#include <vector>

#include "presets.h"
#include "run_output.h"
#include "scene_source.h"

namespace contactlab {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The world of a scene argument, with warnings printed; nullopt (after printing why) on bad input.
std::optional<World> loadWorld(const std::string& argument, std::optional<double> dt) {
  Result<LoadedScene> loaded = loadSceneArgument(argument);
  if (!loaded) {
    std::cerr << "error: " << loaded.error().message << "\n";
    return std::nullopt;
  }
  for (const std::string& warning : loaded->warnings) std::cerr << "warning: " << warning << "\n";
  Scene scene = loaded->scene;
  if (dt) scene.settings.dt = *dt;
  Result<World> world = buildWorld(scene);
  if (!world) {
    std::cerr << "error: " << argument << ": " << world.error().message << "\n";
    return std::nullopt;
  }
  return world.value();
}

}  // namespace

int runCommand(const RunOptions& options) {
  std::optional<World> world = loadWorld(options.scene, options.dt);
  if (!world) return kExitBadInput;
  std::ofstream file;
  if (!options.out.empty()) {
    file.open(options.out);
    if (!file) {
      std::cerr << "error: --out " << options.out << ": cannot be written\n";
      return kExitBadInput;
    }
  }
  std::ostream& out = options.out.empty() ? std::cout : file;
  const bool csv = options.format == "csv";
  const auto start = Clock::now();
  auto emit = [&] {
    if (csv) {
      writeCsvRows(out, *world);
    } else {
      out << frameJson(*world, secondsSince(start)).dump() << "\n";
    }
    out.flush();
  };
  if (csv) writeCsvHeader(out);
  const long steps = std::lround(options.time / world->settings().dt);
  if (options.every > 0) emit();
  for (long step = 1; step <= steps; ++step) {
    Status status = world->step();
    if (!status) {
      std::cerr << "error: the simulation failed at t = " << world->time() << " s: "
                << status.error().message << "\n";
      return kExitSimulationFailed;
    }
    if (options.every > 0 && (step % options.every == 0 || step == steps)) emit();
  }
  if (options.every == 0) emit();
  return kExitOk;
}

int shareEncodeCommand(const std::string& scene) {
  Result<LoadedScene> loaded = loadSceneArgument(scene);
  if (!loaded) {
    std::cerr << "error: " << loaded.error().message << "\n";
    return kExitBadInput;
  }
  for (const std::string& warning : loaded->warnings) std::cerr << "warning: " << warning << "\n";
  std::cout << encodeShare(loaded->scene) << "\n";
  return kExitOk;
}

int shareDecodeCommand(const std::string& shareString) {
  Result<Scene> scene = decodeShare(shareString);
  if (!scene) {
    std::cerr << "error: " << scene.error().message << "\n";
    return kExitBadInput;
  }
  std::cout << writeScene(scene.value());
  return kExitOk;
}

int presetsCommand() {
  std::vector<Preset> presets = listPresets();
  if (presets.empty()) {
    std::cerr << "error: no presets found in " << presetDirectory() << "\n";
    return kExitBadInput;
  }
  size_t width = 0;
  for (const Preset& p : presets) width = std::max(width, p.name.size());
  for (const Preset& p : presets)
    std::cout << p.name << std::string(width + 2 - p.name.size(), ' ') << p.description << "\n";
  return kExitOk;
}

int benchCommand(const std::string& scene, int steps) {
  std::optional<World> world = loadWorld(scene, std::nullopt);
  if (!world) return kExitBadInput;
  std::vector<double> stepMs;
  stepMs.reserve(steps);
  for (int i = 0; i < steps; ++i) {
    const auto start = Clock::now();
    Status status = world->step();
    stepMs.push_back(1e3 * secondsSince(start));
    if (!status) {
      std::cerr << "error: the simulation failed at t = " << world->time() << " s: "
                << status.error().message << "\n";
      return kExitSimulationFailed;
    }
  }
  std::vector<double> sorted = stepMs;
  std::sort(sorted.begin(), sorted.end());
  double total = 0;
  for (double ms : stepMs) total += ms;
  const Statistics& s = world->statistics();
  auto perStep = [&](double seconds) { return 1e3 * seconds / steps; };
  nlohmann::ordered_json report;
  report["scene"] = scene;
  report["bodies"] = world->bodyCount();
  report["steps"] = steps;
  report["dt"] = world->settings().dt;
  report["ms_per_step"] = total / steps;
  report["ms_per_step_median"] = sorted[sorted.size() / 2];
  report["ms_per_step_max"] = sorted.back();
  report["stage_ms_per_step"] = {{"detection", perStep(s.time.detection)},
                                 {"build", perStep(s.time.build)},
                                 {"lcp", perStep(s.time.lcp)},
                                 {"collisions", perStep(s.time.collisions)},
                                 {"total", perStep(s.time.total)}};
  report["stats"] = {{"collisions", s.collisions},       {"lcp_solves", s.lcpSolves},
                     {"pivots", s.pivots},               {"redundant_contacts", s.redundantContacts},
                     {"worst_residual", s.worstResidual}, {"largest_group", s.largestGroup},
                     {"unresolved_penetrations", s.unresolvedPenetrations},
                     {"qp_solves", s.qpSolves},
                     {"qp_iterations", s.qpIterations},
                     {"qp_unconverged", s.qpUnconverged},
                     {"deepest_penetration", s.deepestPenetration}};
  std::cout << report.dump(2) << "\n";
  return kExitOk;
}

}  // namespace contactlab
