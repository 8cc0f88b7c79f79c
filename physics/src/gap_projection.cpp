#include "gap_projection.h"

#include <algorithm>
#include <cmath>

#include "contact_materials.h"
#include "stage_timer.h"
#include "transform.h"

namespace contactlab {
namespace {

// The world point p, fixed in a body that moved from state `from` to state `to`, after the move.
Vec2 carried(Vec2 p, const BodyState& from, const BodyState& to) {
  if (&from == &to) return p;
  double cosMinusOne = 0, sine = 0;
  rotationOf(to.angle - from.angle, cosMinusOne, sine);
  const Vec2 arm = p - from.position;
  return to.position + arm +
         Vec2{cosMinusOne * arm.x - sine * arm.y, sine * arm.x + cosMinusOne * arm.y};
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
                              GapCorrectionRate rate) {
  const WorldSettings& w = model.settings;
  const double target = w.distanceTol / 2;
  const double slop = kGapSlop * w.distanceTol;
  rows_.clear();
  localOf_.assign(model.bodies.size(), -1);
  members_.assign(1, -1);
  invMass_.assign(1, 0.0);
  bool tooClose = false;
  for (const Contact& c : contacts) {
    const ContactGeometry& g = c.geometry;
    const Vec2 moved1 = carried(g.point1, found[c.body1], states[c.body1]) - g.point1;
    const Vec2 moved2 = carried(g.point2, found[c.body2], states[c.body2]) - g.point2;
    const double excess = g.distance + glm::dot(g.normal, moved1 - moved2) - target;
    // A contact farther than its target by more than a correction moves constrains nothing.
    if (excess > rate.largestMove) continue;
    Row row;
    row.body1 = localBody(model, c.body1);
    row.body2 = localBody(model, c.body2);
    const double inverse = invMass_[row.body1] + invMass_[row.body2];
    if (!(inverse > 0)) continue;  // two immovable bodies
    const bool close = excess < -slop;
    tooClose = tooClose || close;
    row.normal = g.normal;
    row.move = close ? std::min(rate.fraction * -excess, rate.largestMove) : -std::max(excess, 0.0);
    row.friction = pairFriction(model.bodies[c.body1].friction, model.bodies[c.body2].friction);
    rows_.push_back(row);
  }
  return tooClose;
}

void GapProjection::propagateShock() {
  const size_t bodies = members_.size();
  // Each body's rows (compressed lists), then a breadth-first search from local body 0.
  firstRow_.assign(bodies + 1, 0);
  for (const Row& row : rows_) {
    ++firstRow_[row.body1 + 1];
    ++firstRow_[row.body2 + 1];
  }
  for (size_t b = 0; b < bodies; ++b) firstRow_[b + 1] += firstRow_[b];
  rowsOf_.resize(2 * rows_.size());
  queue_.assign(firstRow_.begin(), firstRow_.end() - 1);  // fill cursors
  for (size_t k = 0; k < rows_.size(); ++k) {
    rowsOf_[queue_[rows_[k].body1]++] = static_cast<int>(k);
    rowsOf_[queue_[rows_[k].body2]++] = static_cast<int>(k);
  }
  const int unreached = static_cast<int>(bodies);  // held by nothing: above every level
  level_.assign(bodies, unreached);
  level_[0] = 0;
  queue_.assign(1, 0);
  for (size_t next = 0; next < queue_.size(); ++next) {
    const int body = queue_[next];
    for (int i = firstRow_[body]; i < firstRow_[body + 1]; ++i) {
      const Row& row = rows_[rowsOf_[i]];
      const int other = row.body1 == body ? row.body2 : row.body1;
      if (level_[other] != unreached) continue;
      level_[other] = level_[body] + 1;
      queue_.push_back(other);
    }
  }
  auto lowest = [&](const Row& row) { return std::min(level_[row.body1], level_[row.body2]); };
  std::stable_sort(rows_.begin(), rows_.end(),
                   [&](const Row& a, const Row& b) { return lowest(a) < lowest(b); });
  for (Row& row : rows_) {
    row.invMass1 = level_[row.body1] < level_[row.body2] ? 0 : invMass_[row.body1];
    row.invMass2 = level_[row.body2] < level_[row.body1] ? 0 : invMass_[row.body2];
    row.mass = 1 / (row.invMass1 + row.invMass2);
  }
}

double GapProjection::sweep() {
  double largest = 0;
  for (Row& row : rows_) {
    Vec2& d1 = moves_[row.body1];
    Vec2& d2 = moves_[row.body2];
    const double w1 = row.invMass1, w2 = row.invMass2;
    const double normal = std::max(
        row.normalImpulse + row.mass * (row.move - glm::dot(row.normal, d1 - d2)), 0.0);
    const Vec2 push = (normal - row.normalImpulse) * row.normal;
    largest = std::max(largest, std::abs(normal - row.normalImpulse) / row.mass);
    row.normalImpulse = normal;
    d1 += w1 * push;
    d2 -= w2 * push;
    if (row.friction > 0) {
      const Vec2 t = perpendicular(row.normal);
      const double bound = row.friction * normal;
      const double tangent = std::clamp(
          row.tangentImpulse - row.mass * glm::dot(t, d1 - d2), -bound, bound);
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
                            GapCorrectionRate rate, Statistics& stats) {
  StageTimer timer(stats.time.gaps);
  if (!buildRows(model, contacts, found, states, rate)) return;
  propagateShock();
  moves_.assign(members_.size(), Vec2{0, 0});
  const double settled = kGapSlop * model.settings.distanceTol / 10;
  for (int i = 0; i < kGapProjectionSweeps; ++i)
    if (sweep() <= settled) break;
  for (size_t local = 1; local < members_.size(); ++local)
    states[members_[local]].position += moves_[local];
}

}  // namespace contactlab
