// A body's shape as the screen needs it: the corners of its outline in world coordinates, its
// bounding rectangle, and whether a world point lies on it. Pure geometry on the public BodyView.
#pragma once

#include <vector>

#include "camera.h"
#include "contactlab/world.h"

namespace contactlab {

// A polygon's corners in its body frame: the given points shifted so that their centroid is the
// origin, as the physics does (BodyState::position is the centre of mass).
std::vector<Vec2> centeredPolygon(const std::vector<Vec2>& points);

// The body-frame point of a world point, and back.
Vec2 toBodyFrame(const BodyState& state, Vec2 world);
Vec2 toWorldFrame(const BodyState& state, Vec2 local);

// The outline's corners in world coordinates, counter-clockwise (a disc as a regular polygon of
// `discSegments` corners). `out` is cleared first.
void bodyOutline(const BodyView& body, int discSegments, std::vector<Vec2>& out);

// The smallest axis-aligned world rectangle holding the body.
Rect bodyBounds(const BodyView& body);

// Whether `point` lies on the body or within `tolerance` metres of it.
bool bodyContains(const BodyView& body, Vec2 point, double tolerance);

}  // namespace contactlab
