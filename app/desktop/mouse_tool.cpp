// Mouse gestures on the world (mouse_tool.h).
#include "mouse_tool.h"

#include <cmath>

#include "body_outline.h"
#include "picking.h"

namespace contactlab {
namespace {

constexpr double kPickPixels = 4;  // how near a body counts as on it
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

void MouseTool::move(Vec2 screen, PointerContext& c) {
  Vec2 point = c.camera.screenToWorld(screen);
  switch (mode_) {
    case Mode::None:
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
