// A body's shape placed at its state, in world coordinates: its outline, its bounds and whether a
// point lies on it (outlineContains, contactlab/shape_query.h). What World's shape queries
// (contactlab/shape_query.h) compute.
#pragma once

#include "contactlab/body.h"
#include "contactlab/shape_query.h"
#include "shape.h"

namespace contactlab {

// `out` is overwritten; its corners' storage is reused.
void placedOutline(const Shape& shape, const BodyState& state, BodyOutline& out);

Bounds placedBounds(const Shape& shape, const BodyState& state);

}  // namespace contactlab
