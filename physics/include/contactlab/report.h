// What a world reports after a step: its resting contacts, energies and statistics.
#pragma once

#include <array>
#include <cstdint>

#include "contactlab/body.h"
#include "contactlab/vec2.h"

namespace contactlab {

// One resting contact with the force the last solve gave it. Body 1 owns the contact point (a
// vertex or a disc), body 2 owns the normal, which points from body 2 towards body 1. The force
// acts as +force * normal + friction * perpendicular(normal) on body 1 and the opposite on body 2
// (perpendicular: the normal turned a quarter turn counter-clockwise). The time-stepping solver
// reports the contacts of its last step with their impulses divided by the step: gamma_n / h and
// gamma_t / h.
struct ContactReport {
  BodyId body1;
  BodyId body2;
  Vec2 point{0, 0};   // world point on body 1
  Vec2 normal{0, 1};
  double distance = 0;  // m, the gap
  double force = 0;     // N, normal
  double friction = 0;  // N, tangential (0 in ContactSim, which is frictionless)
};

struct Energy {
  double kinetic = 0;    // J: sum of m v^2 / 2 + I omega^2 / 2
  double potential = 0;  // J: gravity (m g y, zero at y = 0) and springs
  double total = 0;
};

// Wall time of each stage of the pipeline, in seconds (accumulated).
struct StageTimes {
  double detection = 0;    // broad and narrow phase
  double build = 0;        // A and b of the contact LCP
  double lcp = 0;          // the LCP solves (time-stepping solver: the QP/CCP solves)
  double collisions = 0;   // penetration checks during back-ups, and impulses
  double overlaps = 0;     // ContactSim: finding and pushing apart overlapping bodies
  double gaps = 0;         // the position correction of gaps closer than the target
  double total = 0;        // whole steps, every stage included
};

// LCP solves of resting-contact groups by size: bucket b counts groups of 2^b to 2^(b+1) - 1
// contacts (the last bucket also holds all larger groups).
constexpr int kGroupSizeBuckets = 12;

struct Statistics {
  std::int64_t steps = 0;
  std::int64_t collisions = 0;    // impulses applied
  std::int64_t lcpSolves = 0;     // one per island per evaluation
  std::int64_t pivots = 0;
  std::int64_t redundantContacts = 0;  // left out of a solve because they were dependent
  // LCP solves that stopped at the pivot cap (lcp_solver.h) or found no finite step (b outside the
  // range of A); either way the forces applied are the solver's last consistent iterate.
  std::int64_t lcpIterationLimits = 0;
  std::int64_t lcpUnbounded = 0;
  double worstResidual = 0;       // largest complementarity residual of any solve
  int largestGroup = 0;           // most contacts in one island
  int unresolvedPenetrations = 0;  // steps that ended with a penetration they could not back up
  // Time-stepping solver: QP/CCP solves (one per island per pass), their iterations, and the solves
  // that stopped at the iteration cap with a residual above the tolerance. worstResidual is then
  // the largest QP residual (contact_qp.h: a velocity error relative to the largest velocity term).
  std::int64_t qpSolves = 0;
  std::int64_t qpIterations = 0;
  std::int64_t qpUnconverged = 0;
  // Of the QP solves, those that MPRGP was asked for but APGD ran, because the group had friction
  // (MPRGP solves frictionless problems only; docs/timestep.md).
  std::int64_t qpApgdInPlaceOfMprgp = 0;
  double deepestPenetration = 0;   // m, deepest overlap any step ended with
  // ContactSim: pairs of bodies found overlapping deeper than distance_tol at the start of a step
  // and pushed apart (docs/physics.md, "Overlapping bodies"), counted once per step.
  std::int64_t overlappingPairs = 0;
  StageTimes time;
  std::array<std::int64_t, kGroupSizeBuckets> lcpSolvesBySize{};
  std::array<double, kGroupSizeBuckets> lcpSecondsBySize{};
};

}  // namespace contactlab
