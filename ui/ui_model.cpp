// Small helpers of the UI model (ui_model.h).
#include "ui_model.h"

#include <algorithm>
#include <cmath>

namespace contactlab {

BodyState BodyStateEdit::appliedTo(BodyState state) const {
  if (x) state.position.x = *x;
  if (y) state.position.y = *y;
  if (angle) state.angle = *angle;
  if (vx) state.velocity.x = *vx;
  if (vy) state.velocity.y = *vy;
  if (omega) state.omega = *omega;
  return state;
}

bool Readouts::due(bool running, double now, double simulatedTime) const {
  return !running || takenAt < 0 || simulatedTime < time || !(now - takenAt < period);
}

double steppedTextScale(double current, int steps) {
  // The nearest offered size to `current`, then `steps` along the list.
  int nearest = 0;
  for (int i = 1; i < static_cast<int>(kTextScales.size()); ++i)
    if (std::abs(kTextScales[i] - current) < std::abs(kTextScales[nearest] - current)) nearest = i;
  const int last = static_cast<int>(kTextScales.size()) - 1;
  return kTextScales[std::clamp(nearest + steps, 0, last)];
}

const char* worldToolName(WorldTool tool) {
  switch (tool) {
    case WorldTool::Select:
      return "Select";
    case WorldTool::Pin:
      return "Pin";
    case WorldTool::Hinge:
      return "Hinge";
    case WorldTool::Rod:
      return "Rod";
    case WorldTool::Rope:
      return "Rope";
    case WorldTool::Spring:
      return "Spring";
  }
  return "?";
}

const char* worldToolHint(WorldTool tool) {
  switch (tool) {
    case WorldTool::Select:
      return "Click a body or a joint to select it; drag a body to move it.";
    case WorldTool::Pin:
      return "Click a point of a body: it is pinned to the world there.";
    case WorldTool::Hinge:
      return "Click where two bodies overlap: they turn about that point.";
    case WorldTool::Rod:
      return "Drag from a point of a body to another body or to empty space (the world).";
    case WorldTool::Rope:
      return "Drag from a point of a body to another body or to empty space (the world).";
    case WorldTool::Spring:
      return "Drag from a point of a body to empty space: a spring to the world.";
  }
  return "";
}

void tell(UiState& state, std::string text, double seconds) {
  state.message = std::move(text);
  state.messageUntil = state.now + seconds;
}

}  // namespace contactlab
