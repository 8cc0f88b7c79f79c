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
Status validateSpring(const SpringDef& def);
Status validateThrust(const ThrustDef& def);

// A body with its shape and mass properties, or why the definition is invalid.
Result<Body> makeBody(const BodyDef& def, const WorldSettings& settings);

}  // namespace contactlab
