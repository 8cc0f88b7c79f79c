// The Energy panel's memory and numbers (ui/energy_history.h): round-off reads as 0 against the
// values beside it; samples keep their spacing and the newest kCapacity of them.
#include <doctest/doctest.h>

#include "energy_history.h"

using namespace contactlab;

TEST_CASE("a value within 1e-12 of the scale beside it reads 0; others read as they are") {
  CHECK(shownValue(1.148e-29, 74.56) == 0);
  CHECK(shownValue(-3e-13, 1) == 0);
  CHECK(shownValue(2e-12, 1) == 2e-12);
  CHECK(shownValue(0.04466, 9.859) == 0.04466);
  CHECK(shownValue(1e-20, 1e-9) == 1e-20);  // a tiny world keeps its tiny energies
}

TEST_CASE("samples are spaced, bounded, and the largest magnitude follows what is kept") {
  EnergyHistory history;
  history.sample(0, {1, -5, -4});
  history.sample(0.001, {2, -5, -3});  // closer than 1/60 s: skipped
  CHECK(history.size() == 1);
  for (int i = 1; i <= EnergyHistory::kCapacity + 10; ++i) history.sample(i * 0.02, {0.5, 1, 1.5});
  CHECK(history.size() == EnergyHistory::kCapacity);
  CHECK(history.time(0) > 0);  // the first sample has left the ring
  CHECK(history.largestMagnitude() == doctest::Approx(1.5));
}
