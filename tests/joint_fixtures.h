// Builders and measurements shared by the joint tests (test_joints, test_ropes,
// test_timestep_joints): a world with RK4 at a small step, discs and boxes by name, a joint that
// must be accepted, the complete elliptic integral K for the exact period of a pendulum, and the
// period of a swing measured from a world's steps.
#pragma once

#include <doctest/doctest.h>

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "contactlab/world.h"

namespace contactlab::testing {

inline constexpr double kPi = std::numbers::pi;

inline World emptyWorld(double dt = 0.001) {
  WorldSettings settings;
  settings.dt = dt;
  settings.integrator = IntegratorKind::Rk4;
  Result<World> world = World::create(settings);
  REQUIRE(world.ok());
  return std::move(world.value());
}

inline BodyId addDisc(World& world, const char* name, double radius, double mass, Vec2 at) {
  BodyDef def;
  def.name = name;
  def.shape = ShapeKind::Disc;
  def.radius = radius;
  def.mass = mass;
  def.state.position = at;
  Result<BodyId> id = world.addBody(def);
  REQUIRE(id.ok());
  return id.value();
}

inline BodyId addBox(World& world, const char* name, double width, double height, double mass,
                     Vec2 at) {
  BodyDef def;
  def.name = name;
  def.shape = ShapeKind::Box;
  def.width = width;
  def.height = height;
  def.mass = mass;
  def.state.position = at;
  Result<BodyId> id = world.addBody(def);
  REQUIRE(id.ok());
  return id.value();
}

inline JointId addJoint(World& world, JointDef def) {
  Result<JointId> id = world.addJoint(def);
  REQUIRE_MESSAGE(id.ok(), (id.ok() ? "" : id.error().message));
  return id.value();
}

// A chain of boxes `width` x `length`, one per mass, hanging straight down from the world point
// (0, 0): the first pinned there at its top ("top"), each hinged at its top to the bottom of the
// one above ("hinge1", ...).
inline std::vector<BodyId> hangingChain(World& world, double width, double length,
                                        const std::vector<double>& masses) {
  std::vector<BodyId> chain;
  for (std::size_t i = 0; i < masses.size(); ++i)
    chain.push_back(addBox(world, ("link" + std::to_string(i)).c_str(), width, length, masses[i],
                           {0, -length / 2 - static_cast<double>(i) * length}));
  addJoint(world, {"top", JointKind::Pin, chain[0], BodyId{}, {0, length / 2}, {0, 0}});
  for (std::size_t i = 1; i < chain.size(); ++i)
    addJoint(world, {"hinge" + std::to_string(i),
                     JointKind::Hinge,
                     chain[i],
                     chain[i - 1],
                     {0, length / 2},
                     {0, -length / 2}});
  return chain;
}

// K(k), the complete elliptic integral of the first kind, by the arithmetic-geometric mean:
// K = pi / (2 AGM(1, sqrt(1 - k^2))).
inline double ellipticK(double k) {
  double a = 1, b = std::sqrt(1 - k * k);
  for (int i = 0; i < 40; ++i) {
    const double mean = (a + b) / 2;
    b = std::sqrt(a * b);
    a = mean;
  }
  return kPi / (2 * a);
}

// The period of the swing of `body` about the origin, from the times its x crosses zero going
// right (linear interpolation between steps), averaged over `swings` periods.
inline double measuredPeriod(World& world, BodyId body, int swings) {
  std::vector<double> crossings;
  double previousX = world.body(body)->state.position.x, previousTime = world.time();
  while (static_cast<int>(crossings.size()) <= swings && world.time() < 100) {
    REQUIRE(world.step().ok());
    const double x = world.body(body)->state.position.x;
    if (previousX < 0 && x >= 0)
      crossings.push_back(previousTime +
                          (world.time() - previousTime) * -previousX / (x - previousX));
    previousX = x;
    previousTime = world.time();
  }
  REQUIRE(static_cast<int>(crossings.size()) > swings);
  return (crossings[swings] - crossings[0]) / swings;
}

}  // namespace contactlab::testing
