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

double steppedTextScale(double current, int steps) {
  // The nearest offered size to `current`, then `steps` along the list.
  int nearest = 0;
  for (int i = 1; i < static_cast<int>(kTextScales.size()); ++i)
    if (std::abs(kTextScales[i] - current) < std::abs(kTextScales[nearest] - current)) nearest = i;
  const int last = static_cast<int>(kTextScales.size()) - 1;
  return kTextScales[std::clamp(nearest + steps, 0, last)];
}

void tell(UiState& state, std::string text, double seconds) {
  state.message = std::move(text);
  state.messageUntil = state.now + seconds;
}

}  // namespace contactlab
