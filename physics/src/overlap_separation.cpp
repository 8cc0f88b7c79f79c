#include "overlap_separation.h"

#include <algorithm>
#include <cmath>

#include "penetration.h"

namespace contactlab {
namespace {

// Projected Gauss-Seidel sweeps over the overlapping pairs, for the velocities and the positions.
// A crowd of bodies at one point couples every pair to every other, so the sweeps need not
// converge; they only need to move each pair the right way, which the first sweep already does.
constexpr int kSweeps = 8;

// Mixes the two body indices into the tie-break of penetration(): pairs of one crowd part along
// different axes.
unsigned pairHash(int i, int j) {
  return static_cast<unsigned>(i) * 2654435761u ^ static_cast<unsigned>(j) * 40503u;
}

}  // namespace

void OverlapSeparation::find(const Model& model, std::span<const BodyState> states) {
  const size_t n = model.bodies.size();
  boxes_.resize(n);
  isStatic_.resize(n);
  transforms_.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const Body& body = model.bodies[i];
    transforms_[i].place(states[i].position, states[i].angle);
    const Vec2 reach{body.shape.boundingRadius, body.shape.boundingRadius};
    boxes_[i] = {states[i].position - reach, states[i].position + reach};
    isStatic_[i] = body.fixed();
  }
  broadPhase_.findPairs(boxes_, isStatic_, 0, candidates_);
  overlaps_.clear();
  pairs_.clear();
  const double deep = model.settings.distanceTol;
  for (auto [i, j] : candidates_) {
    if (model.jointed(i, j)) continue;
    const std::optional<Penetration> p =
        penetration(model.bodies[i].shape, transforms_[i], model.bodies[j].shape, transforms_[j],
                    pairHash(i, j));
    if (!p || !(p->depth > deep)) continue;
    overlaps_.push_back({i, j, p->normal, p->depth});
    pairs_.emplace_back(i, j);
  }
  // Pairs with a fixed body last in each sweep, so that the sweep ends on them.
  std::stable_partition(overlaps_.begin(), overlaps_.end(), [&](const Overlap& o) {
    return !model.bodies[o.i].fixed() && !model.bodies[o.j].fixed();
  });
}

void OverlapSeparation::keepOutOfFixed(const Model& model, std::span<Vec2> motion) const {
  for (auto o = overlaps_.rbegin(); o != overlaps_.rend(); ++o) {
    const bool iMoves = !model.bodies[o->i].fixed();
    if (iMoves && !model.bodies[o->j].fixed()) break;
    const int body = iMoves ? o->i : o->j;
    const Vec2 out = iMoves ? o->normal : -o->normal;
    const double into = glm::dot(motion[body], out);
    if (into < 0) motion[body] -= into * out;
  }
}

void OverlapSeparation::separate(const Model& model, std::span<BodyState> states,
                                 StepReport& stats) {
  if (overlaps_.empty()) return;
  stats.contact.overlappingPairs += static_cast<std::int64_t>(overlaps_.size());
  for (const Overlap& o : overlaps_)
    stats.deepestPenetration = std::max(stats.deepestPenetration, o.depth);
  auto invMass = [&](int b) { return model.bodies[b].invMass; };

  // 1. No approach along n: impulses lambda >= 0 with (v_i - v_j) . n >= 0, complementary.
  for (int sweep = 0; sweep < kSweeps; ++sweep) {
    for (Overlap& o : overlaps_) {
      const double wi = invMass(o.i), wj = invMass(o.j);
      const double closing = glm::dot(states[o.i].velocity - states[o.j].velocity, o.normal);
      const double total = std::max(o.impulse - closing / (wi + wj), 0.0);
      const double change = total - o.impulse;
      o.impulse = total;
      states[o.i].velocity += wi * change * o.normal;
      states[o.j].velocity -= wj * change * o.normal;
    }
  }
  velocity_.resize(states.size());
  for (size_t b = 0; b < states.size(); ++b) velocity_[b] = states[b].velocity;
  keepOutOfFixed(model, velocity_);
  for (size_t b = 0; b < states.size(); ++b) states[b].velocity = velocity_[b];

  // 2. Displacements s >= 0 along n with (x_i - x_j) . n moved by min(depth, vmax dt), shared by
  // the inverse masses; then no body moves further than vmax dt.
  const double reach = kMaxSeparationSpeed * model.settings.dt;
  shift_.assign(model.bodies.size(), Vec2{0, 0});
  for (int sweep = 0; sweep < kSweeps; ++sweep) {
    for (Overlap& o : overlaps_) {
      const double wi = invMass(o.i), wj = invMass(o.j);
      const double moved = glm::dot(shift_[o.i] - shift_[o.j], o.normal);
      const double wanted = std::min(o.depth, reach);
      const double total = std::max(o.separation + (wanted - moved) / (wi + wj), 0.0);
      const double change = total - o.separation;
      o.separation = total;
      shift_[o.i] += wi * change * o.normal;
      shift_[o.j] -= wj * change * o.normal;
    }
  }
  for (Vec2& shift : shift_) {
    const double length = glm::length(shift);
    if (length > reach) shift *= reach / length;
  }
  keepOutOfFixed(model, shift_);
  for (size_t b = 0; b < shift_.size(); ++b) states[b].position += shift_[b];
}

}  // namespace contactlab
