// Runs the simulation beside the window: a worker thread owns the document, applies the edits the
// window posts (in order, between steps) and steps the world at its fixed dt, paced to real time
// by a StepClock. The window never waits for a step: it draws the latest published frame (a copy
// of the world with its contacts computed, and the run's status), so the picture stays responsive
// even when one step takes seconds. Without the thread (screenshots, scripts) the same work runs
// inline, deterministically, through pump() and runUntil().
//
// Edits that name bodies are made for one world generation (the frame's epoch) and are skipped if
// the world was replaced in between, so an id never reaches a different body.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "document.h"
#include "step_clock.h"

namespace contactlab {

struct RunControl {
  bool running = true;
  double timeRate = 1;  // simulated seconds per real second
  int stepRequests = 0;
  std::string error;  // why the simulation stopped (a step failed) or an edit was refused
};

// A scene the window asked for, captured by the worker between two steps (so that the worker's
// world can forget its warm start at that very state and go on bit-identically with any world
// built from the scene), with what the window wants done with it.
struct CapturedScene {
  enum class Use { CopyShare, SaveFile };
  Use use = Use::CopyShare;
  std::string path;  // SaveFile
  Scene scene;
};

// A collision impulse the world reported (World::lastStep().collisionEvents), kept for the view's
// impulse bursts for a moment of simulated time.
struct CollisionMark {
  Vec2 point{0, 0};
  double impulse = 0;  // N s
  double time = 0;     // s, simulated time of the step
};

struct Session;
// The edit behind a capture: forgets the world's warm start and queues the scene for the window.
void captureBetweenSteps(Session& s, CapturedScene::Use use, const std::string& path);

// What the worker owns; edits act on it.
struct Session {
  Document doc;
  RunControl control;
  StepClock clock;
  std::vector<CollisionMark> marks;     // recent collisions, every step's
  std::vector<CapturedScene> captures;  // not yet published
};

struct RunnerStatus {
  bool running = false;
  double timeRate = 1;
  double speed = 1;     // simulated time achieved over the last half second / (real time * rate)
  bool behind = false;  // running and speed clearly below 1: the steps cannot keep up
  std::uint64_t epoch = 0;
  std::uint64_t edits = 0;
  bool canUndo = false;
  bool canRedo = false;
  std::string error;
  std::string source;
};

struct PhysicsFrame {
  World world;
  RunnerStatus status;
  std::vector<CollisionMark> marks;
  std::vector<CapturedScene> captures;  // captured since the last frame the window took
};

class PhysicsRunner {
 public:
  using Edit = std::function<void(Session&)>;

  PhysicsRunner(Document doc, bool running);
  ~PhysicsRunner();
  PhysicsRunner(const PhysicsRunner&) = delete;
  PhysicsRunner& operator=(const PhysicsRunner&) = delete;

  void startThread();
  bool threaded() const { return thread_.joinable(); }

  // Queues an edit for the worker (applied in order, between steps).
  void post(Edit edit);

  // Inline mode: applies the queued edits, runs the steps `realSeconds` of real time owe,
  // publishes.
  void pump(double realSeconds);
  // Inline mode: applies the queued edits and steps until the world's time reaches `time`.
  void runUntil(double time);

  // Swaps the latest frame into `out` if there is one newer than the last taken; asks for the next.
  bool takeFrame(PhysicsFrame& out);

  // Seconds the step under way has been running (0 when the worker is not stepping).
  double busySeconds() const;

  // Stops the worker (after the queued edits), lets go of the mouse spring, and hands the
  // document back. The runner must not be used afterwards.
  Document finish();

 private:
  void loop();
  void applyQueued();
  void stepOnce();
  void publish();
  void measureSpeed(double now);

  Session session_;
  std::thread thread_;
  std::mutex queueMutex_;
  std::condition_variable wake_;
  std::vector<Edit> queue_;
  bool quit_ = false;

  std::mutex frameMutex_;
  PhysicsFrame shared_;
  bool fresh_ = false;
  std::atomic<bool> wantFrame_{true};
  std::atomic<std::int64_t> stepStartedNs_{0};

  // Speed measurement (worker side).
  double windowStart_ = -1;
  double windowSimStart_ = 0;
  double windowDroppedStart_ = 0;
  double speed_ = 1;
  bool behind_ = false;
};

}  // namespace contactlab
