#include "timestep_sim.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "contactlab_assert.h"
#include "external_forces.h"
#include "stage_timer.h"

namespace contactlab {
namespace {

QpMethod qpMethodOf(QpSolverKind kind) {
  switch (kind) {
    case QpSolverKind::Pgs:
      return QpMethod::ProjectedGaussSeidel;
    case QpSolverKind::Mprgp:
      return QpMethod::Mprgp;
    case QpSolverKind::Apgd:
      return QpMethod::Apgd;
  }
  return QpMethod::ProjectedGaussSeidel;
}

// Depth. A solve to a tolerance leaves velocity errors up to the tolerance, and on a resting stack
// they keep it stirring: at 1e-3 each warm start on pyramid40 is 2-5 times the tolerance off in
// the stack's global modes and APGD takes 67 iterations a step to win it back, where solved to 1e-5
// the stack stays put and a step takes 4 (docs/timestep.md, "Depth"). So on an island at rest
// (every body's points moving at most the target gap, distanceTol / 2, a second at the start of the
// step) APGD aims at kDepthFactor of the tolerance, settling for the tolerance itself after
// kDepthIterations. Where that keeps missing (kDepthTries steps in a row), the solves aim at the
// tolerance for kDepthWait steps, then try one step again, and wait twice as long after each
// further miss (at most kDepthLongestWait steps).
constexpr double kDepthRestSeconds = 1;  // at rest: moving at most the target gap in this time
constexpr double kDepthFactor = 0.01;
constexpr int kDepthIterations = 150;
constexpr int kDepthTries = 20;
constexpr int kDepthWait = 30;
constexpr int kDepthLongestWait = 960;

}  // namespace

void TimestepSim::updateDepth() {
  depthBefore_ = depth_;
  if (depth_.wait > 0) {
    --depth_.wait;
  } else if (!aimedDepth_) {
    return;
  } else if (!missedDepth_) {
    depth_ = {};
  } else if (++depth_.misses >= kDepthTries || depth_.backoff > 0) {
    depth_.wait = depth_.backoff > 0 ? depth_.backoff : kDepthWait;
    depth_.backoff = std::min(2 * depth_.wait, kDepthLongestWait);
  }
}

void TimestepSim::matchWarmStarts(std::span<const BodyState> states, double velocityTol) {
  // The finder lists contacts by pair (contact_finder.h), as the walk and the next step's walk
  // along them (kept_) need.
  order_.resize(found_.size());
  std::iota(order_.begin(), order_.end(), 0);
  warm_.assign(2 * found_.size(), 0.0);
  warmFound_.assign(found_.size(), false);
  approaching_.clear();
  WarmStartWalk walk(kept_, keptImpulses_);
  for (const int k : order_) {
    const Contact& c = found_[k];
    if (approachSpeed(c, states) > velocityTol) approaching_.push_back(k);
    const std::optional<WarmImpulses> match = walk.next(c);
    if (!match) continue;
    warmFound_[k] = true;
    warm_[2 * k] = match->normal;
    warm_[2 * k + 1] = match->tangent;
  }
}

void TimestepSim::detect(const Model& model, std::span<const BodyState> states, bool reuse,
                         StepReport& stats) {
  const WorldSettings& w = model.settings;
  const double h = w.dt;
  const size_t n = model.bodies.size();
  // The substeps take the velocities from `states` and `rates_` themselves (substep_solver.h);
  // the solves to a tolerance build their rows from start_ and velocity_ (timestep_rows.h), and
  // read the deepest overlap and the warm starts here (the substeps as they build their rows).
  const bool substeps = w.timestepScheme == TimestepScheme::Substeps;
  rates_.resize(n);
  externalRates(model, states, rates_);
  if (!substeps) {
    start_.assign(n, BodyVelocity{});
    velocity_.assign(n, BodyVelocity{});
  }
  reach_.assign(n, 0.0);
  fixed_.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const Body& body = model.bodies[i];
    fixed_[i] = body.fixed();
    if (body.fixed()) continue;
    const BodyState& s = states[i];
    const Vec2 v = s.velocity + h * rates_[i].acceleration;
    const double omega = s.omega + h * rates_[i].alpha;
    if (!substeps) {
      start_[i] = {s.velocity, s.omega};
      velocity_[i] = {v, omega};
    }
    const double speed = std::max(glm::length(s.velocity), glm::length(v));
    const double spin = std::max(std::abs(s.omega), std::abs(omega));
    reach_[i] = h * (speed + spin * body.shape.boundingRadius);
  }
  {
    StageTimer timer(stats.timestep.time.detection);
    const double margin = w.distanceTol / 2 + w.contactMargin;
    if (reuse)
      finder_.findReusing(model, states, margin, found_, reach_);
    else
      finder_.find(model, states, margin, found_, reach_);
  }
  impulses_.assign(2 * found_.size(), 0.0);
  StageTimer timer(stats.timestep.time.build);
  if (substeps) {
    // In found_'s own order (by pair: contact_finder.h).
    order_.resize(found_.size());
    std::iota(order_.begin(), order_.end(), 0);
  } else {
    for (const Contact& c : found_)
      stats.deepestPenetration = std::max(stats.deepestPenetration, -c.geometry.distance);
    matchWarmStarts(states, w.velocityTol);
  }
  noRates_.assign(n, BodyRate{});
  timestepJointRows(model, states, noRates_, substeps ? std::span<const double>{} : reach_,
                    jointRows_);
  jointWarm_.assign(jointRows_.size(), 0.0);
  jointRowImpulses_.assign(jointRows_.size(), 0.0);
  jointImpulses_.assign(model.joints.size(), Vec2{0, 0});
  for (size_t j = 0; j < jointRows_.size(); ++j) {
    const JointWarmStart key{model.joints[jointRows_[j].joint].id.serial,
                             jointRowIndex(jointRows_, j)};
    const auto found = std::lower_bound(jointPrevious_.begin(), jointPrevious_.end(), key);
    if (found != jointPrevious_.end() && found->serial == key.serial && found->row == key.row)
      jointWarm_[j] = found->impulse;
  }
}

void TimestepSim::keepWarmStarts(const Model& model) {
  kept_.swap(found_);
  keptImpulses_.swap(impulses_);
  jointCurrent_.clear();
  for (size_t j = 0; j < jointRows_.size(); ++j)
    jointCurrent_.push_back({model.joints[jointRows_[j].joint].id.serial,
                             jointRowIndex(jointRows_, j), jointRowImpulses_[j]});
  std::sort(jointCurrent_.begin(), jointCurrent_.end());
  jointPrevious_.swap(jointCurrent_);
}

void TimestepSim::solve(const Model& model, std::span<const BodyState> states, StepReport& stats) {
  detect(model, states, false, stats);
  if (found_.empty() && jointRows_.empty()) return;
  {
    StageTimer timer(stats.timestep.time.build);
    rows_.resize(found_.size());
    for (size_t k = 0; k < found_.size(); ++k)
      rows_[k] = timestepRow(model, found_[k], states, velocity_, start_);
    jointQp_.resize(jointRows_.size());
    for (size_t j = 0; j < jointRows_.size(); ++j)
      jointQp_[j] = timestepJointRow(model, jointRows_[j], velocity_);
    islands_.build(found_, fixed_, jointRows_);
  }
  localOf_.assign(model.bodies.size(), -1);
  for (int g = 0; g < islands_.count(); ++g) solveIsland(model, islands_.group(g), stats);
  CONTACTLAB_ASSERT(std::all_of(localOf_.begin(), localOf_.end(), [](int i) { return i < 0; }),
                    "timestep: an island left a body's local index behind");
}

void TimestepSim::solveIsland(const Model& model, std::span<const int> group, StepReport& stats) {
  const WorldSettings& w = model.settings;
  const size_t k = group.size();
  // Held short by an interactive cap (setIterationCap below qp_iterations: a body dragged by the
  // mouse spring): at most kCappedFrictionPasses solves, every contact's first slip estimate its
  // slip at the start of the step, and the last solve's estimates bounded by how far they rose.
  const bool capped = iterationCap_ > 0 && iterationCap_ < w.qpIterations;
  {
    StageTimer timer(stats.timestep.time.build);
    members_.assign(1, -1);
    qpBodies_.assign(1, InverseMass{});
    auto local = [&](int body) {
      if (body < 0) return 0;  // the world, of a joint
      CONTACTLAB_ASSERT(
          localOf_[body] < 0 || (static_cast<size_t>(localOf_[body]) < members_.size() &&
                                 members_[localOf_[body]] == body),
          "timestep: a body's local index is left from another island");
      if (fixed_[body]) return 0;
      if (localOf_[body] < 0) {
        localOf_[body] = static_cast<int>(members_.size());
        members_.push_back(body);
        qpBodies_.push_back({model.bodies[body].invMass, model.bodies[body].invInertia});
      }
      return localOf_[body];
    };
    qpContacts_.resize(k);
    r_.resize(2 * k);
    gamma_.resize(2 * k);
    slip_.resize(k);
    for (size_t i = 0; i < k; ++i) {
      CONTACTLAB_ASSERT(
          group[i] >= 0 && static_cast<size_t>(group[i]) < found_.size() + jointRows_.size(),
          "timestep: a group lists a contact that was not found");
      if (static_cast<size_t>(group[i]) >= found_.size()) {  // a joint row
        const size_t j = group[i] - found_.size();
        QpContact& c = qpContacts_[i];
        c = jointQp_[j].row;
        c.body1 = local(c.body1);
        c.body2 = local(c.body2);
        slip_[i] = 0;
        r_[2 * i] = jointQp_[j].r;
        r_[2 * i + 1] = 0;
        gamma_[2 * i] = jointWarm_[j];
        gamma_[2 * i + 1] = 0;
        continue;
      }
      const TimestepRow& row = rows_[group[i]];
      QpContact& c = qpContacts_[i];
      c = row.row;
      c.body1 = local(row.row.body1);
      c.body2 = local(row.row.body2);
      // The first slip estimate: the contact's slip at the start of the step if it was already
      // pressed in the last step, else 0 (a new contact may stick at once: overestimating its
      // slip would let it sink by slip * h, underestimating only lifts it until the next pass).
      // Under the cap no pass may follow to settle a new contact that slides (a box thrown along
      // a floor at 5 m/s jumped 17 cm): every contact starts from its slip, and the last pass's
      // bound (below) keeps a new contact that sticks from sinking.
      const int contact = group[i];
      slip_[i] = warmFound_[contact] || capped ? c.friction * std::abs(row.startTangent) : 0.0;
      r_[2 * i] = row.freeNormal + row.bias + slip_[i];
      r_[2 * i + 1] = row.freeTangent;
      gamma_[2 * i] = warm_[2 * contact];
      gamma_[2 * i + 1] = warm_[2 * contact + 1];
    }
  }
  bool friction = false;
  for (const QpContact& c : qpContacts_) friction = friction || c.friction > 0;
  // MPRGP solves frictionless problems only: a group with friction is solved by APGD, and the
  // statistics count those solves (docs/timestep.md).
  const bool apgdForMprgp = w.qpMethod == QpSolverKind::Mprgp && friction;
  QpSettings settings;
  settings.method = apgdForMprgp ? QpMethod::Apgd : qpMethodOf(w.qpMethod);
  settings.tolerance = w.qpTolerance;
  settings.maxIterations = capped ? iterationCap_ : w.qpIterations;
  const int frictionPasses = capped ? kCappedFrictionPasses : kFrictionPasses;
  settings.friction = friction;
  // Depth (above), on an island at rest.
  double fastest = 0;
  for (size_t local = 1; local < members_.size(); ++local) {
    const int body = members_[local];
    const BodyVelocity& v = start_[body];
    fastest = std::max(fastest, glm::length(v.linear) +
                                    std::abs(v.angular) * model.bodies[body].shape.boundingRadius);
  }
  const bool aimDeeper = settings.method == QpMethod::Apgd && depth_.wait == 0 && !capped &&
                         !(fastest > w.distanceTol / 2 / kDepthRestSeconds);
  aimedDepth_ = aimedDepth_ || aimDeeper;
  if (aimDeeper) {
    settings.target = kDepthFactor * settings.tolerance;
    settings.targetIterations = kDepthIterations;
  }

  const size_t bodies = members_.size();
  change_.resize(bodies);
  CONTACTLAB_ASSERT(qpBodies_.size() == bodies && r_.size() == 2 * k && gamma_.size() == 2 * k,
                    "timestep: one QP body per local body, 2 rows per contact");
  for (int pass = 0; pass < frictionPasses; ++pass) {
    QpResult result;
    {
      StageTimer timer(stats.timestep.time.solve);
      result = solver_.solve(qpBodies_, qpContacts_, r_, settings, gamma_);
    }
    ++stats.timestep.qpSolves;
    stats.timestep.qpApgdInPlaceOfMprgp += apgdForMprgp;
    stats.timestep.qpIterations += result.iterations;
    stats.timestep.qpUnconverged += !result.converged;
    stats.timestep.worstResidual = std::max(stats.timestep.worstResidual, result.residual);
    missedDepth_ = missedDepth_ || (aimDeeper && !result.reachedTarget);
    // change_ = M^-1 D gamma (local bodies).
    std::fill(change_.begin(), change_.end(), BodyVelocity{});
    for (size_t i = 0; i < k; ++i)
      applyImpulse(qpContacts_[i], qpBodies_, gamma_[2 * i], gamma_[2 * i + 1], change_);
    if (!friction || pass + 1 == frictionPasses) break;
    // The slip fixed point (timestep_rows.h): slip = mu |u_t| of this solution; settled when no
    // estimate moved by more than the tolerance. An estimate above the true slip lets a contact
    // approach by the excess, and in a heap the estimates of touching discs can swing up and down
    // from pass to pass, so the last pass (reached only unsettled) takes each estimate at most at
    // what cannot close its contact past min(Phi, 0): u_n >= -bias - slip and
    // Phi + h u_n >= min(Phi, 0) give slip <= max(Phi, 0) / h - bias. Where that leaves an
    // estimate too low, the relaxation's lift-off returns instead, bounded by the shortfall.
    // Under the cap the last pass is the second, reached by every contact still sliding, whose
    // slip is far above that bound (a box sliding on a floor at 5 m/s with mu 0.5 took off at
    // 1.7 m/s): there an estimate may rise by at most the bound over the one the first pass used,
    // so that a slip the first pass settled stays, and one that swings up is held as before.
    const bool lastPassNext = pass + 2 == frictionPasses;
    double worst = 0;
    for (size_t i = 0; i < k; ++i) {
      if (static_cast<size_t>(group[i]) >= found_.size()) continue;  // a joint row: no friction
      const QpContact& c = qpContacts_[i];
      double slip =
          c.friction * std::abs(rows_[group[i]].freeTangent + tangentVelocity(c, change_));
      worst = std::max(worst, std::abs(slip - slip_[i]));
      if (lastPassNext) {
        const double gap = found_[group[i]].geometry.distance;
        const double closing = std::max(std::max(gap, 0.0) / w.dt - rows_[group[i]].bias, 0.0);
        slip = std::min(slip, capped ? slip_[i] + closing : closing);
      }
      r_[2 * i] += slip - slip_[i];
      slip_[i] = slip;
    }
    if (worst <= kSlipTolerance * w.distanceTol / 2 / w.dt) break;
  }
  for (size_t local = 1; local < bodies; ++local) {
    const int body = members_[local];
    CONTACTLAB_ASSERT(localOf_[body] == static_cast<int>(local),
                      "timestep: the local and model body maps disagree");
    velocity_[body].linear += change_[local].linear;
    velocity_[body].angular += change_[local].angular;
    localOf_[body] = -1;
  }
  stats.timestep.largestGroup = std::max(stats.timestep.largestGroup, static_cast<int>(k));
  for (size_t i = 0; i < k; ++i) {
    if (static_cast<size_t>(group[i]) >= found_.size()) {
      const size_t j = group[i] - found_.size();
      jointRowImpulses_[j] = gamma_[2 * i];
      jointImpulses_[jointRows_[j].joint] += gamma_[2 * i] * jointRows_[j].normal;
      continue;
    }
    impulses_[2 * group[i]] = gamma_[2 * i];
    impulses_[2 * group[i] + 1] = gamma_[2 * i + 1];
  }
}

// Steps 1-2, then the substeps of SubstepSolver, which move the bodies themselves.
void TimestepSim::advanceSubstepped(const Model& model, std::vector<BodyState>& states, bool reuse,
                                    StepReport& stats) {
  detect(model, states, reuse, stats);
  substep_.advance(model, found_, order_, rates_, kept_, keptImpulses_, approaching_,
                   model.settings.substeps, states, impulses_,
                   {jointWarm_, jointRowImpulses_, jointImpulses_}, stats);
}

void TimestepSim::step(const Model& model, std::vector<BodyState>& states, StepReport& stats) {
  StageTimer timer(stats.timestep.time.total);
  const double h = model.settings.dt;
  saved_ = states;
  if (model.settings.timestepScheme == TimestepScheme::Substeps) {
    advanceSubstepped(model, states, true, stats);
  } else {
    aimedDepth_ = missedDepth_ = false;
    solve(model, states, stats);
    updateDepth();
    for (size_t i = 0; i < states.size(); ++i) {
      if (model.bodies[i].fixed()) continue;
      BodyState& s = states[i];
      s.velocity = velocity_[i].linear;
      s.omega = velocity_[i].angular;
      s.position += h * s.velocity;
      s.angle += h * s.omega;
    }
    gaps_.project(model, found_, saved_, states, {model.settings.gapStabilization, kMaxPushOut * h},
                  stats.timestep.time);
  }
  // The substeps' joints solved row by row (soft) are left as they are: moved back, a net swung
  // further apart (docs/timestep.md).
  if (!model.joints.empty())
    projectJoints(model, states,
                  model.settings.timestepScheme == TimestepScheme::Substeps
                      ? substep_.projectedJoints()
                      : std::span<const char>{});
  CONTACTLAB_ASSERT(order_.size() == found_.size() && impulses_.size() == 2 * found_.size() &&
                        states.size() == model.bodies.size(),
                    "timestep: order and 2 impulses per contact, one state per body");
  reportCollisions(model, stats);
  keepWarmStarts(model);
  stepped_ = true;
  reused_ = model.settings.timestepScheme == TimestepScheme::Substeps;
}

void TimestepSim::undoStep() {
  if (!stepped_) return;
  if (!reused_) depth_ = depthBefore_;
  kept_.swap(found_);
  keptImpulses_.swap(impulses_);
  jointPrevious_.swap(jointCurrent_);
  if (reused_) finder_.undoReuse();
  stepped_ = false;
}

void TimestepSim::reportCollisions(const Model& model, StepReport& stats) const {
  for (const int k : approaching_) {
    const double impulse = impulses_[2 * k];
    if (!(impulse > 0)) continue;
    const Contact& c = found_[k];
    ++stats.collisions;
    stats.collisionEvents.push_back({model.bodies[c.body1].id, model.bodies[c.body2].id,
                                     c.geometry.point1, c.geometry.normal, impulse,
                                     approachSpeed(c, saved_)});
  }
}

void TimestepSim::report(const Model& model, std::span<const Contact> contacts,
                         std::span<const double> impulses, std::vector<SteppedContact>& out) const {
  out.clear();
  for (size_t k = 0; k < contacts.size(); ++k) {
    if (impulses[2 * k] > 0 || contacts[k].geometry.distance <= model.settings.distanceTol)
      out.push_back({contacts[k], impulses[2 * k], impulses[2 * k + 1]});
  }
}

void TimestepSim::lastContacts(const Model& model, std::span<const BodyState> states,
                               std::vector<SteppedContact>& out) const {
  report(model, kept_, keptImpulses_, out);
  // Carry each reported point along with body 1 over the step.
  for (SteppedContact& c : out) {
    const int b = c.contact.body1;
    const BodyState& before = saved_[b];
    const BodyState& after = states[b];
    const double turn = after.angle - before.angle;
    const Vec2 arm = c.contact.geometry.point1 - before.position;
    double cosMinusOne = 0, sine = 0;
    rotationOf(turn, cosMinusOne, sine);
    c.contact.geometry.point1 = after.position + turned(arm, cosMinusOne, sine);
  }
}

void TimestepSim::contactsAt(const Model& model, std::span<const BodyState> states,
                             std::vector<SteppedContact>& out) {
  StepReport scratch;
  if (model.settings.timestepScheme == TimestepScheme::Substeps) {
    scratchStates_.assign(states.begin(), states.end());
    advanceSubstepped(model, scratchStates_, false, scratch);
  } else {
    solve(model, states, scratch);
  }
  report(model, found_, impulses_, out);
}

}  // namespace contactlab
