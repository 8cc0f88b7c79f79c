#include "body_validation.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "contactlab/limits.h"
#include "contactlab/scene.h"
#include "number_text.h"

namespace contactlab {
namespace {

constexpr int kMaxQpIterations = 1000000;
constexpr int kMaxSubsteps = 1000;

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

// Nothing if `value` is within [low, high], else why not (with `unit` after the numbers).
Status requireWithin(double value, double low, double high, const std::string& name,
                     const char* unit) {
  if (value >= low && value <= high) return {};
  return Error{name + " must be from " + numberText(low) + unit + " to " + numberText(high) + unit +
               " (found " + numberText(value, 0) + ")"};
}

Status requireInsideWorld(Vec2 p, const char* what) {
  const double reach = std::max(std::abs(p.x), std::abs(p.y));
  if (reach <= limits::kWorldSize) return {};
  return Error{std::string(what) + " must be inside the world: |x| and |y| at most " +
               numberText(limits::kWorldSize) + " m (found " + numberText(reach, 0) + ")"};
}

}  // namespace

Status requireWithinSpringReach(Vec2 p, const char* what) {
  const double reach = std::max(std::abs(p.x), std::abs(p.y));
  if (reach <= limits::kSpringReach) return {};
  return Error{std::string(what) + " must have |x| and |y| at most " +
               numberText(limits::kSpringReach) + " m (found " + numberText(reach, 0) + ")"};
}

Status validateSettings(const WorldSettings& s) {
  if (!std::isfinite(s.gravity)) return Error{"gravity must be finite"};
  if (std::abs(s.gravity) > limits::kMaxGravity) {
    return Error{"gravity must be from -" + numberText(limits::kMaxGravity) + " to " +
                 numberText(limits::kMaxGravity) + " m/s^2 (found " + numberText(s.gravity, 0) +
                 ")"};
  }
  for (Status st :
       {requireNonNegative(s.damping, "damping"), requireNonNegative(s.rotateRatio, "rotate ratio"),
        requireNonNegative(s.elasticity, "elasticity"), requireNonNegative(s.friction, "friction"),
        requirePositive(s.dt, "dt"), requirePositive(s.distanceTol, "distance tolerance"),
        requirePositive(s.velocityTol, "velocity tolerance")}) {
    if (!st) return st;
  }
  if (s.dt > limits::kMaxDt) {
    return Error{"dt must be at most " + numberText(limits::kMaxDt) + " s (found " +
                 numberText(s.dt, 0) + ")"};
  }
  if (!(s.gapRecoverySteps >= 1 && std::isfinite(s.gapRecoverySteps)))
    return Error{"gap recovery steps must be a finite number >= 1"};
  for (Status st : {requirePositive(s.qpTolerance, "qp tolerance"),
                    requireNonNegative(s.contactMargin, "contact margin"),
                    requireNonNegative(s.restitutionThreshold, "restitution threshold")}) {
    if (!st) return st;
  }
  if (s.timestepScheme != TimestepScheme::Qp && s.timestepScheme != TimestepScheme::Substeps)
    return Error{"timestep scheme must be qp or substeps"};
  if (s.qpMethod != QpSolverKind::Pgs && s.qpMethod != QpSolverKind::Mprgp &&
      s.qpMethod != QpSolverKind::Apgd)
    return Error{"qp method must be pgs, mprgp or apgd"};
  if (!(s.qpIterations >= 1 && s.qpIterations <= kMaxQpIterations))
    return Error{"qp iterations must be a whole number from 1 to 1000000 (found " +
                 std::to_string(s.qpIterations) + ")"};
  if (!(s.substeps >= 1 && s.substeps <= kMaxSubsteps))
    return Error{"substeps must be a whole number from 1 to 1000 (found " +
                 std::to_string(s.substeps) + ")"};
  if (!(s.gapStabilization > 0 && s.gapStabilization <= 1))
    return Error{"gap stabilization must be a number > 0 and <= 1"};
  return {};
}

Status validateState(const BodyState& s) {
  if (!finite(s.position) || !std::isfinite(s.angle) || !finite(s.velocity) ||
      !std::isfinite(s.omega))
    return Error{"body state (x, y, angle, vx, vy, omega) must be finite"};
  if (Status inside = requireInsideWorld(s.position, "position"); !inside) return inside;
  const double speed = std::hypot(s.velocity.x, s.velocity.y);
  if (speed > limits::kSpeedLimit) {
    return Error{"speed must be at most the speed limit, " + numberText(limits::kSpeedLimit) +
                 " m/s (found " + numberText(speed, 0) + ")"};
  }
  return {};
}

Status validateSpin(const BodyState& s, const Shape& shape) {
  const double surfaceSpeed =
      std::hypot(s.velocity.x, s.velocity.y) + std::abs(s.omega) * shape.boundingRadius;
  if (surfaceSpeed <= limits::kSpeedLimit) return {};
  return Error{"spin must keep the body's surface below the speed limit, " +
               numberText(limits::kSpeedLimit) + " m/s (omega " + numberText(s.omega) +
               " rad/s moves it at " + numberText(surfaceSpeed) + " m/s)"};
}

Status validateSpring(const SpringDef& def) {
  if (!finite(def.bodyPoint) || !finite(def.anchor)) return Error{"spring points must be finite"};
  for (Status st : {requireWithinSpringReach(def.bodyPoint, "spring body point"),
                    requireWithinSpringReach(def.anchor, "spring anchor"),
                    requireNonNegative(def.stiffness, "spring stiffness"),
                    requireNonNegative(def.restLength, "spring rest length"),
                    requireNonNegative(def.damping, "spring damping")}) {
    if (!st) return st;
  }
  for (Status st :
       {requireWithin(def.stiffness, 0, limits::kMaxStiffness, "spring stiffness", " N/m"),
        requireWithin(def.damping, 0, limits::kMaxStiffness, "spring damping", " N s/m"),
        requireWithin(def.restLength, 0, limits::kSpringReach, "spring rest length", " m")}) {
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
  Status spin = validateSpin(def.state, shape.value());
  if (!spin) return Error{where + spin.error().message};
  if (def.mass) {
    Status mass = validateMass(*def.mass);
    if (!mass) return Error{where + mass.error().message};
  } else {
    Status density = requirePositive(def.density, "density");
    if (density) {
      density = requireWithin(def.density, limits::kMinDensity, limits::kMaxDensity, "density",
                              " kg/m^2");
    }
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
  const double mass = def.mass ? *def.mass : def.density * body.shape.area;
  if (!def.mass) {
    Status inRange =
        requireWithin(mass, limits::kMinMass, limits::kMaxMass, "mass (density times area)", " kg");
    if (!inRange) return Error{where + inRange.error().message};
  }
  Status massProperties = assignMass(body, mass);
  if (!massProperties) return Error{where + massProperties.error().message};
  body.elasticity = def.elasticity.value_or(settings.elasticity);
  body.friction = def.friction.value_or(settings.friction);
  return body;
}

Status validateMass(double kg) {
  Status mass = requirePositive(kg, "mass");
  if (mass) mass = requireWithin(kg, limits::kMinMass, limits::kMaxMass, "mass", " kg");
  return mass;
}

Status assignMass(Body& body, double kg) {
  const double inertia = kg * body.shape.inertiaPerMass;
  const double invMass = body.fixed() ? 0 : 1 / kg;
  const double invInertia = body.fixed() ? 0 : 1 / inertia;
  if (!std::isfinite(invMass) || !std::isfinite(invInertia) || !(inertia > 0))
    return Error{"mass and size give no finite moment of inertia"};
  body.mass = kg;
  body.inertia = inertia;
  body.invMass = invMass;
  body.invInertia = invInertia;
  return {};
}

}  // namespace contactlab
