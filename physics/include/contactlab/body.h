// What a body is made of (BodyDef), where it is and how it moves (BodyState), and its handle
// (BodyId).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "contactlab/vec2.h"

namespace contactlab {

enum class ShapeKind { Box, Disc, Polygon };

// Position and velocity of a body's centre of mass; angle in radians, counter-clockwise.
struct BodyState {
  Vec2 position{0, 0};
  double angle = 0;
  Vec2 velocity{0, 0};
  double omega = 0;
};

struct BodyDef {
  std::string name;  // unique in a world, non-empty
  ShapeKind shape = ShapeKind::Box;
  double width = 1;     // box, m
  double height = 1;    // box, m
  double radius = 0.5;  // disc, m
  // Polygon vertices, counter-clockwise and convex. They are shifted so that their centroid is the
  // body's origin: BodyState::position is always the centre of mass.
  std::vector<Vec2> points;
  std::optional<double> mass;  // kg; when absent, density times area
  double density = 1;          // kg/m^2
  BodyState state;
  std::optional<double> elasticity;  // coefficient of restitution; when absent, the world's
  std::optional<double> friction;    // Coulomb coefficient; when absent, the world's
  bool fixed = false;                // infinite mass and inertia: floors, walls, ramps
};

// A handle to a body: slot index and generation. A removed body's id stops being valid.
struct BodyId {
  std::uint32_t index = 0;
  std::uint32_t generation = 0;  // 0 is never issued: BodyId{} is the null id
  bool isNull() const { return generation == 0; }
  friend bool operator==(BodyId, BodyId) = default;
};

}  // namespace contactlab
