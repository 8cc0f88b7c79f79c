// Picking the body under a point (picking.h).
#include "picking.h"

namespace contactlab {

std::optional<BodyId> pickBody(const World& world, Vec2 point, double tolerance) {
  std::vector<BodyId> ids = world.bodies();
  std::optional<BodyId> fixedHit;
  for (auto it = ids.rbegin(); it != ids.rend(); ++it) {
    Result<bool> hit = world.containsPoint(*it, point, tolerance);
    if (!hit || !hit.value()) continue;
    if (!world.body(*it)->def.fixed) return *it;
    if (!fixedHit) fixedHit = *it;
  }
  return fixedHit;
}

}  // namespace contactlab
