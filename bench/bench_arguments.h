// The benchmarks' numeric command-line arguments: a value that is not a number within its option's
// range stops the program (status 2) with a message that names the option and the value given.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace contactlab::bench {

// The number `text` given to `option`: within [least, most], and whole when `whole`.
inline double numberArgument(const std::string& option, const char* text, double least, double most,
                             bool whole = false) {
  char* end = nullptr;
  const double value = std::strtod(text, &end);
  if (end == text || *end != '\0' || !(value >= least && value <= most) ||
      (whole && value != std::floor(value))) {
    std::fprintf(stderr, "%s takes %s from %.15g to %.15g (got '%s')\n", option.c_str(),
                 whole ? "a whole number" : "a number", least, most, text);
    std::exit(2);
  }
  return value;
}

inline int countArgument(const std::string& option, const char* text, int least, int most) {
  return static_cast<int>(numberArgument(option, text, least, most, true));
}

}  // namespace contactlab::bench
