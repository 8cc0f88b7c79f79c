// How deep two shapes overlap and which way they part: the minimum translation by the separating
// axis theorem (Gottschalk, Lin, Manocha 1996, "OBBTree", section 4; Ericson 2005, "Real-Time
// Collision Detection", 4.4.1). The narrow phase's vertex-edge contacts describe shapes that touch
// or barely overlap; for shapes that overlap deeply (one placed inside another) they disagree with
// each other (a pair of boxes at one point gives contacts with opposite normals), so overlap
// separation uses this one direction per pair instead.
#pragma once

#include <optional>

#include "contactlab/vec2.h"
#include "shape.h"
#include "transform.h"

namespace contactlab {

struct Penetration {
  Vec2 normal{0, 1};  // unit, world frame: moving shape a along it by `depth` parts the shapes
  double depth = 0;   // m, > 0
};

// The overlap of shape a (at ta) and shape b (at tb), or nothing if they do not overlap. Axes: the
// edge normals of both polygons; for a disc, the line from the other shape's nearest vertex (or,
// for two discs, the other centre) to its centre. The depth along an axis is the shorter of the
// two ways of pushing a's projection off b's; the axis of least depth wins. Ties (within 1e-9 of
// the shapes' size) go to the axis along which the centres lie furthest apart, and where the
// centres coincide (bodies placed at one point) to the axis and sign picked by `tieBreak` (any
// integer, for example from the bodies' indices), so that a crowd placed at one point spreads in
// every direction rather than along one line.
std::optional<Penetration> penetration(const Shape& a, const Transform& ta, const Shape& b,
                                       const Transform& tb, unsigned tieBreak);

}  // namespace contactlab
