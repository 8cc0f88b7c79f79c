#include "contact_finder.h"

#include <algorithm>

#include "narrow_phase.h"

namespace contactlab {
namespace {

// Each polygon's vertices sit in an allocation of their own, which the hardware does not see
// coming: place() fetches them this many bodies ahead (on pyramid100 three quarters of its time
// was waiting for them, and the two ends of a box's 64 bytes of vertices may lie on two lines).
constexpr size_t kVertexLookahead = 8;

// The shape's bounding box at `placement`, grown by `grow` on every side: a polygon's from its
// placed vertices, a disc's from its radius.
Aabb shapeBox(const Shape& shape, const Transform& placement, double grow) {
  if (shape.isDisc()) {
    const double extent = shape.radius + grow;
    return {placement.position - Vec2{extent, extent}, placement.position + Vec2{extent, extent}};
  }
  Vec2 lower = placement.apply(shape.vertices.front()), upper = lower;
  for (const Vec2 v : shape.vertices) {
    const Vec2 p = placement.apply(v);
    lower = glm::min(lower, p);
    upper = glm::max(upper, p);
  }
  return {lower - Vec2{grow, grow}, upper + Vec2{grow, grow}};
}

}  // namespace

void ContactFinder::place(const Model& model, std::span<const BodyState> states,
                          std::span<const double> reach) {
  const size_t n = model.bodies.size();
  boxes_.resize(n);
  isStatic_.resize(n);
  transforms_.resize(n);
  radius_.resize(n);
  roundness_.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const Body& body = model.bodies[i];
    if (i + kVertexLookahead < n) {
      const std::vector<Vec2>& ahead = model.bodies[i + kVertexLookahead].shape.vertices;
      if (!ahead.empty()) {
        __builtin_prefetch(&ahead.front());
        __builtin_prefetch(&ahead.back());
      }
    }
    transforms_[i].place(states[i].position, states[i].angle);
    const double grow = reach.empty() ? 0.0 : reach[i];
    boxes_[i] = shapeBox(body.shape, transforms_[i], grow);
    isStatic_[i] = body.fixed();
    radius_[i] = body.shape.boundingRadius;
    roundness_[i] = {body.shape.isDisc(), body.shape.radius};
  }
}

void ContactFinder::find(const Model& model, std::span<const BodyState> states, double margin,
                         std::vector<Contact>& out, std::span<const double> reach,
                         std::span<const std::pair<int, int>> skip) {
  out.clear();
  place(model, states, reach);
  broadPhase_.findPairs(boxes_, isStatic_, margin, pairs_);
  auto skipped = skip.begin();  // both lists are sorted: walk them together
  for (auto [i, j] : pairs_) {
    const std::pair pair{i, j};
    while (skipped != skip.end() && *skipped < pair) ++skipped;
    if (skipped != skip.end() && *skipped == pair) continue;
    if (model.jointed(i, j)) continue;
    const double pairMargin = reach.empty() ? margin : margin + reach[i] + reach[j];
    collidePair(model, states, i, j, transforms_[i], transforms_[j], pairMargin, out);
  }
}

void ContactFinder::findBetween(const Model& model, std::span<const BodyState> states,
                                double margin, std::span<const std::pair<int, int>> pairs,
                                std::vector<Contact>& out) {
  out.clear();
  for (auto [i, j] : pairs) {
    const Transform ti(states[i].position, states[i].angle);
    const Transform tj(states[j].position, states[j].angle);
    collidePair(model, states, i, j, ti, tj, margin, out);
  }
}

void ContactFinder::collidePair(const Model& model, std::span<const BodyState> states, int i, int j,
                                const Transform& ti, const Transform& tj, double margin,
                                std::vector<Contact>& out) {
  geometry_.clear();
  collideShapes(model.bodies[i].shape, ti, model.bodies[j].shape, tj, margin, geometry_);
  appendContacts(geometry_, i, j, states, out);
}

void ContactFinder::appendContacts(std::span<const ContactGeometry> geometry, int i, int j,
                                   std::span<const BodyState> states, std::vector<Contact>& out) {
  for (const ContactGeometry& g : geometry) {
    Contact& c = out.emplace_back();
    setContact(c, g, i, j);
    c.normalSpeed = glm::dot(g.normal, pointVelocity(states[c.body1], g.point1) -
                                           pointVelocity(states[c.body2], g.point2));
  }
}

}  // namespace contactlab
