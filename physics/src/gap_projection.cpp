#include "gap_projection.h"

#include <algorithm>
#include <cmath>

#include "contact_materials.h"
#include "stage_timer.h"

namespace contactlab {
namespace {

// How much the gap of contact c changed while its bodies moved from `found` to `states`, to first
// order: n . (dx1 - dx2) + (r1 x n) dtheta1 - (r2 x n) dtheta2 (the contact point's displacement
// with each body; a disc's point lies on the normal through its centre, so its spin changes
// nothing).
double gapChange(const Contact& c, std::span<const BodyState> found,
                 std::span<const BodyState> states) {
  if (found.data() == states.data()) return 0;
  const ContactGeometry& g = c.geometry;
  const BodyState& from1 = found[c.body1];
  const BodyState& from2 = found[c.body2];
  const BodyState& to1 = states[c.body1];
  const BodyState& to2 = states[c.body2];
  return glm::dot(g.normal, (to1.position - from1.position) - (to2.position - from2.position)) +
         cross(g.point1 - from1.position, g.normal) * (to1.angle - from1.angle) -
         cross(g.point2 - from2.position, g.normal) * (to2.angle - from2.angle);
}

}  // namespace

int GapProjection::localBody(const Model& model, int body) {
  if (model.bodies[body].fixed()) return 0;
  if (localOf_[body] < 0) {
    localOf_[body] = static_cast<int>(members_.size());
    members_.push_back(body);
    invMass_.push_back(model.bodies[body].invMass);
  }
  return localOf_[body];
}

bool GapProjection::buildRows(const Model& model, std::span<const Contact> contacts,
                              std::span<const BodyState> found, std::span<const BodyState> states,
                              GapCorrectionRate rate,
                              std::span<const std::pair<int, int>> overlapping) {
  const WorldSettings& w = model.settings;
  const double target = w.distanceTol / 2;
  const double slop = kGapSlop * w.distanceTol;
  rows_.clear();
  // Most steps of a resting scene find every contact within the slop: then nothing is built.
  excess_.resize(contacts.size());
  bool anyClose = false;
  for (size_t k = 0; k < contacts.size(); ++k) {
    const Contact& c = contacts[k];
    excess_[k] = c.geometry.distance + gapChange(c, found, states) - target;
    anyClose = anyClose || (excess_[k] < -slop &&
                            !(model.bodies[c.body1].fixed() && model.bodies[c.body2].fixed()));
  }
  if (!anyClose) return false;
  // Upwards, against gravity (none without gravity). The rows go from the lowest contact up, equal
  // heights in the contacts' order, for the first sweep's shock propagation.
  const double up = w.gravity > 0 ? 1 : w.gravity < 0 ? -1 : 0;
  order_.clear();
  for (size_t k = 0; k < contacts.size(); ++k) {
    // No body moves by more than largestMove: a contact farther than twice that beyond its target
    // cannot close to it in this step.
    if (excess_[k] > 2 * rate.largestMove) continue;
    order_.push_back({up * contacts[k].geometry.point1.y, k});
  }
  if (up != 0 && !std::is_sorted(order_.begin(), order_.end()))
    std::sort(order_.begin(), order_.end());
  localOf_.assign(model.bodies.size(), -1);
  for (const auto& [a, b] : overlapping) localOf_[a] = localOf_[b] = 0;
  members_.assign(1, -1);
  invMass_.assign(1, 0.0);
  bool tooClose = false;
  for (const auto& [height, k] : order_) {
    const Contact& c = contacts[k];
    const double excess = excess_[k];
    Row row;
    row.body1 = localBody(model, c.body1);
    row.body2 = localBody(model, c.body2);
    row.invMass1 = invMass_[row.body1];
    row.invMass2 = invMass_[row.body2];
    if (!(row.invMass1 + row.invMass2 > 0)) continue;  // two immovable bodies
    const bool close = excess < -slop;
    tooClose = tooClose || close;
    row.normal = c.geometry.normal;
    row.mass = 1 / (row.invMass1 + row.invMass2);
    // The normal points from body 2 to body 1: body 2 holds body 1 up when it points up.
    const double rise = up * row.normal.y;
    row.oneWayInvMass1 = rise <= -kSupportCosine && row.invMass2 > 0 ? 0 : row.invMass1;
    row.oneWayInvMass2 = rise >= kSupportCosine && row.invMass1 > 0 ? 0 : row.invMass2;
    row.oneWayMass = 1 / (row.oneWayInvMass1 + row.oneWayInvMass2);
    row.move = close ? std::min(rate.fraction * -excess, rate.largestMove) : -std::max(excess, 0.0);
    if (rate.liftOnly && up != 0 && std::abs(rise) < kSupportCosine) {
      // A side contact: pushed apart horizontally, by as much as opens its gap by row.move.
      const double across = std::abs(row.normal.x);
      row.normal = Vec2{row.normal.x > 0 ? 1.0 : -1.0, 0.0};
      row.move /= across;
    }
    row.friction = rate.frictional ? pairFriction(model.bodies[c.body1].friction,
                                                  model.bodies[c.body2].friction)
                                   : 0.0;
    rows_.push_back(row);
  }
  return tooClose;
}

double GapProjection::sweep(bool oneWay) {
  double largest = 0;
  for (Row& row : rows_) {
    Vec2& d1 = moves_[row.body1];
    Vec2& d2 = moves_[row.body2];
    // A row that asks for no push and whose bodies have not moved keeps a zero impulse: skip it.
    if (row.normalImpulse == 0 && row.move <= 0 && d1 == Vec2{0, 0} && d2 == Vec2{0, 0}) continue;
    const double w1 = oneWay ? row.oneWayInvMass1 : row.invMass1;
    const double w2 = oneWay ? row.oneWayInvMass2 : row.invMass2;
    const double mass = oneWay ? row.oneWayMass : row.mass;
    const double normal =
        std::max(row.normalImpulse + mass * (row.move - glm::dot(row.normal, d1 - d2)), 0.0);
    const Vec2 push = (normal - row.normalImpulse) * row.normal;
    largest = std::max(largest, std::abs(normal - row.normalImpulse) / mass);
    row.normalImpulse = normal;
    d1 += w1 * push;
    d2 -= w2 * push;
    if (row.friction > 0) {
      const Vec2 t = perpendicular(row.normal);
      const double bound = row.friction * normal;
      const double tangent =
          std::clamp(row.tangentImpulse - mass * glm::dot(t, d1 - d2), -bound, bound);
      const Vec2 shift = (tangent - row.tangentImpulse) * t;
      row.tangentImpulse = tangent;
      d1 += w1 * shift;
      d2 -= w2 * shift;
    }
  }
  return largest;
}

void GapProjection::project(const Model& model, std::span<const Contact> contacts,
                            std::span<const BodyState> found, std::span<BodyState> states,
                            GapCorrectionRate rate, StageTimes& times,
                            std::span<const std::pair<int, int>> overlapping) {
  StageTimer timer(times.gaps);
  if (!buildRows(model, contacts, found, states, rate, overlapping)) return;
  moves_.assign(members_.size(), Vec2{0, 0});
  const double settled = kGapSlop * model.settings.distanceTol;
  for (int i = 0; i < kGapProjectionSweeps; ++i)
    if (sweep(i == 0 || rate.liftOnly) <= settled) break;
  // Through a chain of contacts the moves add up; no body moves by more than largestMove, so none
  // can reach a body beyond the contacts found for the step.
  for (size_t local = 1; local < members_.size(); ++local) {
    const double length = glm::length(moves_[local]);
    const double scale = length > rate.largestMove ? rate.largestMove / length : 1.0;
    states[members_[local]].position += scale * moves_[local];
  }
}

}  // namespace contactlab
