// contactlab-cli: the headless runner (DESIGN.md, "The headless CLI"). Parses the command line with
// CLI11 and hands each subcommand to cli_commands.cpp. Bad arguments exit with code 2.
#include <CLI/CLI.hpp>

#include <iostream>

#include "cli_commands.h"

using namespace contactlab;

int main(int argc, char** argv) {
  CLI::App app{"ContactLab headless runner: run scenes, share them, list presets, benchmark."};
  app.require_subcommand(1);

  RunOptions run;
  CLI::App* runCmd = app.add_subcommand("run", "Run a scene and print its state as JSON or CSV");
  runCmd->add_option("SCENE", run.scene, "Scene file, share string or preset name")->required();
  runCmd->add_option("--time", run.time, "Simulated seconds to run (default 2)")
      ->check(CLI::NonNegativeNumber);
  runCmd->add_option("--dt", run.dt, "Time step in seconds, overriding the scene's")
      ->check(CLI::PositiveNumber);
  runCmd->add_option("--every", run.every, "Print every N steps (a time series) instead of only the end")
      ->check(CLI::PositiveNumber);
  runCmd->add_option("--format", run.format, "json (one object per line) or csv")
      ->check(CLI::IsMember({"json", "csv"}));
  runCmd->add_option("--out", run.out, "Write to this file instead of standard output");

  std::string shareArgument;
  CLI::App* share = app.add_subcommand("share", "Encode a scene as a share string, or decode one");
  share->require_subcommand(1);
  CLI::App* encode = share->add_subcommand("encode", "Print the share string of a scene");
  encode->add_option("SCENE_FILE", shareArgument, "Scene file (or preset name)")->required();
  CLI::App* decode = share->add_subcommand("decode", "Print the scene text of a share string");
  decode->add_option("SHARE_STRING", shareArgument, "A share string")->required();

  CLI::App* presets = app.add_subcommand("presets", "List the preset scenes with a description");

  std::string benchScene;
  int benchSteps = 600;
  CLI::App* bench = app.add_subcommand("bench", "Time a scene: ms per step and solver statistics as JSON");
  bench->add_option("SCENE", benchScene, "Scene file, share string or preset name")->required();
  bench->add_option("--steps", benchSteps, "Steps to run (default 600)")->check(CLI::PositiveNumber);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "error: " << e.what() << "\n(see contactlab-cli --help)\n";
    return kExitBadInput;
  }
  if (runCmd->parsed()) return runCommand(run);
  if (encode->parsed()) return shareEncodeCommand(shareArgument);
  if (decode->parsed()) return shareDecodeCommand(shareArgument);
  if (presets->parsed()) return presetsCommand();
  if (bench->parsed()) return benchCommand(benchScene, benchSteps);
  return kExitBadInput;
}
