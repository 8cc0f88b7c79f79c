// Changes to a body that keep its shape and its place in the world: its mass, and whether it is
// fixed. World::setBodyMass and World::setBodyFixed forward here.
#pragma once

#include "contactlab/result.h"
#include "model.h"

namespace contactlab {

// The body's mass becomes `kg` (checked as addBody checks a mass) and its moment of inertia scales
// with it; def.mass records it, so a captured scene writes it. On error the body is unchanged and
// the message names it.
Status setMass(Body& body, double kg);

// Makes the body fixed or free. Either way its velocity and spin become 0: a fixed body never
// moves, and a freed one starts at rest. Setting what the body already is changes nothing. On
// error (mass properties that are not finite) the body and its state are unchanged.
Status setFixed(Body& body, BodyState& state, bool fixed);

}  // namespace contactlab
