// The solvers' warm starts and caches checked against the world they belong to (World::validate):
// every record refers to bodies that exist, in the order the solvers look records up in.
#include <algorithm>
#include <cmath>
#include <string>

#include "contact_finder.h"
#include "contact_sim.h"
#include "timestep_sim.h"

namespace contactlab {
namespace {

bool bodyExists(int body, std::size_t bodyCount) {
  return body >= 0 && static_cast<std::size_t>(body) < bodyCount;
}

bool pairExists(int a, int b, std::size_t bodyCount) {
  return a != b && bodyExists(a, bodyCount) && bodyExists(b, bodyCount);
}

}  // namespace

Status ContactSim::validateWarmStart(std::size_t bodyCount) const {
  for (const auto& [key, clamped] : previous_) {
    if (!pairExists(key.body1, key.body2, bodyCount))
      return Error{"ContactSim's warm start names a contact of bodies that do not exist"};
    if (clamped > 1) return Error{"ContactSim's warm start holds a flag that is not 0 or 1"};
  }
  if (!std::is_sorted(previous_.begin(), previous_.end()))
    return Error{"ContactSim's warm start is not sorted by contact"};
  return {};
}

Status TimestepSim::validateWarmStart(std::size_t bodyCount) const {
  if (keptImpulses_.size() != 2 * kept_.size())
    return Error{"the time-stepping warm start does not hold 2 impulses per contact"};
  for (std::size_t k = 0; k < kept_.size(); ++k) {
    const Contact& c = kept_[k];
    if (!pairExists(c.body1, c.body2, bodyCount))
      return Error{"the time-stepping warm start names a contact of bodies that do not exist"};
    const double normal = keptImpulses_[2 * k], tangent = keptImpulses_[2 * k + 1];
    if (normal > 0 && (!std::isfinite(normal) || !std::isfinite(tangent) ||
                       !std::isfinite(c.geometry.point1.x) || !std::isfinite(c.geometry.point1.y)))
      return Error{"the time-stepping warm start holds an impulse that is not finite"};
  }
  const auto byPair = [](const Contact& a, const Contact& b) {
    return orderedPair(a) < orderedPair(b);
  };
  if (!std::is_sorted(kept_.begin(), kept_.end(), byPair))
    return Error{"the time-stepping warm start is not sorted by pair"};
  return finder_.validateReuse(bodyCount);
}

Status ContactFinder::validateReuse(std::size_t bodyCount) const {
  for (const CollidedPair& pair : collided_) {
    if (!pairExists(pair.i, pair.j, bodyCount) || pair.i > pair.j)
      return Error{"the contact reuse names a pair of bodies that do not exist"};
    if (static_cast<std::size_t>(pair.first) + pair.count > contacts_.size())
      return Error{"the contact reuse names contacts it does not hold"};
  }
  const auto byPair = [](const CollidedPair& a, const CollidedPair& b) {
    return std::pair(a.i, a.j) < std::pair(b.i, b.j);
  };
  if (!std::is_sorted(collided_.begin(), collided_.end(), byPair))
    return Error{"the contact reuse is not sorted by pair"};
  return {};
}

}  // namespace contactlab
