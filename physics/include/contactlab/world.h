// The simulation: a world of rigid bodies under gravity, damping, springs and thrust, with resting
// contact forces (ContactSim: Baraff's LCP) and collisions (ImpulseSim: impulses with restitution).
//
// Every mutating call either succeeds whole or returns an Error and leaves the world unchanged.
// Deterministic: the same world and the same calls give bit-identical states.
// Threads: a World is not thread-safe; use it from one thread at a time. Its const methods do not
// compute anything that changes the world (no solves, no caches filled), so threads may call const
// methods of one World at the same time as long as none calls a non-const one; contacts(), which
// may solve, is not const. Separate worlds, copies included, may be used on separate threads (a
// copy shares definitions with its original only until either changes them).
// docs/api.md introduces the API with an example.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "contactlab/body.h"
#include "contactlab/forces.h"
#include "contactlab/joints.h"
#include "contactlab/report.h"
#include "contactlab/result.h"
#include "contactlab/settings.h"
#include "contactlab/shape_query.h"

namespace contactlab {

// A body as the world sees it: its definition (with mass filled in) and its current state.
struct BodyView {
  BodyId id;
  BodyDef def;  // as given to addBody; def.state is stale, use `state`
  BodyState state;
  double mass = 0;        // kg, infinite for fixed bodies
  double inertia = 0;     // kg m^2 about the centre of mass, infinite for fixed bodies
  double elasticity = 0;  // effective (own or the world's)
  double friction = 0;
};

struct WorldImpl;

class World {
 public:
  World();
  ~World();
  World(const World&);
  World& operator=(const World&);
  World(World&&) noexcept;
  World& operator=(World&&) noexcept;

  // Settings are checked whole (finite, non-negative tolerances, dt > 0, gravity within
  // docs/limits.md...). Bodies, states and springs are checked against the same limits.
  static Result<World> create(const WorldSettings& settings);
  const WorldSettings& settings() const;
  Status setSettings(const WorldSettings& settings);

  Result<BodyId> addBody(const BodyDef& def);
  Status removeBody(BodyId id);  // also removes its springs and thrusts
  Status setBodyState(BodyId id, const BodyState& state);
  std::optional<BodyView> body(BodyId id) const;
  std::optional<BodyId> findBody(const std::string& name) const;
  std::vector<BodyId> bodies() const;  // in the order they were added
  std::size_t bodyCount() const;

  // Shape queries (contactlab/shape_query.h), in world coordinates at the body's current state,
  // from the shape the collision detection uses. A bad id (removed, or from another world) gives
  // an Error.
  // The outline: a box's or polygon's corners, counter-clockwise, or a disc's centre and radius.
  // `out` is overwritten and its storage reused (no allocation once it has grown).
  Status outline(BodyId id, BodyOutline& out) const;
  // The centroid, which is the centre of mass and the body's position: a polygon's points are
  // shifted so that their area centroid is the body's origin (BodyDef::points).
  Result<Vec2> centroid(BodyId id) const;
  Result<Bounds> bounds(BodyId id) const;
  // Whether `point` lies on the body (its boundary included) or within `tolerance` metres of it.
  // A non-finite point, or a tolerance that is negative or not finite, gives an Error.
  Result<bool> containsPoint(BodyId id, Vec2 point, double tolerance = 0) const;

  // Edits of a body that keep it and everything else in the world (other bodies, springs,
  // thrusts, time, statistics and the solvers' warm start: docs/api.md says why it stays valid).
  // Checked as addBody checks a body; on error the world is unchanged.
  // The mass in kg (finite, from limits::kMinMass to limits::kMaxMass); the moment of inertia
  // scales with it, and captureScene writes it as the body's `mass`. A fixed body keeps it for
  // when it is made free.
  Status setBodyMass(BodyId id, double kg);
  // Fixed (infinite mass and inertia, never moves) or free. Either way the body's velocity and
  // spin become 0: a fixed body never moves, and a freed one starts at rest.
  Status setBodyFixed(BodyId id, bool fixed);

  Result<SpringId> addSpring(const SpringDef& def);
  Status setSpringAnchor(SpringId id, Vec2 anchor);
  Status removeSpring(SpringId id);
  Result<ThrustId> addThrust(const ThrustDef& def);
  Status removeThrust(ThrustId id);

  // Joints (contactlab/joints.h). Checked whole: a kind, a name unique among the joints, body A
  // existing, body B existing or null (the world), A and B different and not both immovable,
  // finite anchors, a rod's length finite and > 0. Removing a body removes its joints. Every
  // solver holds them (joints.h).
  Result<JointId> addJoint(const JointDef& def);
  Status removeJoint(JointId id);
  // The joints as they act at the current state, in the order they were added: computed with
  // contacts() (one solve gives both), so calling both costs one solve. Under time stepping the
  // force is the joint's impulse on A over the last step divided by dt (after an edit, of the
  // step that would follow, like contacts()).
  std::vector<JointReport> joints();
  // The joints' and springs' definitions, in the order they were added (for captureScene).
  std::vector<JointDef> jointDefinitions() const;
  std::vector<SpringDef> springDefinitions() const;

  // Advances one step of settings().dt. The step fails when it leaves a state that is no longer
  // physical (docs/limits.md): a body non-finite, outside the world, faster than the speed limit,
  // or kinetic energy grown by an order of magnitude more than the work done. Then the world is
  // left bit-for-bit as it was before the step (bodies, time, statistics, the solvers' warm start
  // and caches), and the error names the bodies (the first few) and what was wrong.
  Status step();
  double time() const;

  // The solvers carry a warm start from one step to the next (ContactSim: the last clamped contact
  // set; time stepping: the last impulses), so a step depends on the bodies' states and on it.
  // Forgetting it makes the next step depend on the states alone: a world built from a scene
  // captured now (captureScene, a share string) then continues bit-identically with this one.
  // Adding or removing bodies and changing the settings forget it too; setBodyMass and
  // setBodyFixed keep it.
  void forgetWarmStart();
  // Time stepping, TimestepScheme::Qp: caps each solve of the steps that follow at `cap`
  // iterations (when below settings().qpIterations; 0 lifts the cap), leaving the settings and the
  // warm start alone. For an interactive program that keeps its steps short while the user drags
  // a body; a solve stopped short counts as unconverged and its residual is reported (lastStep()).
  // While the cap holds, each group also makes at most two friction passes (solves with the
  // sliding contacts' slip estimated again) instead of up to five: every contact starts from its
  // slip at the start of the step, and the second solve's estimates rise over the first's by at
  // most what cannot close a contact past its gap (docs/timestep.md).
  void setQpIterationCap(int cap);

  // The resting contacts at the current state with their forces. Not const: the first call after
  // a change computes them (ContactSim solves the contact LCP at the current state; time stepping
  // reports its last step's contacts, or finds them at the current state after a change), later
  // calls return them until the world changes. Computing them changes nothing else: the states, the
  // warm start and what the next step does stay as they were. The reference stays valid until the
  // next non-const call.
  const std::vector<ContactReport>& contacts();
  Energy energy() const;
  // Running totals over every step taken, a section per solver (report.h).
  const Statistics& statistics() const;
  // What the last step did: wall time per stage, the solver's effort and status (LCP pivots, caps
  // reached and residuals; QP iterations and unconverged solves), and the collisions it resolved
  // with their impulses. A failed step leaves it as it was; step 0 before the first step.
  const StepReport& lastStep() const;

  // Checks the world's own consistency and says what is wrong, if anything: the settings are
  // valid; every body's state is finite, inside the world and within the speed limit
  // (docs/limits.md) and its mass properties agree with its definition; body ids are unique and
  // lead to their bodies and back (names too); springs and thrusts act on existing bodies; the
  // solvers' warm starts and caches refer to existing bodies. A world changed only through this
  // API is always valid: this is for tests and debugging (docs/api.md). It computes nothing heavy
  // (one pass over bodies, forces and warm starts; no detection, no solve) and changes nothing.
  Status validate() const;

 private:
  std::unique_ptr<WorldImpl> impl_;
};

}  // namespace contactlab
