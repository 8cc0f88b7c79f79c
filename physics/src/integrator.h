// Fixed-step ODE integrators over body states: Euler, modified Euler (midpoint) and classical RK4.
// They call `rateOf(states, rates)` at every stage; contact forces are computed inside it.
#pragma once

#include <span>
#include <vector>

#include "contactlab/settings.h"
#include "model.h"

namespace contactlab {

// s + h r, for every body.
inline void addScaled(std::span<const BodyState> s, double h, std::span<const BodyRate> r,
                      std::span<BodyState> out) {
  for (size_t i = 0; i < s.size(); ++i) {
    out[i].position = s[i].position + h * r[i].velocity;
    out[i].angle = s[i].angle + h * r[i].omega;
    out[i].velocity = s[i].velocity + h * r[i].acceleration;
    out[i].omega = s[i].omega + h * r[i].alpha;
  }
}

// The states a fraction `t` (0..1) of the way through a step of length h from `start` to `end`, by
// cubic Hermite interpolation of each body's position and angle from their values and rates at
// both ends (the dense output of a one-step method: Hairer, Norsett and Wanner, "Solving Ordinary
// Differential Equations I", section II.6); the velocities are interpolated linearly. Exact for
// motion of constant acceleration, such as free fall; its error elsewhere is of order h^4. A guess
// of where the step's bodies are at a moment between its ends, without integrating to it.
void interpolateStates(std::span<const BodyState> start, std::span<const BodyState> end, double h,
                       double t, std::vector<BodyState>& out);

class Integrator {
 public:
  // end = the state one step h after `start`. `firstRates` holds rateOf(start) already computed.
  template <class RateFunction>
  void advance(IntegratorKind kind, std::span<const BodyState> start,
               std::span<const BodyRate> firstRates, double h, std::span<BodyState> end,
               RateFunction&& rateOf) {
    const size_t n = start.size();
    stage_.resize(n);
    k2_.resize(n);
    k3_.resize(n);
    k4_.resize(n);
    switch (kind) {
      case IntegratorKind::Euler:
        addScaled(start, h, firstRates, end);
        return;
      case IntegratorKind::Midpoint:
        addScaled(start, h / 2, firstRates, stage_);
        rateOf(std::span<const BodyState>(stage_), std::span<BodyRate>(k2_));
        addScaled(start, h, k2_, end);
        return;
      case IntegratorKind::Rk4:
        addScaled(start, h / 2, firstRates, stage_);
        rateOf(std::span<const BodyState>(stage_), std::span<BodyRate>(k2_));
        addScaled(start, h / 2, k2_, stage_);
        rateOf(std::span<const BodyState>(stage_), std::span<BodyRate>(k3_));
        addScaled(start, h, k3_, stage_);
        rateOf(std::span<const BodyState>(stage_), std::span<BodyRate>(k4_));
        combineRk4(start, firstRates, h, end);
        return;
    }
  }

 private:
  void combineRk4(std::span<const BodyState> start, std::span<const BodyRate> k1, double h,
                  std::span<BodyState> end);
  std::vector<BodyState> stage_;
  std::vector<BodyRate> k2_, k3_, k4_;
};

}  // namespace contactlab
