#include "cli_commands.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <vector>

#include "cli_numbers.h"
#include "contactlab/message_quote.h"
#include "output_file.h"
#include "presets.h"
#include "run_output.h"
#include "run_progress.h"
#include "scene_source.h"
#include "share_link.h"
#include "stats_json.h"

namespace contactlab {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// A simulated time for messages, to 6 significant digits ("0.82", not "0.8200000000000001").
std::string timeText(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", seconds);
  return text;
}

// The scene's warnings, each already "source:line:column: warning: what" (scene.h).
void printWarnings(const std::vector<std::string>& warnings) {
  for (const std::string& warning : warnings) std::cerr << warning << "\n";
}

// The world of a scene argument, with warnings printed; nullopt (after printing why) on bad input.
std::optional<World> loadWorld(const std::string& argument, std::optional<double> dt) {
  Result<LoadedScene> loaded = loadSceneArgument(argument);
  if (!loaded) {
    std::cerr << "error: " << loaded.error().message << "\n";
    return std::nullopt;
  }
  printWarnings(loaded->warnings);
  Scene scene = loaded->scene;
  if (dt) scene.settings.dt = *dt;
  Result<World> world = buildWorld(scene);
  if (!world) {
    std::cerr << "error: " << escapeInput(argument, kQuotedPathLength) << ": "
              << world.error().message << "\n";
    return std::nullopt;
  }
  return world.value();
}

Result<OutputFile> openOutput(const std::string& path) {
  if (path.empty()) return OutputFile();
  return OutputFile::open(path);
}

int writeFailed(const OutputFile& out) {
  std::cerr << "error: " << out.name() << ": " << out.failure() << "\n";
  return kExitWriteFailed;
}

// Ends a run that stopped with `code`: the output so far is put in place. A failed close turns
// success or an interruption into a write failure; a simulation failure keeps its own code.
int closeOutput(OutputFile& out, int code) {
  if (code == kExitWriteFailed || out.close()) return code;
  writeFailed(out);
  return code == kExitSimulationFailed ? code : kExitWriteFailed;
}

int simulationFailed(const World& world, const std::string& why) {
  std::cerr << "error: the simulation failed at t = " << timeText(world.time()) << " s: " << why
            << "\n";
  return kExitSimulationFailed;
}

// Prints `text` on standard output, checking the write and the close.
int printResult(const std::string& text) {
  OutputFile out;
  if (!out.write(text) || !out.close()) return writeFailed(out);
  return kExitOk;
}

// What one output step prints: a JSON line, CSV rows of the bodies, or CSV rows of the joints.
enum class Format { Json, Csv, JointsCsv };

// The state of the world as one output step. Exit code 3 (nothing printed) when a number is not
// finite, 4 when the write fails.
int writeFrame(OutputFile& out, World& world, Format format, double wallSeconds) {
  std::vector<JointReport> joints;
  const FrameFacts facts = frameFacts(world, joints);
  const nlohmann::ordered_json frame = frameJson(facts, wallSeconds);
  if (std::optional<std::string> value = nonFiniteValue(frame))
    return simulationFailed(world, *value + " is not finite; that state is not printed");
  std::string text;
  if (format == Format::Json) {
    text = frame.dump() + "\n";
  } else {
    std::ostringstream rows;
    if (format == Format::Csv)
      writeCsvRows(rows, world);
    else
      writeJointCsvRows(rows, facts);
    text = rows.str();
  }
  return out.write(text) ? kExitOk : writeFailed(out);
}

}  // namespace

int runCommand(const RunOptions& options) {
  std::optional<World> world = loadWorld(options.scene, options.dt);
  if (!world) return kExitBadInput;
  const double dt = world->settings().dt;
  Result<long> planned = plannedSteps(options.time, dt, options.dt ? "--dt" : "the scene's dt");
  if (!planned) {
    std::cerr << "error: " << planned.error().message << "\n";
    return kExitBadInput;
  }
  const long steps = *planned;
  Result<OutputFile> opened = openOutput(options.out);
  if (!opened) {
    std::cerr << "error: " << opened.error().message << "\n";
    return kExitBadInput;
  }
  OutputFile& out = opened.value();
  const Format format = options.format == "csv"          ? Format::Csv
                        : options.format == "joints-csv" ? Format::JointsCsv
                                                         : Format::Json;
  const auto start = Clock::now();
  if (format != Format::Json) {
    std::ostringstream header;
    if (format == Format::Csv)
      writeCsvHeader(header);
    else
      writeJointCsvHeader(header);
    if (!out.write(header.str())) return writeFailed(out);
  }
  if (options.every > 0) {
    if (int code = writeFrame(out, *world, format, secondsSince(start)))
      return closeOutput(out, code);
  }
  watchForInterrupt();
  RunProgress progress(steps, world->time() + static_cast<double>(steps) * dt);
  long step = 0;
  while (step < steps && !interrupted()) {
    Status status = world->step();
    ++step;
    if (!status) {
      progress.finish();
      return closeOutput(out, simulationFailed(*world, status.error().message));
    }
    progress.update(step, world->time());
    if (options.every > 0 && (step % options.every == 0 || step == steps)) {
      if (int code = writeFrame(out, *world, format, secondsSince(start))) {
        progress.finish();
        return closeOutput(out, code);
      }
    }
  }
  progress.finish();
  const bool stopped = step < steps;
  if (stopped) {
    std::cerr << "interrupted at t = " << timeText(world->time()) << " s (step " << step << " of "
              << steps << "); the state at that time is the last output\n";
  }
  if (options.every == 0 || (stopped && step % options.every != 0)) {
    if (int code = writeFrame(out, *world, format, secondsSince(start)))
      return closeOutput(out, code);
  }
  return closeOutput(out, stopped ? kExitInterrupted : kExitOk);
}

int shareEncodeCommand(const std::string& scene) {
  Result<LoadedScene> loaded = loadSceneArgument(scene);
  if (!loaded) {
    std::cerr << "error: " << loaded.error().message << "\n";
    return kExitBadInput;
  }
  printWarnings(loaded->warnings);
  return printResult(encodeShare(loaded->scene) + "\n");
}

int shareLinkCommand(const std::string& scene, const std::string& base) {
  Status baseOk = checkWebBase(base);
  if (!baseOk) {
    std::cerr << "error: --base " << quoteInput(base, kQuotedPathLength) << ": "
              << baseOk.error().message << "\n";
    return kExitBadInput;
  }
  Result<LoadedScene> loaded = loadSceneArgument(scene);
  if (!loaded) {
    std::cerr << "error: " << loaded.error().message << "\n";
    return kExitBadInput;
  }
  printWarnings(loaded->warnings);
  return printResult(shareLink(base, encodeShare(loaded->scene)) + "\n");
}

int shareDecodeCommand(const std::string& shareString) {
  Result<Scene> scene = decodeShare(shareString);
  if (!scene) {
    std::cerr << "error: " << scene.error().message << "\n";
    return kExitBadInput;
  }
  return printResult(writeScene(scene.value()));
}

int presetsCommand() {
  std::vector<Preset> presets = listPresets();
  if (presets.empty()) {
    std::cerr << "error: no presets found in " << escapeInput(presetDirectory(), kQuotedPathLength)
              << "\n";
    return kExitBadInput;
  }
  size_t width = 0;
  for (const Preset& p : presets) width = std::max(width, p.name.size());
  std::string list;
  for (const Preset& p : presets)
    list += p.name + std::string(width + 2 - p.name.size(), ' ') + p.description + "\n";
  return printResult(list);
}

int benchCommand(const std::string& scene, long steps) {
  std::optional<World> world = loadWorld(scene, std::nullopt);
  if (!world) return kExitBadInput;
  std::vector<double> stepMs;
  stepMs.reserve(static_cast<std::size_t>(std::min(steps, 1'000'000L)));
  watchForInterrupt();
  RunProgress progress(steps, world->time() + static_cast<double>(steps) * world->settings().dt);
  while (static_cast<long>(stepMs.size()) < steps && !interrupted()) {
    const auto start = Clock::now();
    Status status = world->step();
    stepMs.push_back(1e3 * secondsSince(start));
    if (!status) {
      progress.finish();
      return simulationFailed(*world, status.error().message);
    }
    progress.update(static_cast<long>(stepMs.size()), world->time());
  }
  progress.finish();
  const long done = static_cast<long>(stepMs.size());
  if (done < steps) {
    std::cerr << "interrupted after " << done << " of " << steps
              << " steps; the report covers the steps done\n";
    if (done == 0) return kExitInterrupted;
  }
  std::vector<double> sorted = stepMs;
  std::sort(sorted.begin(), sorted.end());
  double total = 0;
  for (double ms : stepMs) total += ms;
  const Statistics& s = world->statistics();
  auto perStep = [&](double seconds) { return 1e3 * seconds / static_cast<double>(done); };
  nlohmann::ordered_json report;
  report["scene"] = scene;
  report["bodies"] = world->bodyCount();
  report["steps"] = done;
  report["dt"] = world->settings().dt;
  report["ms_per_step"] = total / static_cast<double>(done);
  report["ms_per_step_median"] = sorted[sorted.size() / 2];
  report["ms_per_step_max"] = sorted.back();
  const StageTimes& stages =
      world->settings().solver == SolverKind::Contact ? s.contact.time : s.timestep.time;
  report["stage_ms_per_step"] = {
      {"detection", perStep(stages.detection)}, {"build", perStep(stages.build)},
      {"solve", perStep(stages.solve)},         {"collisions", perStep(stages.collisions)},
      {"overlaps", perStep(stages.overlaps)},   {"gaps", perStep(stages.gaps)},
      {"total", perStep(stages.total)}};
  report["stats"] = statisticsJson(s);
  if (std::optional<std::string> value = nonFiniteValue(report))
    return simulationFailed(*world, *value + " is not finite; the report is not printed");
  const int code = printResult(report.dump(2) + "\n");
  return code == kExitOk && done < steps ? kExitInterrupted : code;
}

}  // namespace contactlab
