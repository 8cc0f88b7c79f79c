#include "external_forces.h"

#include "transform.h"

namespace contactlab {

SpringPull springPull(const Spring& spring, const BodyState& state) {
  const SpringDef& def = spring.def;
  Vec2 point = Transform(state.position, state.angle).apply(def.bodyPoint);
  Vec2 stretch = point - def.anchor;
  double length = glm::length(stretch);
  if (!(length > 0)) return {point, {0, 0}};
  Vec2 u = stretch / length;
  double speed = glm::dot(u, pointVelocity(state, point));
  return {point, -(def.stiffness * (length - def.restLength) + def.damping * speed) * u};
}

void externalRates(const Model& model, std::span<const BodyState> states,
                   std::span<BodyRate> rates) {
  const WorldSettings& w = model.settings;
  for (size_t i = 0; i < model.bodies.size(); ++i) {
    const Body& body = model.bodies[i];
    const BodyState& s = states[i];
    BodyRate& r = rates[i];
    if (body.fixed()) {
      r = BodyRate{};
      continue;
    }
    r.velocity = s.velocity;
    r.omega = s.omega;
    r.acceleration = Vec2{0, -w.gravity} - w.damping * body.invMass * s.velocity;
    r.alpha = -w.damping * w.rotateRatio * body.invInertia * s.omega;
  }
  auto push = [&](int i, Vec2 point, Vec2 force) {
    const Body& body = model.bodies[i];
    if (body.fixed()) return;
    rates[i].acceleration += body.invMass * force;
    rates[i].alpha += body.invInertia * cross(point - states[i].position, force);
  };
  for (const Spring& spring : model.springs) {
    SpringPull pull = springPull(spring, states[spring.body]);
    push(spring.body, pull.point, pull.force);
  }
  for (const Thrust& thrust : model.thrusts) {
    const BodyState& s = states[thrust.body];
    Transform t(s.position, s.angle);
    Vec2 force = thrust.def.turnsWithBody ? t.rotate(thrust.def.force) : thrust.def.force;
    push(thrust.body, t.apply(thrust.def.bodyPoint), force);
  }
}

}  // namespace contactlab
