// Contacts between two convex shapes placed in the world: vertex-edge, edge-edge (parallel edges
// give two vertex-edge contacts), disc-edge, disc-vertex, disc-disc.
#pragma once

#include <vector>

#include "contact_geometry.h"
#include "shape.h"
#include "transform.h"

namespace contactlab {

// Appends to `out` every contact between shape a (at ta) and shape b (at tb) whose distance is
// below `margin` (m): touching, nearly touching, or penetrating (distance < 0). The two shapes'
// bodies are distinct. Deterministic: the same input gives the same contacts in the same order.
// With `beyond` > 0 (m) it also appends those below margin + beyond, each found as it is within
// `margin` (the tolerance within which two polygons' contacts are one contact seen from both
// sides follows `margin`), so that the contacts below `margin` are the ones the call without
// `beyond` gives: the time-stepping solver's reuse keeps them for a margin that grows
// (contact_reuse.cpp).
void collideShapes(const Shape& a, const Transform& ta, const Shape& b, const Transform& tb,
                   double margin, std::vector<ContactGeometry>& out, double beyond = 0);

}  // namespace contactlab
