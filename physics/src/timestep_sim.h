// TimestepSim: the velocity-level time-stepping scheme of reference 003 (semi-implicit Euler), with
// Coulomb friction, for stacks, piles and granular flow. One step of h = dt:
//  1. v_free = v + h M^-1 F_ext (gravity, damping, springs, thrust: external_forces.h);
//  2. contacts at the start of the step: every pair closer than the target gap plus contactMargin
//     plus how far the two bodies can travel in the step (speculative contacts; sort-and-sweep
//     broad phase, so detection stays near-linear in the number of bodies);
//  3. one row per contact (timestep_rows.h: columns [n; r x n] and [t; r x t], the gap term with
//     its stabilization, restitution), split into independent islands;
//  4. per island the QP (frictionless) or the cone complementarity problem (with friction) solved
//     matrix-free by ContactQpSolver (PGS, MPRGP or APGD), warm-started from the previous step's
//     impulses of the same contacts (ContactKey), and with friction the slip fixed point of
//     timestep_rows.h (at most kFrictionPasses solves);
//  5. v+ = v_free + M^-1 D gamma, then q += h v+;
//  6. contacts closer than the target gap are moved back towards it by moving positions only
//     (gap_projection.h), a fraction gapStabilization of the excess closeness per step;
//  7. the joints' drift is removed by moving positions only (projectJoints, joint_rows.h).
// The joints' rows (timestep_joints.h) join the contacts' in steps 3-5: a pin's, hinge's or rod's
// as bilateral rows (an impulse of either sign), a rope's as a one-sided row with the gap term of
// a contact, none with friction; the islands join bodies linked by joints, and the rows' impulses
// are warm-started like the contacts', by joint and row.
// With qp_method substep, steps 3-5 are SubstepSolver's substeps instead (substep_solver.h), and
// step 2 reuses the contacts of pairs that have barely moved (ContactFinder::findReusing).
// Deterministic: a step depends on the state it starts from and on the warm start (with the
// substeps, also the reused contacts), which this object keeps (a World copies it with itself).
// reset() forgets them.
#pragma once

#include <span>
#include <vector>

#include "contact_finder.h"
#include "contact_qp.h"
#include "contactlab/report.h"
#include "contactlab/result.h"
#include "gap_projection.h"
#include "islands.h"
#include "model.h"
#include "scratch.h"
#include "step_contacts.h"
#include "substep_solver.h"
#include "timestep_joints.h"
#include "timestep_rows.h"

namespace contactlab {

// Solves per island: the first, then again while some contact's slip estimate is off by more than
// kSlipTolerance of the target gap per step (a normal velocity error that moves the contact by a
// tenth of its target gap in one step, which the gap term then corrects), up to this many in all.
// A contact that starts to slide converges from below by a factor of about mu^2 per pass (a box
// at 5 m/s with mu 0.5 needs 4 solves); the last solve, reached only when the estimates have not
// settled, takes them capped so that no contact closes past min(Phi, 0) (timestep_sim.cpp).
inline constexpr int kFrictionPasses = 5;
inline constexpr double kSlipTolerance = 0.1;
// While an interactive cap holds the solves short (setIterationCap below qp_iterations: a body
// dragged under the mouse spring), at most this many, every contact starting from its slip at the
// start of the step and the second solve's estimates risen by at most the last solve's bound
// (timestep_sim.cpp). A step of pyramid40 dragged at the cap's floor then takes about half the
// time, and the dragged box reached the screen within two frames in 12 runs of 16, where five
// passes took three or four in 10 of 14 (docs/app.md, "Dragging in a large scene solved to a
// tolerance").
inline constexpr int kCappedFrictionPasses = 2;

// A contact of a step with the impulses its solve gave it (N s): gamma_n along the normal and
// gamma_t along perpendicular(normal), on body 1 (the opposite on body 2).
struct SteppedContact {
  Contact contact;
  double normalImpulse = 0;
  double tangentImpulse = 0;
};

class TimestepSim {
 public:
  // Advances `states` by model.settings.dt. The world checks the state it reaches (divergence.h)
  // and undoes a step that is no longer physical: it restores the states and calls undoStep().
  void step(const Model& model, std::vector<BodyState>& states, StepReport& stats);
  // Puts the warm start and the contact reuse back as they were before the last step (valid once,
  // right after it), so that the world continues bit-for-bit as if that step had not been tried.
  void undoStep();

  // The contacts of the last step (points carried along with body 1), those that carried an
  // impulse or touch (gap within distanceTol); `states` are the states the step ended at. Valid
  // until the world changes or steps again.
  void lastContacts(const Model& model, std::span<const BodyState> states,
                    std::vector<SteppedContact>& out) const;

  // The contacts at `states` with the impulses a step from there would give them. Reads the warm
  // start but does not change it.
  void contactsAt(const Model& model, std::span<const BodyState> states,
                  std::vector<SteppedContact>& report);

  // Per joint of the model, the impulse (N s) each joint applied to its body A over the last step
  // (or the solve of contactsAt); empty before any. Valid like lastContacts().
  std::span<const Vec2> jointImpulses() const { return jointImpulses_; }

  // Whether the warm start and the contact reuse refer to bodies of a model of `bodyCount` bodies,
  // sorted as looked up (warm_start_check.cpp).
  Status validateWarmStart(std::size_t bodyCount) const;

  // An extra cap on each QP solve's iterations (0: none), and while it is below qp_iterations on
  // each group's friction passes (kCappedFrictionPasses); World::setQpIterationCap.
  void setIterationCap(int cap) { iterationCap_ = cap; }

  void reset() {
    kept_.clear();
    keptImpulses_.clear();
    jointPrevious_.clear();
    finder_.forgetReuse();
    depth_ = {};
    stepped_ = false;
  }

 private:
  int iterationCap_ = 0;
  // A joint row's impulse kept for the next step, filed under its joint's id and row index.
  struct JointWarmStart {
    unsigned serial = 0;
    int row = 0;
    double impulse = 0;
    friend bool operator<(const JointWarmStart& a, const JointWarmStart& b) {
      return std::pair(a.serial, a.row) < std::pair(b.serial, b.row);
    }
  };

  // Steps 1-2: rates_, start_, velocity_ = v_free, reach_, fixed_, found_; impulses_ zeroed; the
  // joint rows at the start (jointRows_) with their warm start (jointWarm_), jointRowImpulses_ and
  // jointImpulses_ zeroed.
  // `reuse`: the finder carries along the contacts of pairs that have barely moved since they were
  // collided (ContactFinder::findReusing; a step of the substeps), else collides every pair afresh
  // (the solves to a tolerance, which stay exact, and reports).
  void detect(const Model& model, std::span<const BodyState> states, bool reuse, StepReport& stats);
  // Steps 1-4 (contacts collided afresh): velocity_ = v+ for every body, impulses_ (2 per contact
  // of found_).
  void solve(const Model& model, std::span<const BodyState> states, StepReport& stats);
  void solveIsland(const Model& model, std::span<const int> group, StepReport& stats);
  // qp_method substep: steps 1-2, then SubstepSolver moves `states` to the end of the step.
  void advanceSubstepped(const Model& model, std::vector<BodyState>& states, bool reuse,
                         StepReport& stats);
  // The contacts (of found_ or kept_) that carried an impulse or touch, with their impulses.
  void report(const Model& model, std::span<const Contact> contacts,
              std::span<const double> impulses, std::vector<SteppedContact>& out) const;
  // The step's collisions: contacts that approached faster than velocityTol at its start and took
  // a normal impulse in it, as events with that impulse and approach speed.
  void reportCollisions(const Model& model, StepReport& stats) const;
  // order_: found_'s contacts in order (the finder lists them by pair of bodies). warm_,
  // warmFound_: each contact's impulses of the previous step (WarmStartWalk), else none (0).
  // approaching_: the contacts whose bodies approach faster than velocityTol at `states` (the
  // step's start), in order_, for reportCollisions. (The substeps note both as they build their
  // rows: substep_solver.h.)
  void matchWarmStarts(std::span<const BodyState> states, double velocityTol);
  // The warm start of the next step: this step's contacts and impulses become kept_ and
  // keptImpulses_ (the old ones go to found_ and impulses_), its joint rows' jointPrevious_ (the
  // old ones go to jointCurrent_).
  void keepWarmStarts(const Model& model);

  // How deep the solves to a tolerance aim (timestep_sim.cpp, "Depth"): below the tolerance
  // unless recent steps missed that; then at the tolerance for `wait` steps, the wait doubling
  // from one miss to the next.
  struct Depth {
    int wait = 0;     // steps left at the tolerance; 0: the solves aim deeper
    int misses = 0;   // steps in a row that aimed deeper and missed
    int backoff = 0;  // the wait after the next miss; 0: none yet (kDepthTries misses first)
  };
  // depth_ for the next step from this step's aimedDepth_ and missedDepth_; depthBefore_ keeps
  // the step's own (what undoStep() puts back).
  void updateDepth();

  // State: the warm start, the contact reuse (inside finder_) and the depth. The warm start is the
  // last step's contacts (sorted by pair, as found) and their impulses (2 a contact), also what
  // lastContacts() reports: kept where the step left them rather than copied out (the copy read a
  // pile's contacts back from memory once more every step: 0.38 ms of pyramid100's 7.1).
  std::vector<Contact> kept_;
  std::vector<double> keptImpulses_;
  Depth depth_, depthBefore_;
  bool aimedDepth_ = false;   // in this step, a solve aimed deeper than the tolerance
  bool missedDepth_ = false;  // ...and one of those missed
  std::vector<JointWarmStart> jointPrevious_;  // sorted
  ContactFinder finder_;
  bool stepped_ = false;  // a step ran since the last reset or undo: undoStep() can take it back
  bool reused_ = false;   // ...and it detected with finder_.findReusing()

  // The contacts of the step under way (or of contactsAt) and their impulses (2 per contact); after
  // a step, the warm start that step started from (what undoStep() puts back). saved_: the states
  // the last step started from, from which lastContacts() carries kept_'s points. Not copied: a
  // copied World takes the report itself (world.cpp).
  Scratch<std::vector<Contact>> found_;
  Scratch<std::vector<double>> impulses_;
  Scratch<std::vector<BodyState>> saved_;
  Scratch<std::vector<Vec2>> jointImpulses_;  // per model joint, on body A

  // Workspace (scratch.h), not copied with the world. After a step, jointCurrent_ holds the joints'
  // warm start the step started from (what undoStep() puts back).
  Scratch<std::vector<JointWarmStart>> jointCurrent_;
  Scratch<Islands> islands_;
  Scratch<ContactQpSolver> solver_;
  Scratch<SubstepSolver> substep_;
  Scratch<GapProjection> gaps_;
  Scratch<std::vector<BodyRate>> rates_;
  Scratch<std::vector<BodyVelocity>> start_;     // v at the start of the step (0 if fixed)
  Scratch<std::vector<BodyVelocity>> velocity_;  // v_free, then v+
  Scratch<std::vector<double>> reach_;
  Scratch<std::vector<bool>> fixed_;
  Scratch<std::vector<TimestepRow>> rows_;
  Scratch<std::vector<int>> order_;
  Scratch<std::vector<double>> warm_;  // 2 per contact
  Scratch<std::vector<bool>> warmFound_;
  Scratch<std::vector<int>> approaching_;
  Scratch<std::vector<BodyRate>> noRates_;  // a zero rate per body
  Scratch<std::vector<JointRow>> jointRows_;
  Scratch<std::vector<TimestepJointRow>> jointQp_;
  Scratch<std::vector<double>> jointWarm_, jointRowImpulses_;  // per joint row
  // One island's problem: local body 0 stands for every immovable body.
  Scratch<std::vector<int>> localOf_;  // model body -> local index (-1: not in this island)
  Scratch<std::vector<int>> members_;  // local index -> model body (entry 0 unused)
  Scratch<std::vector<InverseMass>> qpBodies_;
  Scratch<std::vector<QpContact>> qpContacts_;
  Scratch<std::vector<double>> r_, gamma_, slip_;
  Scratch<std::vector<BodyVelocity>> change_;  // M^-1 D gamma per local body
  Scratch<std::vector<BodyState>> scratchStates_;
};

}  // namespace contactlab
