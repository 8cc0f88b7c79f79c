// Force arrows (render/force_arrows.h): the automatic scale's round steps and their hysteresis, the
// legend's force, and the arrows of a block resting on a floor (closed form: m g / 2 at each
// corner, pointing up into the block, moved sideways inside it).
#include <doctest/doctest.h>

#include <cmath>

#include "force_arrows.h"
#include "snapshot_fixtures.h"
#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

// Whether x is 1, 2 or 5 times a power of ten (to round-off).
bool isRound(double x) {
  const double mantissa = x / std::pow(10.0, std::floor(std::log10(x) + 1e-12));
  for (double step : {1.0, 2.0, 5.0})
    if (std::abs(mantissa - step) < 1e-9) return true;
  return false;
}

}  // namespace

TEST_CASE("roundDown125 gives the largest 1, 2 or 5 x 10^k not above its argument") {
  CHECK(roundDown125(1) == doctest::Approx(1));
  CHECK(roundDown125(0.3) == doctest::Approx(0.2));
  CHECK(roundDown125(7) == doctest::Approx(5));
  CHECK(roundDown125(19.99) == doctest::Approx(10));
  CHECK(roundDown125(2e-3) == doctest::Approx(2e-3));
  CHECK(roundDown125(4.9999e5) == doctest::Approx(2e5));
  CHECK(roundDown125(0) == 0);
  CHECK(roundDown125(-3) == 0);
  CHECK(roundDown125(NAN) == 0);
  CHECK(roundDown125(INFINITY) == 0);
}

TEST_CASE(
    "the automatic scale draws the largest force about a quarter of the view, in round steps") {
  for (double force : {0.003, 1.0, 7.85, 11.77, 98.1, 4500.0}) {
    for (double view : {0.5, 8.0, 30.0}) {
      const double scale = automaticForceScale(force, view, 0);
      CAPTURE(force);
      CAPTURE(view);
      CHECK(isRound(scale));
      const double share = force * scale / view;  // the longest arrow over the view's side
      CHECK(share <= 0.25 * (1 + 1e-9));
      CHECK(share > 0.1);  // a 1-2-5 step is at most 2.5x the next
    }
  }
}

TEST_CASE(
    "the automatic scale holds while forces change a little, and moves when they change a lot") {
  const double view = 10;
  const double scale = automaticForceScale(10, view, 0);
  CHECK(automaticForceScale(10 * 1.3, view, scale) == scale);
  CHECK(automaticForceScale(10 / 1.3, view, scale) == scale);
  const double bigger = automaticForceScale(10 * 10, view, scale);
  CHECK(bigger < scale);
  CHECK(100 * bigger / view <= 0.25 * (1 + 1e-9));
  CHECK(automaticForceScale(0, view, scale) == scale);  // no force: the scale stays
  CHECK(automaticForceScale(NAN, view, scale) == scale);
  CHECK(automaticForceScale(0, view, 0) > 0);  // a first scale even without forces
}

TEST_CASE("the legend's force is round and its arrow between 40 and 100 pixels") {
  for (double pixelsPerNewton : {0.01, 0.37, 1.0, 3.2, 64.0, 900.0}) {
    const double newtons = legendForce(pixelsPerNewton);
    CAPTURE(pixelsPerNewton);
    CHECK(isRound(newtons));
    CHECK(newtons * pixelsPerNewton <= 100 * (1 + 1e-9));
    CHECK(newtons * pixelsPerNewton >= 40);
  }
  CHECK(legendForce(0) == 0);
  // With larger text (a projector) the legend may be longer: 200 px at 200 %.
  for (double pixelsPerNewton : {0.37, 3.2}) {
    const double newtons = legendForce(pixelsPerNewton, 200);
    CHECK(isRound(newtons));
    CHECK(newtons * pixelsPerNewton <= 200 * (1 + 1e-9));
    CHECK(newtons * pixelsPerNewton >= 80);
  }
}

TEST_CASE("a block on a floor carries m g / 2 at each corner: two red arrows up into the block") {
  World world = makeWorld();
  addFloor(world);
  const double mass = 3, width = 2;
  add(world, boxDef("block", width, 1, 0, 0.5 + targetGap(world), mass));
  const WorldSnapshot snapshot = snapshotOf(world);
  Camera camera;
  camera.center = {0, 0.5};
  camera.pixelsPerMeter = 100;
  ViewOptions options;
  options.forceScale = 0.01;  // m per N
  std::vector<ForceArrow> arrows;
  forceArrows(snapshot, camera, options, arrows);
  REQUIRE(arrows.size() == 2);
  const double weight = mass * world.settings().gravity;
  const double left = camera.worldToScreen({-width / 2, 0}).x;
  const double right = camera.worldToScreen({width / 2, 0}).x;
  for (const ForceArrow& a : arrows) {
    CHECK(a.newtons == doctest::Approx(weight / 2).epsilon(1e-6));
    CHECK(a.color.r == palette::kForce.r);
    CHECK(a.tail.x == doctest::Approx(a.head.x));
    CHECK(a.head.y < a.tail.y);  // up the screen: the floor pushes the block up
    CHECK(a.tail.y - a.head.y ==
          doctest::Approx(weight / 2 * options.forceScale * camera.pixelsPerMeter).epsilon(1e-6));
    // kForceInset pixels inside the block from its corner, never on its edge.
    const double inside = std::min(a.tail.x - left, right - a.tail.x);
    CHECK(inside == doctest::Approx(kForceInset).epsilon(1e-6));
  }
  CHECK(arrows[0].body == snapshot.indexOf(*world.findBody("block")));

  options.resultants = true;
  options.forces = false;
  forceArrows(snapshot, camera, options, arrows);
  REQUIRE(arrows.size() == 1);  // the block's resultant; the fixed floor has none
  CHECK(arrows[0].newtons == doctest::Approx(weight).epsilon(1e-6));
  CHECK(arrows[0].head.y < arrows[0].tail.y);
}

TEST_CASE("a pinned disc hanging at rest: one red arrow of m g up from the pin") {
  World world = makeWorld();
  const double mass = 2;
  const BodyId bob = add(world, discDef("bob", 0.2, 0, -1, mass));
  REQUIRE(world.addJoint({"pin", JointKind::Pin, bob, BodyId{}, {0, 0.2}, {0, -0.8}}).ok());
  const WorldSnapshot snapshot = snapshotOf(world);
  REQUIRE(snapshot.joints.size() == 1);
  Camera camera;
  camera.center = {0, -1};
  camera.pixelsPerMeter = 100;
  ViewOptions options;
  options.forceScale = 0.01;
  std::vector<ForceArrow> arrows;
  forceArrows(snapshot, camera, options, arrows);
  REQUIRE(arrows.size() == 1);
  const double weight = mass * world.settings().gravity;
  CHECK(arrows[0].newtons == doctest::Approx(weight).epsilon(1e-9));
  CHECK(arrows[0].tail.x == doctest::Approx(camera.worldToScreen({0, -0.8}).x));
  CHECK(arrows[0].tail.y == doctest::Approx(camera.worldToScreen({0, -0.8}).y));
  CHECK(arrows[0].head.y < arrows[0].tail.y);  // the pin holds the disc up
  CHECK(largestContactForce(snapshot) == doctest::Approx(weight).epsilon(1e-9));
}

TEST_CASE("a force on a fixed body is drawn as its reaction on the body that moves") {
  World world = makeWorld();
  const BodyId floor = addFloor(world);
  const BodyId block = add(world, boxDef("block", 2, 1, 0, 0.5 + targetGap(world), 3));
  WorldSnapshot snapshot = snapshotOf(world);
  // The same touch reported the other way round: the floor's point, the normal down into it.
  snapshot.contacts = {ContactReport{floor, block, {0.5, 0}, {0, -1}, 0, 20, 0}};
  Camera camera;
  ViewOptions options;
  options.forceScale = 0.01;
  std::vector<ForceArrow> arrows;
  forceArrows(snapshot, camera, options, arrows);
  REQUIRE(arrows.size() == 1);
  CHECK(arrows[0].body == snapshot.indexOf(block));
  CHECK(arrows[0].head.y < arrows[0].tail.y);  // up, into the block
  CHECK(arrows[0].newtons == doctest::Approx(20));
}

TEST_CASE("force labels: three figures in newtons or a multiple of the weight, ties read alike") {
  CHECK(forceLabel(49.05 * (1 + 1e-13), ForceLabels::Newtons, 0) ==
        forceLabel(49.05 * (1 - 1e-13), ForceLabels::Newtons, 0));
  CHECK(forceLabel(7.848, ForceLabels::Newtons, 0) == "7.85 N");
  CHECK(forceLabel(11.772, ForceLabels::Newtons, 0) == "11.8 N");
  CHECK(forceLabel(250.4, ForceLabels::Newtons, 0) == "250 N");
  CHECK(forceLabel(0.0123, ForceLabels::Newtons, 0) == "0.012 N");
  CHECK(forceLabel(7.848, ForceLabels::Weights, 9.81) == "0.80 m g");
  CHECK(forceLabel(11.772, ForceLabels::Weights, 9.81) == "1.20 m g");
  CHECK(forceLabel(4.905, ForceLabels::Weights, 9.81) == "0.50 m g");
  // A fixed body's weight is infinite, zero gravity gives none: newtons then.
  CHECK(forceLabel(5, ForceLabels::Weights, INFINITY) == "5.00 N");
  CHECK(forceLabel(5, ForceLabels::Weights, 0) == "5.00 N");
}

namespace {

// Two movable blocks, `top` on `base`, whose touch is reported by hand at two points 0.2 m apart:
// once with `top` as body 1 (10 N up on it, 2 N of friction), once the other way round (30 N down
// on `base`, 1 N of friction); unless `samePair`, `other` replaces `top` in the second report.
struct TwoPoints {
  World world = makeWorld();
  BodyId base, top, other;
  WorldSnapshot snapshot;
  explicit TwoPoints(bool samePair) {
    base = add(world, boxDef("base", 2, 1, 0, 0.5, 1));
    top = add(world, boxDef("top", 2, 1, 0, 1.5, 1));
    other = add(world, boxDef("other", 2, 1, 3, 1.5, 1));
    snapshot = snapshotOf(world);
    snapshot.contacts = {ContactReport{top, base, {-0.1, 1}, {0, 1}, 0, 10, 2},
                         ContactReport{base, samePair ? top : other, {0.1, 1}, {0, -1}, 0, 30, 1}};
  }
};

}  // namespace

TEST_CASE("one pair's contacts closer on the screen than a head is wide: one arrow of their sum") {
  TwoPoints scene(true);
  Camera camera;
  camera.center = {0, 1};
  camera.pixelsPerMeter = 10;  // the points 2 pixels apart
  ViewOptions options;
  options.forceScale = 0.1;
  std::vector<ForceArrow> arrows;
  forceArrows(scene.snapshot, camera, options, arrows);
  REQUIRE(arrows.size() == 2);  // the normal force and the friction
  const ForceArrow &normal = arrows[0], &friction = arrows[1];
  CHECK(normal.color.r == palette::kForce.r);
  CHECK(normal.newtons == doctest::Approx(40));
  CHECK(normal.body == scene.snapshot.indexOf(scene.top));  // up, into the block held up
  CHECK(normal.head.y < normal.tail.y);
  CHECK(normal.tail.y - normal.head.y ==
        doctest::Approx(40 * options.forceScale * camera.pixelsPerMeter));
  // At the centre of pressure, x = (-0.1 x 10 + 0.1 x 30) / 40 = 0.05 m, moved kForceInset
  // pixels sideways towards the block's centre.
  const Vec2 pressure = camera.worldToScreen({0.05, 1});
  CHECK(std::abs(normal.tail.x - pressure.x) == doctest::Approx(kForceInset));
  CHECK(normal.tail.y == doctest::Approx(pressure.y));
  // The friction on top: 2 N along perpendicular((0, 1)), and the reaction to 1 N on base along
  // perpendicular((0, -1)), which is 1 N along perpendicular((0, 1)) again: 3 N that way.
  CHECK(friction.color.r == palette::kFriction.r);
  CHECK(friction.newtons == doctest::Approx(3));
  const Vec2 expected = perpendicular(Vec2{0, 1});
  const Vec2 drawn = friction.head - friction.tail;
  CHECK(drawn.x * camera.toPixels(expected.x) > 0);

  // Zoomed in, the points 200 pixels apart: each contact has its arrows.
  camera.pixelsPerMeter = 1000;
  options.forceScale = 0.001;
  forceArrows(scene.snapshot, camera, options, arrows);
  REQUIRE(arrows.size() == 4);
  CHECK(arrows[0].newtons + arrows[2].newtons == doctest::Approx(40));
  CHECK(std::min(arrows[0].newtons, arrows[2].newtons) == doctest::Approx(10));
}

TEST_CASE("contacts of different pairs are never summed, however close on the screen") {
  TwoPoints scene(false);
  Camera camera;
  camera.center = {0, 1};
  camera.pixelsPerMeter = 10;
  ViewOptions options;
  options.forceScale = 0.1;
  options.friction = false;
  std::vector<ForceArrow> arrows;
  forceArrows(scene.snapshot, camera, options, arrows);
  REQUIRE(arrows.size() == 2);
  CHECK(std::min(arrows[0].newtons, arrows[1].newtons) == doctest::Approx(10));
  CHECK(std::max(arrows[0].newtons, arrows[1].newtons) == doctest::Approx(30));
}
