// Where to look when a scene opens: the movable bodies, with the parts of fixed bodies (floors,
// walls) near them, and a margin, so a 20 m floor under a small stack does not shrink the stack.
#pragma once

#include "camera.h"
#include "world_snapshot.h"

namespace contactlab {

// The world rectangle to show: the bounds of the movable bodies (all bodies if none moves), plus
// fixed bodies clipped to those bounds grown by a quarter of their size (at least 1 m), plus a
// 0.5 m margin; at least 6 m x 4 m.
Rect sceneFraming(const WorldSnapshot& world);

}  // namespace contactlab
