// The desktop's joint tools: a click or a drag on the snapshot becomes the joint it describes
// (anchors that are the clicked points, a length that is the distance dragged), bad gestures are
// refused saying why, and adding, removing and editing a joint are one undoable edit each.
#include <doctest/doctest.h>

#include <cmath>
#include <numbers>

#include "body_outline.h"
#include "joint_edits.h"
#include "joint_tool.h"
#include "picking.h"
#include "snapshot_fixtures.h"
#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

constexpr double kTolerance = 0.01;

// A floor, a 2 x 1 box A turned 30 degrees at (0, 2) and a disc B of radius 0.5 at (0.9, 2.4)
// that overlaps A's right end.
Document toolDocument() {
  Scene scene;
  BodyDef floor = boxDef("floor", 20, 1, 0, -0.5);
  floor.fixed = true;
  scene.bodies = {floor, boxDef("A", 2, 1, 0, 2, 2, std::numbers::pi / 6),
                  discDef("B", 0.5, 0.9, 2.4, 3)};
  Result<Document> doc = openDocument(scene, "test");
  REQUIRE(doc.ok());
  return std::move(doc.value());
}

const SnapshotBody& bodyNamed(const WorldSnapshot& world, const std::string& name) {
  return *world.find(*world.findBody(name));
}

Vec2 worldPoint(const WorldSnapshot& world, BodyId id, Vec2 local) {
  return toWorldFrame(world.states[world.indexOf(id)], local);
}

void checkNear(Vec2 a, Vec2 b, double tolerance = 1e-12) {
  CHECK(glm::length(a - b) <= tolerance);
}

}  // namespace

TEST_CASE("a pin holds the clicked point of a body to the world where it is") {
  Document doc = toolDocument();
  WorldSnapshot world = snapshotOf(doc.world);
  const Vec2 click{-0.5, 1.9};  // inside A only
  Result<JointDef> pin = pinAt(world, click, kTolerance);
  REQUIRE(pin.ok());
  CHECK(pin->kind == JointKind::Pin);
  CHECK(pin->a == bodyNamed(world, "A").id);
  CHECK(pin->b.isNull());
  checkNear(worldPoint(world, pin->a, pin->anchorA), click);
  checkNear(pin->anchorB, click);
  REQUIRE(addJoint(doc, pin.value()).ok());
  REQUIRE(doc.world.removeBody(*doc.world.findBody("B")).ok());  // it overlaps A
  // The pinned point stays where it was clicked while the box swings under it.
  for (int i = 0; i < 50; ++i) REQUIRE(doc.world.step().ok());
  const BodyId a = *doc.world.findBody("A");
  checkNear(toWorldFrame(doc.world.body(a)->state, pin->anchorA), click, 1e-6);
  CHECK(glm::length(doc.world.body(a)->state.velocity) > 0.1);
}

TEST_CASE("a pin in empty space or on a fixed body is refused and changes nothing") {
  Document doc = toolDocument();
  WorldSnapshot world = snapshotOf(doc.world);
  Result<JointDef> empty = pinAt(world, {5, 5}, kTolerance);
  REQUIRE_FALSE(empty.ok());
  CHECK(empty.error().message.find("click on a body") != std::string::npos);
  Result<JointDef> floor = pinAt(world, {5, -0.5}, kTolerance);
  REQUIRE_FALSE(floor.ok());
  CHECK(floor.error().message.find("'floor' is fixed") != std::string::npos);
}

TEST_CASE("a hinge joins the two bodies overlapping at the click, the movable one first") {
  Document doc = toolDocument();
  WorldSnapshot world = snapshotOf(doc.world);
  const Vec2 click{0.8, 2.3};  // inside A's right end and inside B
  Result<JointDef> hinge = hingeAt(world, click, kTolerance);
  REQUIRE(hinge.ok());
  CHECK(hinge->kind == JointKind::Hinge);
  CHECK(hinge->a == bodyNamed(world, "B").id);  // drawn on top
  CHECK(hinge->b == bodyNamed(world, "A").id);
  checkNear(worldPoint(world, hinge->a, hinge->anchorA), click);
  checkNear(worldPoint(world, hinge->b, hinge->anchorB), click);
  CHECK(hinge->length == 0);
  CHECK(addJoint(doc, hinge.value()).ok());
}

TEST_CASE("a hinge where fewer than two bodies are, or between two fixed bodies, is refused") {
  Document doc = toolDocument();
  REQUIRE(doc.world
              .addBody([] {
                BodyDef wall = boxDef("wall", 1, 4, 10, 1.5);
                wall.fixed = true;
                return wall;
              }())
              .ok());
  WorldSnapshot world = snapshotOf(doc.world);
  Result<JointDef> none = hingeAt(world, {5, 5}, kTolerance);
  REQUIRE_FALSE(none.ok());
  CHECK(none.error().message.find("overlap") != std::string::npos);
  Result<JointDef> one = hingeAt(world, {-0.5, 1.9}, kTolerance);
  REQUIRE_FALSE(one.ok());
  CHECK(one.error().message.find("Only 'A'") != std::string::npos);
  Result<JointDef> fixed = hingeAt(world, {9.8, -0.2}, kTolerance);  // the wall stands in the floor
  REQUIRE_FALSE(fixed.ok());
  CHECK(fixed.error().message.find("both fixed") != std::string::npos);
}

TEST_CASE(
    "a rod or a rope dragged between two bodies is as long as the drag, anchored at its ends") {
  Document doc = toolDocument();
  WorldSnapshot world = snapshotOf(doc.world);
  const Vec2 from{-0.5, 1.9}, to{1.1, 2.5};  // A to B (B's part outside A)
  for (JointKind kind : {JointKind::Rod, JointKind::Rope}) {
    Result<JointDef> link = linkBetween(world, kind, from, to, kTolerance);
    REQUIRE(link.ok());
    CHECK(link->kind == kind);
    CHECK(link->a == bodyNamed(world, "A").id);
    CHECK(link->b == bodyNamed(world, "B").id);
    checkNear(worldPoint(world, link->a, link->anchorA), from);
    checkNear(worldPoint(world, link->b, link->anchorB), to);
    CHECK(link->length == doctest::Approx(glm::length(to - from)).epsilon(1e-15));
    CHECK(link->elasticity == 0);
  }
}

TEST_CASE("a rod to empty space holds the body to that world point; either drag direction works") {
  Document doc = toolDocument();
  WorldSnapshot world = snapshotOf(doc.world);
  const Vec2 body{-0.5, 1.9}, sky{-2, 5};
  for (auto [from, to] : {std::pair{body, sky}, std::pair{sky, body}}) {
    Result<JointDef> rod = linkBetween(world, JointKind::Rod, from, to, kTolerance);
    REQUIRE(rod.ok());
    CHECK(rod->a == bodyNamed(world, "A").id);
    CHECK(rod->b.isNull());
    checkNear(worldPoint(world, rod->a, rod->anchorA), body);
    checkNear(rod->anchorB, sky);
    CHECK(rod->length == doctest::Approx(glm::length(sky - body)).epsilon(1e-15));
  }
}

TEST_CASE(
    "a link from a body to itself, from a fixed body to the world, or of no length is refused") {
  Document doc = toolDocument();
  WorldSnapshot world = snapshotOf(doc.world);
  Result<JointDef> itself = linkBetween(world, JointKind::Rod, {-0.5, 1.9}, {-0.2, 2}, kTolerance);
  REQUIRE_FALSE(itself.ok());
  CHECK(itself.error().message.find("'A' to itself") != std::string::npos);
  Result<JointDef> fixed = linkBetween(world, JointKind::Rope, {3, -0.5}, {3, 4}, kTolerance);
  REQUIRE_FALSE(fixed.ok());
  CHECK(fixed.error().message.find("'floor' and the world") != std::string::npos);
  Result<JointDef> nowhere = linkBetween(world, JointKind::Rod, {5, 5}, {6, 6}, kTolerance);
  REQUIRE_FALSE(nowhere.ok());
  CHECK(nowhere.error().message.find("starts on a body") != std::string::npos);
  Result<JointDef> click =
      linkBetween(world, JointKind::Rod, {-0.5, 1.9}, {-0.5, 1.905}, kTolerance);
  REQUIRE_FALSE(click.ok());
  CHECK(click.error().message.find("distance dragged") != std::string::npos);
}

TEST_CASE("a spring from a body to the world: rest length the drag, 1 Hz for any mass") {
  Document doc = toolDocument();
  WorldSnapshot world = snapshotOf(doc.world);
  const Vec2 from{0.9, 2.6}, to{0.9, 5};  // B (3 kg) up to empty space
  Result<SpringDef> spring = springBetween(world, from, to, kTolerance);
  REQUIRE(spring.ok());
  const SnapshotBody& b = bodyNamed(world, "B");
  CHECK(spring->body == b.id);
  checkNear(worldPoint(world, b.id, spring->bodyPoint), from);
  checkNear(spring->anchor, to);
  CHECK(spring->restLength == doctest::Approx(2.4).epsilon(1e-12));
  // A mass m on a spring k oscillates at sqrt(k / m) / (2 pi) Hz.
  CHECK(std::sqrt(spring->stiffness / b.mass) / (2 * std::numbers::pi) ==
        doctest::Approx(kSpringFrequency));
  CHECK(spring->damping / (2 * std::sqrt(spring->stiffness * b.mass)) ==
        doctest::Approx(kSpringDampingRatio));
  // Released on the floor: anchored at that point of the world. On a movable body: refused.
  CHECK(springBetween(world, from, {3, -0.5}, kTolerance).ok());
  Result<SpringDef> onBody = springBetween(world, {-0.5, 1.9}, {1.1, 2.5}, kTolerance);
  REQUIRE_FALSE(onBody.ok());
  CHECK(onBody.error().message.find("not on 'B'") != std::string::npos);
}

TEST_CASE("new joints are named J1, J2, ... skipping names in use; each add is one undo step") {
  Document doc = toolDocument();
  WorldSnapshot world = snapshotOf(doc.world);
  JointDef pin = pinAt(world, {-0.5, 1.9}, kTolerance).value();
  JointDef taken = pin;
  taken.name = "J2";
  REQUIRE(addJoint(doc, taken).ok());
  const std::string before = writeScene(sceneOf(doc));
  CHECK(addJoint(doc, pin).value() == "J1");
  CHECK(addJoint(doc, pin).value() == "J3");
  CHECK(sceneOf(doc).joints.size() == 3);
  REQUIRE(undo(doc));
  REQUIRE(undo(doc));
  CHECK(writeScene(sceneOf(doc)) == before);
  REQUIRE(redo(doc));
  CHECK(sceneOf(doc).joints.back().name == "J1");
}

TEST_CASE("removing a joint is undoable; a joint refused by the world records nothing") {
  Document doc = toolDocument();
  WorldSnapshot world = snapshotOf(doc.world);
  REQUIRE(addJoint(doc, hingeAt(world, {0.8, 2.3}, kTolerance).value()).ok());
  const std::string withHinge = writeScene(sceneOf(doc));
  const std::size_t entries = doc.history.undoCount();
  REQUIRE(removeJoint(doc, "J1").ok());
  CHECK(sceneOf(doc).joints.empty());
  CHECK_FALSE(removeJoint(doc, "J1").ok());
  REQUIRE(undo(doc));
  CHECK(writeScene(sceneOf(doc)) == withHinge);
  JointDef bad = pinAt(world, {-0.5, 1.9}, kTolerance).value();
  bad.length = 1;  // a pin has no length
  CHECK_FALSE(addJoint(doc, bad).ok());
  CHECK(doc.history.undoCount() == entries);
  CHECK(writeScene(sceneOf(doc)) == withHinge);
}

TEST_CASE("a rope's length and elasticity are edited undoably; bad values change nothing") {
  Document doc = toolDocument();
  WorldSnapshot world = snapshotOf(doc.world);
  REQUIRE(
      addJoint(doc, linkBetween(world, JointKind::Rope, {-0.5, 1.9}, {-2, 5}, kTolerance).value())
          .ok());
  const std::string before = writeScene(sceneOf(doc));
  REQUIRE(editJoint(doc, "J1", 4.5, 0.5).ok());
  CHECK(sceneOf(doc).joints[0].length == 4.5);
  CHECK(sceneOf(doc).joints[0].elasticity == 0.5);
  const std::string edited = writeScene(sceneOf(doc));
  CHECK_FALSE(editJoint(doc, "J1", -1, std::nullopt).ok());
  CHECK_FALSE(editJoint(doc, "J1", std::nullopt, 1.5).ok());
  CHECK(writeScene(sceneOf(doc)) == edited);
  REQUIRE(undo(doc));
  CHECK(writeScene(sceneOf(doc)) == before);
}

TEST_CASE("a spring is added, edited and removed undoably; a drag's springs are not the scene's") {
  Document doc = toolDocument();
  WorldSnapshot world = snapshotOf(doc.world);
  REQUIRE(addSpring(doc, springBetween(world, {0.9, 2.6}, {0.9, 5}, kTolerance).value()).ok());
  REQUIRE(sceneOf(doc).springs.size() == 1);
  const std::string added = writeScene(sceneOf(doc));

  // While B is dragged, the snapshot's springs (those drawn and picked) are still the scene's one.
  REQUIRE(beginDrag(doc, *doc.world.findBody("A"), {-0.5, 1.9}).ok());
  WorldSnapshot dragged = snapshotOf(doc.world);
  CHECK(dragged.springs.size() == 4);  // the spring, the drag's spring and its two dashpots
  leaveOutDrag(doc.drag, dragged.springs);
  REQUIRE(dragged.springs.size() == 1);
  CHECK(dragged.springs[0].restLength == sceneOf(doc).springs[0].restLength);
  doc.drag.end(doc.world);
  // Picked along its line, not beside it.
  WorldSnapshot now = snapshotOf(doc.world);
  CHECK(pickSpring(now, {0.9, 4}, 0.05) == std::size_t{0});
  CHECK_FALSE(pickSpring(now, {1.2, 4}, 0.05));

  REQUIRE(editSpring(doc, 0, 50, 1, 0.5).ok());
  CHECK(sceneOf(doc).springs[0].stiffness == 50);
  CHECK(sceneOf(doc).springs[0].restLength == 1);
  CHECK(sceneOf(doc).springs[0].damping == 0.5);
  const std::string edited = writeScene(sceneOf(doc));
  CHECK_FALSE(editSpring(doc, 0, -1, std::nullopt, std::nullopt).ok());
  CHECK_FALSE(editSpring(doc, 3, 1, std::nullopt, std::nullopt).ok());
  CHECK(writeScene(sceneOf(doc)) == edited);
  REQUIRE(removeSpring(doc, 0).ok());
  CHECK(sceneOf(doc).springs.empty());
  REQUIRE(undo(doc));
  CHECK(writeScene(sceneOf(doc)) == edited);
  REQUIRE(undo(doc));
  CHECK(writeScene(sceneOf(doc)) == added);
}
