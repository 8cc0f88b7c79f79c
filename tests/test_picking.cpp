// Picking: a click selects the body under it (boxes, discs and polygons, rotated or not), misses
// empty space, prefers a movable body to the floor it rests on, and the body drawn on top. Picking
// reads a snapshot's outlines, whose point test answers as World::containsPoint does.
#include <doctest/doctest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "body_outline.h"
#include "picking.h"
#include "snapshot_fixtures.h"
#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

TEST_CASE("a point inside a body picks it; a point outside picks nothing") {
  World world = makeWorld();
  BodyId box = add(world, boxDef("box", 2, 1, 0, 0.5));
  BodyId disc = add(world, discDef("disc", 0.5, 4, 0.5));
  CHECK(pickBody(snapshotOf(world), {0.9, 0.9}, 0) == box);
  CHECK(pickBody(snapshotOf(world), {4.3, 0.8}, 0) == disc);  // 0.42 m from the disc's centre
  CHECK_FALSE(pickBody(snapshotOf(world), {1.1, 0.5}, 0));    // just right of the box
  CHECK_FALSE(pickBody(snapshotOf(world), {4.4, 0.9}, 0));    // 0.57 m from the disc's centre
  CHECK_FALSE(pickBody(snapshotOf(world), {2, 3}, 0));
}

TEST_CASE("the tolerance counts a point just off a body as on it") {
  World world = makeWorld();
  BodyId box = add(world, boxDef("box", 2, 1, 0, 0.5));
  CHECK_FALSE(pickBody(snapshotOf(world), {1.04, 0.5}, 0));
  CHECK(pickBody(snapshotOf(world), {1.04, 0.5}, 0.05) == box);
}

TEST_CASE("a rotated box is picked by its own outline, not its unrotated one") {
  World world = makeWorld();
  // A 4 x 0.2 plank turned 90 degrees stands upright.
  BodyId plank = add(world, boxDef("plank", 4, 0.2, 0, 0, 1, std::numbers::pi / 2));
  CHECK(pickBody(snapshotOf(world), {0, 1.9}, 0) == plank);
  CHECK_FALSE(pickBody(snapshotOf(world), {1.9, 0}, 0));
}

TEST_CASE("a polygon is picked inside its convex outline, with its centroid at its position") {
  World world = makeWorld();
  BodyDef triangle;
  triangle.name = "triangle";
  triangle.shape = ShapeKind::Polygon;
  triangle.points = {{0, 0}, {3, 0}, {0, 3}};  // centroid (1, 1)
  triangle.mass = 1;
  triangle.state.position = {10, 10};  // so the corners are at (9, 9), (12, 9), (9, 12)
  BodyId id = add(world, triangle);
  CHECK(pickBody(snapshotOf(world), {9.2, 9.2}, 0) == id);
  // Just inside the long edge x + y = 21, then just outside it.
  CHECK(pickBody(snapshotOf(world), {10.4, 10.4}, 0) == id);
  CHECK_FALSE(pickBody(snapshotOf(world), {10.6, 10.6}, 0));
  CHECK_FALSE(pickBody(snapshotOf(world), {8.9, 9.5}, 0));
}

TEST_CASE("a block resting on the floor is picked rather than the floor") {
  World world = makeWorld();
  BodyId floor = addFloor(world);
  BodyId block = add(world, boxDef("block", 1, 1, 0, 0.505));
  CHECK(pickBody(snapshotOf(world), {0, 0.5}, 0) == block);
  // Two pixels below the block's bottom edge, with a three-pixel tolerance: still the block.
  CHECK(pickBody(snapshotOf(world), {0.2, 0.0}, 0.01) == block);
  CHECK(pickBody(snapshotOf(world), {5, -0.5}, 0.01) == floor);
}

TEST_CASE("of two overlapping movable bodies, the one added last (drawn on top) is picked") {
  World world = makeWorld();
  add(world, boxDef("under", 2, 2, 0, 0));
  BodyId over = add(world, boxDef("over", 1, 1, 0.5, 0.5));
  CHECK(pickBody(snapshotOf(world), {0.5, 0.5}, 0) == over);
}

TEST_CASE("the outline's point test answers as the world's, with and without a tolerance") {
  World world = makeWorld();
  BodyDef pentagon;
  pentagon.name = "pentagon";
  pentagon.shape = ShapeKind::Polygon;
  for (int i = 0; i < 5; ++i) {
    double t = 2 * std::numbers::pi * i / 5;
    pentagon.points.push_back({0.8 * std::cos(t), 0.8 * std::sin(t)});
  }
  pentagon.mass = 1;
  pentagon.state.position = {3, 1};
  pentagon.state.angle = 0.4;
  std::vector<BodyId> ids = {add(world, boxDef("box", 2, 0.5, 0, 0, 1, 0.3)),
                             add(world, discDef("disc", 0.7, -2, 1)), add(world, pentagon)};
  WorldSnapshot snapshot = snapshotOf(world);
  std::mt19937 random(7);
  std::uniform_real_distribution<double> x(-3.5, 4.5), y(-1.5, 2.5);
  int inside = 0;
  for (int k = 0; k < 3000; ++k) {
    Vec2 p{x(random), y(random)};
    for (double tolerance : {0.0, 0.05}) {
      for (std::size_t i = 0; i < ids.size(); ++i) {
        bool expected = world.containsPoint(ids[i], p, tolerance).value();
        CHECK(outlineContains(snapshot.outlines[i], p, tolerance) == expected);
        inside += expected;
      }
    }
  }
  CHECK(inside > 500);  // the points do land on the bodies
}

TEST_CASE("body frame and world frame are inverse of each other") {
  BodyState state;
  state.position = {3, -1};
  state.angle = 0.7;
  Vec2 local{0.4, -0.25};
  Vec2 world = toWorldFrame(state, local);
  Vec2 back = toBodyFrame(state, world);
  CHECK(back.x == doctest::Approx(local.x));
  CHECK(back.y == doctest::Approx(local.y));
  CHECK(glm::length(world - state.position) == doctest::Approx(glm::length(local)));
}

TEST_CASE("bodiesAt lists every body under a point, movable ones first, each from the top") {
  World world = makeWorld();
  BodyId floor = addFloor(world);
  BodyId low = add(world, boxDef("low", 2, 1, 0, 0.4));  // sinks 0.1 m into the floor
  BodyId high = add(world, discDef("high", 0.5, 0.5, 0.6));
  CHECK(bodiesAt(snapshotOf(world), {0.5, 0.2}, 0) == std::vector<BodyId>{high, low});
  CHECK(bodiesAt(snapshotOf(world), {-0.5, -0.05}, 0) == std::vector<BodyId>{low, floor});
  CHECK(bodiesAt(snapshotOf(world), {5, 5}, 0).empty());
}

TEST_CASE("a joint is picked near its mark: a pin by its point, a rod anywhere along it") {
  World world = makeWorld();
  BodyId bob = add(world, discDef("bob", 0.1, 2, 0));
  BodyId box = add(world, boxDef("box", 1, 1, -3, 0));
  JointDef rod;
  rod.name = "R";
  rod.kind = JointKind::Rod;
  rod.a = bob;
  rod.length = 2;  // to the world's origin
  JointDef pin;
  pin.name = "P";
  pin.kind = JointKind::Pin;
  pin.a = box;
  pin.anchorA = {0, 0.5};
  pin.anchorB = {-3, 0.5};
  REQUIRE(world.addJoint(rod).ok());
  REQUIRE(world.addJoint(pin).ok());
  const WorldSnapshot snapshot = snapshotOf(world);
  CHECK(pickJoint(snapshot, {1, 0.05}, 0.1) == std::size_t{0});  // halfway along the rod
  CHECK_FALSE(pickJoint(snapshot, {1, 0.2}, 0.1));
  CHECK(pickJoint(snapshot, {-3.05, 0.5}, 0.1) == std::size_t{1});
  CHECK_FALSE(pickJoint(snapshot, {-3, 0}, 0.1));  // the box's centre, far from the pin
}
