// Decimal text of doubles, the same on every toolchain: the scene and share formats write the
// shortest decimal that reads back as the same double and read decimals bit-exactly, and must do
// so identically in the native build and in WebAssembly, whose libc++ (emscripten 3.1.6) has
// neither std::bit_cast nor floating-point std::to_chars / std::from_chars.
//
// Where the standard library has floating-point charconv (the native build), these are
// std::to_chars and std::from_chars. Elsewhere (WebAssembly) the functions of `portable` below
// stand in, written to give the very same text and doubles: tests/test_decimal_text.cpp compares
// them with the library's over random doubles and hostile inputs natively, and runs the round
// trips in WebAssembly too (web/wasm, the CTest test web_formats).
//
// Writing, std::to_chars's shortest forms: the fewest significant digits that read back as the
// same double, and among those the decimal nearest to it. The portable code finds them with the C
// library's correctly rounded printf ("%.*e", and the nearest neighbours of its last digit),
// checked with its correctly rounded strtod, searching the digit count by bisection (if some
// decimal of n digits reads back, one of n + 1 does); integers of 2^53 and beyond print their exact
// digits in fixed notation ("%.0f"), as libstdc++ does.
//
// Reading, std::from_chars (chars_format::general): an optional '-', digits with an optional point
// and exponent, or inf, infinity, nan; no '+', no spaces, no hexadecimal. A value beyond the
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

// The toolchain-independent implementation (above), public for its tests.
namespace portable {
std::string fixedDecimal(double value);
std::string scientificDecimal(double value);
std::string generalDecimal(double value);
DecimalRead readDecimal(std::string_view text);
}  // namespace portable

// Whether the library's charconv is used (else `portable`).
bool libraryCharconv();

}  // namespace contactlab
