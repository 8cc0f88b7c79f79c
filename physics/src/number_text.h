// A number for a message, with a bare exponent so that a value far out of range reads as "1e308",
// not as 309 digits: `digits` significant digits, or (0) the shortest text that reads back as the
// same double, for quoting a value that broke a limit (1000000.5 must not read as the limit 1e6).
#pragma once

#include <string>

#include "decimal_text.h"

namespace contactlab {

inline std::string numberText(double value, int digits = 3) {
  const std::string result = digits > 0 ? generalDecimal(value, digits) : generalDecimal(value);
  const std::size_t e = result.find('e');
  if (e == std::string::npos) return result;
  std::size_t exponent = e + 1;
  const bool negative = result[exponent] == '-';
  exponent += result[exponent] == '+' || negative;
  while (exponent + 1 < result.size() && result[exponent] == '0') ++exponent;
  return result.substr(0, e + 1) + (negative ? "-" : "") + result.substr(exponent);
}

}  // namespace contactlab
