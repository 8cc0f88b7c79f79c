#include "cli_numbers.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "contactlab/message_quote.h"

namespace contactlab {

Result<double> readDecimal(std::string_view option, std::string_view text) {
  double value = 0;
  const char* end = text.data() + text.size();
  std::from_chars_result read = std::from_chars(text.data(), end, value);
  const std::string found = ", found " + quoteInput(text);
  if (read.ptr != end || (read.ec != std::errc{} && read.ec != std::errc::result_out_of_range)) {
    return Error{std::string(option) + ": expected a decimal number (such as 2, 0.5 or 1e-3)" +
                 found};
  }
  if (read.ec == std::errc::result_out_of_range) {
    return Error{std::string(option) +
                 ": expected a number a double can hold (0, or a magnitude from 4.9e-324 to "
                 "1.8e308)" +
                 found};
  }
  if (!std::isfinite(value))
    return Error{std::string(option) + ": expected a finite number" + found};
  return value;
}

Result<long> readStepCount(std::string_view option, std::string_view text) {
  const std::string range = "a whole number of steps from 1 to " + std::to_string(kMaxSteps);
  const bool digits = !text.empty() && std::all_of(text.begin(), text.end(),
                                                   [](char c) { return c >= '0' && c <= '9'; });
  long value = 0;
  const char* end = text.data() + text.size();
  std::from_chars_result read =
      digits ? std::from_chars(text.data(), end, value)
             : std::from_chars_result{text.data(), std::errc::invalid_argument};
  if (read.ec != std::errc{} || read.ptr != end || value < 1 || value > kMaxSteps)
    return Error{std::string(option) + ": expected " + range + ", found " + quoteInput(text)};
  return value;
}

Result<long> plannedSteps(double time, double dt, std::string_view dtSource) {
  if (time == 0) return 0L;
  const std::string run = "--time " + compactNumber(time) + " s at dt " + compactNumber(dt) +
                          " s (" + std::string(dtSource) + ")";
  const double ratio = time / dt;
  if (!(ratio < kMaxSteps + 0.5)) {
    char count[96];
    if (ratio < 1e15) {
      std::snprintf(count, sizeof count, "%.0f steps", ratio);
    } else if (std::isfinite(ratio)) {
      std::snprintf(count, sizeof count, "about %.3g steps", ratio);
    } else {
      std::snprintf(count, sizeof count, "more steps than a double can count");
    }
    return Error{run + " would take " + count + "; a run takes at most " +
                 std::to_string(kMaxSteps) + " steps: give a shorter --time or a larger dt"};
  }
  const long steps = std::lround(ratio);
  if (steps == 0) {
    return Error{run +
                 " is less than half a step, so the run would take no step; give --time 0 "
                 "to print the initial state, or a time of at least dt / 2"};
  }
  return steps;
}

}  // namespace contactlab
