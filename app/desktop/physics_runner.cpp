// The simulation worker (physics_runner.h).
#include "physics_runner.h"

#include <algorithm>
#include <chrono>
#include <utility>

namespace contactlab {
namespace {

using Clock = std::chrono::steady_clock;

double nowSeconds() {
  return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
}

constexpr double kMarkLifetime = 0.4;  // s of simulated time a collision mark stays

}  // namespace

PhysicsRunner::PhysicsRunner(Document doc, bool running) {
  session_.doc = std::move(doc);
  session_.control.running = running;
  publish();
}

PhysicsRunner::~PhysicsRunner() {
  if (thread_.joinable()) {
    {
      std::lock_guard lock(queueMutex_);
      quit_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
}

void PhysicsRunner::startThread() {
  if (!thread_.joinable()) thread_ = std::thread([this] { loop(); });
}

void PhysicsRunner::post(Edit edit) {
  {
    std::lock_guard lock(queueMutex_);
    queue_.push_back(std::move(edit));
  }
  wake_.notify_all();
}

void PhysicsRunner::applyQueued() {
  std::vector<Edit> edits;
  {
    std::lock_guard lock(queueMutex_);
    edits.swap(queue_);
  }
  for (Edit& edit : edits) edit(session_);
}

void PhysicsRunner::stepOnce() {
  World& world = session_.doc.world;
  stepStartedNs_ = Clock::now().time_since_epoch().count();
  Status status = world.step();
  stepStartedNs_ = 0;
  if (!status) {
    session_.control.running = false;
    session_.control.stepRequests = 0;
    session_.control.error = "the simulation stopped: " + status.error().message;
    return;
  }
  for (const CollisionEvent& event : world.lastStep().collisionEvents)
    session_.marks.push_back({event.point, event.impulse, world.time()});
  std::erase_if(session_.marks, [&](const CollisionMark& m) {
    return m.time > world.time() || m.time < world.time() - kMarkLifetime;
  });
}

void PhysicsRunner::measureSpeed(double now) {
  const Session& s = session_;
  double simNow = s.doc.world.time();
  if (windowStart_ < 0 || !s.control.running || simNow < windowSimStart_) {
    windowStart_ = now;
    windowSimStart_ = simNow;
    windowDroppedStart_ = s.clock.droppedSeconds();
    if (!s.control.running) {
      speed_ = 1;
      behind_ = false;
    }
    return;
  }
  double real = now - windowStart_;
  if (real < 0.5) return;
  speed_ = (simNow - windowSimStart_) / (real * s.control.timeRate);
  bool dropped = s.clock.droppedSeconds() > windowDroppedStart_ + 1e-9;
  behind_ = dropped && speed_ < 0.95;
  windowStart_ = now;
  windowSimStart_ = simNow;
  windowDroppedStart_ = s.clock.droppedSeconds();
}

void captureBetweenSteps(Session& s, CapturedScene::Use use, const std::string& path) {
  s.doc.world.forgetWarmStart();
  s.captures.push_back({use, path, captureScene(s.doc.world)});
}

void PhysicsRunner::publish() {
  Session& s = session_;
  s.doc.world.contacts();  // computed here, so the copy carries them and the window never solves
  std::lock_guard lock(frameMutex_);
  shared_.world = s.doc.world;
  RunnerStatus& status = shared_.status;
  status.running = s.control.running;
  status.timeRate = s.control.timeRate;
  status.speed = speed_;
  status.behind = s.control.running && behind_;
  status.epoch = s.doc.epoch;
  status.edits = s.doc.edits;
  status.canUndo = s.doc.history.canUndo();
  status.canRedo = s.doc.history.canRedo();
  status.error = s.control.error;
  status.source = s.doc.source;
  shared_.marks = s.marks;
  for (CapturedScene& c : s.captures) shared_.captures.push_back(std::move(c));
  s.captures.clear();
  fresh_ = true;
  wantFrame_ = false;
}

void PhysicsRunner::loop() {
  double last = nowSeconds();
  bool dirty = true;
  std::uint64_t seenEdits = session_.doc.edits, seenEpoch = session_.doc.epoch;
  while (true) {
    {
      std::lock_guard lock(queueMutex_);
      if (quit_) break;
    }
    applyQueued();
    RunControl& control = session_.control;
    double dt = session_.doc.world.settings().dt;
    double now = nowSeconds();
    if (control.running)
      session_.clock.elapse(now - last, control.timeRate, dt);
    else
      session_.clock.reset();
    last = now;
    bool stepped = false;
    if (control.stepRequests > 0) {
      --control.stepRequests;
      stepOnce();
      stepped = true;
    } else if (control.running && session_.clock.due(dt)) {
      session_.clock.stepped(dt);
      stepOnce();
      stepped = true;
    }
    measureSpeed(nowSeconds());
    dirty = dirty || stepped || session_.doc.edits != seenEdits || session_.doc.epoch != seenEpoch;
    seenEdits = session_.doc.edits;
    seenEpoch = session_.doc.epoch;
    if (wantFrame_) {
      publish();  // also when nothing changed: the status (running, speed) may have
      dirty = false;
    }
    if (stepped) continue;
    std::unique_lock lock(queueMutex_);
    double wait = control.running ? session_.clock.secondsUntilDue(dt, control.timeRate) : 0.1;
    wait = std::clamp(wait, 0.0, 0.1);
    wake_.wait_for(lock, std::chrono::duration<double>(wait),
                   [&] { return quit_ || !queue_.empty() || (wantFrame_ && dirty); });
  }
}

void PhysicsRunner::pump(double realSeconds) {
  applyQueued();
  RunControl& control = session_.control;
  double dt = session_.doc.world.settings().dt;
  if (control.running) {
    session_.clock.elapse(realSeconds, control.timeRate, dt);
    while (control.running && session_.clock.due(dt)) {
      session_.clock.stepped(dt);
      stepOnce();
    }
  } else {
    session_.clock.reset();
  }
  for (; control.stepRequests > 0; --control.stepRequests) stepOnce();
  publish();
}

void PhysicsRunner::runUntil(double time) {
  applyQueued();
  World& world = session_.doc.world;
  while (world.time() < time - 1e-9 && session_.control.error.empty()) {
    stepOnce();
    if (!session_.control.error.empty()) break;
  }
  publish();
}

bool PhysicsRunner::takeFrame(PhysicsFrame& out) {
  bool taken = false;
  {
    std::lock_guard lock(frameMutex_);
    if (fresh_) {
      std::swap(out, shared_);
      shared_.captures.clear();  // handed over once
      fresh_ = false;
      taken = true;
    }
  }
  wantFrame_ = true;
  wake_.notify_all();
  return taken;
}

double PhysicsRunner::busySeconds() const {
  std::int64_t started = stepStartedNs_;
  if (started == 0) return 0;
  std::int64_t now = Clock::now().time_since_epoch().count();
  return std::chrono::duration<double>(Clock::duration(now - started)).count();
}

Document PhysicsRunner::finish() {
  if (thread_.joinable()) {
    {
      std::lock_guard lock(queueMutex_);
      quit_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  applyQueued();
  session_.doc.drag.end(session_.doc.world);
  endGesture(session_.doc);
  return std::move(session_.doc);
}

}  // namespace contactlab
