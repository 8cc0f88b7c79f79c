#include "impulse_sim.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "stage_timer.h"

namespace contactlab {
namespace {

// Contacts approaching slower than this fraction of velocityTol get no impulse: the resting
// contact force (with its gap correction) stops them, and sweeping impulses serially through a
// pile down to round-off would cost many solves for nothing.
constexpr double kApproachFraction = 1e-3;
// Serial resolution is Gauss-Seidel over body pairs: in a pile each sweep passes momentum one body
// further, and the approach speeds shrink slowly. After this many pair solves per contact, what
// still approaches gets one simultaneous solve: by then the approaches are slow (restitution 0),
// and the simultaneous LCP is the limit the serial sweeps were converging to.
constexpr size_t kSerialSolvesPerRow = 4;

// A contact's bodies and body 1's vertex, without body 2's feature: deep inside, the edge a vertex
// is matched with can change from one state to the next while the colliding vertex stays.
ContactKey pointKeyOf(const Contact& c) {
  return {c.body1, c.body2, c.geometry.feature & 0xffffu};
}

}  // namespace

bool ImpulseSim::ropeStretches(const Model& model, std::span<const BodyState> states,
                               double reach) {
  if (model.joints.empty()) return false;
  zeroRates_.assign(states.size(), BodyRate{});
  jointRows(model, states, zeroRates_, reach, jointRows_);
  const double approaching = -kApproachFraction * model.settings.velocityTol;
  return std::any_of(jointRows_.begin(), jointRows_.end(),
                     [&](const JointRow& r) { return r.oneSided && r.speed < approaching; });
}

LcpInfo ImpulseSim::solveWithJoints(const Model& model, std::span<BodyState> states,
                                    StepReport& stats, int& ropeImpulses) {
  const double velocityTol = model.settings.velocityTol;
  zeroRates_.assign(states.size(), BodyRate{});
  jointRows(model, states, zeroRates_, model.settings.distanceTol, jointRows_);
  // Only the joints joined to the contacts' bodies, or to a rope snapping taut, take part: the
  // others' impulses would be 0 (jointComponents_ is from resolveFound).
  active_.clear();
  const auto activate = [&](int body) {
    if (body >= 0 && !model.bodies[body].fixed()) active_.push_back(jointComponents_[body]);
  };
  const double approaching = -kApproachFraction * velocityTol;
  for (const ContactRow& row : groupRows_) activate(row.body1), activate(row.body2);
  for (const JointRow& r : jointRows_)
    if (r.oneSided && r.speed < approaching) activate(r.body1), activate(r.body2);
  std::sort(active_.begin(), active_.end());
  std::erase_if(jointRows_, [&](const JointRow& r) {
    const int body = model.bodies[r.body1].fixed() ? r.body2 : r.body1;
    return !std::binary_search(active_.begin(), active_.end(), jointComponents_[body]);
  });
  const std::size_t nj = jointRows_.size(), k = groupRows_.size();
  denseRows_.clear();
  mixedB_.clear();
  // Velocities after the impulses: the joints' rows at 0, a taut rope's and the contacts' as
  // their LCP says (a rope stretching at v- < -velocityTol ends shortening at e v-).
  std::size_t equalities = 0;
  for (const JointRow& r : jointRows_) {
    denseRows_.push_back(denseRow(r));
    if (!r.oneSided) {
      ++equalities;
      mixedB_.push_back(r.speed);
      continue;
    }
    const double e = -r.speed > velocityTol ? model.joints[r.joint].def.elasticity : 0.0;
    mixedB_.push_back(r.speed < 0 ? (1 + e) * r.speed : r.speed);
  }
  for (std::size_t i = 0; i < k; ++i) {
    denseRows_.push_back(denseRow(groupRows_[i]));
    mixedB_.push_back(b_[i]);
  }
  mixedImpulses_.resize(nj + k);
  clamped_.assign(nj - equalities + k, 0);
  LcpInfo info = mixed_.solve(model, denseRows_, static_cast<int>(equalities), mixedB_,
                              mixedImpulses_, clamped_);
  for (std::size_t i = 0; i < nj; ++i) {
    const JointRow& r = jointRows_[i];
    if (r.oneSided && mixedImpulses_[i] > 0) {
      ++ropeImpulses;
      if (-r.speed > velocityTol) ++stats.collisions;
    }
    applyJointImpulse(model, r, mixedImpulses_[i], states);
  }
  j_.assign(mixedImpulses_.begin() + static_cast<std::ptrdiff_t>(nj), mixedImpulses_.end());
  return info;
}

int ImpulseSim::resolve(const Model& model, std::span<BodyState> states, StepReport& stats,
                        std::span<const std::pair<int, int>> overlapping) {
  StageTimer timer(stats.contact.time.collisions);
  finder_.find(model, states, model.settings.distanceTol, contacts_, {}, overlapping);
  return resolveFound(model, states, stats, model.settings.distanceTol);
}

int ImpulseSim::resolveCloserThan(const Model& model, double gap, std::span<BodyState> states,
                                  StepReport& stats) {
  StageTimer timer(stats.contact.time.collisions);
  std::erase_if(contacts_, [gap](const Contact& c) { return !(c.geometry.distance < gap); });
  // Most steps nothing there approaches: then nothing is built.
  const double approaching = -kApproachFraction * model.settings.velocityTol;
  if (std::none_of(contacts_.begin(), contacts_.end(),
                   [&](const Contact& c) {
                     return normalVelocity(contactRow(c, states), states) < approaching;
                   }) &&
      !ropeStretches(model, states, gap))
    return 0;
  return resolveFound(model, states, stats, gap);
}

int ImpulseSim::resolveFound(const Model& model, std::span<BodyState> states, StepReport& stats,
                             double ropeReach) {
  const WorldSettings& w = model.settings;
  if (!model.joints.empty()) jointComponents(model, jointComponents_);
  rows_.clear();
  restitution_.clear();
  for (const Contact& c : contacts_) {
    rows_.push_back(contactRow(c, states));
    restitution_.push_back(
        std::min(model.bodies[c.body1].elasticity, model.bodies[c.body2].elasticity));
  }
  int applied = w.collisions == CollisionHandling::Serial
                    ? resolveSerially(model, states, stats)
                    : resolveSimultaneously(model, states, stats);
  // A rope snapping taut: one simultaneous solve with every contact, so that the jerk passes
  // through the contacts as well (a rope that stops a falling stack).
  if (ropeStretches(model, states, ropeReach))
    applied += resolveSimultaneously(model, states, stats);
  return applied;
}

int ImpulseSim::resolveSerially(const Model& model, std::span<BodyState> states,
                                StepReport& stats) {
  // Each pair's rows, and each body's, so that an impulse re-reads only the rows it changed.
  const int count = static_cast<int>(rows_.size());
  byPair_.resize(count);
  std::iota(byPair_.begin(), byPair_.end(), 0);
  std::stable_sort(byPair_.begin(), byPair_.end(), [&](int x, int y) {
    return orderedPair(contacts_[x]) < orderedPair(contacts_[y]);
  });
  pairRun_.resize(count);
  for (int p = 0, runStart = 0; p < count; ++p) {
    if (p > 0 && orderedPair(contacts_[byPair_[p]]) != orderedPair(contacts_[byPair_[p - 1]]))
      runStart = p;
    pairRun_[byPair_[p]] = runStart;
  }
  bodyStart_.assign(model.bodies.size() + 1, 0);
  for (const ContactRow& row : rows_) ++bodyStart_[row.body1 + 1], ++bodyStart_[row.body2 + 1];
  for (size_t b = 0; b < model.bodies.size(); ++b) bodyStart_[b + 1] += bodyStart_[b];
  bodyRows_.resize(2 * static_cast<size_t>(count));
  fill_.assign(bodyStart_.begin(), bodyStart_.end() - 1);
  for (int k = 0; k < count; ++k)
    bodyRows_[fill_[rows_[k].body1]++] = k, bodyRows_[fill_[rows_[k].body2]++] = k;
  velocity_.resize(count);
  for (int k = 0; k < count; ++k) velocity_[k] = normalVelocity(rows_[k], states);
  fastest_.build(velocity_);

  const double approaching = -kApproachFraction * model.settings.velocityTol;
  const size_t cap = kSerialSolvesPerRow * rows_.size() + 100;
  int applied = 0;
  for (size_t iteration = 0; count > 0; ++iteration) {
    const int worst = fastest_.least();
    if (!(velocity_[worst] < approaching)) break;
    if (iteration == cap) return applied + resolveSimultaneously(model, states, stats);
    const auto pair = orderedPair(contacts_[worst]);
    group_.clear();
    for (int p = pairRun_[worst]; p < count && orderedPair(contacts_[byPair_[p]]) == pair; ++p)
      group_.push_back(byPair_[p]);
    applied += solveImpulses(model, states, stats);
    for (int body : {pair.first, pair.second}) {
      if (model.bodies[body].fixed()) continue;
      for (int e = bodyStart_[body]; e < bodyStart_[body + 1]; ++e) {
        const int k = bodyRows_[e];
        velocity_[k] = normalVelocity(rows_[k], states);
        fastest_.update(velocity_, k);
      }
    }
  }
  return applied;
}

int ImpulseSim::resolveSimultaneously(const Model& model, std::span<BodyState> states,
                                      StepReport& stats) {
  group_.resize(rows_.size());
  std::iota(group_.begin(), group_.end(), 0);
  return solveImpulses(model, states, stats);
}

int ImpulseSim::solveImpulses(const Model& model, std::span<BodyState> states, StepReport& stats) {
  const double velocityTol = model.settings.velocityTol;
  const size_t k = group_.size();
  bool anyApproaching = false;
  groupRows_.resize(k);
  b_.resize(k);
  fast_.resize(k);
  approach_.resize(k);
  for (size_t i = 0; i < k; ++i) {
    groupRows_[i] = rows_[group_[i]];
    double v = normalVelocity(groupRows_[i], states);
    approach_[i] = -v;
    fast_[i] = -v > velocityTol;
    double e = fast_[i] ? restitution_[group_[i]] : 0.0;
    b_[i] = v < 0 ? (1 + e) * v : v;
    anyApproaching = anyApproaching || v < -kApproachFraction * velocityTol;
  }
  if (!anyApproaching && !ropeStretches(model, states, model.settings.distanceTol)) return 0;
  LcpInfo info;
  int applied = 0;
  if (model.joints.empty()) {
    matrixBuilder_.build(model, groupRows_, A_);
    j_.resize(k);
    a_.resize(k);
    // Warm start: the approaching contacts clamped (b_i < 0, each asks for an impulse). Where the
    // impulses barely interact, as in one landing passed through a pile, that is nearly the
    // answer: the solver factors A_CC once, drops the contacts whose impulse comes out negative
    // and drives the few that are left (Baraff's incremental pivoting, reference eq. (4), started
    // from a clamped set instead of none): about 4.5 times fewer pivots than from none.
    clamped_.resize(k);
    for (size_t i = 0; i < k; ++i) clamped_[i] = b_[i] < 0;
    info = lcp_.solve(A_, b_, j_, a_, clamped_);
  } else {
    info = solveWithJoints(model, states, stats, applied);
  }
  ++stats.contact.lcpSolves;
  stats.contact.pivots += info.pivots;
  stats.contact.lcpIterationLimits += info.status == LcpStatus::IterationLimit;
  stats.contact.lcpUnbounded += info.status == LcpStatus::Unbounded;
  stats.contact.worstResidual = std::max(stats.contact.worstResidual, info.residual);
  for (size_t i = 0; i < k; ++i) {
    if (j_[i] <= 0) continue;
    applyNormalImpulse(model, groupRows_[i], j_[i], states);
    ++applied;
    if (!fast_[i]) continue;
    ++stats.collisions;
    const Contact& c = contacts_[group_[i]];
    stats.collisionEvents.push_back({model.bodies[c.body1].id, model.bodies[c.body2].id,
                                     c.geometry.point1, c.geometry.normal, j_[i], approach_[i]});
  }
  return applied;
}

const std::vector<ContactKey>& ImpulseSim::penetratingContacts(
    const Model& model, std::span<const BodyState> states, StepReport& stats,
    std::span<const std::pair<int, int>> overlapping) {
  StageTimer timer(stats.contact.time.collisions);
  finder_.find(model, states, model.settings.distanceTol, contacts_, {}, overlapping);
  penetrating_.clear();
  deepest_ = 0;
  for (const Contact& c : contacts_) {
    if (c.geometry.distance >= 0) continue;
    penetrating_.push_back(pointKeyOf(c));
    deepest_ = std::max(deepest_, -c.geometry.distance);
  }
  for (std::size_t j = 0; j < model.joints.size(); ++j)
    if (model.joints[j].def.kind == JointKind::Rope && ropeSnapped(model, model.joints[j], states))
      penetrating_.push_back(ropeKey(static_cast<int>(j)));
  std::sort(penetrating_.begin(), penetrating_.end());
  penetrating_.erase(std::unique(penetrating_.begin(), penetrating_.end()), penetrating_.end());
  return penetrating_;
}

double ImpulseSim::closestGap(const Model& model, std::span<const BodyState> states,
                              const std::vector<ContactKey>& keys, StepReport& stats) {
  StageTimer timer(stats.contact.time.collisions);
  keyPairs_.clear();
  double gap = std::numeric_limits<double>::infinity();
  for (const ContactKey& k : keys) {
    if (isRopeKey(k))
      gap = std::min(gap, ropeGap(model, model.joints[k.feature], states));
    else
      keyPairs_.emplace_back(std::min(k.body1, k.body2), std::max(k.body1, k.body2));
  }
  std::sort(keyPairs_.begin(), keyPairs_.end());
  keyPairs_.erase(std::unique(keyPairs_.begin(), keyPairs_.end()), keyPairs_.end());
  finder_.findBetween(model, states, model.settings.distanceTol, keyPairs_, contacts_);
  for (const Contact& c : contacts_)
    if (std::binary_search(keys.begin(), keys.end(), pointKeyOf(c)))
      gap = std::min(gap, c.geometry.distance);
  return gap;
}

}  // namespace contactlab
