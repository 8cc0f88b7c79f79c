// The subcommands of contactlab-cli. Each returns the process exit code: 0 success, 2 bad input
// (message on stderr naming the place), 3 the simulation failed (output so far is kept).
#pragma once

#include <optional>
#include <string>

namespace contactlab {

constexpr int kExitOk = 0;
constexpr int kExitBadInput = 2;
constexpr int kExitSimulationFailed = 3;

struct RunOptions {
  std::string scene;
  double time = 2.0;
  std::optional<double> dt;
  int every = 0;  // 0: only the final state
  std::string format = "json";
  std::string out;  // empty: standard output
};

int runCommand(const RunOptions& options);
int shareEncodeCommand(const std::string& scene);
int shareDecodeCommand(const std::string& shareString);
int presetsCommand();
int benchCommand(const std::string& scene, int steps);

}  // namespace contactlab
