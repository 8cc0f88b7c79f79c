// SubstepSolver: the fast variant of the time-stepping scheme (timestep_scheme `substeps`). The
// step of h is cut into n substeps of h/n; each substep adds the external forces, applies the
// contacts' impulses of the previous substep (warm start), makes one projected Gauss-Seidel sweep
// over the contacts with Coulomb's law itself (|gamma_t| <= mu gamma_n, no cone relaxation, so no
// slip passes), moves the bodies, and makes kRelaxSweeps more sweeps without the push-out (relax).
// Contacts are found once per step at its start (TimestepSim); within the step each contact's gap
// follows the two bodies' motion rigidly: Phi = Phi_0 + n . (d1 - d2), d the displacement of the
// contact point on each body.
//
// This is the "temporal Gauss-Seidel" / "soft step" family: Macklin, Storey, Lu, Terdiman,
// Chentanez, Jeschke, Mueller 2019, "Small steps in physics simulation" (one iteration per substep
// beats many iterations per step: the error of a sweep falls with the square of the substep), and
// E. Catto's Solver2D comparison (2024), whose relax sweep removes the push-out velocity so that
// resolved overlaps do not pop apart (one relax sweep left part of it in a tall stack, which
// pumped pyramids of 70 rows into breathing: two are made). A contact above the target gap g* may
// close to g* within the substep and no further (speculative, rigid); below g* the biased sweep
// pushes it out with a soft constraint (a spring-damper of kSoftHertz, at most a quarter of the
// substep rate, and damping ratio kSoftDamping, solved implicitly: Catto's soft-constraint
// coefficients), at most kSoftPushOut m/s; the relax sweeps hold u_n >= 0 rigidly. The two corner
// contacts of a box on a box are solved together (a 2x2 LCP). A contact that approached faster
// than the restitution threshold at the start of the step and carried an impulse leaves at
// -e u_n0 (one last sweep over those contacts, Newton's law). The sweeps take the contacts colour
// by colour (constraint_colouring.h), eight manifolds at a time in single precision
// (substep_lanes.h, substep_sweep.cpp). docs/timestep.md gives the derivation and the costs. Joints
// (substep_joints.cpp): their rows (timestep_joints.h) are taken afresh at the bodies' positions
// before the first substep and after each substep's move, so that their directions and lever arms
// turn with the bodies; each sweep takes them before the contacts. The equality rows (pins',
// hinges', rods') are grouped by the movable bodies they share (joint_groups.h); a group whose
// profile is narrow (a chain, a tree) is solved exactly in every sweep, all its rows
// at once (a profile Cholesky factorization of J M^-1 J^T at each refresh), aiming at the
// second-order position of timestep_joints.h: the biased sweep pulls the separations back
// rigidly at the contacts' soft bias rate, the relax sweeps hold them. Solved row by row instead,
// the second-order term made chains gain energy until they blew up; so the rows of a wider group,
// or of one whose rows are redundant (a net: more rows than its bodies' freedoms), are taken one at
// a time as Box2D v3 takes its joints, a pin's or hinge's two rows together: soft in the biased
// sweep, rigid in the relax sweeps, without the second-order term (a little energy lost where
// bodies turn fast). A rope's row is taken alone, as a contact's.
#pragma once

#include <span>
#include <vector>

#include "constraint_colouring.h"
#include "contact_finder.h"
#include "contact_row.h"
#include "contactlab/report.h"
#include "external_forces.h"
#include "joint_groups.h"
#include "joint_rows.h"
#include "model.h"
#include "profile_cholesky.h"
#include "step_contacts.h"
#include "substep_lanes.h"

namespace contactlab {

// The joints' part of a step: in, each joint row's impulse of the previous step (one per row of
// timestepJointRows at the states the step starts from, N s); out, each row's impulse over this
// step and each model joint's impulse on its body A (a vector: the rows turn within the step).
struct SubstepJoints {
  std::span<const double> warm;
  std::span<double> rowImpulses;
  std::span<Vec2> jointImpulses;
};

class SubstepSolver {
 public:
  // Advances `states` by model.settings.dt in `substeps` substeps with the contacts `found` at the
  // start of the step, swept in `order` (a permutation of them sorted by pair of bodies). Each
  // contact starts from its warm start among `previous` (the previous step's contacts, sorted by
  // pair, with `previousImpulses`, 2 each: WarmStartWalk; the whole step's, N s); `impulses`
  // receives the step's, 2 per contact (normal, tangential), and `approaching` the contacts whose
  // bodies approach faster than velocity_tol at the start, in `order` (step_contacts.h). `rates`
  // are the external accelerations at the start of the step. Counts one solve, 2 sweeps per substep
  // as iterations, all contacts as one group and the deepest overlap among them in `stats`.
  void advance(const Model& model, std::span<const Contact> found, std::span<const int> order,
               std::span<const BodyRate> rates, std::span<const Contact> previous,
               std::span<const double> previousImpulses, std::vector<int>& approaching,
               int substeps, std::vector<BodyState>& states, std::span<double> impulses,
               const SubstepJoints& joints, StepReport& stats);

  // Per model joint, whether the position projection after the step (projectJoints) takes it:
  // not those whose rows were solved row by row, softly, in the last step.
  std::span<const char> projectedJoints() const { return projectedJoints_; }

 private:
  // A contact's rows D_n, D_t (contact_row.h), with the arms r_i = contact point minus centre of
  // body i at the start of the step, as found: what the choice of a pair's manifolds reads.
  struct Row : ContactRow {
    double normalMass = 0;  // 1 / (D_n^T M^-1 D_n)
  };
  // A row as its bundle's lanes take it (substep_lanes.h: floats), rounded as the row is made: a
  // cache line a row, read in the bundles' order when they are laid out (a Row with the rest in
  // double took two).
  struct alignas(64) LaneRow {
    int body1 = 0, body2 = 0;
    float normalX = 0, normalY = 0, normalArm1 = 0, normalArm2 = 0, tangentArm1 = 0,
          tangentArm2 = 0;
    float normalMass = 0, tangentMass = 0;  // 1 / (D^T M^-1 D)
    float friction = 0;
    float gap = 0, excess = 0;                    // Phi at the start of the step; Phi - target
    float bounce = 0;                             // -e u_n0 > 0 for a contact that bounces, else 0
    float normalImpulse = 0, tangentImpulse = 0;  // the warm start of the first substep
  };
  static_assert(sizeof(LaneRow) == 64);
  // One row, or the two rows of a pair of bodies touching at two points along one normal (the
  // corners of a box on a box), whose normal rows are solved together as a 2x2 LCP.
  struct Manifold {
    int first = 0, count = 1;
    double k11 = 0, k12 = 0, k22 = 0;  // K = D_n^T M^-1 D_n of the two normal rows
  };

  void build(const Model& model, std::span<const Contact> found, std::span<const int> order,
             std::span<const BodyState> states, std::span<const Contact> previous,
             std::span<const double> previousImpulses, std::vector<int>& approaching, int substeps,
             double& deepest);
  // The manifolds (and their keys) of one pair's `rows`, rows_[first, first + rows.size()): a
  // block of its two rows where they qualify (kBlockParallel, kBlockConditioning), else one
  // manifold a row.
  void addManifolds(size_t first, std::span<const Row> rows);
  // manifolds_, coloured and laid out in bundles (substep_lanes.h); the colours and the slots stay
  // the last step's when its manifolds were the same, over the same bodies.
  void layOut(const Model& model);
  // The colours of manifolds_ (manifoldKeys_), the bundles' ranges and each lane's manifold.
  void assignSlots();
  template <int Points>
  void fill(Bundle<Points>& bundle, int lane, const Manifold& m);
  // A normal row's target: u_n + bias >= 0, solved softly (massScale < 1, impulseScale > 0) when
  // the contact is pushed out.
  struct Gap {
    double bias = 0, massScale = 1, impulseScale = 0;
  };
  // perSubstep = 1 / hs.
  Gap normalBias(double excess, double perSubstep, bool pushOut) const;
  // A soft constraint's terms for the substep (Catto's soft step): its bias rate (1/s), mass
  // scale and impulse scale.
  struct Softness {
    double biasRate = 0, massScale = 1, impulseScale = 0;
  };
  // The joints solved row by row take Box2D v3.1's joint softness (60 Hz, at most a quarter of
  // the substep rate, damping ratio 2) in the biased sweep.
  Softness jointSoft_;
  static Softness softness(double hertz, double damping, double hs);
  // A joint row's: a rope's is a contact's (normalBias of its separation); an equality row's
  // pulls its separation to 0 softly in the biased sweep, and is rigid with no bias in the relax.
  Gap jointGap(double separation, double perSubstep, bool pushOut, bool oneSided) const;
  // Newton's law for the contacts that bounce (after the last substep), one contact at a time.
  // Skipped when no row bounces (anyBounce_): a pass over every bundle that would change nothing
  // (1.5 % of pyramid40's and pyramid100's step, whose contacts have no restitution).
  void bounce();
  bool anyBounce_ = false;
  // Calls f(bundle, lane, point, row) for every used contact of the bundles (point: 0 or 1 in
  // the manifold; row: its index in rows_).
  template <typename F>
  void forEachContact(F&& f);

  // Joints (substep_joints.cpp). refreshJoints: jointRows_ and each row's mass and separation at
  // the bodies' current positions (`start` moved by bodies_' displacements) and velocities.
  struct JointSlot {
    double mass = 0;        // 1 / (J M^-1 J^T)
    double separation = 0;  // timestep_joints.h
    double impulse = 0;     // this substep's
    double total = 0;       // this step's
    // A pin's or hinge's first row: its entry of J M^-1 J^T with the joint's second row.
    double pairCoupling = 0;
  };
  // With `regroup` (the step's first refresh) the equality rows are grouped again
  // (groupJointRows); each group solved exactly is factored again at every refresh.
  void refreshJoints(const Model& model, std::span<const BodyState> start, bool regroup);
  // A = J M^-1 J^T of exact group g (its rows in jointGroups_'s order) into groupFactors_[g],
  // factored; false when it is not safely positive definite (redundant rows).
  bool factorGroup(size_t g);
  // Starts each row's impulse from `warm` / substeps.
  void warmJoints(std::span<const double> warm, int substeps);
  // The joints' warm start within the step: each row's impulse of the last substep applied along
  // the row as it is now (the contacts' warm start re-applies their velocity change instead, which
  // for a joint would push along where its row was: a pendulum would gain energy every substep).
  void applyJointImpulses();
  // v += M^-1 J^T impulse along `row`, noted in jointChange_.
  void pushJoint(const JointRow& row, double impulse);
  // Takes the joints' part (jointChange_) out of each body's impulseVelocity, which then holds the
  // contacts' part of the substep's velocity change only.
  void takeJointChanges();
  // One sweep over the joints: each exact group solved at once (u + bias = 0 for all its rows),
  // the rows of the other groups and the ropes one at a time.
  void sweepJoints(double hs, bool pushOut);
  // projectedJoints_ after a step.
  void markProjectedJoints(const Model& model);
  // A pin's or hinge's two rows k1 and k2 (false, nothing done, when they are not one joint's or
  // are degenerate) solved together as its anchor point's 2x2 system, with the softness `soft`.
  bool sweepPoint(int k1, int k2, const Softness& soft);
  // u = J v of `row` at the bodies' current velocities.
  double jointVelocity(const JointRow& row) const;
  // Adds this substep's impulses to the totals and to `jointImpulses` (per model joint).
  void addJointImpulses(std::span<Vec2> jointImpulses);
  std::vector<JointRow> jointRows_;
  std::vector<JointSlot> jointSlots_;
  int equalityRows_ = 0;  // jointRows_[0, equalityRows_) are the pins', hinges' and rods' rows
  // The equality rows in groups that share no movable body (joint_groups.h). A group whose
  // profile is at most kExactJointWidth rows wide (chains, trees) and whose rows are not
  // redundant is solved exactly (groupExact_, groupFactors_), the others row by row.
  JointGroups jointGroups_;
  std::vector<char> groupExact_;
  std::vector<ProfileCholesky> groupFactors_;
  std::vector<double> groupResidual_;
  std::vector<char> projectedJoints_;
  // Per equality row, its two bodies (-1 for the world or a fixed body): what the groups were
  // made from (groupedKey_), and this step's (groupKey_).
  std::vector<int> groupKey_, groupedKey_;
  std::vector<BodyVelocity> jointChange_;  // per body, what the joints changed this substep
  std::vector<BodyState> now_;             // the bodies' current states
  // Per model joint, its anchors' arms at the step's start (from each body's centre; B's from the
  // origin for the world).
  struct JointArms {
    Vec2 a{0, 0}, b{0, 0};
  };
  std::vector<JointArms> startArms_;
  std::vector<JointRow> jointRowsNow_;  // refreshJoints': one joint's rows
  // Joint j's anchors' motion now, from its arms at the step's start turned with its bodies.
  AnchorMotion anchorMotionNow(const Joint& joint, size_t j,
                               std::span<const BodyState> start) const;
  std::vector<BodyRate> noRates_;

  std::vector<LaneRow> rows_;  // in pair order, each with body1 < body2
  std::vector<Row> pairRows_;  // build's: the rows of one pair
  std::vector<int> source_;    // rows_[i] is contact source_[i] of the step
  std::vector<Manifold> manifolds_;
  // What a manifold's place in the bundles depends on: its two bodies and its number of contacts.
  struct ManifoldKey {
    int body1 = 0, body2 = 0, count = 0;
    bool operator==(const ManifoldKey&) const = default;
  };
  std::vector<ManifoldKey> manifoldKeys_;
  // The manifolds and the bodies' movability the bundles' slots were last assigned for.
  std::vector<ManifoldKey> laidOutKeys_;
  std::vector<char> laidOutMovable_;
  std::vector<std::pair<int, int>> manifoldBodies_;
  std::vector<char> movable_;  // per body, whether it is not fixed (filled first in advance)
  std::vector<int> colours_;
  std::vector<int> blockSlots_, singleSlots_;  // per lane of the bundles, its manifold or -1
  ConstraintColouring colouring_;
  std::vector<Bundle<2>> blocks_;  // the first blockCount_ in use
  std::vector<Bundle<1>> singles_;
  int blockCount_ = 0, singleCount_ = 0;
  std::vector<ColourRange> colourRanges_;
  // The sweeps work on sweepVelocities_, floats (substep_lanes.h: SweepVelocity); each body's
  // velocity stays in double in bodies_. give: a body's sweep velocity set to its velocity rounded
  // to floats; take: its velocity moved by what the sweeps changed since (the sweep velocity less
  // that rounding, in single precision), and given again.
  void takeSweepVelocity(size_t i);
  void giveSweepVelocity(size_t i);
  void takeSweepVelocities();
  void giveSweepVelocities();
  std::vector<SweepVelocity> sweepVelocities_;
  // Per body, then the spare body: velocity and displacement (substep_lanes.h); its inverse mass;
  // its velocity before the substep's sweeps, from which the next substep's pass over the bodies
  // takes what the contact impulses changed it by (the warm start of that substep; with joints,
  // that change itself, found after the sweeps).
  std::vector<SubstepBody> bodies_;
  std::vector<InverseMass> inverseMass_;
  std::vector<BodyVelocity> impulseVelocity_;
  // Per body its friction and elasticity, read per contact (copied once a step from the bodies,
  // whose large records a pile's contacts would otherwise fetch one cache miss at a time).
  struct Material {
    double friction = 0, elasticity = 0;
  };
  std::vector<Material> materials_;
  SweepTerms terms_;
};

}  // namespace contactlab
