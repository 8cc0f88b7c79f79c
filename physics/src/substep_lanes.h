// The substeps' contacts laid out for the sweeps (substep_solver.h): manifolds (one contact, or
// the two contacts of a box on a box solved together as a 2x2 LCP) grouped by colour
// (constraint_colouring.h) into bundles of kLanes manifolds that share no movable body, stored
// field by field (lanes.h), so that a sweep treats a bundle's manifolds side by side. The
// arithmetic of each lane is that of the scalar rows of contact_row.h in single precision: the
// rows are found and built in double and rounded once when they are laid out; the sweeps read and
// write the bodies' velocities in floats (SweepVelocity), and the solver adds what they changed,
// in single precision, to each body's velocity in double (substep_solver.cpp).
#pragma once

#include <span>
#include <type_traits>

#include "contact_row.h"
#include "lanes.h"

namespace contactlab {

// A body in the substeps: its velocity, its displacement since the start of the step (x, y,
// angle) and the rotation of the displacement as (cos - 1, sin). One cache line, whose halves the
// sweeps read as four doubles each (substep_sweep.cpp): the velocity and the turn, then dx, dy
// and the rotation.
struct alignas(64) SubstepBody {
  BodyVelocity velocity;
  double turn = 0;
  double dx = 0, dy = 0, cosMinusOne = 0, sine = 0;
};
static_assert(sizeof(SubstepBody) == 64);

// A body's velocity as the sweeps read and write it: (vx, vy, omega) in floats, a quarter of a
// cache line, so that a bundle gathers a lane's body with one load and puts it back with one store,
// and a pile's bodies fit in the second-level cache (Box2D v3 keeps its bodies' velocities in
// floats too). The solver keeps each body's velocity in double (SubstepBody) and takes into it what
// the sweeps changed (substep_solver.cpp: takeSweepVelocities).
struct alignas(16) SweepVelocity {
  float vx, vy, w, unused;  // SweepVelocity{} is zeros
};
static_assert(sizeof(SweepVelocity) == 16);

// One contact of each manifold of a bundle, what every sweep reads: its rows D_n, D_t
// (contact_row.h).
struct PointLanes {
  Lanes normalX, normalY, normalArm1, normalArm2, tangentArm1, tangentArm2;
  Lanes normalMass, tangentMass;        // 1 / (D^T M^-1 D) of each row
  Lanes excess;                         // Phi - target gap at the bodies' current positions
  Lanes normalImpulse, tangentImpulse;  // this substep's
};
// The rest of a contact, read once a substep or a step (kept apart, so that the sweeps stream
// less).
struct PointRest {
  Lanes gap;                        // Phi at the start of the step
  Lanes bounce;                     // -e u_n0 > 0 for a contact that bounces, else 0
  Lanes normalTotal, tangentTotal;  // this step's
};

// K = D_n^T M^-1 D_n of a block's two normal rows and K^-1.
struct BlockLanes {
  Lanes k11, k12, k22, inverse11, inverse12, inverse22;
};
struct NoBlock {};

// Up to kLanes manifolds of Points contacts each. An unused lane holds the spare body (a body of
// zero mass no manifold uses) on both sides and zero masses, so that it changes nothing.
template <int Points>
struct Bundle {
  int body1[kLanes], body2[kLanes];
  Lanes invMass1, invInertia1, invMass2, invInertia2, friction;
  PointLanes point[Points];
  [[no_unique_address]] std::conditional_t<Points == 2, BlockLanes, NoBlock> block;
  PointRest rest[Points];
  int row[Points][kLanes];  // the contact's index in the step's rows, -1 in an unused lane
};

// The bundles of one colour (or of one overflow manifold) in the two lists.
struct ColourRange {
  int blocksBegin = 0, blocksEnd = 0, singlesBegin = 0, singlesEnd = 0;
};

// The substep's gap terms (substep_solver.cpp, normalBias): 1 / hs, the target gap, and the soft
// constraint's bias rate, mass and impulse scales and largest push-out speed; for a relax sweep,
// whether it finds the gaps at the bodies' new positions (the substep's first one does: the others
// see the same positions) and whether it adds the impulses it ends with to the step's totals (the
// substep's last one does).
struct SweepTerms {
  double perSubstep = 0, target = 0;
  double biasRate = 0, massScale = 1, impulseScale = 0, maxPushOut = 0;
  bool updateGaps = true;
  bool addToTotals = true;
};

// One projected Gauss-Seidel sweep over the colours in order (substep_sweep.cpp) on the bodies'
// `velocities`; `bodies` gives their displacements (for the gaps). Both have the spare body last.
void sweepBundles(std::span<Bundle<2>> blocks, std::span<Bundle<1>> singles,
                  std::span<const ColourRange> colours, const SubstepBody* bodies,
                  SweepVelocity* velocities, const SweepTerms& terms, bool pushOut);

// Applies each contact's impulses (normal and tangential) of the bundles to the bodies'
// velocities: the warm start of the first substep.
void warmStartBundles(std::span<const Bundle<2>> blocks, std::span<const Bundle<1>> singles,
                      SweepVelocity* velocities);

}  // namespace contactlab
