// Decimal text of doubles, the same on every toolchain: the scene and share formats write the
// shortest decimal that reads back as the same double and read decimals bit-exactly, and must do
// so identically in the native build and in WebAssembly, whose libc++ (emscripten 3.1.6) has
// neither std::bit_cast nor floating-point std::to_chars / std::from_chars.
//
// Writing follows std::to_chars's shortest forms (tests/test_decimal_text.cpp compares them over
// random doubles where the library has them): the fewest significant digits that read back as the
// same double, and among those the decimal nearest to it. They are found with the C library's
// correctly rounded printf ("%.*e" at 1 to 17 digits, and the nearest neighbours of the last
// digit) and checked with its correctly rounded strtod; integers of 2^53 and beyond print their
// exact digits in fixed notation ("%.0f"), as libstdc++ does.
//
// Reading follows std::from_chars (chars_format::general): an optional '-', digits with an optional
// point and exponent, or inf, infinity, nan; no '+', no spaces, no hexadecimal. A value beyond the
// largest double, or a nonzero one that rounds to 0, is out of range. (strtod reads in the "C"
// locale, the one a program starts in: nothing here changes it.)
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace contactlab {

std::uint64_t doubleBits(double value);
double doubleFromBits(std::uint64_t bits);

// The shortest round-trip text, as std::to_chars(value, chars_format::fixed / scientific /
// general): "0.1", "1e-01", "0.1"; "100", "1e+02", "100"; the general form is fixed when the
// decimal exponent is from -4 to 5 ("0.0001", "123000"), else scientific ("1e-05", "1.23e+06").
std::string fixedDecimal(double value);
std::string scientificDecimal(double value);
std::string generalDecimal(double value);
// `digits` significant digits (1 or more), as printf("%.*g") and std::to_chars(value,
// chars_format::general, digits): 3 digits of 0.123456 are "0.123".
std::string generalDecimal(double value, int digits);

struct DecimalRead {
  enum class Status { Ok, OutOfRange, Invalid };
  Status status = Status::Invalid;
  double value = 0;      // when Ok
  std::size_t used = 0;  // characters that form the number (Ok or OutOfRange)
};

// The number at the start of `text`, as std::from_chars(text, value) reads it.
DecimalRead readDecimal(std::string_view text);

}  // namespace contactlab
