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

// Whether a movable body of `areaPixels` square pixels on the screen gets its centre-of-mass mark:
// only if the mark's square (kMarkQuad, 12 px a side) is at most a quarter of it. On a smaller
// body the mark would cover most of it and hide its colour (pyramid40's 13-pixel boxes at the zoom
// it opens at, rain1000's discs), and a pile's hundreds of marks read as noise; they appear as the
// view zooms in. A long thin body (a seesaw's board, a rod) has room along its length.
bool hasRoomForMark(double areaPixels);

void drawWorld(const WorldSnapshot& world, const Camera& camera, const ViewOptions& options,
               const Overlay& overlay, DrawList& out);

}  // namespace contactlab
