// A body's shape as the screen draws it, from its world outline (contactlab/shape_query.h, kept in
// a WorldSnapshot): the corners to fill (a disc as a regular polygon), its bounds as a camera
// rectangle; the rigid placement of a body-frame point is contactlab/body_frame.h.
#pragma once

#include <vector>

#include "camera.h"
#include "contactlab/body.h"
#include "contactlab/body_frame.h"
#include "contactlab/shape_query.h"

namespace contactlab {

// The outline's corners in world coordinates, counter-clockwise, with a disc as a regular polygon
// of `discSegments` (at least 8) corners on its circle. `out` is cleared first and keeps its
// storage.
void outlineCorners(const BodyOutline& outline, int discSegments, std::vector<Vec2>& out);

inline Rect boundsRect(const Bounds& bounds) {
  return {bounds.min, bounds.max};
}

}  // namespace contactlab
