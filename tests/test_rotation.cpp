// rotationOf (transform.h): cos(turn) - 1 and sin(turn) for a body's turn over a step, against
// long double references (cos t - 1 = -2 sin^2(t / 2), free of cancellation): below 0.01 rad (its
// Taylor series) within a few ulps of each value; beyond (std::cos(t) - 1) within an ulp of 1.
#include <doctest/doctest.h>

#include <cmath>
#include <initializer_list>

#include "transform.h"

using namespace contactlab;

TEST_CASE("rotationOf gives cos - 1 and sin within a few ulps below 0.01 rad, an ulp of 1 above") {
  for (double magnitude = 1e-9; magnitude < 1; magnitude *= 1.37) {
    for (const double turn : {magnitude, -magnitude}) {
      CAPTURE(turn);
      double cosMinusOne = 0, sine = 0;
      rotationOf(turn, cosMinusOne, sine);
      const long double half = std::sin(static_cast<long double>(turn) / 2);
      const long double exactCosMinusOne = -2 * half * half;
      const long double exactSine = std::sin(static_cast<long double>(turn));
      const long double cosError = std::abs(cosMinusOne - exactCosMinusOne);
      if (magnitude < 0.01)
        CHECK(cosError <= 1e-15L * std::abs(exactCosMinusOne));
      else
        CHECK(cosError <= 2.3e-16L);
      CHECK(std::abs(sine - exactSine) <= 1e-15L * std::abs(exactSine));
    }
  }
  double cosMinusOne = 1, sine = 1;
  rotationOf(0, cosMinusOne, sine);
  CHECK(cosMinusOne == 0);
  CHECK(sine == 0);
}
