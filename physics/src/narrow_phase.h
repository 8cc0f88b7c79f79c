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
void collideShapes(const Shape& a, const Transform& ta, const Shape& b, const Transform& tb,
                   double margin, std::vector<ContactGeometry>& out);

}  // namespace contactlab
