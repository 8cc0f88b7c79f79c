#include "stepper.h"

#include <algorithm>
#include <cmath>

#include "stage_timer.h"

namespace contactlab {
namespace {

constexpr int kMaxSubsteps = 1000;
constexpr int kMaxCollisionRounds = 20;  // back-ups within one substep
constexpr int kMaxBisections = 60;

bool finite(const BodyState& s) {
  return std::isfinite(s.position.x) && std::isfinite(s.position.y) && std::isfinite(s.angle) &&
         std::isfinite(s.velocity.x) && std::isfinite(s.velocity.y) && std::isfinite(s.omega);
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
                        std::vector<BodyState>& end, Statistics& stats) {
  auto rateOf = [&](std::span<const BodyState> s, std::span<BodyRate> r) {
    contactSim_.evaluate(model, s, r, stats);
  };
  firstRates_.resize(start.size());
  if (!firstRatesValid_) {
    rateOf(start, firstRates_);
    firstRatesValid_ = true;
  }
  end.resize(start.size());
  integrator_.advance(model.settings.integrator, start, firstRates_, h, end, rateOf);
}

void Stepper::advanceWithCollisions(const Model& model, std::vector<BodyState>& states, double h,
                                    Statistics& stats) {
  const double accuracy = model.settings.distanceTol / 2;
  double remaining = h;
  firstRatesValid_ = false;
  for (int round = 0; round < kMaxCollisionRounds; ++round) {
    integrate(model, states, remaining, trial_, stats);
    colliding_ = impulseSim_.penetratingContacts(model, trial_, stats);
    if (colliding_.empty()) {
      states.swap(trial_);
      return;
    }
    // Back up: bisect for the latest penetration-free time at which a penetrating contact is
    // within the collision accuracy of touching.
    double low = 0, high = remaining;
    low_ = states;
    for (int i = 0; i < kMaxBisections; ++i) {
      if (impulseSim_.closestGap(model, low_, colliding_, stats) <= accuracy) break;
      double middle = (low + high) / 2;
      integrate(model, states, middle, middle_, stats);
      const auto& penetrating = impulseSim_.penetratingContacts(model, middle_, stats);
      if (penetrating.empty()) {
        low = middle;
        low_.swap(middle_);
      } else {
        high = middle;
        colliding_ = penetrating;
      }
    }
    states.swap(low_);
    remaining -= low;
    firstRatesValid_ = false;
    if (impulseSim_.resolve(model, states, stats) == 0 && low == 0) break;
  }
  // No penetration-free way forward was found: keep the step rather than stall the world.
  integrate(model, states, remaining, trial_, stats);
  states.swap(trial_);
  ++stats.unresolvedPenetrations;
}

Status Stepper::step(const Model& model, std::vector<BodyState>& states, Statistics& stats) {
  StageTimer timer(stats.time.total);
  saved_ = states;
  contactSim_.reset();
  const int substeps = substepCount(model, states);
  const double h = model.settings.dt / substeps;
  for (int s = 0; s < substeps; ++s) advanceWithCollisions(model, states, h, stats);
  for (size_t i = 0; i < states.size(); ++i) {
    if (!finite(states[i])) {
      states.swap(saved_);
      return Error{"the state of body '" + model.bodies[i].def.name +
                   "' became non-finite; the step was undone"};
    }
  }
  ++stats.steps;
  return {};
}

void Stepper::contactsAt(const Model& model, std::span<const BodyState> states, Statistics& stats,
                         std::vector<RestingContact>& report) {
  rates_.resize(states.size());
  contactSim_.reset();
  contactSim_.evaluate(model, states, rates_, stats, &report);
}

}  // namespace contactlab
