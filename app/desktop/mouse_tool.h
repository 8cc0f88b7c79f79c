// What the mouse does to the world (when ImGui does not want it). With the Select tool: left click
// selects a joint near it or else a body; left drag pulls a body with a spring while running, or
// moves it directly while paused (and always for a fixed body); Shift + left drag rotates it while
// paused. With a joint tool (UiState::tool, joint_tool.h): left click adds a pin or a hinge, left
// drag a rod, a rope or a spring, or a message says why not. Always: right (or middle) drag pans;
// the wheel zooms about the cursor. No SDL here: the event loop translates its events into these
// calls.
#pragma once

#include <optional>

#include "camera.h"
#include "controller.h"
#include "ui_model.h"
#include "view_options.h"

namespace contactlab {

enum class MouseButton { Left, Middle, Right };

// What a mouse action may look at and change.
struct PointerContext {
  const WorldSnapshot& world;  // the snapshot on screen
  bool running;
  Camera& camera;
  UiState& ui;
  Controller& controller;
};

class MouseTool {
 public:
  void press(MouseButton button, Vec2 screen, bool shift, PointerContext& context);
  void move(Vec2 screen, PointerContext& context);
  void release(MouseButton button, Vec2 screen, PointerContext& context);
  void wheel(double steps, Vec2 screen, Camera& camera);
  // Lets go of whatever is held (Escape, or the world was replaced under the drag).
  void cancel(Controller& controller);

  bool holding() const { return mode_ != Mode::None; }
  // The spring to draw while pulling a body.
  std::optional<SpringLine> springLine(const WorldSnapshot& world) const;
  // The rod, rope or spring being dragged out (from where it starts to the mouse).
  std::optional<SpringLine> linkLine() const;

 private:
  enum class Mode { None, Pan, Spring, Move, Rotate, Link };
  void endHold(Controller& controller);
  void addJointAt(Vec2 point, PointerContext& context);
  void finishLink(PointerContext& context);

  Mode mode_ = Mode::None;
  MouseButton button_ = MouseButton::Left;
  BodyId body_;
  Vec2 grabLocal_{0, 0};  // body frame
  BodyState start_;       // the body's state when grabbed
  double grabAngle_ = 0;  // direction from the centre to the grab point (rotation)
  Vec2 last_{0, 0};       // screen, for panning
  Vec2 anchor_{0, 0};     // world, the spring's mouse end
  WorldTool linkTool_ = WorldTool::Rod;
  Vec2 linkFrom_{0, 0};  // world, where the rod, rope or spring drag began
};

}  // namespace contactlab
