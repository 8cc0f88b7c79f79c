// The exit codes both programs share (docs/cli.md, docs/app.md).
#pragma once

namespace contactlab {

constexpr int kExitOk = 0;
constexpr int kExitBadInput = 2;          // the message names the place: file, line, column
constexpr int kExitSimulationFailed = 3;  // the output so far is kept
constexpr int kExitWriteFailed = 4;       // an output could not be written (a full disk)

}  // namespace contactlab
