// Shared by the suites of the display-free view code (they link contactlab_view): a world's
// snapshot, as the window would take it.
#pragma once

#include "world_snapshot.h"

namespace contactlab::testing {

inline WorldSnapshot snapshotOf(World& world) {
  WorldSnapshot snapshot;
  snapshotWorld(world, bodyDefinitions(world, nullptr), snapshot);
  return snapshot;
}

}  // namespace contactlab::testing
