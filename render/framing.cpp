// The framing of a scene for its first view (framing.h).
#include "framing.h"

#include <algorithm>
#include <optional>

#include "body_outline.h"

namespace contactlab {
namespace {

void grow(std::optional<Rect>& into, const Rect& r) {
  if (!into) {
    into = r;
    return;
  }
  into->min = glm::min(into->min, r.min);
  into->max = glm::max(into->max, r.max);
}

}  // namespace

Rect sceneFraming(const WorldSnapshot& world) {
  std::optional<Rect> moving, all;
  std::vector<Rect> fixedBounds;
  for (std::size_t i = 0; i < world.bodyCount(); ++i) {
    Rect r = boundsRect(world.bounds[i]);
    grow(all, r);
    if (world.body(i).def.fixed)
      fixedBounds.push_back(r);
    else
      grow(moving, r);
  }
  if (!all) return {{-3, -1}, {3, 3}};
  Rect frame = moving ? *moving : *all;
  if (moving) {
    Vec2 reach = glm::max(frame.size() * 0.25, Vec2{1, 1});
    Rect near{frame.min - reach, frame.max + reach};
    for (const Rect& r : fixedBounds) {
      Rect clipped{glm::max(r.min, near.min), glm::min(r.max, near.max)};
      if (clipped.min.x <= clipped.max.x && clipped.min.y <= clipped.max.y) grow(moving, clipped);
    }
    frame = *moving;
  }
  frame.min -= Vec2{0.5, 0.5};
  frame.max += Vec2{0.5, 0.5};
  Vec2 c = frame.center(), half = glm::max(frame.size() * 0.5, Vec2{3, 2});
  return {c - half, c + half};
}

}  // namespace contactlab
