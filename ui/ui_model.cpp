// Small helpers of the UI model (ui_model.h).
#include "ui_model.h"

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

void tell(UiState& state, std::string text, double seconds) {
  state.message = std::move(text);
  state.messageUntil = state.now + seconds;
}

}  // namespace contactlab
