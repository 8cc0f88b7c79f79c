// The physics worker and its pacing: real time becomes whole steps of dt at the time rate, a
// backlog past the limit is dropped (and counted) instead of caught up, edits run in order
// between steps, and the threaded worker publishes snapshots and hands the document back. The
// snapshots: self-consistent, never changed once published, sharing the bodies' definitions until
// an edit changes a body, bringing the collisions of every step, and taken without waiting for a
// step. The mouse spring: a move is stepped at once (never more than a step ahead of real time),
// a release drops the moves no step used, and the steps run at the window's priority only while
// the spring pulls.
#include <doctest/doctest.h>

#include <chrono>
#include <future>
#include <memory>
#include <thread>
#include <utility>

#ifdef __linux__
#include <sys/resource.h>
#include <unistd.h>
#endif

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
  CHECK(frame.snapshot->world.time == doctest::Approx(0.01));  // 1/60 s owes one step of 0.01 s
  for (int i = 0; i < 59; ++i) runner.pump(1.0 / 60);
  REQUIRE(runner.takeFrame(frame));
  CHECK(frame.snapshot->world.time == doctest::Approx(1.0).epsilon(0.011));
  runner.post([](Session& s) { s.control.running = false; });
  runner.pump(1.0);
  double paused = frame.snapshot->world.time;
  REQUIRE(runner.takeFrame(frame));
  CHECK(frame.snapshot->world.time == doctest::Approx(paused).epsilon(0.011));
  CHECK_FALSE(frame.snapshot->status.running);
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
  const WorldSnapshot& world = frame.snapshot->world;
  CHECK(world.states[world.indexOf(*world.findBody("block"))].position.x == 3.0);
}

TEST_CASE("runUntil steps to the time asked for") {
  PhysicsRunner runner(fallingBlock(), false);
  runner.runUntil(0.5);
  PhysicsFrame frame;
  REQUIRE(runner.takeFrame(frame));
  const WorldSnapshot& world = frame.snapshot->world;
  CHECK(world.time == doctest::Approx(0.5));
  // Free fall from rest: y = 100 - g t^2 / 2 (RK4 integrates a constant force exactly).
  double y = world.states[world.indexOf(*world.findBody("block"))].position.y;
  CHECK(y == doctest::Approx(100 - 9.81 * 0.25 / 2).epsilon(1e-9));
}

TEST_CASE("the threaded worker publishes frames, applies edits, and hands the document back") {
  PhysicsRunner runner(fallingBlock(), true);
  runner.startThread();
  REQUIRE(runner.threaded());
  PhysicsFrame frame;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    if (runner.takeFrame(frame) && frame.snapshot->world.time >= 0.1) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  CHECK(frame.snapshot->world.time >= 0.1);
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
  const WorldSnapshot& world = frame.snapshot->world;
  REQUIRE(world.bodyCount() == copy.value().bodyCount());
  for (std::size_t i = 0; i < world.bodyCount(); ++i) {
    const BodyState a = world.states[i];
    const BodyState b = copy.value().body(copy.value().bodies()[i])->state;
    CHECK(a.position == b.position);
    CHECK(a.velocity == b.velocity);
    CHECK(a.omega == b.omega);
  }
}

namespace {

// A block resting on the floor (resting contacts from the first step) and a disc falling beside it.
Scene blockAndDisc() {
  Scene scene;
  scene.bodies = {boxDef("floor", 20, 1, 0, -0.5), boxDef("block", 1, 1, 0, 0.505, 1),
                  discDef("disc", 0.4, 3, 4)};
  scene.bodies[0].fixed = true;
  return scene;
}

// Discs dropped from different heights onto the floor, bouncing (elasticity 0.8): collisions in
// many steps, several in some.
Scene bouncingDiscs() {
  Scene scene;
  scene.settings.elasticity = 0.8;
  scene.bodies = {boxDef("floor", 20, 1, 0, -0.5)};
  scene.bodies[0].fixed = true;
  for (int i = 0; i < 5; ++i)
    scene.bodies.push_back(discDef("d" + std::to_string(i), 0.3, -4 + 2 * i, 0.8 + 0.45 * i));
  return scene;
}

Document documentOf(const Scene& scene) {
  Result<Document> doc = openDocument(scene, "test");
  REQUIRE(doc.ok());
  return std::move(doc.value());
}

bool sameState(const BodyState& a, const BodyState& b) {
  return a.position == b.position && a.angle == b.angle && a.velocity == b.velocity &&
         a.omega == b.omega;
}

// One state, outline and bounds per body; ids and names found again; every contact between bodies
// of the snapshot; each body's centre of mass inside its own outline.
void checkWhole(const FrameSnapshot& frame) {
  const WorldSnapshot& world = frame.world;
  REQUIRE(world.definitions);
  const std::size_t n = world.definitions->bodies.size();
  CHECK(world.bodyCount() == n);
  CHECK(world.outlines.size() == n);
  CHECK(world.bounds.size() == n);
  for (std::size_t i = 0; i < n; ++i) {
    const SnapshotBody& body = world.body(i);
    CHECK(world.indexOf(body.id) == static_cast<int>(i));
    CHECK(world.findBody(body.def.name) == body.id);
    CHECK(outlineContains(world.outlines[i], world.states[i].position, 0));
  }
  for (const ContactReport& c : world.contacts) {
    CHECK(world.indexOf(c.body1) >= 0);
    CHECK(world.indexOf(c.body2) >= 0);
  }
}

// The collisions of `frame` not seen before, as the window keeps them (by their numbers).
void collectNew(const FrameSnapshot& frame, std::uint64_t& seen, std::vector<CollisionMark>& out) {
  for (std::uint64_t k = std::max(seen, frame.firstCollision); k < frame.collisionsEnd(); ++k)
    out.push_back(frame.collisions[k - frame.firstCollision]);
  seen = std::max(seen, frame.collisionsEnd());
}

// The collisions of the scene's first `steps` steps, from a world of its own.
std::vector<CollisionMark> collisionsOfSteps(const Scene& scene, std::int64_t steps) {
  Result<World> world = buildWorld(scene);
  REQUIRE(world.ok());
  std::vector<CollisionMark> marks;
  for (std::int64_t i = 0; i < steps; ++i) {
    REQUIRE(world.value().step().ok());
    for (const CollisionEvent& e : world.value().lastStep().collisionEvents)
      marks.push_back({e.point, e.impulse, world.value().time()});
  }
  return marks;
}

void checkSameCollisions(const std::vector<CollisionMark>& got,
                         const std::vector<CollisionMark>& expected) {
  REQUIRE(got.size() == expected.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    CHECK(got[i].point == expected[i].point);
    CHECK(got[i].impulse == expected[i].impulse);
    CHECK(got[i].time == expected[i].time);
  }
}

}  // namespace

TEST_CASE("a published snapshot is whole, and stays as it was while the window holds it") {
  PhysicsRunner runner(documentOf(blockAndDisc()), true);
  runner.pump(1.0 / 60);
  PhysicsFrame held;
  REQUIRE(runner.takeFrame(held));
  const FrameSnapshot& first = *held.snapshot;
  checkWhole(first);
  CHECK(first.world.bodyCount() == 3);
  CHECK_FALSE(first.world.contacts.empty());  // the block rests on the floor
  const std::uint64_t serial = first.serial;
  const double time = first.world.time;
  const std::vector<BodyState> states = first.world.states;
  const std::size_t contacts = first.world.contacts.size();
  PhysicsFrame later;
  for (int i = 0; i < 10; ++i) {  // more snapshots than the worker keeps for refilling
    runner.pump(5.0 / 60);
    REQUIRE(runner.takeFrame(later));
    checkWhole(*later.snapshot);
    CHECK(later.snapshot->serial > serial);
    CHECK(later.snapshot->world.time > time);
  }
  CHECK(first.serial == serial);
  CHECK(first.world.time == time);
  CHECK(first.world.contacts.size() == contacts);
  REQUIRE(first.world.states.size() == states.size());
  for (std::size_t i = 0; i < states.size(); ++i)
    CHECK(sameState(first.world.states[i], states[i]));
  // The falling disc has moved since: the later snapshots are not the held one refilled.
  const int disc = later.snapshot->world.indexOf(*later.snapshot->world.findBody("disc"));
  CHECK(later.snapshot->world.states[disc].position.y < states[disc].position.y);
}

TEST_CASE("snapshots share the bodies' definitions until an edit changes a body") {
  PhysicsRunner runner(documentOf(blockAndDisc()), true);
  PhysicsFrame frame;
  runner.pump(1.0 / 60);
  REQUIRE(runner.takeFrame(frame));
  const std::shared_ptr<const BodyDefinitions> before = frame.snapshot->world.definitions;
  const BodyId block = *frame.snapshot->world.findBody("block");
  runner.pump(10.0 / 60);
  REQUIRE(runner.takeFrame(frame));
  CHECK(frame.snapshot->world.definitions == before);  // steps change states only

  // A body moved by hand: its state changes, no definition does.
  runner.post([block](Session& s) {
    REQUIRE(applyEdit(s.doc, [&](World& w) {
      BodyState state = w.body(block)->state;
      state.position.x = -2;
      return w.setBodyState(block, state);
    }));
  });
  runner.pump(0);
  REQUIRE(runner.takeFrame(frame));
  CHECK(frame.snapshot->world.definitions == before);
  CHECK(frame.snapshot->world.states[frame.snapshot->world.indexOf(block)].position.x == -2);

  // Its mass changed: new definitions, and the old ones, still held, as they were.
  runner.post([block](Session& s) {
    REQUIRE(applyEdit(s.doc, [&](World& w) { return w.setBodyMass(block, 5); }));
  });
  runner.pump(0);
  REQUIRE(runner.takeFrame(frame));
  const std::shared_ptr<const BodyDefinitions> edited = frame.snapshot->world.definitions;
  CHECK(edited != before);
  CHECK(frame.snapshot->world.find(block)->mass == 5);
  CHECK(before->bodies[before->indexOf(block)].mass == 1);
  runner.pump(10.0 / 60);
  REQUIRE(runner.takeFrame(frame));
  CHECK(frame.snapshot->world.definitions == edited);

  // A body added: new definitions with it.
  runner.post([](Session& s) {
    REQUIRE(applyEdit(s.doc, [](World& w) {
      Result<BodyId> id = w.addBody(discDef("ball", 0.5, -5, 3));
      return id ? Status{} : Status{id.error()};
    }));
  });
  runner.pump(0);
  REQUIRE(runner.takeFrame(frame));
  CHECK(frame.snapshot->world.definitions != edited);
  CHECK(frame.snapshot->world.bodyCount() == 4);
  checkWhole(*frame.snapshot);
}

TEST_CASE("a snapshot brings the collisions of every step since the one the window took") {
  const Scene scene = bouncingDiscs();
  PhysicsRunner runner(documentOf(scene), false);
  PhysicsFrame frame;
  REQUIRE(runner.takeFrame(frame));
  std::uint64_t seen = 0;
  std::vector<CollisionMark> got;
  collectNew(*frame.snapshot, seen, got);
  // Three snapshots published and only the last taken: it brings the steps of all three.
  runner.runUntil(0.7);
  runner.runUntil(1.4);
  runner.runUntil(2.0);
  REQUIRE(runner.takeFrame(frame));
  collectNew(*frame.snapshot, seen, got);
  runner.runUntil(3.0);
  REQUIRE(runner.takeFrame(frame));
  collectNew(*frame.snapshot, seen, got);
  const std::vector<CollisionMark> expected =
      collisionsOfSteps(scene, frame.snapshot->world.statistics.steps);
  CHECK(expected.size() > 10);
  checkSameCollisions(got, expected);
}

TEST_CASE("threaded, the snapshots taken bring every step's collisions once") {
  const Scene scene = bouncingDiscs();
  PhysicsRunner runner(documentOf(scene), true);
  runner.startThread();
  PhysicsFrame frame;
  std::uint64_t seen = 0;
  std::vector<CollisionMark> got;
  bool paused = false;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < deadline) {
    if (runner.takeFrame(frame)) {
      checkWhole(*frame.snapshot);
      collectNew(*frame.snapshot, seen, got);
      // Published after the pause ran: no step comes after this snapshot's.
      if (paused && !frame.snapshot->status.running) break;
      if (!paused && frame.snapshot->world.time >= 1.5) {
        runner.post([](Session& s) { s.control.running = false; });
        paused = true;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  REQUIRE(paused);
  REQUIRE_FALSE(frame.snapshot->status.running);
  const std::vector<CollisionMark> expected =
      collisionsOfSteps(scene, frame.snapshot->world.statistics.steps);
  CHECK(expected.size() > 5);
  checkSameCollisions(got, expected);
}

TEST_CASE("the window takes a snapshot while the worker is busy") {
  PhysicsRunner runner(fallingBlock(), true);
  runner.startThread();
  // An edit that holds the worker until released stands for a step that takes long.
  std::promise<void> started, release;
  std::shared_future<void> released = release.get_future().share();
  runner.post([&started, released](Session&) {
    started.set_value();
    released.wait();
  });
  started.get_future().wait();
  auto taking = std::async(std::launch::async, [&runner] {
    PhysicsFrame frame;
    runner.takeFrame(frame);
    return frame.snapshot != nullptr;
  });
  const bool returned = taking.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
  release.set_value();
  CHECK(returned);
  CHECK(taking.get());
}

TEST_CASE("the clock lets a step be taken early only while it is not already ahead") {
  StepClock clock;
  CHECK(clock.mayStepAhead());
  clock.stepped(0.01);  // one step ahead of real time
  CHECK_FALSE(clock.mayStepAhead());
  clock.elapse(0.005, 1.0, 0.01);
  CHECK_FALSE(clock.mayStepAhead());
  clock.elapse(0.005, 1.0, 0.01);  // real time has caught up
  CHECK(clock.mayStepAhead());
  CHECK_FALSE(clock.due(0.01));
}

namespace {

// The window's frame and time of the latest snapshot, after pumping `realSeconds`.
struct Shown {
  std::uint64_t dragFrame = 0;
  double time = 0;
};

Shown pumpAndTake(PhysicsRunner& runner, double realSeconds) {
  runner.pump(realSeconds);
  PhysicsFrame frame;
  REQUIRE(runner.takeFrame(frame));
  return {frame.snapshot->status.dragFrame, frame.snapshot->world.time};
}

void grabBlock(PhysicsRunner& runner) {
  runner.post([](Session& s) {
    const std::optional<BodyId> block = s.doc.world.findBody("block");
    REQUIRE(block);
    REQUIRE(beginDrag(s.doc, *block, {0, 100}).ok());
  });
}

}  // namespace

TEST_CASE("a move of the mouse spring is stepped at once, never more than a step ahead") {
  PhysicsRunner runner(fallingBlock(), true);
  const double dt = 0.01;
  grabBlock(runner);
  Shown shown = pumpAndTake(runner, 0);
  CHECK(shown.time == 0);  // nothing owed, no move: no step
  runner.post([](Session& s) { moveDragBetweenSteps(s, {1, 100}, 1); });
  shown = pumpAndTake(runner, 0);
  CHECK(shown.time == doctest::Approx(dt));  // stepped before it was due
  CHECK(shown.dragFrame == 1);
  runner.post([](Session& s) { moveDragBetweenSteps(s, {2, 100}, 2); });
  shown = pumpAndTake(runner, 0);
  CHECK(shown.time == doctest::Approx(dt));  // a step ahead already: the move waits
  CHECK(shown.dragFrame == 1);
  shown = pumpAndTake(runner, dt);  // real time catches up: the waiting move is stepped
  CHECK(shown.time == doctest::Approx(2 * dt));
  CHECK(shown.dragFrame == 2);
}

TEST_CASE("letting go of the mouse spring drops its moves that no step has used") {
  PhysicsRunner runner(fallingBlock(), true);
  grabBlock(runner);
  runner.post([](Session& s) { moveDragBetweenSteps(s, {1, 100}, 1); });
  Shown shown = pumpAndTake(runner, 0);
  REQUIRE(shown.dragFrame == 1);
  runner.post([](Session& s) { moveDragBetweenSteps(s, {2, 100}, 2); });
  runner.post([](Session& s) { endDragBetweenSteps(s); });
  shown = pumpAndTake(runner, 0.05);
  CHECK(shown.time > 0.015);    // the steps went on
  CHECK(shown.dragFrame == 1);  // move 2 never pulled the block: it is not counted as shown
}

#ifdef __linux__
namespace {

// The nice value of the thread that runs an edit posted now, and whether a spring pulled then.
std::pair<int, bool> niceOfWorker(PhysicsRunner& runner) {
  auto asked = std::make_shared<std::promise<std::pair<int, bool>>>();
  std::future<std::pair<int, bool>> answer = asked->get_future();
  runner.post([asked](Session& s) {
    asked->set_value({getpriority(PRIO_PROCESS, static_cast<id_t>(gettid())), s.doc.drag.active()});
  });
  REQUIRE(answer.wait_for(std::chrono::seconds(10)) == std::future_status::ready);
  return answer.get();
}

}  // namespace

TEST_CASE("threaded, the steps run below the window's priority, but at it while a spring pulls") {
  const int window = getpriority(PRIO_PROCESS, static_cast<id_t>(gettid()));
  PhysicsRunner runner(fallingBlock(), true);
  runner.startThread();
  const auto [idle, idleDragging] = niceOfWorker(runner);
  CHECK_FALSE(idleDragging);
  CHECK(idle > window);
  grabBlock(runner);
  niceOfWorker(runner);  // perhaps run with the grab, before the turn passed
  const auto [pulling, dragging] = niceOfWorker(runner);
  CHECK(dragging);
  CHECK(pulling == window);
  runner.post([](Session& s) { moveDragBetweenSteps(s, {1, 100}, 1); });
  runner.post([](Session& s) { endDragBetweenSteps(s); });
  niceOfWorker(runner);
  const auto [after, afterDragging] = niceOfWorker(runner);
  CHECK_FALSE(afterDragging);
  CHECK(after == idle);
  runner.finish();  // both threads stop
}
#endif
