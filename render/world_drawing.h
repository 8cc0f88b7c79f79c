// Draws a world (a snapshot of one) as the user sees it, into a DrawList in screen pixels: the
// grid, bodies filled with outlines (fixed bodies grey and hatched), the selection, centre-of-mass
// marks, velocity arrows, the mouse spring, the contact-force arrows (force_arrows.h: one per
// action/reaction pair, on the body that owns the contact point) and collision bursts. Pure: no
// OpenGL here.
#pragma once

#include "camera.h"
#include "draw_list.h"
#include "force_arrows.h"
#include "view_options.h"
#include "world_snapshot.h"

namespace contactlab {

namespace palette {
inline constexpr Rgba kBackground{246, 245, 240, 255};
}  // namespace palette

void drawWorld(const WorldSnapshot& world, const Camera& camera, const ViewOptions& options,
               const Overlay& overlay, DrawList& out);

}  // namespace contactlab
