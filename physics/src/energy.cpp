#include "energy.h"

#include "external_forces.h"

namespace contactlab {

Energy energyOf(const Model& model, std::span<const BodyState> states) {
  Energy e;
  for (size_t i = 0; i < model.bodies.size(); ++i) {
    const Body& b = model.bodies[i];
    if (b.fixed()) continue;
    e.kinetic += kineticEnergy(b, states[i]);
    e.potential += gravityEnergy(model, b, states[i]);
  }
  addSpringEnergy(model, states, e.potential);
  e.total = e.kinetic + e.potential;
  return e;
}

void addSpringEnergy(const Model& model, std::span<const BodyState> states, double& potential) {
  for (const Spring& spring : model.springs) {
    SpringPull pull = springPull(spring, states[spring.body]);
    double stretch = glm::length(pull.point - spring.def.anchor) - spring.def.restLength;
    potential += 0.5 * spring.def.stiffness * stretch * stretch;
  }
}

}  // namespace contactlab
