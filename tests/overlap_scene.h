// Boxes that start overlapping, shared by tests/test_overlap.cpp and bench/overlap_bench.cpp: n
// unit boxes of 1 kg stacked at one point on a fixed floor, and a measure of how deep two boxes
// overlap that does not use the library's collision detection (the separating axis theorem on the
// boxes' corners).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "contactlab/world.h"

namespace contactlab::overlap {

// A fixed floor 20 m wide with its top at y = 0 and n unit boxes of 1 kg, box k (from 0) centred
// at (k * spread, 0.5): with spread 0 every box sits at the same point, overlapping all others by
// its whole area.
inline World boxesAtOnePoint(int n, double spread = 0, WorldSettings settings = {}) {
  World world = World::create(settings).value();
  BodyDef floor;
  floor.name = "floor";
  floor.width = 20;
  floor.height = 1;
  floor.fixed = true;
  floor.state.position = {0, -0.5};
  world.addBody(floor);
  for (int k = 0; k < n; ++k) {
    BodyDef box;
    box.name = std::string("b").append(std::to_string(k));
    box.mass = 1;
    box.state.position = {k * spread, 0.5};
    world.addBody(box);
  }
  return world;
}

inline std::array<Vec2, 4> corners(const BodyView& box) {
  const Vec2 c = box.state.position;
  const double cs = std::cos(box.state.angle), sn = std::sin(box.state.angle);
  const double hw = box.def.width / 2, hh = box.def.height / 2;
  std::array<Vec2, 4> out;
  const double sx[4] = {-1, 1, 1, -1}, sy[4] = {-1, -1, 1, 1};
  for (int i = 0; i < 4; ++i) {
    const double x = sx[i] * hw, y = sy[i] * hh;
    out[i] = {c.x + cs * x - sn * y, c.y + sn * x + cs * y};
  }
  return out;
}

// How far two boxes overlap (m, 0 if they do not): the smallest overlap of their projections on
// the four edge normals, which by the separating axis theorem is the distance one must move to
// part them.
inline double overlapDepth(const BodyView& p, const BodyView& q) {
  const std::array<Vec2, 4> cp = corners(p), cq = corners(q);
  double depth = INFINITY;
  for (const std::array<Vec2, 4>* shape : {&cp, &cq}) {
    for (int e = 0; e < 2; ++e) {
      const Vec2 edge = (*shape)[e + 1] - (*shape)[e];
      const Vec2 axis = Vec2{-edge.y, edge.x} / std::hypot(edge.x, edge.y);
      double lowP = INFINITY, highP = -INFINITY, lowQ = INFINITY, highQ = -INFINITY;
      for (int i = 0; i < 4; ++i) {
        const double s = cp[i].x * axis.x + cp[i].y * axis.y;
        const double t = cq[i].x * axis.x + cq[i].y * axis.y;
        lowP = std::min(lowP, s), highP = std::max(highP, s);
        lowQ = std::min(lowQ, t), highQ = std::max(highQ, t);
      }
      depth = std::min(depth, std::min(highP, highQ) - std::max(lowP, lowQ));
    }
  }
  return std::max(depth, 0.0);
}

// The deepest overlap between any two boxes of the world, the floor included.
inline double deepestOverlap(const World& world) {
  std::vector<BodyView> boxes;
  for (BodyId id : world.bodies()) boxes.push_back(*world.body(id));
  double deepest = 0;
  for (size_t i = 0; i < boxes.size(); ++i)
    for (size_t j = i + 1; j < boxes.size(); ++j)
      deepest = std::max(deepest, overlapDepth(boxes[i], boxes[j]));
  return deepest;
}

}  // namespace contactlab::overlap
