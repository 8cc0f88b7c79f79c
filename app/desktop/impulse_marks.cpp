// Locating collision impulses after a step (impulse_marks.h).
#include "impulse_marks.h"

#include <algorithm>
#include <cmath>

#include "body_outline.h"

namespace contactlab {
namespace {

// The closest point pair between two outlines (corners against edges, both ways): its midpoint,
// the direction from b's point to a's (the way an impulse from b pushes a), and its distance.
double closestPair(const std::vector<Vec2>& a, const std::vector<Vec2>& b, Vec2& midpoint,
                   Vec2& fromB) {
  double best = INFINITY;
  auto scan = [&](const std::vector<Vec2>& corners, const std::vector<Vec2>& outline, double sign) {
    for (Vec2 p : corners) {
      for (std::size_t i = 0; i < outline.size(); ++i) {
        Vec2 s = outline[i], e = outline[(i + 1) % outline.size()];
        Vec2 d = e - s;
        double t = std::clamp(glm::dot(p - s, d) / std::max(glm::dot(d, d), 1e-300), 0.0, 1.0);
        Vec2 q = s + d * t;
        double distance = glm::length(p - q);
        if (distance < best) {
          best = distance;
          midpoint = (p + q) * 0.5;
          fromB = (p - q) * sign;
        }
      }
    }
  };
  scan(a, b, 1);
  scan(b, a, -1);
  return best;
}

}  // namespace

void ImpulseFinder::before(const World& world) {
  ids_ = world.bodies();
  states_.clear();
  for (BodyId id : ids_) states_.push_back(world.body(id)->state);
  collisions_ = world.statistics().collisions;
}

void ImpulseFinder::after(const World& world, std::vector<CollisionMark>& marks) {
  if (world.statistics().collisions == collisions_) return;
  const WorldSettings& settings = world.settings();
  const double threshold = 0.25 * settings.velocityTol;
  const Vec2 gravityJump{0, -settings.gravity * settings.dt};
  BodyOutline scratch;
  std::vector<Vec2> outline, other;
  for (std::size_t i = 0; i < ids_.size(); ++i) {
    std::optional<BodyView> body = world.body(ids_[i]);
    if (!body || body->def.fixed) continue;
    Vec2 jump = body->state.velocity - states_[i].velocity - gravityJump;
    if (glm::length(jump) < threshold) continue;
    bodyOutline(world, ids_[i], 24, scratch, outline);
    Rect bounds = bodyBounds(world, ids_[i]);
    // The neighbour that gave the impulse is near and lies on the side the jump points away
    // from; a floor the body merely rests on is near too, but sideways to a horizontal jump.
    const Vec2 jumpDirection = jump / glm::length(jump);
    double bestScore = -INFINITY, bestDistance = INFINITY;
    Vec2 bestPoint = body->state.position;
    for (BodyId id : ids_) {
      if (id == ids_[i]) continue;
      Rect nb = bodyBounds(world, id);
      double reach = 2 * settings.distanceTol + 0.05;
      if (nb.min.x > bounds.max.x + reach || nb.max.x < bounds.min.x - reach ||
          nb.min.y > bounds.max.y + reach || nb.max.y < bounds.min.y - reach)
        continue;
      bodyOutline(world, id, 24, scratch, other);
      Vec2 point{0, 0}, fromNeighbour{0, 0};
      double distance = closestPair(outline, other, point, fromNeighbour);
      double length = glm::length(fromNeighbour);
      double score = length > 1e-12 ? glm::dot(fromNeighbour / length, jumpDirection) : 0.5;
      if (score > bestScore + 0.1 || (score > bestScore - 0.1 && distance < bestDistance)) {
        bestScore = score;
        bestDistance = distance;
        bestPoint = point;
      }
    }
    if (!std::isfinite(bestDistance)) continue;
    bool duplicate = std::any_of(marks.begin(), marks.end(), [&](const CollisionMark& m) {
      return m.time == world.time() && glm::length(m.point - bestPoint) < 0.02;
    });
    if (!duplicate) marks.push_back({bestPoint, body->mass * glm::length(jump), world.time()});
  }
}

}  // namespace contactlab
