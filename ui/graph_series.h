// What the Graph panel can plot: a quantity of one body (named by its name), the force between a
// pair of bodies (in total, or at one point of their contact), the world's energies, or a joint's
// force or tension (the joint named by its name). A series
// reads its value from a WorldSnapshot; where its body or pair is not in the world at that instant
// the value is NaN (a gap in the line), never an error. No ImGui here: plain data.
#pragma once

#include <string>
#include <vector>

#include "world_snapshot.h"

namespace contactlab {

enum class Quantity {
  // of a body
  X,              // m
  Y,              // m
  Angle,          // rad
  Vx,             // m/s
  Vy,             // m/s
  Omega,          // rad/s
  Speed,          // m/s, |v| of the centre of mass
  KineticEnergy,  // J, m v^2 / 2 + I omega^2 / 2 (0 for a fixed body)
  // of a pair of bodies: the force on the first body from the second
  NormalForce,    // N, the sum of the normal forces of the pair's contact points (>= 0)
  FrictionForce,  // N, the sum of the tangential forces, positive along the contact's tangent
  // of the world
  KineticTotal,    // J
  PotentialTotal,  // J
  EnergyTotal,     // J
  // of a joint
  JointForce,    // N, the size of the force the joint applies to its body A
  JointTension,  // N, rods and ropes (positive pulls the ends together); NaN for pins and hinges
};

// A body quantity, a pair force, a world energy, or a joint's force.
enum class QuantityOf { Body, Pair, World, Joint };
QuantityOf quantityOf(Quantity quantity);

struct GraphSeries {
  Quantity quantity = Quantity::Y;
  std::string body;   // the body, the pair's first body, or the joint
  std::string other;  // the pair's second body (the pair is order-free: "a/b" is "b/a")
  // Pair forces: 0 for the pair's total; k >= 1 for the k-th of `points` contact points, counted
  // along the contact (contactPoints).
  int point = 0;
  int points = 0;

  bool operator==(const GraphSeries&) const = default;
};

// "block y (m)", "block/floor normal force (N)", "block/floor point 1 of 2 friction (N)",
// "total energy (J)", "J1 tension (N)".
std::string seriesLabel(const GraphSeries& series);
// "m", "rad", "m/s", "rad/s", "J", "N".
const char* quantityUnit(Quantity quantity);
// "x", "angle", "normal force", "kinetic energy" (of a body), "total energy" (of the world).
const char* quantityName(Quantity quantity);

// The contacts between bodies `a` and `b` (either order) in `world`, ordered along the contact:
// by position along the tangent of the pair's contact normal, the tangent turned so that it points
// right (+x), or up (+y) for a vertical tangent. For a block on the floor: left corner first.
std::vector<const ContactReport*> contactPoints(const WorldSnapshot& world, BodyId a, BodyId b);

// The series' value in `world`: NaN when its body, or a body of its pair, is not there, or when a
// point series' pair touches at another number of points than `points` (the chosen point is not
// one of them any more). A pair whose bodies are apart has 0 force.
double seriesValue(const GraphSeries& series, const WorldSnapshot& world);

}  // namespace contactlab
