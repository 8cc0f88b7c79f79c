// The Statistics panel's rates (ui/perf_meter.h): nothing is claimed before a whole second of
// frames was measured (a screenshot after a few frames showed "0.0" frames per second); then the
// frame rate and frame time agree with each other, and drawing never exceeds the frame time.
#include <doctest/doctest.h>

#include "perf_meter.h"

using namespace contactlab;

TEST_CASE("rates are unmeasured for the first second, then consistent") {
  PerfMeter meter;
  const WorldSnapshot world;
  double now = 0;
  for (int i = 0; i < 20; ++i) {  // a third of a second at 60 frames per second
    now += 1.0 / 60;
    meter.frame(1.0 / 60, 0.004, now, world);
  }
  CHECK_FALSE(meter.numbers().measured);
  for (int i = 0; i < 100; ++i) {
    now += 1.0 / 60;
    meter.frame(1.0 / 60, 0.004, now, world);
  }
  const PerfNumbers& p = meter.numbers();
  REQUIRE(p.measured);
  CHECK(p.fps == doctest::Approx(60).epsilon(0.03));
  CHECK(p.frameMs == doctest::Approx(1000.0 / 60).epsilon(1e-6));
  CHECK(p.frameWorkMs == doctest::Approx(4).epsilon(1e-6));
  CHECK(p.frameWorkMs <= p.frameMs);
}

TEST_CASE("the drag's lags: counted per move shown, their median and largest in frames") {
  PerfMeter meter;
  CHECK(meter.dragMovesShown() == 0);
  CHECK(meter.dragLagMedian() == 0);
  CHECK(meter.dragLagMax() == 0);
  for (std::int64_t lag : {1, 2, 1, 1, 7}) meter.dragShown(lag);
  CHECK(meter.dragMovesShown() == 5);
  CHECK(meter.dragLagMedian() == 1);
  CHECK(meter.dragLagMax() == 7);
  meter.dragShown(1000);  // beyond the counted range: counted as the longest lag kept
  CHECK(meter.dragLagMax() == 120);
}
