// Shape queries: a body's outline, centroid, bounds and point test in world coordinates, against
// closed forms (a turned box's corners and bounds, a polygon's area centroid at the body's
// position), and bad ids or points refused.
#include <doctest/doctest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

Vec2 turned(Vec2 v, double angle) {
  return {std::cos(angle) * v.x - std::sin(angle) * v.y,
          std::sin(angle) * v.x + std::cos(angle) * v.y};
}

BodyOutline outlineOf(const World& world, BodyId id) {
  BodyOutline outline;
  REQUIRE(world.outline(id, outline).ok());
  return outline;
}

bool containsPoint(const World& world, BodyId id, Vec2 point, double tolerance = 0) {
  Result<bool> inside = world.containsPoint(id, point, tolerance);
  REQUIRE(inside.ok());
  return inside.value();
}

// Twice the signed area of a polygon (positive when counter-clockwise) and its area centroid,
// by the shoelace formula.
double twiceArea(const std::vector<Vec2>& p) {
  double sum = 0;
  for (std::size_t i = 0; i < p.size(); ++i) sum += cross(p[i], p[(i + 1) % p.size()]);
  return sum;
}

Vec2 areaCentroid(const std::vector<Vec2>& p) {
  Vec2 weighted{0, 0};
  for (std::size_t i = 0; i < p.size(); ++i) {
    Vec2 a = p[i], b = p[(i + 1) % p.size()];
    weighted += (a + b) * cross(a, b);
  }
  return weighted / (3 * twiceArea(p));
}

BodyDef polygonDef(const std::string& name, std::vector<Vec2> points, Vec2 position,
                   double angle = 0) {
  BodyDef def;
  def.name = name;
  def.shape = ShapeKind::Polygon;
  def.points = std::move(points);
  def.mass = 1;
  def.state.position = position;
  def.state.angle = angle;
  return def;
}

}  // namespace

TEST_CASE("a box turned by 30 degrees has its corners at the centre plus the turned half-sizes") {
  World world = makeWorld();
  const double angle = std::numbers::pi / 6;
  const Vec2 centre{3, -1};
  BodyId box = add(world, boxDef("box", 2, 1, centre.x, centre.y, 1, angle));
  BodyOutline outline = outlineOf(world, box);
  CHECK(outline.kind == ShapeKind::Box);
  CHECK(outline.radius == 0);
  CHECK(outline.centre == centre);
  REQUIRE(outline.corners.size() == 4);
  // The body-frame corners counter-clockwise from the lower left, turned and moved.
  const Vec2 local[4] = {{-1, -0.5}, {1, -0.5}, {1, 0.5}, {-1, 0.5}};
  int first = -1;
  for (int k = 0; k < 4; ++k)
    if (glm::length(outline.corners[0] - (centre + turned(local[k], angle))) < 1e-12) first = k;
  REQUIRE(first >= 0);
  for (int k = 0; k < 4; ++k) {
    const Vec2 expected = centre + turned(local[(first + k) % 4], angle);
    CHECK(glm::length(outline.corners[k] - expected) < 1e-12);
  }
  CHECK(twiceArea(outline.corners) / 2 == doctest::Approx(2 * 1));  // counter-clockwise, w h
}

TEST_CASE("a triangle's centroid is the mean of its vertices, and sits at the body's position") {
  World world = makeWorld();
  // Given with its centroid at (5/3, 1); the body's position places that centroid.
  const std::vector<Vec2> points = {{0, 0}, {4, 0}, {1, 3}};
  const Vec2 mean = (points[0] + points[1] + points[2]) / 3.0;
  const Vec2 position{2, 5};
  BodyId triangle = add(world, polygonDef("triangle", points, position));
  Result<Vec2> centroid = world.centroid(triangle);
  REQUIRE(centroid.ok());
  CHECK(centroid.value() == position);
  BodyOutline outline = outlineOf(world, triangle);
  REQUIRE(outline.corners.size() == 3);
  for (int k = 0; k < 3; ++k)
    CHECK(glm::length(outline.corners[k] - (position + points[k] - mean)) < 1e-12);
  const Vec2 cornerMean = (outline.corners[0] + outline.corners[1] + outline.corners[2]) / 3.0;
  CHECK(glm::length(cornerMean - centroid.value()) < 1e-12);
}

TEST_CASE(
    "a turned quadrilateral's area centroid, not its vertex mean, is at the body's position") {
  World world = makeWorld();
  // A trapezoid of area 8: vertex mean (2, 1), area centroid (5/3, 13/12).
  const std::vector<Vec2> points = {{0, 0}, {4, 0}, {4, 1}, {0, 3}};
  const double angle = 1.1;
  const Vec2 position{-7, 4};
  BodyId quad = add(world, polygonDef("quad", points, position, angle));
  BodyOutline outline = outlineOf(world, quad);
  REQUIRE(outline.corners.size() == 4);
  CHECK(glm::length(areaCentroid(outline.corners) - world.centroid(quad).value()) < 1e-12);
  CHECK(world.centroid(quad).value() == position);
  const Vec2 areaCentre{5.0 / 3, 13.0 / 12};
  for (int k = 0; k < 4; ++k) {
    const Vec2 expected = position + turned(points[k] - areaCentre, angle);
    CHECK(glm::length(outline.corners[k] - expected) < 1e-12);
  }
  CHECK(twiceArea(outline.corners) / 2 == doctest::Approx(8));
}

TEST_CASE("a disc's outline is its centre and radius") {
  World world = makeWorld();
  BodyId disc = add(world, discDef("disc", 0.75, -2, 6));
  BodyOutline outline = outlineOf(world, disc);
  CHECK(outline.kind == ShapeKind::Disc);
  CHECK(outline.centre == Vec2{-2, 6});
  CHECK(outline.radius == 0.75);
  CHECK(outline.corners.empty());
}

TEST_CASE("bounds: a turned box spans half-sizes w/2 |cos| + h/2 |sin| and w/2 |sin| + h/2 |cos|") {
  World world = makeWorld();
  for (double angle : {0.0, std::numbers::pi / 6, 2.5, -1.0}) {
    CAPTURE(angle);
    World turnedWorld = world;
    BodyId box = add(turnedWorld, boxDef("box", 2, 1, 1, 2, 1, angle));
    Result<Bounds> bounds = turnedWorld.bounds(box);
    REQUIRE(bounds.ok());
    const double c = std::abs(std::cos(angle)), s = std::abs(std::sin(angle));
    const Vec2 half{1 * c + 0.5 * s, 1 * s + 0.5 * c};
    CHECK(glm::length(bounds->min - (Vec2{1, 2} - half)) < 1e-12);
    CHECK(glm::length(bounds->max - (Vec2{1, 2} + half)) < 1e-12);
  }
  BodyId disc = add(world, discDef("disc", 0.5, 4, -3));
  CHECK(world.bounds(disc)->min == Vec2{3.5, -3.5});
  CHECK(world.bounds(disc)->max == Vec2{4.5, -2.5});
}

TEST_CASE("a point inside, on and outside a disc") {
  World world = makeWorld();
  BodyId disc = add(world, discDef("disc", 1, 2, 3));
  CHECK(containsPoint(world, disc, {2.5, 3.5}));
  CHECK(containsPoint(world, disc, {3, 3}));  // on the rim
  CHECK(containsPoint(world, disc, {2, 2}));  // on the rim
  CHECK_FALSE(containsPoint(world, disc, {3.001, 3}));
  CHECK_FALSE(containsPoint(world, disc, {2.75, 3.75}));  // inside the bounds, outside the circle
  CHECK(containsPoint(world, disc, {3.001, 3}, 0.002));
  CHECK_FALSE(containsPoint(world, disc, {3.003, 3}, 0.002));
}

TEST_CASE("a point inside, on and outside a box and a turned triangle") {
  World world = makeWorld();
  BodyId box = add(world, boxDef("box", 2, 1, 0, 0));
  CHECK(containsPoint(world, box, {0.3, -0.2}));
  CHECK(containsPoint(world, box, {1, 0}));     // on the right edge
  CHECK(containsPoint(world, box, {-1, 0.5}));  // on a corner
  CHECK_FALSE(containsPoint(world, box, {1.01, 0}));
  CHECK_FALSE(containsPoint(world, box, {0, -0.51}));
  // Off a corner by (0.03, 0.03): 0.0424 m away, so within 0.045 m but not within 0.04 m.
  CHECK_FALSE(containsPoint(world, box, {1.03, 0.53}, 0.04));
  CHECK(containsPoint(world, box, {1.03, 0.53}, 0.045));
  CHECK(containsPoint(world, box, {1.03, 0}, 0.04));  // off an edge by 0.03 m

  // The right triangle (0,0), (3,0), (0,3), centroid (1, 1), turned a quarter turn about it and
  // placed at (10, 10): its corners are at (11, 9), (11, 12), (8, 9), so it holds the points with
  // x <= 11, y >= 9 and y <= x + 1 (the long edge).
  BodyId triangle =
      add(world, polygonDef("triangle", {{0, 0}, {3, 0}, {0, 3}}, {10, 10}, std::numbers::pi / 2));
  CHECK(containsPoint(world, triangle, {10.8, 9.2}));
  CHECK(containsPoint(world, triangle, {10, 10}));
  CHECK(containsPoint(world, triangle, {9.6, 10.4}));        // just below y = x + 1
  CHECK_FALSE(containsPoint(world, triangle, {9.4, 10.6}));  // just above it
  CHECK_FALSE(containsPoint(world, triangle, {11.2, 10}));   // right of x = 11
  // Unturned it would hold (9.2, 11.5); turned it does not.
  CHECK_FALSE(containsPoint(world, triangle, {9.2, 11.5}));
}

TEST_CASE("bad ids, non-finite points and bad tolerances are refused with a reason") {
  World world = makeWorld();
  BodyId box = add(world, boxDef("box", 1, 1, 0, 0));
  BodyId gone = add(world, boxDef("gone", 1, 1, 5, 0));
  REQUIRE(world.removeBody(gone).ok());
  BodyOutline outline;
  for (BodyId bad : {gone, BodyId{}, BodyId{7, 1}}) {
    CHECK_FALSE(world.outline(bad, outline).ok());
    CHECK_FALSE(world.centroid(bad).ok());
    CHECK_FALSE(world.bounds(bad).ok());
    Result<bool> inside = world.containsPoint(bad, {0, 0});
    REQUIRE_FALSE(inside.ok());
    CHECK(inside.error().message.find("no such body") != std::string::npos);
  }
  CHECK_FALSE(world.containsPoint(box, {NAN, 0}).ok());
  CHECK_FALSE(world.containsPoint(box, {0, INFINITY}).ok());
  CHECK_FALSE(world.containsPoint(box, {0, 0}, -0.1).ok());
  CHECK_FALSE(world.containsPoint(box, {0, 0}, NAN).ok());
  CHECK_FALSE(world.containsPoint(box, {0, 0}, INFINITY).ok());
}

TEST_CASE("the outline follows the body as it moves, and a resting box's bottom sits at the gap") {
  World world = makeWorld();
  addFloor(world);
  const double gap = targetGap(world);
  BodyId box = add(world, boxDef("box", 2, 1, 0, 0.5 + gap, 2));
  BodyId ball = add(world, discDef("ball", 0.5, 5, 3));
  run(world, 0.5);
  // The ball fell freely for 0.5 s: its outline's centre is where its state is.
  CHECK(outlineOf(world, ball).centre == stateOf(world, ball).position);
  CHECK(stateOf(world, ball).position.y < 3 - 1);
  const Bounds bounds = world.bounds(box).value();
  CHECK(std::abs(bounds.min.y - gap) < 1e-6);
  CHECK(std::abs(bounds.max.y - (1 + gap)) < 1e-6);
}
