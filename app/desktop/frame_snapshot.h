// What the physics worker publishes for the window, one snapshot a frame: the world as it was
// between two steps (WorldSnapshot: bodies, states, outlines, contacts with their forces, energy,
// settings, statistics, the last step's report), the run's status, and the collisions of every
// step since the snapshot the window took before. Immutable once published: the worker fills it,
// hands it over as a shared_ptr to const and never touches it again while anyone holds it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "world_snapshot.h"

namespace contactlab {

struct RunnerStatus {
  bool running = false;
  double timeRate = 1;
  double speed = 1;     // simulated time achieved over the last half second / (real time * rate)
  bool behind = false;  // running and speed clearly below 1: the steps cannot keep up
  std::uint64_t epoch = 0;  // the world's generation (Document::epoch): its body ids' world
  std::uint64_t edits = 0;
  bool canUndo = false;
  bool canRedo = false;
  std::string error;
  std::string source;
  std::string lost;  // RunControl::lost, RunControl::lostSerial
  std::uint64_t lostSerial = 0;
  // RunControl::steppedDragFrame: the window's frame of the last mouse-spring move that a step of
  // this snapshot has used (the window counts the frames until it shows it: the drag's lag).
  std::uint64_t dragFrame = 0;
  // While the mouse spring pulls a body under time stepping to a tolerance: the iterations each
  // solve stops at so that a step keeps up with the frames (0: no cap; PhysicsRunner).
  int qpIterationCap = 0;
};

// A collision impulse the world reported (World::lastStep().collisionEvents), for the view's
// impulse bursts.
struct CollisionMark {
  Vec2 point{0, 0};
  double impulse = 0;  // N s
  double time = 0;     // s, simulated time of the step
};

// The collisions of the steps whose snapshot the window may not have seen yet, numbered in the
// order they happened (the first one ever is 0), so that the window tells the new ones from those
// an earlier snapshot brought.
class CollisionLog {
 public:
  void add(const CollisionMark& mark) { marks_.push_back(mark); }
  // Drops the marks numbered below `seen` (the window has them).
  void forgetBefore(std::uint64_t seen);
  // Drops every mark (the world was replaced or reset: its marks mean nothing now).
  void clear();
  std::uint64_t first() const { return first_; }  // the number of marks()[0]
  const std::vector<CollisionMark>& marks() const { return marks_; }

 private:
  std::uint64_t first_ = 0;
  std::vector<CollisionMark> marks_;
};

struct FrameSnapshot {
  std::uint64_t serial = 0;  // 1 for the first snapshot a runner publishes
  WorldSnapshot world;
  RunnerStatus status;
  // Collision `firstCollision + i` is collisions[i]: every step's since the snapshot the window
  // took before this one (and maybe a few it has seen already, which it skips by number).
  std::uint64_t firstCollision = 0;
  std::vector<CollisionMark> collisions;

  std::uint64_t collisionsEnd() const { return firstCollision + collisions.size(); }
};

}  // namespace contactlab
