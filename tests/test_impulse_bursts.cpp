// The collision bursts the view draws (render/impulse_bursts.h): one per screen cell, the most
// visible of the cell's (largest radius x remaining alpha, the first of equals), in the marks'
// order; marks in different cells all kept; a mark at a point that is not finite never drawn.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "camera.h"
#include "impulse_bursts.h"

using namespace contactlab;

namespace {

Camera testCamera() {
  Camera camera;
  camera.center = {0, 0};
  camera.pixelsPerMeter = 100;
  camera.viewport = {1000, 800};
  return camera;
}

// A mark at screen pixel (x, y).
ImpulseMark at(const Camera& camera, double x, double y, double impulse, double fade = 0) {
  return {camera.screenToWorld({x, y}), impulse, fade};
}

}  // namespace

TEST_CASE("a burst's radius grows with the impulse from 8 pixels") {
  CHECK(burstRadius(0) == doctest::Approx(8));
  CHECK(burstRadius(-1) == doctest::Approx(8));
  CHECK(burstRadius(1) > burstRadius(0.1));
  CHECK(burstRadius(10) > burstRadius(1));
}

TEST_CASE("of the marks in one cell, the most visible is drawn") {
  const Camera camera = testCamera();
  BurstSieve sieve;
  // Cell [120, 132) x [240, 252) of 12-pixel cells.
  SUBCASE("the strongest impulse") {
    const std::vector<ImpulseMark> marks{at(camera, 121, 241, 0.5), at(camera, 130, 250, 4),
                                         at(camera, 125, 245, 1)};
    const auto kept = sieve.sift(marks, camera, 12);
    REQUIRE(kept.size() == 1);
    CHECK(kept[0].impulse == 4);
  }
  SUBCASE("a fresh burst over a stronger one that has nearly faded") {
    const std::vector<ImpulseMark> marks{at(camera, 121, 241, 4, 0.9), at(camera, 130, 250, 1, 0)};
    const auto kept = sieve.sift(marks, camera, 12);
    REQUIRE(kept.size() == 1);
    CHECK(kept[0].fade == 0);
  }
  SUBCASE("the first of equals") {
    const std::vector<ImpulseMark> marks{at(camera, 121, 241, 1), at(camera, 130, 250, 1)};
    const auto kept = sieve.sift(marks, camera, 12);
    REQUIRE(kept.size() == 1);
    CHECK(kept[0].point.x == doctest::Approx(marks[0].point.x));
  }
}

TEST_CASE("marks in different cells are all drawn, in their order") {
  const Camera camera = testCamera();
  BurstSieve sieve;
  const std::vector<ImpulseMark> marks{at(camera, 500, 400, 1), at(camera, 100, 100, 2),
                                       at(camera, 113, 100, 3), at(camera, 100, 113, 4)};
  const auto kept = sieve.sift(marks, camera, 12);
  REQUIRE(kept.size() == marks.size());
  for (std::size_t i = 0; i < marks.size(); ++i) CHECK(kept[i].impulse == marks[i].impulse);
}

TEST_CASE("a dense pour draws at most one burst per cell it covers") {
  const Camera camera = testCamera();
  BurstSieve sieve;
  // 3000 collisions in a 120 x 60 pixel patch (60 x 50 of them): 10 x 5 cells of 12 pixels.
  std::vector<ImpulseMark> marks;
  for (int i = 0; i < 60; ++i)
    for (int j = 0; j < 50; ++j)
      marks.push_back(at(camera, 240.5 + 2 * i, 360.5 + 1.2 * j, 0.1 * ((i * 50 + j) % 7)));
  const auto kept = sieve.sift(marks, camera, 12);
  CHECK(kept.size() == 50);
  // Each kept burst is the largest of its cell: none of the marks outshines it there.
  for (const ImpulseMark& k : kept) {
    const Vec2 cell = glm::floor(camera.worldToScreen(k.point) / 12.0);
    for (const ImpulseMark& m : marks)
      if (glm::floor(camera.worldToScreen(m.point) / 12.0) == cell) CHECK(m.impulse <= k.impulse);
  }
  // Sifting again gives the same marks: a frame that repeats draws the same picture.
  const std::vector<ImpulseMark> first(kept.begin(), kept.end());
  const auto again = sieve.sift(marks, camera, 12);
  REQUIRE(again.size() == first.size());
  for (std::size_t i = 0; i < first.size(); ++i) CHECK(again[i].point == first[i].point);
}

TEST_CASE("a mark at a point that is not finite is not drawn") {
  const Camera camera = testCamera();
  BurstSieve sieve;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<ImpulseMark> marks{{{nan, 0}, 1, 0},
                                       at(camera, 10, 10, 1),
                                       {{0, std::numeric_limits<double>::infinity()}, 1, 0}};
  const auto kept = sieve.sift(marks, camera, 12);
  REQUIRE(kept.size() == 1);
  CHECK(std::isfinite(kept[0].point.x));
}
