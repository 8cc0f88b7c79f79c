// contactlab-cli: the headless runner (DESIGN.md, "The headless CLI"). Parses the command line with
// CLI11, reads its numbers strictly (cli_numbers.h) and hands each subcommand to cli_commands.cpp.
// Bad arguments exit with code 2.
#include <CLI/CLI.hpp>
#include <iostream>
#include <optional>
#include <sstream>

#include "cli_commands.h"
#include "cli_numbers.h"
#include "contactlab/limits.h"
#include "contactlab/message_quote.h"
#include "share_link.h"

using namespace contactlab;

namespace {

constexpr std::size_t kQuotedMessageLength = 300;

// The numbers given to `run` as text, before they are read.
struct RunArguments {
  std::string time = "2";
  std::string dt;
  std::string every;
  bool dtGiven = false, everyGiven = false;
};

// The options of `run` with their numbers read, or the first one that is wrong.
Result<RunOptions> readRunOptions(RunOptions options, const RunArguments& arguments) {
  Result<double> time = readDecimal("--time", arguments.time);
  if (!time) return time.error();
  if (*time < 0) {
    return Error{"--time: expected a number of seconds >= 0, found " + compactNumber(*time)};
  }
  options.time = *time;
  if (arguments.dtGiven) {
    Result<double> dt = readDecimal("--dt", arguments.dt);
    if (!dt) return dt.error();
    if (!(*dt > 0 && *dt <= limits::kMaxDt)) {
      return Error{"--dt: expected a number of seconds > 0 and at most " +
                   compactNumber(limits::kMaxDt) + " (docs/limits.md), found " +
                   compactNumber(*dt)};
    }
    options.dt = *dt;
  }
  if (arguments.everyGiven) {
    Result<long> every = readStepCount("--every", arguments.every);
    if (!every) return every.error();
    options.every = *every;
  }
  return options;
}

// CLI11's message with the arguments it quotes made safe to print, line by line.
std::string safeMessage(const std::string& message) {
  std::istringstream lines(message);
  std::string line, safe;
  while (std::getline(lines, line)) {
    if (!safe.empty()) safe += "\n";
    safe += escapeInput(line, kQuotedMessageLength);
  }
  return safe;
}

int badInput(const std::string& message) {
  std::cerr << "error: " << message << "\n";
  return kExitBadInput;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"ContactLab headless runner: run scenes, share them, list presets, benchmark."};
  app.require_subcommand(1);

  RunOptions run;
  RunArguments runArguments;
  CLI::App* runCmd = app.add_subcommand("run", "Run a scene and print its state as JSON or CSV");
  runCmd->add_option("SCENE", run.scene, "Scene file, share string or preset name")->required();
  runCmd->add_option("--time", runArguments.time, "Simulated seconds to run (default 2)");
  runCmd->add_option("--dt", runArguments.dt, "Time step in seconds, overriding the scene's");
  runCmd->add_option("--every", runArguments.every,
                     "Print every N steps (a time series) instead of only the end");
  runCmd
      ->add_option("--format", run.format,
                   "json (one object per line), csv (a row per body) or joints-csv (a row per "
                   "joint)")
      ->check(CLI::IsMember({"json", "csv", "joints-csv"}));
  runCmd->add_option("--out", run.out, "Write to this file instead of standard output");

  std::string shareArgument;
  CLI::App* share = app.add_subcommand("share", "Encode a scene as a share string, or decode one");
  share->require_subcommand(1);
  CLI::App* encode = share->add_subcommand("encode", "Print the share string of a scene");
  encode->add_option("SCENE_FILE", shareArgument, "Scene file (or preset name)")->required();
  CLI::App* decode = share->add_subcommand("decode", "Print the scene text of a share string");
  decode->add_option("SHARE_STRING", shareArgument, "A share string")->required();
  std::optional<std::string> linkBase;
  CLI::App* link = share->add_subcommand(
      "link", "Print a link that opens the scene in the web page (docs/web.md)");
  link->add_option("SCENE", shareArgument, "Scene file, share string or preset name")->required();
  link->add_option("--base", linkBase,
                   "The page's address (default: $CONTACTLAB_WEB_BASE, else build/web/index.html)");

  CLI::App* presets = app.add_subcommand("presets", "List the preset scenes with a description");

  std::string benchScene;
  std::string benchSteps = "600";
  CLI::App* bench =
      app.add_subcommand("bench", "Time a scene: ms per step and solver statistics as JSON");
  bench->add_option("SCENE", benchScene, "Scene file, share string or preset name")->required();
  bench->add_option("--steps", benchSteps, "Steps to run (default 600)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "error: " << safeMessage(e.what()) << "\n(see contactlab-cli --help)\n";
    return kExitBadInput;
  }
  if (runCmd->parsed()) {
    runArguments.dtGiven = runCmd->count("--dt") > 0;
    runArguments.everyGiven = runCmd->count("--every") > 0;
    Result<RunOptions> options = readRunOptions(run, runArguments);
    if (!options) return badInput(options.error().message);
    return runCommand(options.value());
  }
  if (encode->parsed()) return shareEncodeCommand(shareArgument);
  if (decode->parsed()) return shareDecodeCommand(shareArgument);
  if (link->parsed()) return shareLinkCommand(shareArgument, linkBase.value_or(webPageBase()));
  if (presets->parsed()) return presetsCommand();
  if (bench->parsed()) {
    Result<long> steps = readStepCount("--steps", benchSteps);
    if (!steps) return badInput(steps.error().message);
    return benchCommand(benchScene, *steps);
  }
  return kExitBadInput;
}
