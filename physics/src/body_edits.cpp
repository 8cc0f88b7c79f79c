// A body's mass and fixedness changed in place (body_edits.h).
#include "body_edits.h"

#include <utility>

#include "body_validation.h"

namespace contactlab {

Status setMass(Body& body, double kg) {
  Status status = validateMass(kg);
  Body edited = body;
  edited.def.mass = kg;
  if (status) status = assignMass(edited, kg);
  if (!status) return Error{"body '" + body.def.name + "': " + status.error().message};
  body = std::move(edited);
  return {};
}

Status setFixed(Body& body, BodyState& state, bool fixed) {
  if (body.def.fixed == fixed) return {};
  Body edited = body;
  edited.def.fixed = fixed;
  // The mass and size were checked against the limits when they were given, and within them the
  // inverses are finite; checked again all the same, so that a failure changes nothing.
  Status status = assignMass(edited, edited.mass);
  if (!status) return Error{"body '" + body.def.name + "': " + status.error().message};
  body = std::move(edited);
  state.velocity = {0, 0};
  state.omega = 0;
  return {};
}

}  // namespace contactlab
