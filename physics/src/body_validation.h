// Checks of everything the API accepts, so that bad input is refused whole with a reason.
#pragma once

#include "contactlab/body.h"
#include "contactlab/forces.h"
#include "contactlab/result.h"
#include "contactlab/settings.h"
#include "model.h"

namespace contactlab {

Status validateSettings(const WorldSettings& settings);
Status validateState(const BodyState& state);
Status validateSpring(const SpringDef& def);
Status validateThrust(const ThrustDef& def);

// A body with its shape and mass properties, or why the definition is invalid.
Result<Body> makeBody(const BodyDef& def, const WorldSettings& settings);

}  // namespace contactlab
