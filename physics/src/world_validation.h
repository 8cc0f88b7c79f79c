// The checks behind World::validate(): the world's own consistency, said in words when it fails.
// They read the world and compute nothing heavy (no contact detection, no solve): one pass over
// the bodies, the id maps, the springs and thrusts and the solvers' warm starts.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>

#include "contactlab/result.h"
#include "model.h"

namespace contactlab {

// The world's maps between body ids and dense indices (world.cpp): a BodyId names a slot and a
// generation, and each live slot holds its body's dense index (the index into Model::bodies).
struct BodyIdMaps {
  std::span<const std::uint32_t> denseOfSlot;   // slot -> dense index, or noBody
  std::span<const std::uint32_t> generationOf;  // slot -> its current generation
  const std::unordered_map<std::string, std::uint32_t>& slotOfName;
  std::span<const std::uint32_t> freeSlots;  // the slots addBody may reuse, in any order
  std::uint32_t noBody;
};

// The settings are valid, there is one state per body, and every body's state is finite, inside
// the world and within the speed limit (docs/limits.md), with mass properties that agree with
// its definition (fixed: zero inverses; free: the inverses of its mass and inertia) and the
// materials the settings give it.
Status validateBodies(const Model& model, std::span<const BodyState> states);

// Every body's id names a slot that holds its dense index under the id's generation, every other
// slot is free exactly once, and every name maps to its body's slot.
Status validateBodyIds(const Model& model, const BodyIdMaps& maps);

// Springs and thrusts act on a body of the model (their dense index and their definition's id
// agree) and have distinct non-null ids below `nextSerial`, the next one to be handed out.
Status validateForces(const Model& model, unsigned nextSerial);

}  // namespace contactlab
