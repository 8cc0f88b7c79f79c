// collideShapes: picks the routine for the pair of shape types and the roles of the two shapes.
#include "narrow_phase.h"

#include "collision_pairs.h"

namespace contactlab {

void collideShapes(const Shape& a, const Transform& ta, const Shape& b, const Transform& tb,
                   double margin, std::vector<ContactGeometry>& out, double beyond) {
  if (a.isDisc() && b.isDisc()) {
    collideDiscs(a, ta, b, tb, margin + beyond, out);
  } else if (a.isDisc()) {
    collideDiscPolygon(a, ta, b, tb, true, margin + beyond, out);
  } else if (b.isDisc()) {
    collideDiscPolygon(b, tb, a, ta, false, margin + beyond, out);
  } else {
    collidePolygons(a, ta, b, tb, margin, beyond, out);
  }
}

}  // namespace contactlab
