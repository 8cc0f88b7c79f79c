#include "contact_sim.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>
#include <utility>

#include "contactlab_assert.h"
#include "external_forces.h"
#include "stage_timer.h"

namespace contactlab {

void countLcpSolve(ContactSimWork& work, const LcpInfo& info, double seconds, std::size_t size) {
  const int bucket = std::min<int>(std::bit_width(size) - 1, kGroupSizeBuckets - 1);
  work.lcpSecondsBySize[bucket] += seconds;
  ++work.lcpSolvesBySize[bucket];
  ++work.lcpSolves;
  work.pivots += info.pivots;
  work.lcpIterationLimits += info.status == LcpStatus::IterationLimit;
  work.lcpUnbounded += info.status == LcpStatus::Unbounded;
  work.redundantContacts += info.redundant;
  work.worstResidual = std::max(work.worstResidual, info.residual);
}

double ContactSim::freeRelativeAcceleration(const Contact& c, std::span<const BodyState> states,
                                            std::span<const BodyRate> rates) const {
  const ContactGeometry& g = c.geometry;
  const BodyState& s1 = states[c.body1];
  const BodyState& s2 = states[c.body2];
  const BodyRate& r1 = rates[c.body1];
  const BodyRate& r2 = rates[c.body2];
  if (g.normalKind == NormalKind::EdgeOfBody2) {
    // Eq. (11): n . (p1'' - p2'') under the non-contact forces, plus eq. (10): 2 n' . (p1' - p2')
    // with n' = w2 x n, the normal turning with body 2.
    Vec2 relativeAcceleration =
        pointAcceleration(s1, r1, g.point1) - pointAcceleration(s2, r2, g.point2);
    Vec2 relativeVelocity = pointVelocity(s1, g.point1) - pointVelocity(s2, g.point2);
    return glm::dot(g.normal, relativeAcceleration) +
           2 * glm::dot(cross(s2.omega, g.normal), relativeVelocity);
  }
  // Centre line: d = |q1 - q2| - radii, so d'' = n . (q1'' - q2'') + |(I - n n^T)(q1' - q2')|^2 /
  // L.
  Vec2 delta = g.anchor1 - g.anchor2;
  double length = glm::length(delta);
  Vec2 relativeVelocity = pointVelocity(s1, g.anchor1) - pointVelocity(s2, g.anchor2);
  Vec2 sideways = relativeVelocity - glm::dot(g.normal, relativeVelocity) * g.normal;
  double curvature = length > 0 ? glm::dot(sideways, sideways) / length : 0.0;
  return glm::dot(g.normal,
                  pointAcceleration(s1, r1, g.anchor1) - pointAcceleration(s2, r2, g.anchor2)) +
         curvature;
}

std::uint8_t ContactSim::warmStart(const ContactKey& key) const {
  auto it =
      std::lower_bound(previous_.begin(), previous_.end(), key,
                       [](const auto& entry, const ContactKey& k) { return entry.first < k; });
  return it != previous_.end() && it->first == key ? it->second : 1;
}

bool ContactSim::sameOrder() const {
  const size_t n = keys_.size();
  if (!order_.unique || previous_.size() != n || order_.keys != keys_) return false;
  for (size_t i = 0; i < n; ++i)
    if (previous_[order_.rank[i]].first != keys_[i]) return false;
  return true;
}

void ContactSim::remember(bool inPlace) {
  const size_t n = keys_.size();
  if (inPlace) {
    for (size_t i = 0; i < n; ++i) previous_[order_.rank[i]].second = flags_[i];
    return;
  }
  // Sorted by key, then flag: the order of previous_'s (key, flag) pairs.
  sorted_.resize(n);
  std::iota(sorted_.begin(), sorted_.end(), 0);
  std::sort(sorted_.begin(), sorted_.end(), [&](int x, int y) {
    return std::pair(keys_[x], flags_[x]) < std::pair(keys_[y], flags_[y]);
  });
  previous_.resize(n);
  order_.rank.resize(n);
  order_.unique = true;
  for (size_t r = 0; r < n; ++r) {
    const int i = sorted_[r];
    previous_[r] = {keys_[i], flags_[i]};
    order_.rank[i] = static_cast<int>(r);
    if (r > 0 && previous_[r - 1].first == keys_[i]) order_.unique = false;
  }
  order_.keys = keys_;
}

void ContactSim::evaluate(const Model& model, std::span<const BodyState> states,
                          std::span<BodyRate> rates, StepReport& stats,
                          std::span<const std::pair<int, int>> overlapping,
                          std::vector<RestingContact>* report, Memory memory) {
  const WorldSettings& w = model.settings;
  CONTACTLAB_ASSERT(states.size() == model.bodies.size() && rates.size() == model.bodies.size(),
                    "contact sim: one state and one rate per body");
  CONTACTLAB_ASSERT(std::is_sorted(previous_.begin(), previous_.end()),
                    "contact sim: the warm start must be sorted by contact key");
  externalRates(model, states, rates);
  if (report) report->clear();
  {
    StageTimer timer(stats.contact.time.detection);
    finder_.find(model, states, w.distanceTol, found_, {}, overlapping);
    resting_.clear();
    for (const Contact& c : found_)
      if (std::abs(c.normalSpeed) <= w.velocityTol) resting_.push_back(c);
  }
  const size_t n = resting_.size();
  keys_.resize(n);
  for (size_t i = 0; i < n; ++i) keys_[i] = keyOf(resting_[i]);
  warm_.resize(n);
  // Neither previous_ nor keys_ changes before remember(), which reuses the answer.
  const bool same = sameOrder();
  if (same) {
    for (size_t i = 0; i < n; ++i) warm_[i] = previous_[order_.rank[i]].second;
  } else {
    for (size_t i = 0; i < n; ++i) warm_[i] = warmStart(keys_[i]);
  }
  flags_.assign(n, 0);
  jointRows_.clear();
  jointForces_.clear();
  if (resting_.empty() && model.joints.empty()) {
    if (memory == Memory::Update) remember(same);
    return;
  }
  fixed_.resize(model.bodies.size());
  for (size_t i = 0; i < model.bodies.size(); ++i) fixed_[i] = model.bodies[i].fixed();
  if (!model.joints.empty()) {
    StageTimer timer(stats.contact.time.build);
    contactlab::jointRows(model, states, rates, w.distanceTol, jointRows_);
    // A rope stretching faster than velocityTol is a collision (ImpulseSim's), not a resting row.
    std::erase_if(jointRows_,
                  [&](const JointRow& r) { return r.oneSided && r.speed < -w.velocityTol; });
    jointForces_.assign(jointRows_.size(), 0.0);
  }
  islands_.build(resting_, fixed_, jointRows_);
  const int contactCount = static_cast<int>(resting_.size());
  for (int g = 0; g < islands_.count(); ++g) {
    // Members in increasing order: the group's contacts, then its joint rows.
    std::span<const int> group = islands_.group(g);
    const auto firstJoint = std::lower_bound(group.begin(), group.end(), contactCount);
    const std::span<const int> contacts(group.begin(), firstJoint);
    if (firstJoint == group.end()) {
      solveContacts(model, states, rates, contacts, stats, report);
      continue;
    }
    joints_.clear();
    for (auto m = firstJoint; m != group.end(); ++m) joints_.push_back(*m - contactCount);
    solveWithJoints(model, states, rates, contacts, joints_, stats, report);
  }
  if (memory == Memory::Update) remember(same);
}

void ContactSim::solveContacts(const Model& model, std::span<const BodyState> states,
                               std::span<BodyRate> rates, std::span<const int> group,
                               StepReport& stats, std::vector<RestingContact>* report) {
  const WorldSettings& w = model.settings;
  const double omega = 1 / (w.gapRecoverySteps * w.dt);
  const double targetGap = w.distanceTol / 2;
  const size_t k = group.size();
  {
    StageTimer timer(stats.contact.time.build);
    rows_.resize(k);
    b_.resize(k);
    clamped_.resize(k);
    for (size_t i = 0; i < k; ++i) {
      CONTACTLAB_ASSERT(group[i] >= 0 && static_cast<size_t>(group[i]) < resting_.size(),
                        "contact sim: a group lists a contact that was not found");
      const Contact& c = resting_[group[i]];
      rows_[i] = contactRow(c, states);
      const double closing = omega * omega * std::max(c.geometry.distance - targetGap, 0.0);
      const double correction = -2 * omega * c.normalSpeed - closing;
      b_[i] = freeRelativeAcceleration(c, states, rates) - correction;
      clamped_[i] = warm_[group[i]];
    }
    matrixBuilder_.build(model, rows_, A_);
    CONTACTLAB_ASSERT(A_.size() == static_cast<int>(k) && b_.size() == k && clamped_.size() == k,
                      "contact sim: A, b and the warm start must have one row per contact");
  }
  f_.resize(k);
  a_.resize(k);
  LcpInfo info;
  double seconds = 0;
  {
    StageTimer timer(seconds);
    info = lcp_.solve(A_, b_, f_, a_, clamped_);
  }
  stats.contact.time.solve += seconds;
  countLcpSolve(stats.contact, info, seconds, k);
  stats.contact.largestGroup = std::max(stats.contact.largestGroup, static_cast<int>(k));
  for (size_t i = 0; i < k; ++i) {
    const Contact& c = resting_[group[i]];
    applyNormalForce(model, rows_[i], f_[i], rates);
    flags_[group[i]] = clamped_[i];
    if (report) report->push_back({c, f_[i]});
  }
}

}  // namespace contactlab
