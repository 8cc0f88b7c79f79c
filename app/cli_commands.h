// The subcommands of contactlab-cli. Each returns the process exit code (docs/cli.md): 0 success,
// 2 bad input (message on stderr naming the place), 3 the simulation failed (output so far is
// kept), 4 the output could not be written, 130 stopped by Ctrl+C (output so far is kept).
#pragma once

#include <optional>
#include <string>

#include "exit_codes.h"

namespace contactlab {

// The options of `run`, their numbers already read and range-checked (cli_numbers.h); the step
// count is checked against the scene's dt when the scene is loaded.
struct RunOptions {
  std::string scene;
  double time = 2.0;
  std::optional<double> dt;
  long every = 0;  // 0: only the final state
  std::string format = "json";
  std::string out;  // empty: standard output
};

int runCommand(const RunOptions& options);
int shareEncodeCommand(const std::string& scene);
int shareDecodeCommand(const std::string& shareString);
// Prints BASE#<share string>: a link that opens the scene in the web page.
int shareLinkCommand(const std::string& scene, const std::string& base);
int presetsCommand();
int benchCommand(const std::string& scene, long steps);

}  // namespace contactlab
