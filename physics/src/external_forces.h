// Accelerations from everything but contacts: gravity, damping, springs and thrust.
#pragma once

#include <span>

#include "model.h"

namespace contactlab {

// Sets rates[i] to body i's velocity and its acceleration under the non-contact forces.
// Fixed bodies get zero rates.
void externalRates(const Model& model, std::span<const BodyState> states,
                   std::span<BodyRate> rates);

// The force a spring exerts on its body's point, and that point in the world.
struct SpringPull {
  Vec2 point{0, 0};
  Vec2 force{0, 0};
};
SpringPull springPull(const Spring& spring, const BodyState& state);

}  // namespace contactlab
