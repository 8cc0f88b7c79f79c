// Draws a world (a snapshot of one) as the user sees it, into a DrawList in screen pixels: the
// grid, bodies filled with outlines (fixed bodies grey and hatched), the selection, centre-of-mass
// marks, velocity arrows, the mouse spring, a red force line at every resting contact (one per
// action/reaction pair, from the contact point along the force on the body that owns the point,
// length force * forceScale) and collision bursts. Pure: no OpenGL here.
#pragma once

#include "camera.h"
#include "draw_list.h"
#include "view_options.h"
#include "world_snapshot.h"

namespace contactlab {

namespace palette {
inline constexpr Rgba kBackground{246, 245, 240, 255};
inline constexpr Rgba kForce{220, 20, 20, 255};  // the contact-force lines
}  // namespace palette

void drawWorld(const WorldSnapshot& world, const Camera& camera, const ViewOptions& options,
               const Overlay& overlay, DrawList& out);

// The end of a contact's force line in world coordinates: point + (force n + friction t) * scale,
// t the normal turned a quarter turn counter-clockwise.
Vec2 forceLineEnd(const ContactReport& contact, double forceScale);

}  // namespace contactlab
