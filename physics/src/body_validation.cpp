#include "body_validation.h"

#include <cmath>
#include <string>

#include "contactlab/scene.h"

namespace contactlab {
namespace {

constexpr double kMaxQpIterations = 1e6;
constexpr double kMaxSubsteps = 1000;

bool finite(Vec2 v) {
  return std::isfinite(v.x) && std::isfinite(v.y);
}

Status requireNonNegative(double value, const char* name) {
  if (!std::isfinite(value) || value < 0)
    return Error{std::string(name) + " must be a finite number >= 0"};
  return {};
}

Status requirePositive(double value, const char* name) {
  if (!std::isfinite(value) || value <= 0)
    return Error{std::string(name) + " must be a finite number > 0"};
  return {};
}

}  // namespace

Status validateSettings(const WorldSettings& s) {
  if (!std::isfinite(s.gravity)) return Error{"gravity must be finite"};
  for (Status st :
       {requireNonNegative(s.damping, "damping"), requireNonNegative(s.rotateRatio, "rotate ratio"),
        requireNonNegative(s.elasticity, "elasticity"), requireNonNegative(s.friction, "friction"),
        requirePositive(s.dt, "dt"), requirePositive(s.distanceTol, "distance tolerance"),
        requirePositive(s.velocityTol, "velocity tolerance")}) {
    if (!st) return st;
  }
  if (!(s.gapRecoverySteps >= 1 && std::isfinite(s.gapRecoverySteps)))
    return Error{"gap recovery steps must be a finite number >= 1"};
  for (Status st : {requirePositive(s.qpTolerance, "qp tolerance"),
                    requireNonNegative(s.contactMargin, "contact margin"),
                    requireNonNegative(s.restitutionThreshold, "restitution threshold")}) {
    if (!st) return st;
  }
  if (!(s.qpIterations >= 1 && s.qpIterations <= kMaxQpIterations &&
        s.qpIterations == std::floor(s.qpIterations)))
    return Error{"qp iterations must be a whole number from 1 to 1000000"};
  if (!(s.substeps >= 1 && s.substeps <= kMaxSubsteps && s.substeps == std::floor(s.substeps)))
    return Error{"substeps must be a whole number from 1 to 1000"};
  if (!(s.gapStabilization > 0 && s.gapStabilization <= 1))
    return Error{"gap stabilization must be a number > 0 and <= 1"};
  return {};
}

Status validateState(const BodyState& s) {
  if (!finite(s.position) || !std::isfinite(s.angle) || !finite(s.velocity) ||
      !std::isfinite(s.omega))
    return Error{"body state (x, y, angle, vx, vy, omega) must be finite"};
  return {};
}

Status validateSpring(const SpringDef& def) {
  if (!finite(def.bodyPoint) || !finite(def.anchor)) return Error{"spring points must be finite"};
  for (Status st : {requireNonNegative(def.stiffness, "spring stiffness"),
                    requireNonNegative(def.restLength, "spring rest length"),
                    requireNonNegative(def.damping, "spring damping")}) {
    if (!st) return st;
  }
  return {};
}

Status validateThrust(const ThrustDef& def) {
  if (!finite(def.bodyPoint) || !finite(def.force)) return Error{"thrust must be finite"};
  return {};
}

Result<Body> makeBody(const BodyDef& def, const WorldSettings& settings) {
  if (!isValidBodyName(def.name))
    return Error{"a body needs a name of letters, digits, '_', '-' or '.' (got '" + def.name +
                 "')"};
  const std::string where = "body '" + def.name + "': ";
  Result<Shape> shape = makeShape(def);
  if (!shape) return Error{where + shape.error().message};
  Status state = validateState(def.state);
  if (!state) return Error{where + state.error().message};
  if (def.mass) {
    Status mass = requirePositive(*def.mass, "mass");
    if (!mass) return Error{where + mass.error().message};
  } else {
    Status density = requirePositive(def.density, "density");
    if (!density) return Error{where + density.error().message};
  }
  for (auto [value, name] : {std::pair{def.elasticity, "elasticity"}, {def.friction, "friction"}}) {
    if (!value) continue;
    Status st = requireNonNegative(*value, name);
    if (!st) return Error{where + st.error().message};
  }
  Body body;
  body.def = def;
  body.shape = shape.value();
  body.mass = def.mass ? *def.mass : def.density * body.shape.area;
  body.inertia = body.mass * body.shape.inertiaPerMass;
  body.invMass = def.fixed ? 0 : 1 / body.mass;
  body.invInertia = def.fixed ? 0 : 1 / body.inertia;
  body.elasticity = def.elasticity.value_or(settings.elasticity);
  body.friction = def.friction.value_or(settings.friction);
  if (!std::isfinite(body.invMass) || !std::isfinite(body.invInertia) || !(body.inertia > 0))
    return Error{where + "mass and size give no finite moment of inertia"};
  return body;
}

}  // namespace contactlab
