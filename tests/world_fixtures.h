// Small builders shared by the world tests: a floor, boxes and discs by name.
#pragma once

#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "contactlab/world.h"

namespace contactlab::testing {

inline World makeWorld(WorldSettings settings = {}) {
  Result<World> world = World::create(settings);
  REQUIRE(world.ok());
  return world.value();
}

inline BodyDef boxDef(const std::string& name, double w, double h, double x, double y,
                      double mass = 1, double angle = 0) {
  BodyDef def;
  def.name = name;
  def.shape = ShapeKind::Box;
  def.width = w;
  def.height = h;
  def.mass = mass;
  def.state.position = {x, y};
  def.state.angle = angle;
  return def;
}

inline BodyDef discDef(const std::string& name, double r, double x, double y, double mass = 1) {
  BodyDef def;
  def.name = name;
  def.shape = ShapeKind::Disc;
  def.radius = r;
  def.mass = mass;
  def.state.position = {x, y};
  return def;
}

inline BodyId add(World& world, const BodyDef& def) {
  Result<BodyId> id = world.addBody(def);
  REQUIRE_MESSAGE(id.ok(), (id.ok() ? "" : id.error().message));
  return id.value();
}

// A fixed floor 40 m wide whose top surface is the line y = 0.
inline BodyId addFloor(World& world, const std::string& name = "floor") {
  BodyDef def = boxDef(name, 40, 1, 0, -0.5);
  def.fixed = true;
  return add(world, def);
}

inline BodyState stateOf(const World& world, BodyId id) {
  return world.body(id)->state;
}

// The gap every solver keeps resting contacts at: half the distance tolerance.
inline double targetGap(const World& world) {
  return world.settings().distanceTol / 2;
}

// The world's own consistency (World::validate), which every helper that steps a world checks.
inline void requireValid(const World& world) {
  const Status status = world.validate();
  if (!status) FAIL("World::validate: " << status.error().message);
}

// One step that must succeed, leaving a valid world.
inline void stepValid(World& world) {
  const Status status = world.step();
  if (!status) FAIL("step: " << status.error().message);
  requireValid(world);
}

inline void run(World& world, double seconds) {
  const int steps = static_cast<int>(std::lround(seconds / world.settings().dt));
  for (int i = 0; i < steps; ++i) stepValid(world);
}

// Sum of the normal contact forces acting between bodies a and b (either orientation).
inline double forceBetween(World& world, BodyId a, BodyId b) {
  double sum = 0;
  for (const ContactReport& c : world.contacts())
    if ((c.body1 == a && c.body2 == b) || (c.body1 == b && c.body2 == a)) sum += c.force;
  return sum;
}

}  // namespace contactlab::testing
