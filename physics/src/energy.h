// The mechanical energy of a world's state: kinetic energy of the moving bodies, potential energy
// of gravity (m g y, zero at y = 0) and of the springs.
#pragma once

#include <span>

#include "contactlab/report.h"
#include "model.h"

namespace contactlab {

Energy energyOf(const Model& model, std::span<const BodyState> states);

// energyOf's terms, for a check that sums them in its own pass over the bodies (divergence.cpp):
// a moving body's kinetic energy and its potential energy of gravity, and the springs' potential
// energy added to `potential` one spring at a time, in their order.
inline double kineticEnergy(const Body& body, const BodyState& s) {
  return 0.5 * body.mass * glm::dot(s.velocity, s.velocity) +
         0.5 * body.inertia * s.omega * s.omega;
}
inline double gravityEnergy(const Model& model, const Body& body, const BodyState& s) {
  return body.mass * model.settings.gravity * s.position.y;
}
void addSpringEnergy(const Model& model, std::span<const BodyState> states, double& potential);

}  // namespace contactlab
