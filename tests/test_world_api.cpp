// The public World: bad input is refused whole and leaves the world unchanged; ids expire;
// stepping is deterministic; const methods compute nothing.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

bool sameBits(const BodyState& a, const BodyState& b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

void requireRejected(World& world, const BodyDef& def, const char* why) {
  const size_t before = world.bodyCount();
  Result<BodyId> id = world.addBody(def);
  CHECK_MESSAGE(!id.ok(), why);
  if (!id.ok()) CHECK_MESSAGE(!id.error().message.empty(), why);
  CHECK(world.bodyCount() == before);
}

World collisionScene() {
  World world = makeWorld();
  addFloor(world);
  for (int i = 0; i < 5; ++i) {
    BodyDef box = boxDef("box" + std::to_string(i), 1, 0.6, 0.3 * i, 1 + 1.2 * i, 1, 0.2 * i);
    box.state.omega = 1 - 0.5 * i;
    add(world, box);
  }
  add(world, discDef("ball", 0.4, -2, 3));
  return world;
}

}  // namespace

TEST_CASE("bad body definitions are rejected with a reason and leave the world unchanged") {
  World world = makeWorld();
  addFloor(world);
  BodyDef good = boxDef("a", 1, 1, 0, 2);
  requireRejected(world, boxDef("a", 0, 1, 0, 2), "zero width");
  requireRejected(world, boxDef("a", 1, -1, 0, 2), "negative height");
  requireRejected(world, boxDef("a", 1, 1, 0, 2, 0), "zero mass");
  requireRejected(world, boxDef("a", 1, 1, 0, 2, -3), "negative mass");
  requireRejected(world, boxDef("a", 1, 1, kNaN, 2), "NaN position");
  requireRejected(world, boxDef("a", 1, 1, 0, kInf), "infinite position");
  BodyDef fast = good;
  fast.state.velocity.x = kInf;
  requireRejected(world, fast, "infinite velocity");
  BodyDef nameless = good;
  nameless.name = "";
  requireRejected(world, nameless, "no name");
  requireRejected(world, boxDef("floor", 1, 1, 0, 2), "duplicate name");
  requireRejected(world, discDef("d", -0.5, 0, 2), "negative radius");
  BodyDef polygon = good;
  polygon.shape = ShapeKind::Polygon;
  polygon.points = {{0, 0}, {0, 1}, {1, 0}};
  requireRejected(world, polygon, "clockwise polygon");
  polygon.points = {{0, 0}, {2, 0}, {1, 0.5}, {2, 2}, {0, 2}};
  requireRejected(world, polygon, "non-convex polygon");
  polygon.points = {{0, 0}, {1, 0}};
  requireRejected(world, polygon, "two points");
  BodyDef bouncy = good;
  bouncy.elasticity = -1;
  requireRejected(world, bouncy, "negative elasticity");
  CHECK(world.addBody(good).ok());
}

TEST_CASE("bad settings and states are rejected and change nothing") {
  World world = makeWorld();
  BodyId id = add(world, boxDef("a", 1, 1, 0, 2));
  WorldSettings bad;
  bad.dt = 0;
  CHECK(!world.setSettings(bad).ok());
  bad = {};
  bad.gravity = kNaN;
  CHECK(!world.setSettings(bad).ok());
  bad = {};
  bad.distanceTol = -1;
  CHECK(!world.setSettings(bad).ok());
  CHECK(world.settings().dt == WorldSettings{}.dt);
  CHECK(!World::create(bad).ok());

  BodyState before = stateOf(world, id);
  BodyState nan = before;
  nan.omega = kNaN;
  CHECK(!world.setBodyState(id, nan).ok());
  CHECK(sameBits(stateOf(world, id), before));

  SpringDef spring;
  spring.body = id;
  spring.stiffness = -1;
  CHECK(!world.addSpring(spring).ok());
  spring.stiffness = 1;
  spring.anchor = {kNaN, 0};
  CHECK(!world.addSpring(spring).ok());
}

TEST_CASE("a removed body's id stops being valid, even when its slot is reused") {
  World world = makeWorld();
  BodyId a = add(world, boxDef("a", 1, 1, 0, 2));
  BodyId b = add(world, boxDef("b", 1, 1, 3, 2));
  SpringDef spring;
  spring.body = a;
  REQUIRE(world.addSpring(spring).ok());
  CHECK(world.removeBody(a).ok());
  CHECK(!world.body(a).has_value());
  CHECK(!world.removeBody(a).ok());
  BodyId c = add(world, boxDef("c", 1, 1, -3, 2));
  CHECK(c.index == a.index);
  CHECK(!(c == a));
  CHECK(!world.body(a).has_value());
  CHECK(world.body(b)->def.name == "b");
  CHECK(world.body(c)->def.name == "c");
  CHECK(world.bodyCount() == 2);
  requireValid(world);
  stepValid(world);
}

TEST_CASE("mass properties follow the shape: box m(w^2+h^2)/12, disc m r^2/2, density times area") {
  World world = makeWorld();
  BodyId box = add(world, boxDef("box", 2, 1, 0, 0, 3));
  CHECK(world.body(box)->inertia == doctest::Approx(3 * (4 + 1) / 12.0));
  BodyId disc = add(world, discDef("disc", 0.5, 5, 0, 2));
  CHECK(world.body(disc)->inertia == doctest::Approx(2 * 0.25 / 2));
  BodyDef triangle;
  triangle.name = "triangle";
  triangle.shape = ShapeKind::Polygon;
  triangle.points = {{0, 0}, {3, 0}, {0, 3}};
  triangle.density = 2;
  triangle.state.position = {10, 0};
  BodyId t = add(world, triangle);
  // Right isosceles triangle with legs a: area a^2/2, I about the centroid m a^2 / 9.
  CHECK(world.body(t)->mass == doctest::Approx(2 * 4.5));
  CHECK(world.body(t)->inertia == doctest::Approx(9.0 * 9 / 9));
}

// A const World is only read (world.h, "Threads"): contacts(), whose first call after a change
// solves, cannot be called on one.
static_assert(!std::is_invocable_v<decltype(&World::contacts), const World&>);
static_assert(std::is_invocable_v<decltype(&World::contacts), World&>);

TEST_CASE("stepping is deterministic: equal worlds, copies and contact reads give identical bits") {
  World first = collisionScene(), second = collisionScene();
  run(first, 1);
  World copy = first;
  // An assigned world keeps its own workspace, here filled by a run of the same scene elsewhere
  // (ContactSim's record of where each contact sits in its warm start, among others): what it
  // held must not matter.
  World assigned = collisionScene();
  run(assigned, 1.2);
  assigned = first;
  for (int i = 0; i < 150; ++i) {
    stepValid(first);
    stepValid(copy);
    stepValid(assigned);
    (void)first.contacts();  // reading the contacts must not change what follows
  }
  run(second, 2.5);
  const auto ids = first.bodies();
  REQUIRE(first.statistics().collisions > 0);
  for (BodyId id : ids) {
    CHECK(sameBits(stateOf(first, id), stateOf(second, id)));
    CHECK(sameBits(stateOf(first, id), stateOf(copy, id)));
    CHECK(sameBits(stateOf(first, id), stateOf(assigned, id)));
  }
}

// A copy shares its original's body and force definitions until one of them changes them
// (copy_on_write.h): every change, on either side, stays on that side.
TEST_CASE("a copy and its original change independently: bodies, forces and settings") {
  World original = collisionScene();
  const BodyId box = *original.findBody("box1");
  const BodyId ball = *original.findBody("ball");
  SpringDef springDef;
  springDef.body = ball;
  springDef.anchor = {-2, 5};
  const Result<SpringId> spring = original.addSpring(springDef);
  REQUIRE(spring.ok());
  run(original, 0.5);
  const World pristine = original;
  World copy = original;

  REQUIRE(copy.setBodyMass(box, 7).ok());
  REQUIRE(copy.setBodyFixed(ball, true).ok());
  REQUIRE(copy.setSpringAnchor(spring.value(), {3, 3}).ok());
  WorldSettings heavier = copy.settings();
  heavier.gravity = 20;
  REQUIRE(copy.setSettings(heavier).ok());
  REQUIRE(copy.removeBody(*copy.findBody("box0")).ok());
  CHECK(copy.body(box)->mass == 7);

  CHECK(original.body(box)->mass == pristine.body(box)->mass);
  CHECK(!original.body(ball)->def.fixed);
  CHECK(original.settings().gravity == pristine.settings().gravity);
  CHECK(original.bodyCount() == pristine.bodyCount());
  REQUIRE(original.setBodyMass(ball, 3).ok());
  CHECK(copy.body(ball)->mass == INFINITY);  // fixed in the copy, untouched by the original

  // The original steps as an untouched copy of it does, once both carry the same change.
  World twin = pristine;
  REQUIRE(twin.setBodyMass(ball, 3).ok());
  for (int i = 0; i < 60; ++i) {
    stepValid(original);
    stepValid(twin);
  }
  for (BodyId id : original.bodies()) CHECK(sameBits(stateOf(original, id), stateOf(twin, id)));
  requireValid(copy);
}
