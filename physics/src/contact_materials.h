// How the two bodies of a contact combine their materials. One place, so that the solvers and the
// documentation (docs/timestep.md) agree.
#pragma once

#include <algorithm>
#include <cmath>

namespace contactlab {

// Coulomb coefficient of a pair: the geometric mean sqrt(mu1 mu2). Symmetric, equal to mu when
// both bodies have mu, and 0 when either is frictionless (ice on anything slides). Two equal
// coefficients are returned as they are: the same number (in binary floating point the square root
// of a rounded square is the number itself where the square does not underflow, above 1e-154:
// Boldo 2015, "Stupid is as stupid does: taking the square root of the square of a floating-point
// number"), without a square root per contact in a pile of one material (pyramid100's substeps
// 0.7-1.3 % faster, the same trajectories to the bit).
inline double pairFriction(double mu1, double mu2) {
  return mu1 == mu2 ? mu1 : std::sqrt(mu1 * mu2);
}

// Coefficient of restitution of a pair: the smaller of the two (the same rule as ImpulseSim), so a
// dead body (0) never bounces, whatever it hits.
inline double pairRestitution(double e1, double e2) {
  return std::min(e1, e2);
}

}  // namespace contactlab
