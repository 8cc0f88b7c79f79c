// Decimal text of doubles without the library's floating-point charconv (decimal_text.h).
#include "decimal_text.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>

namespace contactlab {
namespace {

// A positive finite nonzero double as d1.d2...dn x 10^exponent.
struct Digits {
  std::string digits;
  int exponent = 0;
};

// printf's "%.*e" of `value` with `count` significant digits, split into digits and exponent.
Digits printed(double value, int count) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*e", count - 1, value);
  Digits out;
  const char* p = text;
  for (; *p != 'e'; ++p)
    if (*p != '.') out.digits += *p;
  out.exponent = std::atoi(p + 1);
  return out;
}

double valueOf(const Digits& d) {
  const std::string text = d.digits + "e" + std::to_string(d.exponent - int(d.digits.size()) + 1);
  return std::strtod(text.c_str(), nullptr);
}

// `d` moved by one unit of its last digit (+1 or -1), keeping its digit count: 1.99 + 1 -> 2.00
// (9.99 + 1 -> 1.00 x 10 more), 1.00 - 1 -> 9.99 x 10 less.
Digits nudged(Digits d, int step) {
  std::string& s = d.digits;
  int i = static_cast<int>(s.size()) - 1;
  if (step > 0) {
    while (i >= 0 && s[i] == '9') s[i--] = '0';
    if (i >= 0) {
      ++s[i];
    } else {
      s.insert(s.begin(), '1');
      s.pop_back();
      ++d.exponent;
    }
  } else {
    while (i >= 0 && s[i] == '0') s[i--] = '9';
    --s[i];  // s[0] is never '0'
    if (s[0] == '0') {
      s.erase(s.begin());
      s.push_back('9');
      --d.exponent;
    }
  }
  return d;
}

// The nearest decimal of `count` digits to `value`, or a neighbour of it, that reads back as
// `value` (nothing if none does).
std::optional<Digits> readingBack(double value, int count) {
  const Digits nearest = printed(value, count);
  if (valueOf(nearest) == value) return nearest;
  // Just above a power of two the doubles below are twice as dense: a neighbour of the nearest
  // decimal may read back when the nearest does not.
  for (int step : {-1, 1}) {
    const Digits neighbour = nudged(nearest, step);
    if (valueOf(neighbour) == value) return neighbour;
  }
  return std::nullopt;
}

// The fewest digits that read back as `value` (positive, finite, nonzero), nearest to it. 17 always
// do; if n do, so do n + 1: the least count is found by bisection.
Digits shortest(double value) {
  int low = 0, high = 17;  // fewer than low + 1 do not read back; high do
  Digits best = printed(value, 17);
  while (high - low > 1) {
    const int middle = (low + high) / 2;
    if (std::optional<Digits> found = readingBack(value, middle)) {
      best = *found;
      high = middle;
    } else {
      low = middle;
    }
  }
  return best;
}

std::string exponentText(int exponent) {
  char text[16];
  std::snprintf(text, sizeof text, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
  return text;
}

std::string scientific(const Digits& d) {
  std::string text(1, d.digits[0]);
  if (d.digits.size() > 1) text += "." + d.digits.substr(1);
  return text + exponentText(d.exponent);
}

std::string fixed(const Digits& d) {
  const int n = static_cast<int>(d.digits.size()), e = d.exponent;
  if (e >= n - 1) return d.digits + std::string(e - n + 1, '0');
  if (e >= 0) return d.digits.substr(0, e + 1) + "." + d.digits.substr(e + 1);
  return "0." + std::string(-e - 1, '0') + d.digits;
}

// The sign, and the text of a finite nonzero magnitude, or of inf, nan, 0.
template <class Form>
std::string spelled(double value, Form form) {
  if (std::isnan(value)) return std::signbit(value) ? "-nan" : "nan";
  const std::string sign = std::signbit(value) ? "-" : "";
  if (std::isinf(value)) return sign + "inf";
  return sign + form(std::abs(value));
}

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Whether `text` starts with `word`, in any case.
bool startsWithWord(std::string_view text, std::string_view word) {
  if (text.size() < word.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i)
    if (lower(text[i]) != word[i]) return false;
  return true;
}

// inf, infinity, nan or nan(chars) at the start of `text` (after any '-'): its length, or 0.
std::size_t specialLength(std::string_view text) {
  if (startsWithWord(text, "infinity")) return 8;
  if (startsWithWord(text, "inf")) return 3;
  if (!startsWithWord(text, "nan")) return 0;
  std::size_t end = 3;
  if (end < text.size() && text[end] == '(') {
    std::size_t close = end + 1;
    const auto nameChar = [](char c) {
      return isDigit(c) || (lower(c) >= 'a' && lower(c) <= 'z') || c == '_';
    };
    while (close < text.size() && nameChar(text[close])) ++close;
    if (close < text.size() && text[close] == ')') end = close + 1;
  }
  return end;
}

}  // namespace

std::uint64_t doubleBits(double value) {
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

double doubleFromBits(std::uint64_t bits) {
  double value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

std::string generalDecimal(double value, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*g", digits, value);
  return text;
}

#if defined(__cpp_lib_to_chars)
namespace {

std::string library(double value, std::chars_format format) {
  char text[400];  // the fixed notation of the largest double or the smallest denormal fits
  const std::to_chars_result end = std::to_chars(text, text + sizeof text, value, format);
  return std::string(text, end.ptr);
}

}  // namespace

bool libraryCharconv() {
  return true;
}

std::string fixedDecimal(double value) {
  return library(value, std::chars_format::fixed);
}

std::string scientificDecimal(double value) {
  return library(value, std::chars_format::scientific);
}

std::string generalDecimal(double value) {
  return library(value, std::chars_format::general);
}

DecimalRead readDecimal(std::string_view text) {
  double value = 0;
  const std::from_chars_result read =
      std::from_chars(text.data(), text.data() + text.size(), value);
  DecimalRead out;
  out.used = static_cast<std::size_t>(read.ptr - text.data());
  if (read.ec == std::errc::invalid_argument) return {};
  if (read.ec == std::errc::result_out_of_range) {
    out.status = DecimalRead::Status::OutOfRange;
    return out;
  }
  out.status = DecimalRead::Status::Ok;
  out.value = value;
  return out;
}
#else
bool libraryCharconv() {
  return false;
}

std::string fixedDecimal(double value) {
  return portable::fixedDecimal(value);
}

std::string scientificDecimal(double value) {
  return portable::scientificDecimal(value);
}

std::string generalDecimal(double value) {
  return portable::generalDecimal(value);
}

DecimalRead readDecimal(std::string_view text) {
  return portable::readDecimal(text);
}
#endif

namespace portable {

std::string fixedDecimal(double value) {
  return spelled(value, [](double magnitude) -> std::string {
    if (magnitude == 0) return "0";
    if (magnitude >= 0x1p53) {  // an integer: its exact digits
      char text[320];
      std::snprintf(text, sizeof text, "%.0f", magnitude);
      return text;
    }
    return fixed(shortest(magnitude));
  });
}

std::string scientificDecimal(double value) {
  return spelled(value, [](double magnitude) -> std::string {
    return magnitude == 0 ? "0e+00" : scientific(shortest(magnitude));
  });
}

std::string generalDecimal(double value) {
  return spelled(value, [](double magnitude) -> std::string {
    if (magnitude == 0) return "0";
    // As libstdc++: the shortest digits in the notation printf's %g chooses at its default
    // precision 6, fixed when -4 <= exponent < 6.
    const Digits d = shortest(magnitude);
    return d.exponent < -4 || d.exponent >= 6 ? scientific(d) : fixed(d);
  });
}

DecimalRead readDecimal(std::string_view text) {
  DecimalRead read;
  const bool negative = !text.empty() && text[0] == '-';
  const std::string_view body = text.substr(negative ? 1 : 0);
  if (const std::size_t special = specialLength(body)) {
    read.status = DecimalRead::Status::Ok;
    read.used = (negative ? 1 : 0) + special;
    const double magnitude = lower(body[0]) == 'i' ? HUGE_VAL : NAN;
    read.value = negative ? -magnitude : magnitude;
    return read;
  }
  std::size_t i = 0;
  bool nonzero = false, anyDigit = false;
  for (; i < body.size() && isDigit(body[i]); ++i) anyDigit = true, nonzero |= body[i] != '0';
  if (i < body.size() && body[i] == '.') {
    for (++i; i < body.size() && isDigit(body[i]); ++i) anyDigit = true, nonzero |= body[i] != '0';
  }
  if (!anyDigit) return read;
  if (i < body.size() && (body[i] == 'e' || body[i] == 'E')) {
    std::size_t j = i + 1;
    if (j < body.size() && (body[j] == '+' || body[j] == '-')) ++j;
    if (j < body.size() && isDigit(body[j])) {
      while (j < body.size() && isDigit(body[j])) ++j;
      i = j;
    }
  }
  read.used = (negative ? 1 : 0) + i;
  const std::string number(text.substr(0, read.used));
  const double value = std::strtod(number.c_str(), nullptr);
  if (std::isinf(value) || (value == 0 && nonzero)) {
    read.status = DecimalRead::Status::OutOfRange;
    return read;
  }
  read.status = DecimalRead::Status::Ok;
  read.value = value;
  return read;
}

}  // namespace portable

}  // namespace contactlab
