// The numbers of contactlab-cli's command line, read strictly: plain decimals only (no hex, no
// '+', no nan or inf), each in its range, and the step count of a run within a fixed limit, so a
// run never silently takes no step or one that would never end.
#pragma once

#include <string>
#include <string_view>

#include "compact_number.h"
#include "contactlab/result.h"

namespace contactlab {

// The most steps one `run` or `bench` may take (docs/cli.md): a run of a small scene at this many
// steps takes minutes, so anything beyond is a mistake in --time or dt.
constexpr long kMaxSteps = 10'000'000;

// A finite decimal number ("2", "0.5", "1e-3"): the value of `option`, or why not.
Result<double> readDecimal(std::string_view option, std::string_view text);

// A whole number from 1 to kMaxSteps written in decimal digits only.
Result<long> readStepCount(std::string_view option, std::string_view text);

// The steps of a run of `time` seconds at `dt` (time / dt rounded to the nearest whole number):
// 0 for time 0 (print the initial state). An error when time > 0 rounds to no step, or when the
// count exceeds kMaxSteps. `dtSource` says where dt came from ("--dt", "the scene's dt").
Result<long> plannedSteps(double time, double dt, std::string_view dtSource);

}  // namespace contactlab
