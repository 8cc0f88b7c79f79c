// Round axis ticks (graph_axis.h).
#include "graph_axis.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "energy_history.h"

namespace contactlab {
namespace {

constexpr int kMaxTicks = 8;

int tickCount(double low, double high, double step) {
  return static_cast<int>(std::ceil(high / step) - std::floor(low / step)) + 1;
}

}  // namespace

// The smallest 1-2-5 step whose widened axis has at most 8 ticks. It has at least 4: the step
// before it (at most 2.5 times smaller) gave 9 or more, so range / step > 6 / 2.5 there.
AxisTicks axisTicks(double low, double high) {
  if (!std::isfinite(low) || !std::isfinite(high)) low = 0, high = 1;
  if (low > high) std::swap(low, high);
  if (low == high) {
    const double pad = low == 0 ? 1 : 0.1 * std::abs(low);
    low -= pad;
    high += pad;
  }
  double decade = std::pow(10.0, std::floor(std::log10(high - low)) - 2);
  AxisTicks axis;
  for (;; decade *= 10) {
    bool found = false;
    for (double mantissa : {1.0, 2.0, 5.0}) {
      const double step = mantissa * decade;
      if (tickCount(low, high, step) <= kMaxTicks) {
        axis.step = step;
        found = true;
        break;
      }
    }
    if (found) break;
  }
  const double first = std::floor(low / axis.step), last = std::ceil(high / axis.step);
  axis.low = first * axis.step;
  axis.high = last * axis.step;
  for (double k = first; k <= last; ++k) axis.values.push_back(k * axis.step);
  return axis;
}

std::string tickLabel(double value, const AxisTicks& axis) {
  const double scale = std::max(std::abs(axis.low), std::abs(axis.high));
  value = shownValue(value, scale);
  char text[32];
  if (scale >= 1e-4 && scale < 1e6) {
    // Plain decimals, as many as the step needs: "40", "2.5", "0.05".
    const int decimals = std::clamp(-static_cast<int>(std::floor(std::log10(axis.step))), 0, 10);
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
  }
  // Significant digits from the largest tick's leading digit down to the step's: "2.5e+06".
  const int digits = std::clamp(
      static_cast<int>(std::floor(std::log10(scale)) - std::floor(std::log10(axis.step))) + 1, 1,
      15);
  std::snprintf(text, sizeof text, "%.*g", digits, value);
  return text;
}

}  // namespace contactlab
