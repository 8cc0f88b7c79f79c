#include "energy.h"

#include "external_forces.h"

namespace contactlab {

Energy energyOf(const Model& model, std::span<const BodyState> states) {
  Energy e;
  for (size_t i = 0; i < model.bodies.size(); ++i) {
    const Body& b = model.bodies[i];
    if (b.fixed()) continue;
    const BodyState& s = states[i];
    e.kinetic +=
        0.5 * b.mass * glm::dot(s.velocity, s.velocity) + 0.5 * b.inertia * s.omega * s.omega;
    e.potential += b.mass * model.settings.gravity * s.position.y;
  }
  for (const Spring& spring : model.springs) {
    SpringPull pull = springPull(spring, states[spring.body]);
    double stretch = glm::length(pull.point - spring.def.anchor) - spring.def.restLength;
    e.potential += 0.5 * spring.def.stiffness * stretch * stretch;
  }
  e.total = e.kinetic + e.potential;
  return e;
}

}  // namespace contactlab
