// Undo and redo of scene edits: each edit can be undone and redone exactly, a new edit forgets the
// redo list, a held drag or slider is one step, and the document's edits (add, delete, move, load,
// reset, rebuild) all go back to the scene before them.
#include <doctest/doctest.h>

#include "document.h"
#include "edit_history.h"
#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

Moment momentWith(double gravity) {
  Moment moment;
  moment.scene.settings.gravity = gravity;
  return moment;
}

std::string text(const World& world) {
  return writeScene(captureScene(world));
}

Document stackDocument() {
  Scene scene;
  BodyDef floor = boxDef("floor", 20, 1, 0, -0.5);
  floor.fixed = true;
  scene.bodies = {floor, boxDef("A", 2, 1, 0, 0.505, 2), boxDef("B", 1, 1, 0, 1.51, 1)};
  Result<Document> doc = openDocument(scene, "test");
  REQUIRE(doc.ok());
  return std::move(doc.value());
}

}  // namespace

TEST_CASE("undo returns the scene before the edit and redo the one after") {
  EditHistory history;
  history.record(momentWith(1));  // the scene was 1, became 2
  std::optional<Moment> back = history.undo(momentWith(2));
  REQUIRE(back);
  CHECK(back->scene.settings.gravity == 1);
  std::optional<Moment> forward = history.redo(*back);
  REQUIRE(forward);
  CHECK(forward->scene.settings.gravity == 2);
  CHECK_FALSE(history.canRedo());
  CHECK(history.canUndo());
}

TEST_CASE("undo and redo with nothing to do return nothing") {
  EditHistory history;
  CHECK_FALSE(history.undo(momentWith(1)));
  CHECK_FALSE(history.redo(momentWith(1)));
}

TEST_CASE("several edits undo in reverse order") {
  EditHistory history;
  for (double g : {1.0, 2.0, 3.0}) history.record(momentWith(g));  // 1 -> 2 -> 3 -> 4
  Moment current = momentWith(4);
  for (double expected : {3.0, 2.0, 1.0}) {
    std::optional<Moment> back = history.undo(current);
    REQUIRE(back);
    CHECK(back->scene.settings.gravity == expected);
    current = *back;
  }
  CHECK_FALSE(history.canUndo());
  CHECK(history.redoCount() == 3);
}

TEST_CASE("a new edit after an undo forgets what could be redone") {
  EditHistory history;
  history.record(momentWith(1));
  history.record(momentWith(2));
  history.undo(momentWith(3));
  history.record(momentWith(2));
  CHECK_FALSE(history.canRedo());
  CHECK(history.undoCount() == 2);
}

TEST_CASE("the history keeps at most its limit, dropping the oldest") {
  EditHistory history(3);
  for (int g = 0; g < 5; ++g) history.record(momentWith(g));
  CHECK(history.undoCount() == 3);
  Moment current = momentWith(5);
  double last = 0;
  while (std::optional<Moment> back = history.undo(current)) {
    last = back->scene.settings.gravity;
    current = *back;
  }
  CHECK(last == 2);
}

TEST_CASE("a gesture is one entry, and none if it changed nothing") {
  EditHistory history;
  history.beginGesture(momentWith(1));
  history.endGesture();
  CHECK_FALSE(history.canUndo());

  history.beginGesture(momentWith(1));
  for (int frame = 0; frame < 30; ++frame) history.gestureChanged();
  history.endGesture();
  CHECK(history.undoCount() == 1);
  std::optional<Moment> back = history.undo(momentWith(7));
  REQUIRE(back);
  CHECK(back->scene.settings.gravity == 1);
}

TEST_CASE("undo during a gesture ends it first, so the gesture itself is undone") {
  EditHistory history;
  history.beginGesture(momentWith(1));
  history.gestureChanged();
  std::optional<Moment> back = history.undo(momentWith(2));
  REQUIRE(back);
  CHECK(back->scene.settings.gravity == 1);
  CHECK_FALSE(history.inGesture());
}

TEST_CASE("document edits undo to the exact scene before them and redo to the one after") {
  Document doc = stackDocument();
  const std::string original = text(doc.world);

  BodyId b = *doc.world.findBody("B");
  REQUIRE(applyEdit(doc, [&](World& w) { return w.removeBody(b); }));
  CHECK(doc.world.bodyCount() == 2);
  const std::string removed = text(doc.world);

  REQUIRE(applyEdit(doc, [&](World& w) {
    Result<BodyId> id = w.addBody(discDef("ball", 0.3, 3, 2));
    return id ? Status{} : Status{id.error()};
  }));
  const std::string added = text(doc.world);

  REQUIRE(undo(doc));
  CHECK(text(doc.world) == removed);
  REQUIRE(undo(doc));
  CHECK(text(doc.world) == original);
  CHECK_FALSE(undo(doc));
  REQUIRE(redo(doc));
  CHECK(text(doc.world) == removed);
  REQUIRE(redo(doc));
  CHECK(text(doc.world) == added);
}

TEST_CASE("a failed edit changes nothing and records nothing") {
  Document doc = stackDocument();
  const std::string original = text(doc.world);
  Status status = applyEdit(doc, [](World& w) {
    return w.addBody(boxDef("A", 1, 1, 5, 5)).ok() ? Status{} : Status{Error{"duplicate"}};
  });
  CHECK_FALSE(status);
  CHECK(text(doc.world) == original);
  CHECK_FALSE(doc.history.canUndo());
}

TEST_CASE("moving a body by hand over many frames undoes in one step") {
  Document doc = stackDocument();
  const std::string original = text(doc.world);
  BodyId a = *doc.world.findBody("A");
  beginGesture(doc);
  for (int frame = 1; frame <= 20; ++frame) {
    BodyState state = doc.world.body(a)->state;
    state.position.x = 0.1 * frame;
    REQUIRE(applyEdit(doc, [&](World& w) { return w.setBodyState(a, state); }));
  }
  endGesture(doc);
  CHECK(doc.world.body(a)->state.position.x == doctest::Approx(2.0));
  REQUIRE(undo(doc));
  CHECK(text(doc.world) == original);
  CHECK_FALSE(doc.history.canUndo());
}

TEST_CASE("reset goes back to the start, and undo brings the moment before back") {
  Document doc = stackDocument();
  const std::string start = text(doc.world);
  for (int i = 0; i < 30; ++i) stepValid(doc.world);
  BodyId a = *doc.world.findBody("A");
  REQUIRE(applyEdit(doc, [&](World& w) {
    BodyState s = w.body(a)->state;
    s.velocity = {1, 0};
    return w.setBodyState(a, s);
  }));
  const std::string beforeReset = text(doc.world);
  REQUIRE(resetToStart(doc));
  CHECK(text(doc.world) == start);
  REQUIRE(undo(doc));
  CHECK(text(doc.world) == beforeReset);
}

TEST_CASE("pressing play makes the current scene the start that reset returns to") {
  Document doc = stackDocument();
  BodyId b = *doc.world.findBody("B");
  REQUIRE(applyEdit(doc, [&](World& w) { return w.removeBody(b); }));
  markStart(doc);
  const std::string started = text(doc.world);
  for (int i = 0; i < 10; ++i) stepValid(doc.world);
  REQUIRE(resetToStart(doc));
  CHECK(text(doc.world) == started);
}

TEST_CASE(
    "a rebuilt body (new mass) undoes to its old mass, and world replacement bumps the epoch") {
  Document doc = stackDocument();
  std::uint64_t epoch = doc.epoch;
  REQUIRE(editScene(doc, [](Scene& scene) -> Status {
    scene.bodies[1].mass = 5;
    return {};
  }));
  CHECK(doc.epoch > epoch);
  CHECK(doc.world.body(*doc.world.findBody("A"))->mass == 5);
  REQUIRE(undo(doc));
  CHECK(doc.world.body(*doc.world.findBody("A"))->mass == 2);
}

TEST_CASE("a body's mass and fixedness set in place keep the world's ids, and undo back") {
  Document doc = stackDocument();
  const std::uint64_t epoch = doc.epoch;
  const std::string original = text(doc.world);
  BodyId a = *doc.world.findBody("A");
  REQUIRE(applyEdit(doc, [&](World& w) { return w.setBodyMass(a, 5); }));
  REQUIRE(applyEdit(doc, [&](World& w) { return w.setBodyFixed(a, true); }));
  CHECK(doc.epoch == epoch);  // the same world: the selection and other ids stay valid
  CHECK(doc.world.body(a)->def.fixed);
  CHECK(doc.world.body(a)->def.mass == 5);
  CHECK_FALSE(applyEdit(doc, [&](World& w) { return w.setBodyMass(a, -1); }));
  REQUIRE(undo(doc));
  CHECK_FALSE(doc.world.body(*doc.world.findBody("A"))->def.fixed);
  CHECK(doc.world.body(*doc.world.findBody("A"))->mass == 5);
  REQUIRE(undo(doc));
  CHECK(text(doc.world) == original);
}

TEST_CASE("loading a scene is undoable and sets the start") {
  Document doc = stackDocument();
  const std::string original = text(doc.world);
  Scene other;
  other.bodies = {discDef("ball", 0.5, 0, 3)};
  REQUIRE(loadScene(doc, other, "other"));
  CHECK(doc.world.bodyCount() == 1);
  CHECK(doc.source == "other");
  REQUIRE(resetToStart(doc));
  CHECK(doc.world.bodyCount() == 1);
  REQUIRE(undo(doc));  // the reset
  REQUIRE(undo(doc));  // the load
  CHECK(text(doc.world) == original);
}

TEST_CASE("reset puts the bodies back and keeps the settings changed since play") {
  Document doc = stackDocument();
  markStart(doc);
  const Scene started = captureScene(doc.world);
  for (int i = 0; i < 20; ++i) stepValid(doc.world);
  WorldSettings slower = doc.world.settings();
  slower.friction = 0.5;
  slower.gravity = 3;
  REQUIRE(applyEdit(doc, [&](World& w) { return w.setSettings(slower); }));
  REQUIRE(resetToStart(doc));
  const Scene reset = captureScene(doc.world);
  CHECK(reset.settings.friction == 0.5);
  CHECK(reset.settings.gravity == 3);
  Scene expected = started;
  expected.settings = slower;
  CHECK(writeScene(reset) == writeScene(expected));
}

TEST_CASE("reset after undo does not bring back what was undone") {
  Document doc = stackDocument();
  REQUIRE(applyEdit(doc, [&](World& w) {
    Result<BodyId> id = w.addBody(boxDef("C", 1, 1, 3, 0.505));
    return id ? Status{} : Status{id.error()};
  }));
  markStart(doc);  // play, with C
  for (int i = 0; i < 10; ++i) stepValid(doc.world);
  REQUIRE(undo(doc));  // C goes
  CHECK_FALSE(doc.world.findBody("C"));
  REQUIRE(resetToStart(doc));
  CHECK_FALSE(doc.world.findBody("C"));
  REQUIRE(undo(doc));  // the reset, undone
  REQUIRE(redo(doc));
  CHECK_FALSE(doc.world.findBody("C"));
}

TEST_CASE("a drag while running is one undo step back to the moment it began") {
  Document doc = stackDocument();
  markStart(doc);
  for (int i = 0; i < 10; ++i) stepValid(doc.world);
  const std::string grabbed = text(doc.world);
  BodyId b = *doc.world.findBody("B");
  REQUIRE(beginDrag(doc, b, doc.world.body(b)->state.position));
  for (int i = 0; i < 60; ++i) {
    REQUIRE(doc.drag.moveTo(doc.world, {3, 4}));
    stepValid(doc.world);
  }
  doc.drag.end(doc.world);
  for (int i = 0; i < 10; ++i) stepValid(doc.world);
  CHECK(text(doc.world) != grabbed);
  REQUIRE(undo(doc));
  CHECK(text(doc.world) == grabbed);
  CHECK_FALSE(doc.history.canUndo());                                    // one step
  CHECK_FALSE(beginDrag(doc, *doc.world.findBody("floor"), {0, -0.5}));  // a fixed body: refused
  CHECK_FALSE(doc.history.canUndo());
}

TEST_CASE("a drag under way is not part of the scene: saves, shares and the history leave it out") {
  Document doc = stackDocument();
  const BodyId b = *doc.world.findBody("B");
  REQUIRE(beginDrag(doc, b, doc.world.body(b)->state.position));
  REQUIRE(doc.drag.moveTo(doc.world, {3, 4}));
  stepValid(doc.world);
  REQUIRE(doc.world.springDefinitions().size() == 3);  // the spring and its two dashpots
  const Scene scene = sceneOf(doc);
  CHECK(scene.springs.empty());
  CHECK(scene.bodies.size() == captureScene(doc.world).bodies.size());
  CHECK(doc.world.springDefinitions().size() == 3);  // the drag goes on
  markStart(doc);
  CHECK(doc.start.springs.empty());
  doc.drag.end(doc.world);
  CHECK(captureScene(doc.world).springs.empty());
}

TEST_CASE("bodies that leave the world are removed in one undoable step") {
  Document doc = stackDocument();
  REQUIRE(applyEdit(doc, [&](World& w) -> Status {
    for (const BodyDef& def : {discDef("fallen", 0.5, 0, -1 - kLostDepth - 1.5),
                               discDef("edge", 0.5, 0, -1 - kLostDepth + 0.5),
                               boxDef("away", 1, 1, 10 + kLostDistance + 1, 3)})
      if (Result<BodyId> id = w.addBody(def); !id) return id.error();
    return {};
  }));
  const std::string before = text(doc.world);
  const std::vector<std::string> lost = removeLostBodies(doc);
  CHECK(lost == std::vector<std::string>{"fallen", "away"});
  CHECK_FALSE(doc.world.findBody("fallen"));
  CHECK(doc.world.findBody("edge"));  // its top is not yet kLostDepth below the floor
  CHECK(doc.world.findBody("A"));
  CHECK(removeLostBodies(doc).empty());
  REQUIRE(undo(doc));
  CHECK(text(doc.world) == before);
}

TEST_CASE("a world without fixed bodies loses nothing") {
  Scene scene;
  scene.bodies = {discDef("drifter", 0.5, 0, -1e4)};
  Result<Document> doc = openDocument(scene, "test");
  REQUIRE(doc.ok());
  CHECK(removeLostBodies(doc.value()).empty());
  CHECK(doc.value().world.bodyCount() == 1);
}
