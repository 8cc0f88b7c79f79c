// One step of the world: integrate with contact forces (ContactSim), find penetrations, back up to
// the moment of contact and apply collision impulses (ImpulseSim), then finish the step.
//
// Fast bodies do not tunnel: a step is split into substeps so that no body moves more than half
// the smallest inradius in the world during one, so a body cannot pass through another between
// two penetration checks.
//
// Overlapping bodies: pairs that overlap deeper than distanceTol at the start of a step are pushed
// apart first (overlap_separation.h) and are left out of resting contact and collisions for the
// rest of the step.
//
// Gaps: at the end of the step, resting contacts closer than the target gap are moved back towards
// it by moving positions only (gap_projection.h), 1 / gapRecoverySteps of the excess closeness a
// step, at most kMaxSeparationSpeed dt.
#pragma once

#include <span>
#include <vector>

#include "contact_sim.h"
#include "contactlab/report.h"
#include "contactlab/result.h"
#include "gap_projection.h"
#include "impulse_sim.h"
#include "integrator.h"
#include "model.h"
#include "overlap_separation.h"
#include "scratch.h"

namespace contactlab {

class Stepper {
 public:
  // Advances `states` by model.settings.dt. The world checks the state it reaches (divergence.h)
  // and undoes a step that is no longer physical: it restores the states and calls undoStep().
  void step(const Model& model, std::vector<BodyState>& states, StepReport& stats);
  // Puts the warm start back as it was before the last step (valid once, right after it), so that
  // the world continues bit-for-bit as if that step had not been tried.
  void undoStep() { contactSim_.restoreWarmStart(); }

  // ContactSim at `states`, with the resting contacts and their forces. Does not affect later
  // steps: it reads the warm start but leaves it as it was.
  void contactsAt(const Model& model, std::span<const BodyState> states, StepReport& stats,
                  std::vector<RestingContact>& report);

  // The joints' rows and forces of the last ContactSim evaluation (contactsAt or a step's last).
  std::span<const JointRow> jointRows() const { return contactSim_.jointRows(); }
  std::span<const double> jointForces() const { return contactSim_.jointForces(); }

  // Forgets the resting contacts' warm start (ContactSim's clamped set), so that the next step
  // depends on the states alone.
  void forgetWarmStart() { contactSim_.reset(); }
  // Whether the warm start refers to bodies of a model of `bodyCount` bodies (World::validate).
  Status validateWarmStart(std::size_t bodyCount) const {
    return contactSim_.validateWarmStart(bodyCount);
  }

 private:
  int substepCount(const Model& model, std::span<const BodyState> states) const;
  void advanceWithCollisions(const Model& model, std::vector<BodyState>& states, double h,
                             StepReport& stats);
  void integrate(const Model& model, std::span<const BodyState> start, double h,
                 std::vector<BodyState>& end, StepReport& stats);
  double firstTry(const Model& model, std::span<const BodyState> start, double gapStart,
                  double gapEnd, double h, StepReport& stats);

  // State: ContactSim's warm start. The rest is workspace (scratch.h), not copied with the world;
  // the two flags are set at the start of every step and substep before anything reads them.
  ContactSim contactSim_;
  Scratch<ImpulseSim> impulseSim_;
  Scratch<OverlapSeparation> overlaps_;
  Scratch<GapProjection> gaps_;
  Scratch<Integrator> integrator_;
  Scratch<std::vector<BodyRate>> firstRates_;
  bool firstRatesValid_ = false;  // firstRates_ belong to the current start state
  Scratch<std::vector<BodyRate>> rates_;
  Scratch<std::vector<BodyState>> trial_, low_, middle_, guess_;
  bool startChecked_ = false;  // existing_ holds the penetrations at the start of this substep
  Scratch<std::vector<ContactKey>> colliding_, existing_, fresh_, ending_;
};

}  // namespace contactlab
