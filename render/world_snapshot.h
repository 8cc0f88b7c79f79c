// A world as it was at one instant, for the window: everything the drawing, the picking and the
// panels read (bodies with their definitions, states and outlines, the resting contacts with their
// forces, energy, settings, running totals and the last step's report), so that the window never
// touches the World the physics worker steps. Plain data: a snapshot is filled once and then only
// read, so any number of threads may read it at once.
//
// The bodies' definitions (name, shape, mass, material) are kept apart in BodyDefinitions, shared
// between snapshots through a shared_ptr to const: steps never change them, so a snapshot taken
// after a step points at the same definitions as the one before; only an edit that changes a body
// (adding, removing, its mass, fixedness or material, a replaced world) makes new ones.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "contactlab/forces.h"
#include "contactlab/world.h"

namespace contactlab {

// A body's definition as the world holds it (World::body without the state).
struct SnapshotBody {
  BodyId id;
  BodyDef def;            // as given to addBody; def.state is stale, see WorldSnapshot::states
  double mass = 0;        // kg, infinite for fixed bodies
  double inertia = 0;     // kg m^2, infinite for fixed bodies
  double elasticity = 0;  // effective (own or the world's)
  double friction = 0;
};

// The definitions of a world's bodies, in the world's order, with lookups by id and by name.
struct BodyDefinitions {
  std::vector<SnapshotBody> bodies;
  std::vector<int> indexOfSlot;  // BodyId::index -> position in `bodies`, -1 for none
  std::unordered_map<std::string, int> indexOfName;

  // The position of the body in `bodies`, or -1 for a null, removed or unknown id.
  int indexOf(BodyId id) const;
};

// The definitions of the world's bodies now: `previous` itself when it still describes them
// exactly (the same ids in the same order, the same definitions, masses and materials), else new
// ones. A null `previous` always gives new ones.
std::shared_ptr<const BodyDefinitions> bodyDefinitions(
    const World& world, std::shared_ptr<const BodyDefinitions> previous);

struct WorldSnapshot {
  std::shared_ptr<const BodyDefinitions> definitions;  // never null in a filled snapshot
  // One per body, in the order of definitions->bodies.
  std::vector<BodyState> states;
  std::vector<BodyOutline> outlines;  // World::outline, in world coordinates at `states`
  std::vector<Bounds> bounds;         // World::bounds
  std::vector<ContactReport> contacts;
  std::vector<JointReport> joints;         // World::joints: anchors and forces at this state
  std::vector<JointDef> jointDefinitions;  // World::jointDefinitions, in the order of `joints`
  std::vector<SpringDef> springs;          // World::springDefinitions, in the world's order
  Energy energy;
  WorldSettings settings;
  double time = 0;
  Statistics statistics;
  StepReport lastStep;

  std::size_t bodyCount() const { return states.size(); }
  const SnapshotBody& body(std::size_t i) const { return definitions->bodies[i]; }
  int indexOf(BodyId id) const { return definitions ? definitions->indexOf(id) : -1; }
  // The body with this id, or nullptr.
  const SnapshotBody* find(BodyId id) const;
  std::optional<BodyId> findBody(const std::string& name) const;
  // The body's name, or an empty string for an id not in the snapshot.
  const std::string& nameOf(BodyId id) const;
};

// Fills `out` with `world` as it is now, its bodies described by `definitions` (from
// bodyDefinitions for this world). Computes the world's contacts if they are not yet (hence the
// non-const World). `out`'s buffers keep their storage, so refilling a snapshot allocates nothing
// once it has grown.
void snapshotWorld(World& world, std::shared_ptr<const BodyDefinitions> definitions,
                   WorldSnapshot& out);

}  // namespace contactlab
