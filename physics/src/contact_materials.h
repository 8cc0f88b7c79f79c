// How the two bodies of a contact combine their materials. One place, so that the solvers and the
// documentation (docs/timestep.md) agree.
#pragma once

#include <algorithm>
#include <cmath>

namespace contactlab {

// Coulomb coefficient of a pair: the geometric mean sqrt(mu1 mu2). Symmetric, equal to mu when
// both bodies have mu, and 0 when either is frictionless (ice on anything slides).
inline double pairFriction(double mu1, double mu2) {
  return std::sqrt(mu1 * mu2);
}

// Coefficient of restitution of a pair: the smaller of the two (the same rule as ImpulseSim), so a
// dead body (0) never bounces, whatever it hits.
inline double pairRestitution(double e1, double e2) {
  return std::min(e1, e2);
}

}  // namespace contactlab
