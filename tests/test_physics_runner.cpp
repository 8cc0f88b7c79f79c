// The physics worker and its pacing: real time becomes whole steps of dt at the time rate, a
// backlog past the limit is dropped (and counted) instead of caught up, edits run in order
// between steps, and the threaded worker publishes frames and hands the document back.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "physics_runner.h"
#include "step_clock.h"
#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

Document fallingBlock() {
  Scene scene;
  scene.bodies = {boxDef("block", 1, 1, 0, 100, 1)};
  Result<Document> doc = openDocument(scene, "test");
  REQUIRE(doc.ok());
  return std::move(doc.value());
}

}  // namespace

TEST_CASE("the clock owes rate x real time and pays it in whole steps") {
  StepClock clock;
  clock.elapse(0.035, 2.0, 0.01);  // 0.07 s of simulated time owed
  int steps = 0;
  while (clock.due(0.01)) {
    clock.stepped(0.01);
    ++steps;
  }
  CHECK(steps == 7);
  CHECK(clock.secondsUntilDue(0.01, 2.0) == doctest::Approx(0.005).epsilon(1e-6));
  CHECK(clock.droppedSeconds() == 0);
}

TEST_CASE("a backlog past the limit is dropped and counted, not caught up") {
  StepClock clock;
  clock.elapse(2.0, 1.0, 0.01);  // a frame that took two seconds
  int steps = 0;
  while (clock.due(0.01)) {
    clock.stepped(0.01);
    ++steps;
  }
  CHECK(steps == 10);  // StepClock::backlogLimit(0.01) = 0.1 s
  CHECK(clock.droppedSeconds() == doctest::Approx(1.9));
}

TEST_CASE("inline, a second of real time runs a second of simulation; paused runs none") {
  PhysicsRunner runner(fallingBlock(), true);
  runner.pump(1.0 / 60);  // under the backlog limit: every step owed is run
  PhysicsFrame frame;
  REQUIRE(runner.takeFrame(frame));
  CHECK(frame.world.time() == doctest::Approx(0.01));  // 1/60 s owes one whole step of 0.01 s
  for (int i = 0; i < 59; ++i) runner.pump(1.0 / 60);
  REQUIRE(runner.takeFrame(frame));
  CHECK(frame.world.time() == doctest::Approx(1.0).epsilon(0.011));
  runner.post([](Session& s) { s.control.running = false; });
  runner.pump(1.0);
  double paused = frame.world.time();
  REQUIRE(runner.takeFrame(frame));
  CHECK(frame.world.time() == doctest::Approx(paused).epsilon(0.011));
  CHECK_FALSE(frame.status.running);
}

TEST_CASE("edits run in the order they were posted") {
  PhysicsRunner runner(fallingBlock(), false);
  for (double x : {1.0, 2.0, 3.0}) {
    runner.post([x](Session& s) {
      BodyId id = *s.doc.world.findBody("block");
      BodyState state = s.doc.world.body(id)->state;
      state.position.x = x;
      REQUIRE(s.doc.world.setBodyState(id, state));
    });
  }
  runner.pump(0);
  PhysicsFrame frame;
  REQUIRE(runner.takeFrame(frame));
  CHECK(frame.world.body(*frame.world.findBody("block"))->state.position.x == 3.0);
}

TEST_CASE("runUntil steps to the time asked for") {
  PhysicsRunner runner(fallingBlock(), false);
  runner.runUntil(0.5);
  PhysicsFrame frame;
  REQUIRE(runner.takeFrame(frame));
  CHECK(frame.world.time() == doctest::Approx(0.5));
  // Free fall from rest: y = 100 - g t^2 / 2 (RK4 integrates a constant force exactly).
  double y = frame.world.body(*frame.world.findBody("block"))->state.position.y;
  CHECK(y == doctest::Approx(100 - 9.81 * 0.25 / 2).epsilon(1e-9));
}

TEST_CASE("the threaded worker publishes frames, applies edits, and hands the document back") {
  PhysicsRunner runner(fallingBlock(), true);
  runner.startThread();
  REQUIRE(runner.threaded());
  PhysicsFrame frame;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    if (runner.takeFrame(frame) && frame.world.time() >= 0.1) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  CHECK(frame.world.time() >= 0.1);
  runner.post([](Session& s) {
    s.control.running = false;
    REQUIRE(applyEdit(s.doc, [](World& w) {
      Result<BodyId> id = w.addBody(discDef("ball", 0.5, 5, 5));
      return id ? Status{} : Status{id.error()};
    }));
  });
  Document doc = runner.finish();
  CHECK(doc.world.bodyCount() == 2);
  CHECK(doc.history.canUndo());
}

TEST_CASE("a scene captured for sharing comes back once, and the running world continues with it") {
  // Blocks dropped on a plank across two posts (redundant contacts, whose clamped set depends on
  // the warm start), running: the worker captures between two steps and forgets its warm start
  // there, so a world built from the captured scene steps on bit-identically.
  Scene scene;
  scene.settings.damping = 0.5;
  scene.bodies = {boxDef("floor", 12, 1, 0, -0.5, 1), boxDef("postL", 1, 1, -1.5, 0.505, 1),
                  boxDef("postR", 1, 1, 1.5, 0.505, 1), boxDef("plank", 5, 0.4, 0, 1.215, 2)};
  scene.bodies[0].fixed = true;
  for (int i = 0; i < 6; ++i) {
    scene.bodies.push_back(boxDef("b" + std::to_string(i), 0.8, 0.6, -2 + 0.7 * i, 2 + 0.7 * i, 1));
    scene.bodies.back().state.angle = 0.1 * (i % 3 - 1);
  }
  Result<Document> doc = openDocument(scene, "stack");
  REQUIRE(doc.ok());
  PhysicsRunner runner(std::move(doc.value()), true);
  runner.runUntil(3);
  runner.post([](Session& s) { captureBetweenSteps(s, CapturedScene::Use::CopyShare, ""); });
  runner.pump(0);
  PhysicsFrame frame;
  REQUIRE(runner.takeFrame(frame));
  REQUIRE(frame.captures.size() == 1);
  CHECK(frame.captures[0].use == CapturedScene::Use::CopyShare);
  Result<World> copy = buildWorld(frame.captures[0].scene);
  REQUIRE(copy.ok());
  runner.runUntil(4);
  for (int i = 0; i < 100; ++i) stepValid(copy.value());
  REQUIRE(runner.takeFrame(frame));
  CHECK(frame.captures.empty());
  for (std::size_t i = 0; i < frame.world.bodyCount(); ++i) {
    const BodyState a = frame.world.body(frame.world.bodies()[i])->state;
    const BodyState b = copy.value().body(copy.value().bodies()[i])->state;
    CHECK(a.position == b.position);
    CHECK(a.velocity == b.velocity);
    CHECK(a.omega == b.omega);
  }
}
