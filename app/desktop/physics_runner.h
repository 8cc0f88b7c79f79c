// Runs the simulation beside the window: a worker owns the document, applies the edits the
// window posts (in order, between steps) and steps the world at its fixed dt, paced to real time
// by a StepClock; the worker is two threads taking turns, one at a lower priority than the window
// and, while the mouse spring pulls a body, one at the window's (thread_, dragThread_). The window
// never waits for a step: between two steps, when the window has asked for one, the worker fills a
// FrameSnapshot (frame_snapshot.h) outside any lock and publishes it by swapping a shared_ptr under
// a lock held only for the swap; the window takes the latest one (another swap) and reads only it,
// so the picture stays responsive even when one step takes seconds. Snapshots are recycled: the
// worker refills one that nobody holds any more, so that a frame allocates nothing once the buffers
// have grown. Without the thread (screenshots, scripts) the same work runs inline,
// deterministically, through pump() and runUntil().
//
// Edits that name bodies are made for one world generation (the snapshot's epoch) and are skipped
// if the world was replaced in between, so an id never reaches a different body.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "document.h"
#include "drag_solve_cap.h"
#include "frame_snapshot.h"
#include "step_clock.h"

namespace contactlab {

struct RunControl {
  bool running = true;
  double timeRate = 1;  // simulated seconds per real second
  int stepRequests = 0;
  std::string error;  // why the simulation stopped (a step failed) or an edit was refused
  std::string lost;   // which bodies left the world and were removed (removeLostBodies), if any
  std::uint64_t lostSerial = 0;        // counts the removals, so the window tells each one once
  std::uint64_t dragFrame = 0;         // the window's frame of the last mouse-spring move applied
  std::uint64_t steppedDragFrame = 0;  // ...and of the last one a step has used
};

// A scene the window asked for, captured by the worker between two steps, with what the window
// wants done with it. A scene that leaves the program (CopyShare, CopyLink, SaveFile) is captured
// after the
// worker's world forgets its warm start at that very state, so that any world built from the scene
// goes on bit-identically with this one. The scenes the window only shows or keeps for the next
// start (ShowShare: the Share panel's string; Autosave: this session) leave the running
// simulation alone.
struct CapturedScene {
  enum class Use { CopyShare, CopyLink, SaveFile, ShowShare, Autosave };
  Use use = Use::CopyShare;
  std::string path;  // SaveFile
  Scene scene;
};

struct Session;
// The edit behind a capture: queues the scene for the window (forgetting the world's warm start
// first for CopyShare and SaveFile).
void captureBetweenSteps(Session& s, CapturedScene::Use use, const std::string& path);

// The mouse spring's edits: its anchor moved to `anchor` in the window's frame `frame` (nothing
// if no spring pulls), and its end, which drops the moves no step has used yet (they will never
// be shown).
void moveDragBetweenSteps(Session& s, Vec2 anchor, std::uint64_t frame);
void endDragBetweenSteps(Session& s);

// What the worker owns; edits act on it.
struct Session {
  Document doc;
  RunControl control;
  StepClock clock;
  CollisionLog collisions;              // every step's, until the window has seen them
  std::vector<CapturedScene> captures;  // not yet handed over
};

// What the window takes: the latest snapshot, and the scenes captured since it last took one
// (each handed over once).
struct PhysicsFrame {
  std::shared_ptr<const FrameSnapshot> snapshot;
  std::vector<CapturedScene> captures;
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

  // Puts the latest snapshot in `out` if there is one newer than the last taken, with the scenes
  // captured since (out.captures is emptied first); asks for the next. Never waits for a step.
  bool takeFrame(PhysicsFrame& out);

  // Seconds the step under way has been running (0 when the worker is not stepping).
  double busySeconds() const;

  // Stops the worker (after the queued edits), lets go of the mouse spring, and hands the
  // document back. The runner must not be used afterwards.
  Document finish();

 private:
  void loop(bool forDrag);
  bool pass();
  void stopThreads();
  void applyQueued();
  void stepOnce();
  void capSolvesWhileDragging();
  bool moveWaiting() const;
  void publish();
  std::shared_ptr<FrameSnapshot> spareSnapshot();
  void measureSpeed(double now);

  Session session_;
  std::uint64_t stepsSinceLostCheck_ = 0;
  // Two threads take turns at the simulation: thread_, at a lower priority than the window
  // (nice 5), and while the mouse spring pulls, dragThread_ at the window's priority, so that the
  // dragged body answers the mouse even when the processors are short (Linux lets a thread lower
  // its priority, never raise it back). The one whose turn it is holds batonMutex_.
  std::thread thread_, dragThread_;
  std::mutex batonMutex_;
  std::condition_variable batonTurn_;
  bool dragTurn_ = false;
  std::mutex queueMutex_;
  std::condition_variable wake_;
  std::vector<Edit> queue_;
  std::atomic<bool> quit_{false};
  // The passes' state (pass()), kept across the turns.
  double last_ = 0;
  bool dirty_ = true;
  std::uint64_t seenEdits_ = 0, seenEpoch_ = 0;

  // Held only to swap the latest snapshot and to move the captured scenes.
  std::mutex frameMutex_;
  std::shared_ptr<const FrameSnapshot> latest_;
  std::vector<CapturedScene> outbox_;  // captured scenes published, not yet taken
  bool fresh_ = false;
  std::atomic<bool> wantFrame_{true};
  std::atomic<std::uint64_t> seenCollisions_{0};  // collisionsEnd() of the last snapshot taken
  std::atomic<std::int64_t> stepStartedNs_{0};

  // Snapshot making (worker side).
  std::vector<std::shared_ptr<FrameSnapshot>> pool_;  // refilled when only the pool holds one
  std::shared_ptr<const BodyDefinitions> definitions_;
  bool bodiesMayHaveChanged_ = true;  // an edit ran since definitions_ was made
  std::uint64_t serial_ = 0;

  // The solves' cap while the mouse spring pulls a body (capSolvesWhileDragging).
  double lastStepCpu_ = 0;  // the worker's processor time in the last step (s)
  DragSolveCap dragCap_;
  int iterationCap_ = 0;  // set on the world for the step under way; 0: none

  // Speed measurement (worker side).
  double windowStart_ = -1;
  double windowSimStart_ = 0;
  double windowDroppedStart_ = 0;
  double speed_ = 1;
  bool behind_ = false;
};

}  // namespace contactlab
