// A body's shape placed at its state, in world coordinates: its outline, its bounds and whether a
// point lies on it. What World's shape queries (contactlab/shape_query.h) compute.
#pragma once

#include "contactlab/body.h"
#include "contactlab/shape_query.h"
#include "shape.h"

namespace contactlab {

// `out` is overwritten; its corners' storage is reused.
void placedOutline(const Shape& shape, const BodyState& state, BodyOutline& out);

Bounds placedBounds(const Shape& shape, const BodyState& state);

// Whether `point` lies on the shape (its boundary included) or within `tolerance` >= 0 metres of
// it (the true distance, so a polygon's corners are rounded by the tolerance, not mitred).
bool placedContains(const Shape& shape, const BodyState& state, Vec2 point, double tolerance);

}  // namespace contactlab
