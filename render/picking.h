// Which body, or which joint, the mouse points at. Movable bodies are preferred over fixed ones (a
// block resting on the floor is picked even a few pixels into the floor), and among each kind the
// one drawn on top (added last) wins. Answered from a snapshot's outlines.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "world_snapshot.h"

namespace contactlab {

// The body under the world point `point`, counting `tolerance` metres around each body as on it.
std::optional<BodyId> pickBody(const WorldSnapshot& world, Vec2 point, double tolerance);

// Every body under `point` (within `tolerance`): the movable ones first, then the fixed ones, each
// kind from the one drawn on top. Where two bodies overlap, a hinge joins the first two.
std::vector<BodyId> bodiesAt(const WorldSnapshot& world, Vec2 point, double tolerance);

// The joint of world.joints nearest to `point` within `tolerance` metres, as its position in that
// list: a pin or a hinge by its anchor, a rod or a rope by the segment between its anchors.
std::optional<std::size_t> pickJoint(const WorldSnapshot& world, Vec2 point, double tolerance);

// The spring of world.springs nearest to `point` within `tolerance` metres (by the segment from its
// body's point to its world point), as its position in that list.
std::optional<std::size_t> pickSpring(const WorldSnapshot& world, Vec2 point, double tolerance);

}  // namespace contactlab
