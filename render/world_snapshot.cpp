// Snapshots of a world for the window (world_snapshot.h).
#include "world_snapshot.h"

#include <algorithm>
#include <cmath>

namespace contactlab {
namespace {

// Everything of a definition but its state, which a step changes and a snapshot keeps apart.
bool sameDefinition(const BodyDef& a, const BodyDef& b) {
  return a.name == b.name && a.shape == b.shape && a.width == b.width && a.height == b.height &&
         a.radius == b.radius && a.points == b.points && a.mass == b.mass &&
         a.density == b.density && a.elasticity == b.elasticity && a.friction == b.friction &&
         a.fixed == b.fixed;
}

bool describes(const BodyDefinitions& definitions, const World& world,
               const std::vector<BodyId>& ids) {
  if (definitions.bodies.size() != ids.size()) return false;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const SnapshotBody& known = definitions.bodies[i];
    if (known.id != ids[i]) return false;
    std::optional<BodyView> view = world.body(ids[i]);
    if (!sameDefinition(known.def, view->def) || known.mass != view->mass ||
        known.inertia != view->inertia || known.elasticity != view->elasticity ||
        known.friction != view->friction)
      return false;
  }
  return true;
}

}  // namespace

int BodyDefinitions::indexOf(BodyId id) const {
  if (id.index >= indexOfSlot.size()) return -1;
  const int i = indexOfSlot[id.index];
  return i >= 0 && bodies[i].id == id ? i : -1;
}

std::shared_ptr<const BodyDefinitions> bodyDefinitions(
    const World& world, std::shared_ptr<const BodyDefinitions> previous) {
  const std::vector<BodyId> ids = world.bodies();
  if (previous && describes(*previous, world, ids)) return previous;
  auto made = std::make_shared<BodyDefinitions>();
  made->bodies.reserve(ids.size());
  for (BodyId id : ids) {
    BodyView view = *world.body(id);
    const int i = static_cast<int>(made->bodies.size());
    made->bodies.push_back(
        {id, std::move(view.def), view.mass, view.inertia, view.elasticity, view.friction});
    if (id.index >= made->indexOfSlot.size()) made->indexOfSlot.resize(id.index + 1, -1);
    made->indexOfSlot[id.index] = i;
    made->indexOfName.emplace(made->bodies.back().def.name, i);
  }
  return made;
}

const SnapshotBody* WorldSnapshot::find(BodyId id) const {
  const int i = indexOf(id);
  return i < 0 ? nullptr : &definitions->bodies[i];
}

std::optional<BodyId> WorldSnapshot::findBody(const std::string& name) const {
  if (!definitions) return std::nullopt;
  auto found = definitions->indexOfName.find(name);
  if (found == definitions->indexOfName.end()) return std::nullopt;
  return definitions->bodies[found->second].id;
}

const std::string& WorldSnapshot::nameOf(BodyId id) const {
  static const std::string kNone;
  const SnapshotBody* b = find(id);
  return b ? b->def.name : kNone;
}

void snapshotWorld(World& world, std::shared_ptr<const BodyDefinitions> definitions,
                   WorldSnapshot& out) {
  const std::vector<SnapshotBody>& bodies = definitions->bodies;
  const std::size_t n = bodies.size();
  out.states.resize(n);
  out.outlines.resize(n);
  out.bounds.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const BodyId id = bodies[i].id;
    out.states[i] = world.body(id)->state;  // a BodyView: allocates only for a polygon's points
    world.outline(id, out.outlines[i]);
    out.bounds[i] = world.bounds(id).value();
  }
  out.definitions = std::move(definitions);
  const std::vector<ContactReport>& contacts = world.contacts();
  out.contacts.assign(contacts.begin(), contacts.end());
  out.joints = world.joints();
  out.jointDefinitions = world.jointDefinitions();
  out.springs = world.springDefinitions();
  out.energy = world.energy();
  out.settings = world.settings();
  out.time = world.time();
  out.statistics = world.statistics();
  out.lastStep = world.lastStep();
}

}  // namespace contactlab
