// The ticks of a graph axis: round steps (1, 2 or 5 times a power of ten), 4 to 8 ticks, on an
// axis widened from the data's range to the nearest multiples of the step, so that the lines stay
// inside and the ends are labelled.
#pragma once

#include <string>
#include <vector>

namespace contactlab {

struct AxisTicks {
  double low = 0, high = 1;  // the axis: the range widened to multiples of `step`
  double step = 1;
  std::vector<double> values;  // low, low + step, ..., high
};

// The ticks for data from `low` to `high` (either order). An empty range (all values equal)
// becomes one around its value, 10 % of it on either side (or -1 to 1 around 0); a range that is
// not finite becomes 0 to 1.
AxisTicks axisTicks(double low, double high);

// A tick's label with as many decimals as the step needs ("0.25", "1.5", "40"; exponent form
// only for axes beyond 1e-4 to 1e6, "2.5e+06"), and 0 for a value within 1e-12 of the axis's scale
// (shownValue): round-off never prints as 1e-17.
std::string tickLabel(double value, const AxisTicks& axis);

}  // namespace contactlab
