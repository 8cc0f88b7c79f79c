// Picking the body under a point (picking.h).
#include "picking.h"

#include "body_outline.h"

namespace contactlab {

std::optional<BodyId> pickBody(const World& world, Vec2 point, double tolerance) {
  std::vector<BodyId> ids = world.bodies();
  std::optional<BodyId> fixedHit;
  for (auto it = ids.rbegin(); it != ids.rend(); ++it) {
    std::optional<BodyView> body = world.body(*it);
    if (!body || !bodyContains(*body, point, tolerance)) continue;
    if (!body->def.fixed) return *it;
    if (!fixedHit) fixedHit = *it;
  }
  return fixedHit;
}

}  // namespace contactlab
