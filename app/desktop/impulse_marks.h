// Where collisions happened during a step, for the view's impulse bursts. The World reports how
// many impulses a step applied but not where; a body hit by an impulse J changes velocity by J / m
// beyond what gravity explains, so the bodies whose velocity jumped are found and a mark is put
// at the closest point between each of them and the nearby body on the side the jump points away
// from (the one that pushed). An approximation for the picture, not a measurement: springs and
// strong contact forces can add to a jump.
#pragma once

#include <cstdint>
#include <vector>

#include "contactlab/world.h"

namespace contactlab {

struct CollisionMark {
  Vec2 point{0, 0};
  double impulse = 0;  // N s: m |jump|
  double time = 0;     // s, simulated time of the step
};

class ImpulseFinder {
 public:
  // Remembers velocities and the collision count before a step.
  void before(const World& world);
  // After the step: if it applied impulses, appends a mark for each body whose velocity jumped.
  void after(const World& world, std::vector<CollisionMark>& marks);

 private:
  std::vector<BodyId> ids_;
  std::vector<BodyState> states_;
  std::int64_t collisions_ = 0;
};

}  // namespace contactlab
