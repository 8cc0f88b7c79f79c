// Checks of everything the API accepts, so that bad input is refused whole with a reason.
#pragma once

#include "contactlab/body.h"
#include "contactlab/forces.h"
#include "contactlab/result.h"
#include "contactlab/settings.h"
#include "model.h"

namespace contactlab {

Status validateSettings(const WorldSettings& settings);
// Finite, inside the world and no faster than the speed limit (docs/limits.md).
Status validateState(const BodyState& state);
// The body's surface, spinning at state.omega, no faster than the speed limit.
Status validateSpin(const BodyState& state, const Shape& shape);
// A spring's or a joint's point within limits::kSpringReach: "<what> must have |x| and |y| at
// most 1e7 m (found ...)".
Status requireWithinSpringReach(Vec2 p, const char* what);
Status validateSpring(const SpringDef& def);
Status validateThrust(const ThrustDef& def);
// A mass in kg: finite, positive and within the limits.
Status validateMass(double kg);

// Sets the body's mass (a checked one) and, from it and the shape, its moment of inertia and the
// inverses of both (0 when the body is fixed), or says why they are not finite and leaves the body
// as it was.
Status assignMass(Body& body, double kg);

// A body with its shape and mass properties, or why the definition is invalid.
Result<Body> makeBody(const BodyDef& def, const WorldSettings& settings);

}  // namespace contactlab
