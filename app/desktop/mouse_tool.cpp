// Mouse gestures on the world (mouse_tool.h).
#include "mouse_tool.h"

#include <cmath>

#include "body_outline.h"
#include "joint_tool.h"
#include "picking.h"

namespace contactlab {
namespace {

constexpr double kPickPixels = 4;       // how near a body counts as on it
constexpr double kJointPickPixels = 6;  // how near a joint's mark counts as on it
constexpr double kWheelZoom = 1.15;

}  // namespace

void MouseTool::press(MouseButton button, Vec2 screen, bool shift, PointerContext& c) {
  if (mode_ != Mode::None) return;
  button_ = button;
  last_ = screen;
  if (button != MouseButton::Left) {
    mode_ = Mode::Pan;
    return;
  }
  Vec2 point = c.camera.screenToWorld(screen);
  if (c.ui.tool != WorldTool::Select) {
    addJointAt(point, c);
    return;
  }
  if (std::optional<std::size_t> joint =
          pickJoint(c.world, point, c.camera.toMeters(kJointPickPixels))) {
    c.ui.selectedJoint = c.world.joints[*joint].name;
    c.ui.selectedSpring = -1;
    c.ui.selected = BodyId{};
    c.ui.selectedName.clear();
    return;
  }
  c.ui.selectedJoint.clear();
  if (std::optional<std::size_t> spring =
          pickSpring(c.world, point, c.camera.toMeters(kJointPickPixels))) {
    c.ui.selectedSpring = static_cast<int>(*spring);
    c.ui.selected = BodyId{};
    c.ui.selectedName.clear();
    return;
  }
  c.ui.selectedSpring = -1;
  std::optional<BodyId> hit = pickBody(c.world, point, c.camera.toMeters(kPickPixels));
  c.ui.selected = hit.value_or(BodyId{});
  c.ui.selectedName = hit ? c.world.nameOf(*hit) : std::string();
  if (!hit) return;
  const int i = c.world.indexOf(*hit);
  body_ = *hit;
  start_ = c.world.states[i];
  grabLocal_ = toBodyFrame(start_, point);
  anchor_ = point;
  if (c.running && !c.world.body(i).def.fixed) {
    mode_ = Mode::Spring;
    c.controller.beginDrag(body_, point);
    return;
  }
  mode_ = shift ? Mode::Rotate : Mode::Move;
  grabAngle_ = std::atan2(point.y - start_.position.y, point.x - start_.position.x);
  c.controller.beginGesture();
}

// A pin or a hinge at once; a rod, a rope or a spring when the drag ends (finishLink).
void MouseTool::addJointAt(Vec2 point, PointerContext& c) {
  const double tolerance = c.camera.toMeters(kPickPixels);
  if (c.ui.tool == WorldTool::Pin || c.ui.tool == WorldTool::Hinge) {
    Result<JointDef> def = c.ui.tool == WorldTool::Pin ? pinAt(c.world, point, tolerance)
                                                       : hingeAt(c.world, point, tolerance);
    if (def)
      c.controller.addJoint(def.value());
    else
      tell(c.ui, def.error().message, 8);
    return;
  }
  mode_ = Mode::Link;
  linkTool_ = c.ui.tool;
  linkFrom_ = anchor_ = point;
}

void MouseTool::finishLink(PointerContext& c) {
  const double tolerance = c.camera.toMeters(kPickPixels);
  if (linkTool_ == WorldTool::Spring) {
    Result<SpringDef> def = springBetween(c.world, linkFrom_, anchor_, tolerance);
    if (def)
      c.controller.addSpring(def.value());
    else
      tell(c.ui, def.error().message, 8);
    return;
  }
  const JointKind kind = linkTool_ == WorldTool::Rope ? JointKind::Rope : JointKind::Rod;
  Result<JointDef> def = linkBetween(c.world, kind, linkFrom_, anchor_, tolerance);
  if (def)
    c.controller.addJoint(def.value());
  else
    tell(c.ui, def.error().message, 8);
}

void MouseTool::move(Vec2 screen, PointerContext& c) {
  Vec2 point = c.camera.screenToWorld(screen);
  switch (mode_) {
    case Mode::None:
      break;
    case Mode::Link:
      anchor_ = point;
      break;
    case Mode::Pan:
      c.camera.panByPixels(screen - last_);
      break;
    case Mode::Spring:
      anchor_ = point;
      c.controller.dragTo(point);
      break;
    case Mode::Move: {
      // Keep the grabbed point under the mouse; placing a body by hand stops it.
      BodyState state = start_;
      state.position = start_.position + (point - toWorldFrame(start_, grabLocal_));
      state.velocity = {0, 0};
      state.omega = 0;
      c.controller.placeBody(body_, state);
      break;
    }
    case Mode::Rotate: {
      BodyState state = start_;
      double angle = std::atan2(point.y - start_.position.y, point.x - start_.position.x);
      state.angle = start_.angle + (angle - grabAngle_);
      state.velocity = {0, 0};
      state.omega = 0;
      c.controller.placeBody(body_, state);
      break;
    }
  }
  last_ = screen;
}

void MouseTool::release(MouseButton button, Vec2 screen, PointerContext& c) {
  if (mode_ == Mode::None || button != button_) return;
  move(screen, c);
  if (mode_ == Mode::Link) finishLink(c);
  endHold(c.controller);
}

void MouseTool::endHold(Controller& controller) {
  if (mode_ == Mode::Spring) controller.endDrag();
  if (mode_ == Mode::Move || mode_ == Mode::Rotate) controller.endGesture();
  mode_ = Mode::None;
}

void MouseTool::cancel(Controller& controller) {
  endHold(controller);
}

std::optional<SpringLine> MouseTool::linkLine() const {
  if (mode_ != Mode::Link) return std::nullopt;
  return SpringLine{linkFrom_, anchor_};
}

void MouseTool::wheel(double steps, Vec2 screen, Camera& camera) {
  camera.zoomAbout(screen, std::pow(kWheelZoom, steps));
}

std::optional<SpringLine> MouseTool::springLine(const WorldSnapshot& world) const {
  if (mode_ != Mode::Spring) return std::nullopt;
  const int i = world.indexOf(body_);
  if (i < 0) return std::nullopt;
  return SpringLine{toWorldFrame(world.states[i], grabLocal_), anchor_};
}

}  // namespace contactlab
