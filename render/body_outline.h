// A body's shape as the screen draws it, from the world's shape queries (contactlab/shape_query.h):
// the outline as corners to fill (a disc as a regular polygon), its bounds as a camera rectangle,
// and the rigid placement of a body-frame point (a grab point, a disc's radius line).
#pragma once

#include <vector>

#include "camera.h"
#include "contactlab/world.h"

namespace contactlab {

// The body-frame point of a world point, and back.
Vec2 toBodyFrame(const BodyState& state, Vec2 world);
Vec2 toWorldFrame(const BodyState& state, Vec2 local);

// The outline's corners in world coordinates, counter-clockwise: the world's outline, with a disc
// as a regular polygon of `discSegments` (at least 8) corners on its circle. `outline` is scratch
// for the query and `out` is cleared first; both keep their storage. A bad id leaves `out` empty.
void bodyOutline(const World& world, BodyId id, int discSegments, BodyOutline& outline,
                 std::vector<Vec2>& out);

// The world's bounds of the body as a rectangle (an empty one at the origin for a bad id).
Rect bodyBounds(const World& world, BodyId id);

}  // namespace contactlab
