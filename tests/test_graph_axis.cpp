// Graph axis ticks (ui/graph_axis.h): round 1-2-5 steps, 4 to 8 ticks covering the data, and
// labels that tell neighbouring ticks apart, read as plain decimals and print round-off as 0.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <utility>

#include "graph_axis.h"

using namespace contactlab;

namespace {

bool isRoundStep(double step) {
  const double mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
  for (double round : {1.0, 2.0, 5.0, 10.0})
    if (std::abs(mantissa - round) < 1e-9) return true;
  return false;
}

void checkAxis(double low, double high) {
  CAPTURE(low);
  CAPTURE(high);
  const AxisTicks axis = axisTicks(low, high);
  const int n = static_cast<int>(axis.values.size());
  CHECK(n >= 4);
  CHECK(n <= 8);
  CHECK(isRoundStep(axis.step));
  CHECK(axis.low <= std::min(low, high));
  CHECK(axis.high >= std::max(low, high));
  CHECK(axis.values.front() == axis.low);
  CHECK(axis.values.back() == axis.high);
  std::string previous;
  for (int i = 0; i < n; ++i) {
    const double value = axis.values[i];
    CHECK(std::abs(value / axis.step - std::round(value / axis.step)) < 1e-9);
    const std::string label = tickLabel(value, axis);
    CAPTURE(label);
    CHECK(label != previous);  // neighbours read apart
    CHECK(std::abs(std::strtod(label.c_str(), nullptr) - value) <= 1e-6 * axis.step);
    previous = label;
  }
}

}  // namespace

TEST_CASE("ranges of every size and place get 4 to 8 round ticks covering them") {
  for (int exponent = -9; exponent <= 9; exponent += 3)
    for (double span = 1; span < 10; span += 0.37)
      for (double offset : {-7.3, -0.5, 0.0, 0.21, 3.0, 91.0}) {
        const double unit = std::pow(10.0, exponent);
        checkAxis(offset * unit, (offset + span) * unit);
      }
  checkAxis(1, 19);  // 2-steps would give 9 ticks and 5-steps 3 without the widening
  checkAxis(9.81, 9.83);
  checkAxis(-1e-3, 2e5);
}

TEST_CASE("an empty or non-finite range still gets an axis") {
  checkAxis(0, 0);
  checkAxis(9.81, 9.81);
  checkAxis(-4, -4);
  const AxisTicks nan = axisTicks(std::nan(""), 1);
  CHECK(nan.low <= 0);
  CHECK(nan.high >= 1);
}

TEST_CASE("everyday ranges print as plain decimals, never in exponent form") {
  for (auto [low, high] : {std::pair{0.0, 49.05},
                           {-0.3, 0.3},
                           {9.81, 9.83},
                           {0.0, 1500.0},
                           {-2e-3, 1e-3},
                           {0.0, 250000.0}}) {
    const AxisTicks axis = axisTicks(low, high);
    for (double v : axis.values) {
      CAPTURE(v);
      CHECK(tickLabel(v, axis).find('e') == std::string::npos);
    }
  }
  CHECK(tickLabel(40, axisTicks(0, 49.05)) == "40");
  CHECK(tickLabel(9.82, axisTicks(9.81, 9.83)) == "9.820");
}

TEST_CASE("values within 1e-12 of the axis's scale print as 0") {
  const AxisTicks axis = axisTicks(-0.3, 0.3);
  CHECK(tickLabel(5.551115123125783e-17, axis) == "0.0");  // with the decimals of its neighbours
  CHECK(tickLabel(-1e-14, axis) == "0.0");                 // no minus sign either
  CHECK(tickLabel(0.1, axis) == "0.1");
  const AxisTicks energy = axisTicks(0, 74.56);
  CHECK(tickLabel(1.148e-29, energy) == "0");
}
