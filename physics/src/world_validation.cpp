#include "world_validation.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "body_validation.h"
#include "contactlab/limits.h"

namespace contactlab {
namespace {

std::string bodyName(const Body& body) {
  return "body '" + body.def.name + "'";
}

Status massProperties(const Body& body, const WorldSettings& settings) {
  const std::string where = bodyName(body) + ": ";
  if (!(body.mass >= limits::kMinMass && body.mass <= limits::kMaxMass))
    return Error{where + "its mass is outside the limits"};
  if (!(body.inertia > 0) || !std::isfinite(body.inertia) ||
      body.inertia != body.mass * body.shape.inertiaPerMass)
    return Error{where + "its moment of inertia does not follow from its mass and shape"};
  const double invMass = body.fixed() ? 0 : 1 / body.mass;
  const double invInertia = body.fixed() ? 0 : 1 / body.inertia;
  if (body.invMass != invMass || body.invInertia != invInertia)
    return Error{where +
                 "its inverse mass and inertia do not match its mass, inertia and fixedness"};
  if (body.elasticity != body.def.elasticity.value_or(settings.elasticity) ||
      body.friction != body.def.friction.value_or(settings.friction))
    return Error{where + "its elasticity or friction is not its own or the world's"};
  return {};
}

// Distinct non-null serials below nextSerial.
template <class Force>
Status forceIds(const std::vector<Force>& forces, unsigned nextSerial, const char* kind,
                std::vector<unsigned>& serials) {
  for (const Force& force : forces) {
    if (force.id.serial == 0 || force.id.serial >= nextSerial)
      return Error{std::string("a ") + kind + " has an id that was never handed out"};
    serials.push_back(force.id.serial);
  }
  return {};
}

template <class Force>
Status forceBodies(const Model& model, const std::vector<Force>& forces, const char* kind) {
  for (const Force& force : forces) {
    if (force.body < 0 || static_cast<std::size_t>(force.body) >= model.bodies.size())
      return Error{std::string("a ") + kind + " acts on a body that does not exist"};
    if (!(model.bodies[force.body].id == force.def.body))
      return Error{std::string("a ") + kind + " on " + bodyName(model.bodies[force.body]) +
                   " was given for another body"};
  }
  return {};
}

}  // namespace

Status validateBodies(const Model& model, std::span<const BodyState> states) {
  if (Status settings = validateSettings(model.settings); !settings)
    return Error{"settings: " + settings.error().message};
  if (states.size() != model.bodies.size())
    return Error{"there are " + std::to_string(states.size()) + " body states for " +
                 std::to_string(model.bodies.size()) + " bodies"};
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    const Body& body = model.bodies[i];
    Status state = validateState(states[i]);
    if (state) state = validateSpin(states[i], body.shape);
    if (!state) return Error{bodyName(body) + ": " + state.error().message};
    if (Status mass = massProperties(body, model.settings); !mass) return mass;
  }
  return {};
}

Status validateBodyIds(const Model& model, const BodyIdMaps& maps) {
  const std::size_t slots = maps.denseOfSlot.size();
  if (maps.generationOf.size() != slots)
    return Error{"the id maps: slots and generations differ in number"};
  if (maps.slotOfName.size() != model.bodies.size())
    return Error{"the id maps: " + std::to_string(maps.slotOfName.size()) + " names for " +
                 std::to_string(model.bodies.size()) + " bodies"};
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    const Body& body = model.bodies[i];
    const BodyId id = body.id;
    if (id.isNull() || id.index >= slots) return Error{bodyName(body) + ": its id names no slot"};
    if (maps.denseOfSlot[id.index] != i || maps.generationOf[id.index] != id.generation)
      return Error{bodyName(body) + ": its id does not lead back to it"};
    const auto named = maps.slotOfName.find(body.def.name);
    if (named == maps.slotOfName.end() || named->second != id.index)
      return Error{bodyName(body) + ": its name does not lead to its slot"};
  }
  // Each slot is live (above: exactly the bodies' slots, as each leads back to its own body) or
  // free, once.
  std::vector<bool> free(slots, false);
  for (const std::uint32_t slot : maps.freeSlots) {
    if (slot >= slots || free[slot] || maps.denseOfSlot[slot] != maps.noBody)
      return Error{"the id maps: slot " + std::to_string(slot) + " is free but not empty"};
    free[slot] = true;
  }
  if (maps.freeSlots.size() + model.bodies.size() != slots)
    return Error{"the id maps: " + std::to_string(slots) + " slots are not " +
                 std::to_string(model.bodies.size()) + " bodies and " +
                 std::to_string(maps.freeSlots.size()) + " free slots"};
  return {};
}

Status validateForces(const Model& model, unsigned nextSerial) {
  std::vector<unsigned> serials;
  for (Status status :
       {forceBodies(model, model.springs, "spring"), forceBodies(model, model.thrusts, "thrust"),
        forceIds(model.springs, nextSerial, "spring", serials),
        forceIds(model.thrusts, nextSerial, "thrust", serials)}) {
    if (!status) return status;
  }
  std::sort(serials.begin(), serials.end());
  if (std::adjacent_find(serials.begin(), serials.end()) != serials.end())
    return Error{"two springs or thrusts share an id"};
  return {};
}

}  // namespace contactlab
