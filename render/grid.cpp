// Grid spacing and length labels (grid.h).
#include "grid.h"

#include <cmath>
#include <cstdio>
#include <initializer_list>

namespace contactlab {

GridSpacing gridSpacing(double pixelsPerMeter, double minPixels) {
  double wanted = minPixels / pixelsPerMeter;  // m
  double decade = std::pow(10.0, std::floor(std::log10(wanted)));
  for (double mantissa : {1.0, 2.0, 5.0, 10.0}) {
    double step = mantissa * decade;
    if (step * (1 + 1e-9) >= wanted) {
      double factor = mantissa == 5.0 ? 2 : 5;
      return {step, step * factor};
    }
  }
  return {10 * decade, 50 * decade};
}

const char* formatLength(double meters, char* buffer, int size) {
  double a = std::abs(meters);
  if (a == 0)
    std::snprintf(buffer, size, "0");
  else if (a >= 1000)
    std::snprintf(buffer, size, "%g km", meters / 1000);
  else if (a >= 1)
    std::snprintf(buffer, size, "%g m", meters);
  else if (a >= 0.01)
    std::snprintf(buffer, size, "%g cm", std::round(meters * 1e4) / 1e2);
  else
    std::snprintf(buffer, size, "%g mm", std::round(meters * 1e6) / 1e3);
  return buffer;
}

}  // namespace contactlab
