// The drag spring and its dashpots (drag_spring.h).
#include "drag_spring.h"

#include <cmath>
#include <numbers>

#include "contactlab/body_frame.h"

namespace contactlab {
namespace {

// How far the dashpots' anchors sit from the mouse: a body point a metre off the line then turns
// a dashpot's pull by a millionth of a radian.
constexpr double kDashpotReach = 1e6;

double angularFrequency(DragTuning tuning) {
  return 2 * std::numbers::pi * tuning.frequency;
}

Vec2 dashpotAnchor(Vec2 anchor, int axis) {
  return anchor + (axis == 0 ? Vec2{kDashpotReach, 0} : Vec2{0, kDashpotReach});
}

}  // namespace

SpringDef dragSpringDef(const BodyView& body, Vec2 grab, Vec2 anchor, DragTuning tuning) {
  double w = angularFrequency(tuning);
  SpringDef def;
  def.body = body.id;
  def.bodyPoint = toBodyFrame(body.state, grab);
  def.anchor = anchor;
  def.stiffness = body.mass * w * w;
  def.damping = 0;
  def.restLength = 0;
  return def;
}

std::array<SpringDef, 2> dragDashpotDefs(const BodyView& body, Vec2 grab, Vec2 anchor,
                                         DragTuning tuning) {
  std::array<SpringDef, 2> defs;
  for (int axis = 0; axis < 2; ++axis) {
    SpringDef& def = defs[axis];
    def.body = body.id;
    def.bodyPoint = toBodyFrame(body.state, grab);
    def.anchor = dashpotAnchor(anchor, axis);
    def.stiffness = 0;
    def.restLength = kDashpotReach;
    def.damping = 2 * tuning.dampingRatio * body.mass * angularFrequency(tuning);
  }
  return defs;
}

double dragSag(double gravity, DragTuning tuning) {
  double w = angularFrequency(tuning);
  return gravity / (w * w);
}

Status DragSpring::begin(World& world, BodyId body, Vec2 grab, DragTuning tuning) {
  end(world);
  std::optional<BodyView> view = world.body(body);
  if (!view) return Error{"drag: no such body"};
  if (view->def.fixed) return Error{"drag: a fixed body cannot be pulled by a spring"};
  SpringDef def = dragSpringDef(*view, grab, grab, tuning);
  Result<SpringId> spring = world.addSpring(def);
  if (!spring) return spring.error();
  std::array<SpringDef, 2> dashpots = dragDashpotDefs(*view, grab, grab, tuning);
  for (int axis = 0; axis < 2; ++axis) {
    Result<SpringId> dashpot = world.addSpring(dashpots[axis]);
    if (!dashpot) {  // leave the world as it was
      world.removeSpring(spring.value());
      if (axis == 1) world.removeSpring(dashpots_[0]);
      dashpots_ = {};
      return dashpot.error();
    }
    dashpots_[axis] = dashpot.value();
  }
  spring_ = spring.value();
  body_ = body;
  bodyPoint_ = def.bodyPoint;
  anchor_ = grab;
  return {};
}

Status DragSpring::moveTo(World& world, Vec2 anchor) {
  if (!active()) return Error{"drag: nothing is being dragged"};
  Status status = world.setSpringAnchor(spring_, anchor);
  if (!status) return status;
  for (int axis = 0; axis < 2; ++axis)
    world.setSpringAnchor(dashpots_[axis], dashpotAnchor(anchor, axis));
  anchor_ = anchor;
  return {};
}

void DragSpring::end(World& world) {
  if (active()) {
    world.removeSpring(spring_);
    for (SpringId dashpot : dashpots_) world.removeSpring(dashpot);
  }
  *this = DragSpring{};
}

Scene sceneWithoutDrag(const World& world, const DragSpring& drag) {
  if (!drag.active()) return captureScene(world);
  World withoutDrag = world;  // a copy shares the definitions: cheap (docs/api.md)
  DragSpring ending = drag;
  ending.end(withoutDrag);
  return captureScene(withoutDrag);
}

void leaveOutDrag(const DragSpring& drag, std::vector<SpringDef>& springs) {
  if (!drag.active()) return;
  std::erase_if(springs, [&](const SpringDef& spring) {
    // The spring ends at the mouse; the dashpots have no stiffness.
    return spring.body == drag.body() && spring.bodyPoint == drag.bodyPoint() &&
           (spring.anchor == drag.anchor() || spring.stiffness == 0);
  });
}

}  // namespace contactlab
