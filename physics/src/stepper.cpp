#include "stepper.h"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "stage_timer.h"

namespace contactlab {
namespace {

constexpr int kMaxSubsteps = 1000;
constexpr int kMaxCollisionRounds = 20;  // back-ups within one substep
constexpr int kMaxBisections = 60;
// The most looks at the interpolated motion for the collision search's first try (firstTry).
constexpr int kInterpolatedTries = 40;

// Try i of a search for where a gap that falls from gapLow at `low` to gapHigh at `high` reaches
// `goal`: where the gap, taken as linear between the ends, reaches it (false position), kept within
// the middle 80% of the interval; the middle on every third try, or when an end's gap is unknown or
// does not fall past the goal, so that the interval always shrinks.
double nextTry(int i, double low, double high, double gapLow, double gapHigh, double goal) {
  if (i % 3 == 2 || !(gapHigh < goal) || !std::isfinite(gapLow)) return (low + high) / 2;
  return low + std::clamp((gapLow - goal) / (gapLow - gapHigh), 0.1, 0.9) * (high - low);
}

}  // namespace

int Stepper::substepCount(const Model& model, std::span<const BodyState> states) const {
  const WorldSettings& w = model.settings;
  double smallest = INFINITY, motion = 0;
  for (size_t i = 0; i < model.bodies.size(); ++i) {
    const Body& body = model.bodies[i];
    smallest = std::min(smallest, body.shape.inradius);
    if (body.fixed()) continue;
    double speed = glm::length(states[i].velocity) + w.gravity * w.dt +
                   std::abs(states[i].omega) * body.shape.boundingRadius;
    motion = std::max(motion, speed * w.dt);
  }
  if (!(motion > 0) || !std::isfinite(smallest)) return 1;
  double count = std::ceil(motion / (0.5 * smallest));
  return static_cast<int>(std::clamp(count, 1.0, double(kMaxSubsteps)));
}

void Stepper::integrate(const Model& model, std::span<const BodyState> start, double h,
                        std::vector<BodyState>& end, StepReport& stats) {
  auto rateOf = [&](std::span<const BodyState> s, std::span<BodyRate> r) {
    contactSim_.evaluate(model, s, r, stats, overlaps_.pairs());
  };
  firstRates_.resize(start.size());
  if (!firstRatesValid_) {
    rateOf(start, firstRates_);
    firstRatesValid_ = true;
  }
  end.resize(start.size());
  integrator_.advance(model.settings.integrator, start, firstRates_, h, end, rateOf);
}

// The keys in `now` that are not in `before` (both sorted).
void newKeys(const std::vector<ContactKey>& now, const std::vector<ContactKey>& before,
             std::vector<ContactKey>& fresh) {
  fresh.clear();
  std::set_difference(now.begin(), now.end(), before.begin(), before.end(),
                      std::back_inserter(fresh));
}

void Stepper::advanceWithCollisions(const Model& model, std::vector<BodyState>& states, double h,
                                    StepReport& stats) {
  // Collisions happen at the target gap, where resting contact then holds the bodies: backing up
  // to the touching point instead would leave the gap for the gap correction to open, which adds
  // energy. Penetrations present at the start (the gap correction is already pushing them out)
  // are not collisions.
  const double targetGap = model.settings.distanceTol / 2;
  const double accuracy = model.settings.distanceTol / 10;
  double remaining = h;
  firstRatesValid_ = false;
  bool endChecked = false;  // the last penetration check was of trial_
  for (int round = 0;; ++round) {
    if (round > 0 || !startChecked_)
      existing_ = impulseSim_.penetratingContacts(model, states, stats, overlaps_.pairs());
    integrate(model, states, remaining, trial_, stats);
    ending_ = impulseSim_.penetratingContacts(model, trial_, stats, overlaps_.pairs());
    newKeys(ending_, existing_, colliding_);
    if (colliding_.empty()) {
      endChecked = true;
      break;
    }
    if (round == kMaxCollisionRounds) {
      ++stats.unresolvedPenetrations;
      break;
    }
    // Back up: search for the latest moment at which no new penetration has happened and no
    // colliding contact is closer than the target gap, until one of them is within the collision
    // accuracy of it (or the interval vanishes). The search keeps the interval [low, high] around
    // that moment. Its first try is where the colliding contacts' closest gap reaches the middle
    // of the accepted band on the motion interpolated between the substep's ends (firstTry), the
    // later ones by false position on that gap at the interval's ends (nextTry).
    double low = 0, high = remaining;
    double gapHigh = impulseSim_.closestGap(model, trial_, colliding_, stats);
    low_ = states;
    for (int i = 0; i < kMaxBisections; ++i) {
      const double gapLow = impulseSim_.closestGap(model, low_, colliding_, stats);
      if (gapLow <= targetGap + accuracy) break;
      const double middle = i == 0
                                ? firstTry(model, states, gapLow, gapHigh, remaining, stats)
                                : nextTry(i, low, high, gapLow, gapHigh, targetGap + accuracy / 2);
      integrate(model, states, middle, middle_, stats);
      ++stats.contact.collisionSearchTries;
      newKeys(impulseSim_.penetratingContacts(model, middle_, stats, overlaps_.pairs()), existing_,
              fresh_);
      const std::vector<ContactKey>& closing = fresh_.empty() ? colliding_ : fresh_;
      const double gapMiddle = impulseSim_.closestGap(model, middle_, closing, stats);
      if (!fresh_.empty()) {
        high = middle;
        gapHigh = gapMiddle;
        colliding_.swap(fresh_);
      } else if (gapMiddle < targetGap) {
        high = middle;
        gapHigh = gapMiddle;
      } else {
        low = middle;
        low_.swap(middle_);
      }
    }
    states.swap(low_);
    remaining -= low;
    firstRatesValid_ = false;
    if (impulseSim_.resolve(model, states, stats, overlaps_.pairs()) == 0) {
      // Nothing approaches here: the penetration comes from elsewhere in the step (a grazing
      // corner). Keep the step rather than stall the world; the gap correction pushes it out.
      integrate(model, states, remaining, trial_, stats);
      ++stats.unresolvedPenetrations;
      break;
    }
  }
  states.swap(trial_);
  if (endChecked) {
    existing_.swap(ending_);
  } else {
    existing_ = impulseSim_.penetratingContacts(model, states, stats, overlaps_.pairs());
  }
  startChecked_ = true;  // existing_ now holds the penetrations at the next substep's start
  stats.deepestPenetration = std::max(stats.deepestPenetration, impulseSim_.deepestPenetration());
}

// The moment of the substep from `start` to trial_ (`h` long) at which the colliding contacts'
// closest gap reaches the middle of the accepted band, on the bodies' motion interpolated from
// their states and rates at both ends (interpolateStates); `gapStart` and `gapEnd` are that gap at
// the ends. Looking the gap up costs only the colliding pairs' narrow phase, so the search runs on
// the interpolation (nextTry's steps) until the gap is within the band, and the integration to the
// moment found checks it. Over a substep a landing body moves under gravity and smoothly varying
// contact forces, which the interpolation follows closely (free fall exactly), so the first
// integration usually lands in the band, where false position on the two gaps alone took two to
// five (the gap at the substep's start is often not known at all, a contact being found only
// within distance_tol).
double Stepper::firstTry(const Model& model, std::span<const BodyState> start, double gapStart,
                         double gapEnd, double h, StepReport& stats) {
  const double targetGap = model.settings.distanceTol / 2;
  const double accuracy = model.settings.distanceTol / 10;
  const double goal = targetGap + accuracy / 2;
  double low = 0, high = 1, fraction = 0.5;
  for (int i = 0; i < kInterpolatedTries; ++i) {
    fraction = nextTry(i, low, high, gapStart, gapEnd, goal);
    interpolateStates(start, trial_, h, fraction, guess_);
    const double gap = impulseSim_.closestGap(model, guess_, colliding_, stats);
    if (gap >= targetGap && gap <= targetGap + accuracy) break;
    if (gap < targetGap) {
      high = fraction;
      gapEnd = gap;
    } else {
      low = fraction;
      gapStart = gap;
    }
  }
  return fraction * h;
}

void Stepper::step(const Model& model, std::vector<BodyState>& states, StepReport& stats) {
  StageTimer timer(stats.contact.time.total);
  contactSim_.saveWarmStart();
  startChecked_ = false;
  {
    StageTimer overlapTimer(stats.contact.time.overlaps);
    overlaps_.find(model, states);
    overlaps_.separate(model, states, stats);
  }
  const int substeps = substepCount(model, states);
  const double h = model.settings.dt / substeps;
  for (int s = 0; s < substeps; ++s) advanceWithCollisions(model, states, h, stats);
  // The last substep's last penetration check was made at the states it ended at.
  const WorldSettings& w = model.settings;
  gaps_.project(model, impulseSim_.contactsFound(), states, states,
                {std::min(1.0, 1 / w.gapRecoverySteps), kMaxSeparationSpeed * w.dt,
                 /*frictional=*/false, /*liftOnly=*/true},
                stats.contact.time, overlaps_.pairs());
  // A contact closer than the target gap that still approaches is a landing the resting force
  // has not stopped yet: it would sink further and be lifted back by the correction, which adds
  // m g times the sinking (a rocking block's landings kept a pile rocking). Collisions happen at
  // the target gap (above), so this is one: stopped by impulses, which only take energy out.
  impulseSim_.resolveCloserThan(model, w.distanceTol / 2, states, stats);
  // The joints' drift, removed by moving positions only (joint_rows.h).
  if (!model.joints.empty()) projectJoints(model, states);
}

void Stepper::contactsAt(const Model& model, std::span<const BodyState> states, StepReport& stats,
                         std::vector<RestingContact>& report) {
  rates_.resize(states.size());
  overlaps_.find(model, states);
  contactSim_.evaluate(model, states, rates_, stats, overlaps_.pairs(), &report,
                       ContactSim::Memory::Keep);
}

}  // namespace contactlab
