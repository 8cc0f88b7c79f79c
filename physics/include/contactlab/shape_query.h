// What World's shape queries answer (world.h): a body's outline and bounds in world coordinates,
// at its current state, from the same shape the collision detection uses.
#pragma once

#include <vector>

#include "contactlab/body.h"
#include "contactlab/vec2.h"

namespace contactlab {

// A body's outline in world coordinates. Boxes and polygons: `corners`, counter-clockwise; a
// polygon's corners are its BodyDef::points shifted so that their centroid is at the body's
// position, then turned by its angle. Discs: `centre` and `radius`, `corners` empty.
struct BodyOutline {
  ShapeKind kind = ShapeKind::Box;
  std::vector<Vec2> corners;
  Vec2 centre{0, 0};  // the centroid: the body's position, for every shape
  double radius = 0;  // discs only
};

// The smallest axis-aligned rectangle holding a body.
struct Bounds {
  Vec2 min{0, 0};
  Vec2 max{0, 0};
};

// Whether `point` lies on the outline (its boundary included) or within `tolerance` >= 0 metres of
// it (the true distance, so a polygon's corners are rounded by the tolerance, not mitred).
// World::containsPoint answers with it; a program that keeps outlines (a drawing thread's copy of
// a world) picks with it.
bool outlineContains(const BodyOutline& outline, Vec2 point, double tolerance = 0);

}  // namespace contactlab
