// What a world reports: its resting contacts, energies, what its last step did and running totals.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "contactlab/body.h"
#include "contactlab/settings.h"
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
  Vec2 point{0, 0};  // world point on body 1
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

// Wall time of each stage of a step, in seconds.
struct StageTimes {
  double detection = 0;   // broad and narrow phase
  double build = 0;       // the contact problem: A and b of the LCP, or the time-stepping rows
  double solve = 0;       // its solves: LCPs, QP/CCP solves, or the substeps' sweeps
  double collisions = 0;  // ContactSim: penetration checks during back-ups, and impulses
  double overlaps = 0;    // ContactSim: finding and pushing apart overlapping bodies
  double gaps = 0;        // the position correction of gaps closer than the target
  double total = 0;       // the whole step, every stage included
};

// LCP solves of resting-contact groups by size: bucket b counts groups of 2^b to 2^(b+1) - 1
// contacts (the last bucket also holds all larger groups).
constexpr int kGroupSizeBuckets = 12;

// ContactSim's work: the LCPs of resting contact (one per group per evaluation, four evaluations
// a step under RK4) and of simultaneous collisions.
struct ContactSimWork {
  std::int64_t steps = 0;
  std::int64_t lcpSolves = 0;
  std::int64_t pivots = 0;
  std::int64_t redundantContacts = 0;  // left out of a solve because they were dependent
  // Solves that stopped at the pivot cap (lcp_solver.h) or found no finite step (b outside the
  // range of A); either way the forces applied are the solver's last consistent iterate.
  std::int64_t lcpIterationLimits = 0;
  std::int64_t lcpUnbounded = 0;
  double worstResidual = 0;  // largest complementarity residual of any solve (lcp_solver.h)
  int largestGroup = 0;      // most rows (contacts, joints' rows) in one solve
  // Pairs of bodies found overlapping deeper than distance_tol at the start of a step and pushed
  // apart (docs/physics.md, "Overlapping bodies").
  std::int64_t overlappingPairs = 0;
  // Integrations the collision search made to back a substep up to a collision (docs/physics.md,
  // "Collisions"), besides the substep's own.
  std::int64_t collisionSearchTries = 0;
  StageTimes time;
  std::array<std::int64_t, kGroupSizeBuckets> lcpSolvesBySize{};
  std::array<double, kGroupSizeBuckets> lcpSecondsBySize{};
};

// The time-stepping solver's work: QP/CCP solves (one per group per friction pass), or with the
// substeps scheme one per group per step whose iterations are its sweeps (two a substep).
struct TimestepWork {
  std::int64_t steps = 0;
  std::int64_t qpSolves = 0;
  std::int64_t qpIterations = 0;
  // Solves that stopped at qp_iterations with a residual above qp_tolerance.
  std::int64_t qpUnconverged = 0;
  // Of the solves, those that MPRGP was asked for but APGD ran, because the group had friction
  // (MPRGP solves frictionless problems only; docs/timestep.md).
  std::int64_t qpApgdInPlaceOfMprgp = 0;
  // Largest residual of any solve to a tolerance (contact_qp.h: a velocity error relative to the
  // largest velocity term); the substeps, which stop after a fixed number of sweeps, report none.
  double worstResidual = 0;
  int largestGroup = 0;  // most contacts in one solve
  StageTimes time;
};

// One collision impulse of a step: at `point`, along `normal` (from body 2 towards body 1),
// `impulse` on body 1 and its opposite on body 2. Under ContactSim an impulse of its collision
// solve (ImpulseSim); under time stepping a contact that approached faster than velocity_tol at
// the step's start, with the step's whole normal impulse (docs/api.md, "What a step did").
struct CollisionEvent {
  BodyId body1;
  BodyId body2;
  Vec2 point{0, 0};
  Vec2 normal{0, 1};
  double impulse = 0;        // N s
  double approachSpeed = 0;  // m/s, how fast the contact closed before the impulse
};

// What one step did (World::lastStep()). The section of the solver that ran is filled in, the
// other one is zero.
struct StepReport {
  std::int64_t step = 0;  // 1 for a world's first step; 0: no step yet
  double time = 0;        // s, the world's time at the end of the step
  SolverKind solver = SolverKind::Contact;
  std::int64_t collisions = 0;  // impulses of collisions faster than velocity_tol
  // ContactSim: substeps that ended with a penetration they could not back up to.
  std::int64_t unresolvedPenetrations = 0;
  double deepestPenetration = 0;  // m, deepest overlap found in the step
  ContactSimWork contact;
  TimestepWork timestep;
  std::vector<CollisionEvent> collisionEvents;  // in the order they were applied
};

// Running totals over a world's steps (World::statistics()), with a section per solver: each
// holds the steps that solver ran.
struct Statistics {
  std::int64_t steps = 0;
  std::int64_t collisions = 0;
  std::int64_t unresolvedPenetrations = 0;
  double deepestPenetration = 0;  // m, deepest overlap of any step
  ContactSimWork contact;
  TimestepWork timestep;
};

}  // namespace contactlab
