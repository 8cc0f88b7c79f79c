// Picking the body under a point (picking.h).
#include "picking.h"

namespace contactlab {

std::optional<BodyId> pickBody(const WorldSnapshot& world, Vec2 point, double tolerance) {
  std::optional<BodyId> fixedHit;
  for (std::size_t i = world.bodyCount(); i-- > 0;) {
    if (!outlineContains(world.outlines[i], point, tolerance)) continue;
    const SnapshotBody& body = world.body(i);
    if (!body.def.fixed) return body.id;
    if (!fixedHit) fixedHit = body.id;
  }
  return fixedHit;
}

}  // namespace contactlab
