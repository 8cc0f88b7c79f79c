// The Box2D sides of contactlab-bench-box2d, each in its own file because both versions name their
// header box2d/box2d.h: Box2D 2.4.1 (Debian's libbox2d-dev, box2d_v2_side.cpp) and Box2D v3
// (built from -DCONTACTLAB_BOX2D_V3_DIR, box2d_v3_side.cpp). One thread, sleeping off.
#pragma once

#include <memory>

#include "run_tracker.h"
#include "step_clock.h"
#include "timestep_scenes.h"

namespace contactlab::bench {

// The resting gap each version is given (timestep_scenes.h places boxes at a pitch of 1 m + gap):
// 2.4.1 keeps polygons apart by two 1 cm skins; v3's boxes have no skin and rest touching (its own
// benchmark's pyramid is placed at a pitch of exactly 1 m).
inline constexpr double kBox2dV2Gap = 0.02;
inline constexpr double kBox2dV3Gap = 0;

// One engine's run of a scene, taken a few steps at a time: contactlab-bench-box2d steps the
// engines' runs of a scene (and of the two scenes of a growth) in turn, kWindowSteps steps each,
// so that the host's changes of speed (which on a shared machine move a run's time by a third)
// fall on every engine and scene alike.
// Every engine's steps are counted and timed here alike; a side says how to take one step and
// what to note after it.
template <class Out>
class EngineRun {
 public:
  virtual ~EngineRun() = default;
  // Takes the next `steps` of the scene's steps (each timed), noting what the run measures.
  void advance(int steps) {
    for (int k = 0; k < steps && step_ < steps_; ++k) {
      ++step_;
      const double start = stepClockSeconds();
      step();
      seconds_ += stepClockSince(start);
      measure(step_);
    }
  }
  // What the run measured, once it has taken all of the scene's steps.
  virtual Out finish() = 0;

 protected:
  explicit EngineRun(int steps) : steps_(steps) {}
  // One step of the engine's world.
  virtual void step() = 0;
  // What the run notes after its step `number` (1 for the first), untimed.
  virtual void measure(int number) = 0;
  int steps() const { return steps_; }
  double msPerStep() const { return 1e3 * seconds_ / steps_; }

 private:
  int steps_ = 0, step_ = 0;
  double seconds_ = 0;
};
inline constexpr int kWindowSteps = 20;

// Box2D 2.4.1 with its documented settings: 8 velocity and 3 position iterations a step. Overlap:
// below the polygon skin, its contact surface.
std::unique_ptr<EngineRun<Outcome>> startBox2dV2(const BenchScene& scene);

// Box2D v3's own stage times, ms a step over a run, from b2World_GetProfile (on the wall clock, as
// ContactLab's stage times are), in ContactLab's stages: detection (the pairs, the contacts' update
// and the tree's refit), preparing the contact constraints, and the substeps (integrating, warm
// starting, solving, relaxing, restitution, storing the impulses).
struct V3Stages {
  double detection = 0, prepare = 0, substeps = 0;
};
struct V3Outcome : Outcome {
  V3Stages stages;
};

// Box2D v3 with b2DefaultWorldDef (so its default contact softness, 30 Hz, damping ratio 10),
// sleeping off, workerCount 1 and no task system, b2World_Step(world, dt, 4 substeps).
std::unique_ptr<EngineRun<V3Outcome>> startBox2dV3(const BenchScene& scene);

}  // namespace contactlab::bench
