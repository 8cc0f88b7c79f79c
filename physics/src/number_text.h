// A number for a message: three significant digits and a bare exponent, so that a value far out
// of range reads as "1e308", not as 309 digits.
#pragma once

#include <charconv>
#include <string>

namespace contactlab {

inline std::string numberText(double value) {
  char text[32];
  std::to_chars_result end =
      std::to_chars(text, text + sizeof text, value, std::chars_format::general, 3);
  std::string result(text, end.ptr);
  const std::size_t e = result.find('e');
  if (e == std::string::npos) return result;
  std::size_t digits = e + 1;
  const bool negative = result[digits] == '-';
  digits += result[digits] == '+' || negative;
  while (digits + 1 < result.size() && result[digits] == '0') ++digits;
  return result.substr(0, e + 1) + (negative ? "-" : "") + result.substr(digits);
}

}  // namespace contactlab
