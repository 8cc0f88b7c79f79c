// The simulation worker (physics_runner.h).
#include "physics_runner.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <utility>

#ifdef __linux__
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace contactlab {
namespace {

using Clock = std::chrono::steady_clock;

double nowSeconds() {
  return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
}

// The processor time this thread has used, in seconds (the wall clock where POSIX's thread clock
// is missing).
double threadSeconds() {
#if defined(__unix__) || defined(__APPLE__)
  timespec t{};
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) == 0)
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
#endif
  return nowSeconds();
}

// Snapshots the worker keeps for refilling: the one published, the one the window holds, and one
// to fill. More are made if a reader holds on to old ones, but not kept.
constexpr std::size_t kPooledSnapshots = 3;
// Collisions kept for a window that does not take snapshots: beyond, the oldest are dropped.
constexpr std::size_t kMaxUnseenCollisions = 10000;
// Steps between two looks for bodies that left the world (removeLostBodies): they are kLostDepth
// below the floor by then, so a few steps late changes nothing.
constexpr std::uint64_t kLostCheckSteps = 32;

// The worker yields the processor to the window: on a machine with fewer free cores than the
// window's threads and the worker want (software OpenGL rasterizes on threads of its own), the
// window keeps its frame rate and the simulation falls behind real time, which the window shows.
// Linux gives each thread its own nice value; elsewhere the worker keeps the normal priority. The
// drag thread does not yield: a dragged body must follow the mouse, at some cost to the frames.
void yieldToWindow() {
#ifdef __linux__
  constexpr int kWorkerNice = 5;
  setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), kWorkerNice);
#endif
}

}  // namespace

PhysicsRunner::PhysicsRunner(Document doc, bool running) {
  session_.doc = std::move(doc);
  session_.control.running = running;
  publish();
}

PhysicsRunner::~PhysicsRunner() {
  stopThreads();
}

// The drag thread is made here, by the window's thread, so that it keeps the window's priority.
void PhysicsRunner::startThread() {
  if (thread_.joinable()) return;
  last_ = nowSeconds();
  seenEdits_ = session_.doc.edits;
  seenEpoch_ = session_.doc.epoch;
  thread_ = std::thread([this] { loop(false); });
  dragThread_ = std::thread([this] { loop(true); });
}

void PhysicsRunner::stopThreads() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(queueMutex_);
    quit_ = true;
  }
  wake_.notify_all();
  { std::lock_guard baton(batonMutex_); }  // the thread waiting for its turn sees quit_ now
  batonTurn_.notify_all();
  thread_.join();
  dragThread_.join();
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
  if (!edits.empty()) bodiesMayHaveChanged_ = true;
}

// While the mouse spring pulls a body under time stepping to a tolerance, each solve is capped at
// the iterations that fit what kDragStepSeconds leaves after the rest of the step
// (drag_solve_cap.h), from the processor time of the last step (the wall time also counts the time
// other programs had the processor, which comes and goes from one step to the next); the window
// tells the cap and the residual reached.
void PhysicsRunner::capSolvesWhileDragging() {
  iterationCap_ = dragCap_.apply(session_.doc.world, session_.doc.drag.active(), lastStepCpu_);
}

void PhysicsRunner::stepOnce() {
  World& world = session_.doc.world;
  capSolvesWhileDragging();
  stepStartedNs_ = Clock::now().time_since_epoch().count();
  const double cpuStart = threadSeconds();
  Status status = world.step();
  lastStepCpu_ = threadSeconds() - cpuStart;
  stepStartedNs_ = 0;
  if (!status) {
    session_.control.running = false;
    session_.control.stepRequests = 0;
    session_.control.error = "the simulation stopped: " + status.error().message;
    return;
  }
  session_.control.steppedDragFrame = session_.control.dragFrame;
  CollisionLog& log = session_.collisions;
  for (const CollisionEvent& event : world.lastStep().collisionEvents)
    log.add({event.point, event.impulse, world.time()});
  if (log.marks().size() > kMaxUnseenCollisions)
    log.forgetBefore(log.first() + log.marks().size() - kMaxUnseenCollisions);
  if (++stepsSinceLostCheck_ < kLostCheckSteps) return;
  stepsSinceLostCheck_ = 0;
  const std::vector<std::string> lost = removeLostBodies(session_.doc);
  if (lost.empty()) return;
  std::string names = lost.front();
  for (std::size_t i = 1; i < lost.size() && i < 5; ++i) names += ", " + lost[i];
  if (lost.size() > 5) names += " and " + std::to_string(lost.size() - 5) + " more";
  session_.control.lost = "Removed " + names + ": left the world (" +
                          std::to_string(static_cast<int>(kLostDepth)) +
                          " m below the floor or far away). Undo brings " +
                          (lost.size() == 1 ? "it" : "them") + " back.";
  ++session_.control.lostSerial;
  bodiesMayHaveChanged_ = true;
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

void moveDragBetweenSteps(Session& s, Vec2 anchor, std::uint64_t frame) {
  if (!s.doc.drag.active()) return;
  s.doc.drag.moveTo(s.doc.world, anchor);
  s.control.dragFrame = frame;
}

void endDragBetweenSteps(Session& s) {
  s.doc.drag.end(s.doc.world);
  s.control.dragFrame = s.control.steppedDragFrame;
}

void captureBetweenSteps(Session& s, CapturedScene::Use use, const std::string& path) {
  if (use == CapturedScene::Use::CopyShare || use == CapturedScene::Use::CopyLink ||
      use == CapturedScene::Use::SaveFile)
    s.doc.world.forgetWarmStart();
  s.captures.push_back({use, path, sceneOf(s.doc)});
}

// A pooled snapshot that only the pool holds (the window and latest_ have let go of it), else a
// new one. Readers drop their references with an acquire-release decrement; the fence orders this
// thread's refill after their last reads.
std::shared_ptr<FrameSnapshot> PhysicsRunner::spareSnapshot() {
  for (const std::shared_ptr<FrameSnapshot>& pooled : pool_) {
    if (pooled.use_count() == 1) {
      std::atomic_thread_fence(std::memory_order_acquire);
      return pooled;
    }
  }
  auto made = std::make_shared<FrameSnapshot>();
  if (pool_.size() < kPooledSnapshots) pool_.push_back(made);
  return made;
}

// Fills a snapshot outside any lock (the contacts are computed here if the world has not yet, so
// the window never solves) and swaps it in under frameMutex_.
void PhysicsRunner::publish() {
  Session& s = session_;
  if (bodiesMayHaveChanged_ || !definitions_) {
    definitions_ = bodyDefinitions(s.doc.world, definitions_);
    bodiesMayHaveChanged_ = false;
  }
  s.collisions.forgetBefore(seenCollisions_.load());
  std::shared_ptr<FrameSnapshot> next = spareSnapshot();
  next->serial = ++serial_;
  snapshotWorld(s.doc.world, definitions_, next->world);
  leaveOutDrag(s.doc.drag, next->world.springs);
  next->firstCollision = s.collisions.first();
  next->collisions.assign(s.collisions.marks().begin(), s.collisions.marks().end());
  RunnerStatus& status = next->status;
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
  status.lost = s.control.lost;
  status.lostSerial = s.control.lostSerial;
  status.dragFrame = s.control.steppedDragFrame;
  status.qpIterationCap = iterationCap_;
  std::shared_ptr<const FrameSnapshot> replaced;  // let go of after the lock
  {
    std::lock_guard lock(frameMutex_);
    replaced = std::exchange(latest_, std::move(next));
    for (CapturedScene& c : s.captures) outbox_.push_back(std::move(c));
    fresh_ = true;
    wantFrame_ = false;
  }
  s.captures.clear();
}

// Both threads run this; the one whose turn it is (the drag thread while the mouse spring pulls)
// holds the baton and runs passes, the other waits for its turn.
void PhysicsRunner::loop(bool forDrag) {
  if (!forDrag) yieldToWindow();
  std::unique_lock baton(batonMutex_);
  while (true) {
    batonTurn_.wait(baton, [&] { return quit_ || dragTurn_ == forDrag; });
    if (quit_ || !pass()) break;
    if (session_.doc.drag.active() != dragTurn_) {
      dragTurn_ = !dragTurn_;
      batonTurn_.notify_all();
    }
  }
}

// Applies the queued edits, steps if a step is due (or a move of the mouse spring waits),
// publishes if the window asked (or the step brought the move), else waits for one of those.
// False when the runner is to stop.
bool PhysicsRunner::pass() {
  {
    std::lock_guard lock(queueMutex_);
    if (quit_) return false;
  }
  applyQueued();
  RunControl& control = session_.control;
  double dt = session_.doc.world.settings().dt;
  double now = nowSeconds();
  if (control.running)
    session_.clock.elapse(now - last_, control.timeRate, dt);
  else
    session_.clock.reset();
  last_ = now;
  bool stepped = false;
  const std::uint64_t shownMove = control.steppedDragFrame;
  if (control.stepRequests > 0) {
    --control.stepRequests;
    stepOnce();
    stepped = true;
  } else if (control.running && (session_.clock.due(dt) || moveWaiting())) {
    session_.clock.stepped(dt);
    stepOnce();
    stepped = true;
  }
  measureSpeed(nowSeconds());
  dirty_ =
      dirty_ || stepped || session_.doc.edits != seenEdits_ || session_.doc.epoch != seenEpoch_;
  seenEdits_ = session_.doc.edits;
  seenEpoch_ = session_.doc.epoch;
  // A step that used a new move of the mouse spring replaces a snapshot the window has not taken
  // yet, so that the next frame shows it; otherwise a snapshot is made when the window asks.
  if (wantFrame_ || control.steppedDragFrame != shownMove) {
    publish();  // also when nothing changed: the status (running, speed) may have
    dirty_ = false;
  }
  if (stepped) return true;
  std::unique_lock lock(queueMutex_);
  double wait = control.running ? session_.clock.secondsUntilDue(dt, control.timeRate) : 0.1;
  wait = std::clamp(wait, 0.0, 0.1);
  wake_.wait_for(lock, std::chrono::duration<double>(wait),
                 [&] { return quit_ || !queue_.empty() || (wantFrame_ && dirty_); });
  return true;
}

// A move of the mouse spring that no step has used yet, which may be stepped before the clock says
// (StepClock::mayStepAhead): the body answers the mouse at once.
bool PhysicsRunner::moveWaiting() const {
  const RunControl& control = session_.control;
  return session_.doc.drag.active() && control.dragFrame != control.steppedDragFrame &&
         session_.clock.mayStepAhead();
}

void PhysicsRunner::pump(double realSeconds) {
  applyQueued();
  RunControl& control = session_.control;
  double dt = session_.doc.world.settings().dt;
  if (control.running) {
    session_.clock.elapse(realSeconds, control.timeRate, dt);
    while (control.running && (session_.clock.due(dt) || moveWaiting())) {
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
  out.captures.clear();  // delivered when they were taken
  // The snapshot the window held until now: let go of after the lock.
  std::shared_ptr<const FrameSnapshot> previous;
  bool taken = false;
  {
    std::lock_guard lock(frameMutex_);
    if (fresh_) {
      previous = std::exchange(out.snapshot, latest_);
      out.captures.swap(outbox_);
      fresh_ = false;
      taken = true;
    }
  }
  if (taken) seenCollisions_ = out.snapshot->collisionsEnd();
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
  stopThreads();
  applyQueued();
  session_.doc.drag.end(session_.doc.world);
  endGesture(session_.doc);
  return std::move(session_.doc);
}

}  // namespace contactlab
