// Which body the mouse points at. Movable bodies are preferred over fixed ones (a block resting on
// the floor is picked even a few pixels into the floor), and among each kind the one drawn on top
// (added last) wins. Answered from a snapshot's outlines.
#pragma once

#include <optional>

#include "world_snapshot.h"

namespace contactlab {

// The body under the world point `point`, counting `tolerance` metres around each body as on it.
std::optional<BodyId> pickBody(const WorldSnapshot& world, Vec2 point, double tolerance);

}  // namespace contactlab
