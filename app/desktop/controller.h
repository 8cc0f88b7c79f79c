// The window's side of every change: turns "play", "move this body", "undo"... into edits posted to
// the physics worker, where they run in order between steps on the document. Edits that name a
// body carry the world generation (epoch) they were made for and do nothing in a newer world.
#pragma once

#include <string>

#include "physics_runner.h"
#include "ui_model.h"

namespace contactlab {

class Controller {
 public:
  explicit Controller(PhysicsRunner& runner) : runner_(runner) {}

  // The epoch of the frame the window shows: the world its body ids belong to.
  void setEpoch(std::uint64_t epoch) { epoch_ = epoch; }
  // The number of the frame being built (from 1): mouse-spring moves carry it (RunControl).
  void setFrame(std::uint64_t frame) { frame_ = frame; }

  void togglePlay();
  void step();  // pauses, then one step
  void reset();
  void setTimeRate(double rate);
  void undo();
  void redo();

  void setSettings(const WorldSettings& settings);
  void addBody(const BodyDef& def);
  void removeBody(BodyId id);
  void editState(BodyId id, const BodyStateEdit& edit);
  void placeBody(BodyId id, const BodyState& state);  // moving by hand: the whole state
  void editDef(const std::string& name, const BodyDefEdit& edit);
  // Joints and springs (joint_edits.h); the definitions name bodies of this frame's world.
  void addJoint(const JointDef& def);
  void addSpring(const SpringDef& def);
  void removeJoint(const std::string& name);
  void editJoint(const JointEdit& edit);
  // A spring by its place among the scene's springs (WorldSnapshot::springs).
  void removeSpring(int index);
  void editSpring(const SpringEdit& edit);
  void open(const Scene& scene, const std::string& source);
  // Captures the world as it is between two steps (for a scene that leaves the program, forgetting
  // its warm start there: CapturedScene); the scene comes back in a later frame's captures.
  void capture(CapturedScene::Use use, const std::string& path = {});

  // A drag or a held slider: its changes become one undo step.
  void beginGesture();
  void endGesture();

  // The mouse spring of a running simulation.
  void beginDrag(BodyId id, Vec2 grab);
  void dragTo(Vec2 anchor);
  void endDrag();

 private:
  void post(PhysicsRunner::Edit edit) { runner_.post(std::move(edit)); }
  // Posts `edit` to run only if the world is still the one of epoch_.
  void postForThisWorld(std::function<void(Session&)> edit);

  PhysicsRunner& runner_;
  std::uint64_t epoch_ = 0;
  std::uint64_t frame_ = 0;
};

}  // namespace contactlab
