// The decimal text of doubles (physics/src/decimal_text.h), both the functions the formats use
// (the library's charconv where it has one) and the portable ones that stand in where it has none
// (WebAssembly): every form reads back as the same double, known values print as their well-known
// shortest decimals, and, where the standard library has floating-point charconv, the portable
// text and reading equal std::to_chars's and std::from_chars's over random doubles and hostile
// inputs. This file also runs compiled by emscripten (web/wasm, the CTest test web_formats).
#include <doctest/doctest.h>

#include <charconv>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "decimal_text.h"

using namespace contactlab;

namespace {

bool sameBits(double a, double b) {
  return doubleBits(a) == doubleBits(b);
}

double readBack(const std::string& text) {
  const DecimalRead read = readDecimal(text);
  REQUIRE(read.status == DecimalRead::Status::Ok);
  REQUIRE(read.used == text.size());
  const DecimalRead portableRead = portable::readDecimal(text);
  REQUIRE(portableRead.status == DecimalRead::Status::Ok);
  REQUIRE(portableRead.used == text.size());
  REQUIRE(doubleBits(portableRead.value) == doubleBits(read.value));
  return read.value;
}

// Random doubles: every bit pattern that is finite, and numbers of every scale.
std::vector<double> sampleDoubles(int count) {
  std::mt19937_64 random(20261204);
  std::vector<double> values;
  for (int i = 0; i < count; ++i) {
    const double fromBits = doubleFromBits(random());
    if (std::isfinite(fromBits)) values.push_back(fromBits);
    std::uniform_real_distribution<double> unit(0, 1);
    const int scale = static_cast<int>(random() % 40) - 20;
    values.push_back(std::round(unit(random) * 1e6) / 1e3 * std::pow(10.0, scale));
  }
  for (double v : {0.0,
                   -0.0,
                   0.1,
                   0.2,
                   0.3,
                   1.0 / 3,
                   100.0,
                   1e22,
                   1e23,
                   9007199254740993.0,
                   0x1p53,
                   0x1p-1022,
                   0x1p-1074,
                   5e-324,
                   1.7976931348623157e308,
                   2.0,
                   1e-5,
                   123456789012345678.0,
                   1.2345678901234567e20,
                   0.0001,
                   1e16,
                   1e17})
    values.push_back(v);
  return values;
}

}  // namespace

TEST_CASE("well-known doubles print as their shortest decimals, the portable code's too") {
  CHECK(portable::generalDecimal(0.1 + 0.2) == "0.30000000000000004");
  CHECK(portable::generalDecimal(5e-324) == "5e-324");
  CHECK(portable::fixedDecimal(100) == "100");
  CHECK(portable::scientificDecimal(100) == "1e+02");
  CHECK(portable::generalDecimal(0x1p-1022) == "2.2250738585072014e-308");
  CHECK(portable::generalDecimal(1234567) == "1.234567e+06");
  CHECK(generalDecimal(0.1) == "0.1");
  CHECK(generalDecimal(0.1 + 0.2) == "0.30000000000000004");
  CHECK(generalDecimal(5e-324) == "5e-324");
  CHECK(generalDecimal(1.7976931348623157e308) == "1.7976931348623157e+308");
  CHECK(generalDecimal(-0.0) == "-0");
  CHECK(fixedDecimal(100) == "100");
  CHECK(scientificDecimal(100) == "1e+02");
  CHECK(fixedDecimal(1e-5) == "0.00001");
  CHECK(scientificDecimal(0.1) == "1e-01");
  CHECK(generalDecimal(0.123456, 3) == "0.123");
  CHECK(generalDecimal(1234567, 3) == "1.23e+06");
  CHECK(generalDecimal(123000) == "123000");
  CHECK(generalDecimal(1234567) == "1.234567e+06");
  CHECK(generalDecimal(0.0001) == "0.0001");
  // 2^-1022 lies just above a power of two: its nearest 16-digit decimal does not read back, a
  // neighbour of it does.
  CHECK(generalDecimal(0x1p-1022) == "2.2250738585072014e-308");
}

TEST_CASE("every form reads back as the same double, bit for bit") {
  for (double value : sampleDoubles(5000)) {
    CAPTURE(value);
    for (const std::string& text :
         {fixedDecimal(value), scientificDecimal(value), generalDecimal(value),
          generalDecimal(value, 17), portable::fixedDecimal(value),
          portable::scientificDecimal(value), portable::generalDecimal(value)}) {
      CAPTURE(text);
      CHECK(sameBits(readBack(text), value));
    }
  }
}

TEST_CASE("reading: the number at the start, its range, and what is not a number") {
  using Status = DecimalRead::Status;
  // The same answers from the portable reader as from the one in use (checked in readBack too).
  for (const char* text : {"1.5,next", "2e", "1e400", "1e-400", "-0", "abc", "nan(1)x"}) {
    CAPTURE(text);
    const DecimalRead a = readDecimal(text), b = portable::readDecimal(text);
    CHECK(a.status == b.status);
    CHECK(a.used == b.used);
  }
  CHECK(readDecimal("1.5,next").used == 3);
  CHECK(readDecimal("2e").used == 1);  // an exponent without digits is not part of it
  CHECK(readDecimal("2e+x").used == 1);
  CHECK(readDecimal(".5").value == 0.5);
  CHECK(readDecimal("5.").value == 5);
  CHECK(readDecimal("-0").status == Status::Ok);
  CHECK(std::signbit(readDecimal("-0").value));
  CHECK(readDecimal("1e400").status == Status::OutOfRange);
  CHECK(readDecimal("1e-400").status == Status::OutOfRange);
  CHECK(readDecimal("0e-400").status == Status::Ok);
  CHECK(readDecimal("4.9e-324").value == 5e-324);
  for (std::string text : {"", "+1", " 1", "x10", ".", "-", "e5", "-.e1", "abc"}) {
    CAPTURE(text);
    CHECK(readDecimal(text).status == Status::Invalid);
  }
  CHECK(readDecimal("0x10").used == 1);  // the 0; no hexadecimal
  CHECK(std::isinf(readDecimal("inf").value));
  CHECK(std::isinf(readDecimal("-Infinity").value));
  CHECK(std::isnan(readDecimal("nan").value));
  CHECK(readDecimal("nan(123)x").used == 8);
}

#if defined(__cpp_lib_to_chars)
namespace {

std::string library(double value, auto... format) {
  char text[400];
  const std::to_chars_result end = std::to_chars(text, text + sizeof text, value, format...);
  return std::string(text, end.ptr);
}

// readDecimal reads `text` as std::from_chars does: as much of it, the same double, the same
// range error, the same refusal.
void readsLikeLibrary(const std::string& text) {
  CAPTURE(text);
  double value = -7;
  const std::from_chars_result standard =
      std::from_chars(text.data(), text.data() + text.size(), value);
  const DecimalRead read = portable::readDecimal(text);
  if (standard.ec == std::errc::invalid_argument) {
    CHECK(read.status == DecimalRead::Status::Invalid);
    return;
  }
  CHECK(read.used == static_cast<std::size_t>(standard.ptr - text.data()));
  if (standard.ec == std::errc::result_out_of_range) {
    CHECK(read.status == DecimalRead::Status::OutOfRange);
    return;
  }
  REQUIRE(read.status == DecimalRead::Status::Ok);
  CHECK((sameBits(read.value, value) || (std::isnan(read.value) && std::isnan(value))));
}

}  // namespace

TEST_CASE("the portable code gives std::to_chars's text and std::from_chars's reading") {
  CHECK(libraryCharconv());
  for (double value : sampleDoubles(100000)) {
    CAPTURE(value);
    REQUIRE(portable::fixedDecimal(value) == library(value, std::chars_format::fixed));
    REQUIRE(portable::scientificDecimal(value) == library(value, std::chars_format::scientific));
    REQUIRE(portable::generalDecimal(value) == library(value, std::chars_format::general));
    REQUIRE(generalDecimal(value, 3) == library(value, std::chars_format::general, 3));
    // The library's 3- and 17-digit texts (not all shortest, some out of range) read alike.
    readsLikeLibrary(library(value, std::chars_format::general, 3));
    readsLikeLibrary(library(value, std::chars_format::general, 17));
  }
  for (const std::string text : {"0",
                                 "-0",
                                 "1",
                                 "1.5",
                                 "1e5",
                                 "1E-5",
                                 "1e+5",
                                 "1e",
                                 "1e+",
                                 ".5",
                                 "5.",
                                 ".",
                                 "-",
                                 "+1",
                                 " 1",
                                 "0x1p3",
                                 "inf",
                                 "-inf",
                                 "INF",
                                 "infinity",
                                 "infinit",
                                 "nan",
                                 "nan(abc)",
                                 "nan(",
                                 "NaN(x_1)",
                                 "1e400",
                                 "-1e400",
                                 "1e-400",
                                 "2.4e-324",
                                 "2.5e-324",
                                 "4.9e-324",
                                 "1.7976931348623159e308",
                                 "00012",
                                 "1.2.3",
                                 "1e5e5",
                                 "12abc",
                                 "1_000",
                                 "9007199254740993",
                                 "0.1e-999999999999"})
    readsLikeLibrary(text);
}
#endif
