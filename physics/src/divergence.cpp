#include "divergence.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "contactlab/limits.h"
#include "energy.h"
#include "name_list.h"
#include "number_text.h"
#include "transform.h"

namespace contactlab {
namespace {

bool finite(const BodyState& s) {
  return std::isfinite(s.position.x) && std::isfinite(s.position.y) && std::isfinite(s.angle) &&
         std::isfinite(s.velocity.x) && std::isfinite(s.velocity.y) && std::isfinite(s.omega);
}

std::string bodyNames(const Model& model, const std::vector<std::size_t>& which) {
  return bodyList(which,
                  [&](std::size_t i) -> const std::string& { return model.bodies[i].def.name; });
}

// |v|: the root of the sum of squares where the squares cannot overflow, std::hypot beyond. The
// check runs on every body after every step, and std::hypot, which guards every call against
// overflow, took 1.6 % of pyramid40's step; the root is within an ulp or so of it.
double speedOf(Vec2 v) {
  constexpr double kSquaresSafe = 1e150;
  if (std::max(std::abs(v.x), std::abs(v.y)) < kSquaresSafe)
    return std::sqrt(v.x * v.x + v.y * v.y);
  return std::hypot(v.x, v.y);
}

// The fastest a point of the body moves: its centre's speed plus its spin times its reach.
double surfaceSpeed(const Body& body, const BodyState& s) {
  return speedOf(s.velocity) + std::abs(s.omega) * body.shape.boundingRadius;
}

double thrustWorkBound(const Model& model, std::span<const BodyState> before,
                       std::span<const BodyState> after) {
  double work = 0;
  for (const Thrust& thrust : model.thrusts) {
    const BodyState &s0 = before[thrust.body], &s1 = after[thrust.body];
    const double travel = glm::length(s1.position - s0.position) +
                          std::abs(s1.angle - s0.angle) * glm::length(thrust.def.bodyPoint);
    work += glm::length(thrust.def.force) * travel;
  }
  return work;
}

Error undone(const std::string& what) {
  return Error{what + "; the step was undone"};
}

// The kinetic and potential energies before and after the step (energyOf's terms, summed in the
// same order) and T_floor.
struct StepEnergies {
  Energy before, after;
  double floor = 0;
};

Status checkEnergy(const Model& model, std::span<const BodyState> before,
                   std::span<const BodyState> after, const StepEnergies& energies) {
  const Energy &e0 = energies.before, &e1 = energies.after;
  const double floor = energies.floor;
  // Round-off of the potential energy's sum counts as work that could have been done.
  const double slack = 1e-9 * (std::abs(e0.potential) + std::abs(e1.potential));
  const double work =
      std::max(0.0, e0.potential - e1.potential) + thrustWorkBound(model, before, after) + slack;
  if (e1.kinetic <= limits::kEnergyGrowth * (e0.kinetic + work) + floor) return {};
  std::vector<std::size_t> gainers;
  std::vector<double> gain(model.bodies.size(), 0);
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    if (model.bodies[i].fixed()) continue;
    gain[i] = kineticEnergy(model.bodies[i], after[i]) - kineticEnergy(model.bodies[i], before[i]);
    if (gain[i] > 0) gainers.push_back(i);
  }
  std::stable_sort(gainers.begin(), gainers.end(),
                   [&](std::size_t i, std::size_t j) { return gain[i] > gain[j]; });
  return undone("the kinetic energy grew from " + numberText(e0.kinetic) + " J to " +
                numberText(e1.kinetic) + " J in one step with at most " + numberText(work) +
                " J of work done (" + bodyNames(model, gainers) +
                " gained it): the simulation diverged");
}

}  // namespace

Status checkStep(const Model& model, std::span<const BodyState> before,
                 std::span<const BodyState> after) {
  std::vector<std::size_t> nonFinite, outside, tooFast;
  double farthest = 0, fastest = 0;
  // One pass over the bodies for the checks and the energies (a large world's bodies are not all
  // in cache from one pass to the next).
  StepEnergies energies;
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    const Body& body = model.bodies[i];
    const BodyState& s = after[i];
    if (!body.fixed()) {
      energies.before.kinetic += kineticEnergy(body, before[i]);
      energies.before.potential += gravityEnergy(model, body, before[i]);
      energies.after.kinetic += kineticEnergy(body, s);
      energies.after.potential += gravityEnergy(model, body, s);
      energies.floor += 0.5 * body.mass * limits::kEnergyFloorSpeed * limits::kEnergyFloorSpeed;
    }
    if (!finite(s)) {
      nonFinite.push_back(i);
      continue;
    }
    const double reach = std::max(std::abs(s.position.x), std::abs(s.position.y));
    if (reach > limits::kWorldSize) {
      outside.push_back(i);
      farthest = std::max(farthest, reach);
    }
    const double speed = surfaceSpeed(body, s);
    if (speed > limits::kSpeedLimit) {
      tooFast.push_back(i);
      fastest = std::max(fastest, speed);
    }
  }
  if (!nonFinite.empty())
    return undone("the state of " + bodyNames(model, nonFinite) + " became non-finite");
  if (!outside.empty()) {
    return undone(bodyNames(model, outside) +
                  " left the world (|x|, |y| <= " + numberText(limits::kWorldSize) +
                  " m; reached " + numberText(farthest, 0) + " m): the simulation diverged");
  }
  if (!tooFast.empty()) {
    return undone(bodyNames(model, tooFast) + " moved faster than the speed limit (" +
                  numberText(limits::kSpeedLimit) + " m/s; reached " + numberText(fastest, 0) +
                  " m/s): the simulation diverged");
  }
  addSpringEnergy(model, before, energies.before.potential);
  addSpringEnergy(model, after, energies.after.potential);
  return checkEnergy(model, before, after, energies);
}

}  // namespace contactlab
