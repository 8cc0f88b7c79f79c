// The geometry of a body in its own frame, and its mass properties per unit mass.
#pragma once

#include <vector>

#include "contactlab/body.h"
#include "contactlab/result.h"
#include "contactlab/vec2.h"

namespace contactlab {

struct Shape {
  double boundingRadius = 0;  // farthest surface point from the centroid
  ShapeKind kind = ShapeKind::Box;
  double radius = 0;           // disc only
  std::vector<Vec2> vertices;  // box and polygon: body frame, counter-clockwise, centroid at 0
  std::vector<Vec2> normals;   // outward unit normal of the edge vertices[i] -> vertices[i + 1]
  double area = 0;
  double inertiaPerMass = 0;  // moment of inertia about the centroid divided by the mass
  double inradius = 0;        // nearest edge (or the radius) from the centroid

  bool isDisc() const { return kind == ShapeKind::Disc; }
};

// Builds the shape of a definition, or says why the definition is not a valid shape (a size
// outside the limits of docs/limits.md, fewer than 3 or more than kMaxCorners points, clockwise or
// non-convex polygon).
Result<Shape> makeShape(const BodyDef& def);

}  // namespace contactlab
