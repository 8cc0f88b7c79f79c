// ContactSim: the right-hand side of the equations of motion with resting contact forces.
//
// One evaluation (reference, "Rigid body: contact forces"):
//  1. find the resting contacts: a vertex within distanceTol of an edge (or a disc surface) whose
//     normal speed is within velocityTol;
//  2. split them into independent groups and build, per group, A and b of a = A f + b (eq. 1),
//     A by eq. (9) and b by eqs. (10)-(11);
//  3. solve a >= 0, f >= 0, a.f = 0 (eq. 4) with Baraff's incremental pivoting;
//  4. apply +f n to body 1 at p1 and -f n to body 2 at p2.
//
// Gap keeping: the reference holds d'' >= 0, which lets the gap drift with integration error.
// Resting contacts are kept at the target gap g* = distanceTol / 2 in two parts:
//  - above g* the condition is d'' >= a* with the critically damped correction
//    a* = -2 w d' - w^2 (d - g*), w = 1 / (gapRecoverySteps dt) (Baumgarte's stabilisation,
//    Comput. Methods Appl. Mech. Eng. 1, 1972): a body resting a little above g* sinks to it and
//    comes to rest there (the contact only brakes);
//  - below g* only the velocity part, a* = -2 w d' (myPhysicsLab's ExtraAccel.VELOCITY): an
//    approach is stopped, and the gap itself is restored after the step by moving positions only
//    (gap_projection.h, called by the stepper), because a push-out that went into the velocities
//    could never be braked by a contact that only pushes: two touching blocks would slide apart.
// At rest (d' = 0) at or below g*, a* = 0 and the forces are exactly those of eq. (1)-(4).
//
// Pairs of bodies that overlap deeper than distanceTol are not resting contacts: the stepper
// separates them (overlap_separation.h) and passes them here to be left out.
//
// Each LCP solve is capped in pivots (lcp_solver.h); a solve that stops at the cap, or finds no
// finite step, applies its last consistent iterate (f >= 0 with a = A f + b) and is counted in
// ContactSimWork::lcpIterationLimits or lcpUnbounded: the step goes on, the count says it happened.
#pragma once

#include <span>
#include <vector>

#include "contact_finder.h"
#include "contact_matrix.h"
#include "contactlab/report.h"
#include "contactlab/result.h"
#include "islands.h"
#include "joint_rows.h"
#include "lcp_solver.h"
#include "mixed_lcp.h"
#include "model.h"
#include "scratch.h"

namespace contactlab {

// Adds one LCP solve of `size` rows that took `seconds` to the running totals.
void countLcpSolve(ContactSimWork& work, const LcpInfo& info, double seconds, std::size_t size);

// A resting contact and the force the solve gave it.
struct RestingContact {
  Contact contact;
  double force = 0;
};

// Warm start: each evaluation starts the LCP from the clamped set of the one before (within a step
// and across steps), which in a resting pile is nearly always the answer, so a solve costs one
// factorization of A_CC and a few pivots. The set is part of the simulation's state: a step depends
// on the bodies' states and on it. reset() forgets it; a step after a reset starts every contact
// clamped. When an evaluation finds the same resting contacts in the same order as the one that
// left the set (most evaluations of a resting pile), each contact's place in the set is known
// from then, and neither a look-up nor a sort is needed (the same flags either way).
class ContactSim {
 public:
  // Whether an evaluation leaves its clamped set as the next one's warm start.
  enum class Memory : bool { Update, Keep };

  // rates = external forces plus contact forces at `states`, leaving out the pairs `overlapping`
  // (i < j, sorted). When `report` is given, it receives every resting contact with its force.
  void evaluate(const Model& model, std::span<const BodyState> states, std::span<BodyRate> rates,
                StepReport& stats, std::span<const std::pair<int, int>> overlapping,
                std::vector<RestingContact>* report = nullptr, Memory memory = Memory::Update);

  void reset() { previous_.clear(); }
  // The joints' rows and forces (N along each row's direction) of the last evaluation.
  std::span<const JointRow> jointRows() const { return jointRows_; }
  std::span<const double> jointForces() const { return jointForces_; }
  // Whether the warm start refers to bodies of a model of `bodyCount` bodies, sorted as looked up
  // (warm_start_check.cpp).
  Status validateWarmStart(std::size_t bodyCount) const;
  // The warm start as it is now, and putting a saved one back (a failed step is undone whole).
  void saveWarmStart() { saved_ = previous_; }
  void restoreWarmStart() { previous_ = saved_; }

 private:
  std::uint8_t warmStart(const ContactKey& key) const;
  // Whether the warm start's order (order_) maps keys_ onto previous_ one to one.
  bool sameOrder() const;
  // previous_ from keys_ and flags_ (Memory::Update), with order_ for the next evaluation;
  // `inPlace`: sameOrder() as this evaluation found it (each flag then goes to its known place).
  void remember(bool inPlace);
  // One group (islands.h) of resting contacts (indices into resting_): the sparse LCP.
  void solveContacts(const Model& model, std::span<const BodyState> states,
                     std::span<BodyRate> rates, std::span<const int> contacts, StepReport& stats,
                     std::vector<RestingContact>* report);
  // contact_sim_joints.cpp: one group with joint rows (indices into jointRows_) and its contacts
  // in one mixed LCP.
  void solveWithJoints(const Model& model, std::span<const BodyState> states,
                       std::span<BodyRate> rates, std::span<const int> contacts,
                       std::span<const int> joints, StepReport& stats,
                       std::vector<RestingContact>* report);
  double freeRelativeAcceleration(const Contact& c, std::span<const BodyState> states,
                                  std::span<const BodyRate> rates) const;

  using ClampedFlags = std::vector<std::pair<ContactKey, std::uint8_t>>;

  // State: each contact of the previous evaluation with its final clamped flag, sorted by key.
  // Contacts not found there start clamped (in a resting pile almost every contact carries force).
  ClampedFlags previous_;

  // Workspace (scratch.h): not copied with the world.
  Scratch<ContactFinder> finder_;
  Scratch<Islands> islands_;
  Scratch<ContactMatrixBuilder> matrixBuilder_;
  Scratch<LcpSolver> lcp_;
  Scratch<std::vector<Contact>> found_, resting_;
  Scratch<std::vector<bool>> fixed_;
  Scratch<std::vector<ContactRow>> rows_;
  Scratch<SparseMatrix> A_;
  Scratch<std::vector<double>> b_, f_, a_;
  Scratch<std::vector<std::uint8_t>> clamped_;
  // Per resting contact: its key, its warm start and its final clamped flag.
  Scratch<std::vector<ContactKey>> keys_;
  Scratch<std::vector<std::uint8_t>> warm_, flags_;
  // The resting contacts' keys of the evaluation that left previous_, in the order found, and
  // each one's place in previous_; `unique`: no key repeats (else the look-up is used).
  struct WarmOrder {
    std::vector<ContactKey> keys;
    std::vector<int> rank;
    bool unique = false;
  };
  Scratch<WarmOrder> order_;
  Scratch<std::vector<int>> sorted_;
  Scratch<ClampedFlags> saved_;  // saveWarmStart(): valid until the step it was saved for ends
  Scratch<std::vector<JointRow>> jointRows_;
  Scratch<std::vector<int>> joints_;  // a group's joint rows
  Scratch<std::vector<double>> jointForces_;
  Scratch<std::vector<DenseRow>> denseRows_;
  Scratch<MixedLcp> mixed_;
};

}  // namespace contactlab
