// The run's frame-time histogram: quantiles to the 0.1 ms bin that holds them, the longest frame
// exactly, frames past a second counted in the last bin, the total of the frames' times exact.
#include <doctest/doctest.h>

#include "frame_time_histogram.h"

using namespace contactlab;

TEST_CASE("the median and the longest of a run's frame times") {
  FrameTimeHistogram h;
  CHECK(h.quantileMs(0.5) == 0);
  for (double ms : {16.0, 17.0, 16.5, 40.0, 16.2}) h.add(ms / 1000);
  CHECK(h.count() == 5);
  CHECK(h.quantileMs(0.5) == doctest::Approx(16.5).epsilon(0.004));  // the third of five
  CHECK(h.quantileMs(0) == doctest::Approx(16.0).epsilon(0.004));
  CHECK(h.quantileMs(1) == doctest::Approx(40.0).epsilon(0.002));
  CHECK(h.maxMs() == doctest::Approx(40.0));
  CHECK(h.totalSeconds() == doctest::Approx(0.1057));  // the frames' sum, not rounded to bins
}

TEST_CASE("a frame longer than a second is kept as the longest and counts in the last bin") {
  FrameTimeHistogram h;
  h.add(0.010);
  h.add(3.5);
  CHECK(h.maxMs() == doctest::Approx(3500));
  CHECK(h.quantileMs(1) == doctest::Approx(1000).epsilon(0.001));
  CHECK(h.quantileMs(0.5) == doctest::Approx(10).epsilon(0.006));
  CHECK(h.totalSeconds() == doctest::Approx(3.51));  // the long frame counts whole in the total
}
