// Overlap separation: bodies that overlap more deeply than resting contact expects (placed inside
// each other, or dragged there) are pushed apart at a bounded speed over the next steps.
//
// Resting contact (contact_sim.h) keeps touching bodies at the target gap with Baumgarte's
// correction a* = -2 w d' - w^2 (d - g*) (Baumgarte 1972). For an overlap of depth p that
// correction asks for accelerations of order w^2 p and leaves a separation speed of order w p:
// 50 m/s for boxes placed at one point at dt = 0.01, and the narrow phase's vertex-edge contacts of
// such a pair point every way at once (opposite normals that no force can satisfy together). So a
// pair of bodies whose minimum translation (penetration.h) is deeper than distance_tol is an
// overlap: its contacts leave resting contact and collisions for the step, and at the start of the
// step
//  1. velocities: whatever of the pair's motion closes the overlap along its separation normal n is
//     removed, by inelastic impulses along n through the centres of mass (projected Gauss-Seidel
//     over the overlapping pairs); nothing is ever added, so an overlap never gives bodies speed;
//  2. positions: each pair is pushed apart along n by min(p, vmax dt), shared in inverse
//     proportion to the masses (projected Gauss-Seidel on the displacements), and then no body is
//     moved by more than vmax dt, vmax = kMaxSeparationSpeed.
// Fixed bodies (floors, walls) come first: pairs with one are swept last, and in the end whatever
// of a body's velocity or displacement still points into a fixed body it overlaps is removed, so a
// crowd never presses its lowest bodies through the floor.
// This is the projection of positions that Box2D v2's position solver makes, with its cap on the
// correction per step (b2_maxLinearCorrection), and the idea of Catto's soft step (Solver2D, 2024;
// Box2D v3's world setting for the largest contact push-out speed): the overlap is undone by
// moving positions, at no more than a set speed, and the velocity that would take is not kept. Once
// a pair is within distance_tol, its contacts are resting contacts again and the gap correction
// takes it to the target gap.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "broad_phase.h"
#include "contactlab/report.h"
#include "model.h"
#include "transform.h"

namespace contactlab {

// m/s: the fastest a body is moved to undo an overlap (and the cap on the separation speed the gap
// correction of resting contact asks for, contact_sim.h).
inline constexpr double kMaxSeparationSpeed = 1.0;

class OverlapSeparation {
 public:
  // Finds the overlapping pairs at `states`.
  void find(const Model& model, std::span<const BodyState> states);
  // The pairs (i, j), i < j, that find() found, sorted.
  std::span<const std::pair<int, int>> pairs() const { return pairs_; }
  // Removes approach and pushes apart the pairs find() found (steps 1 and 2 above), over a step
  // of model.settings.dt.
  void separate(const Model& model, std::span<BodyState> states, StepReport& stats);

 private:
  struct Overlap {
    int i = 0, j = 0;
    Vec2 normal{0, 1};  // moving i along it parts the pair
    double depth = 0;
    double impulse = 0;     // accumulated, step 1
    double separation = 0;  // accumulated, step 2
  };

  // Removes from each body's `motion` (a velocity or a displacement) the part that points into a
  // fixed body it overlaps; never lengthens it.
  void keepOutOfFixed(const Model& model, std::span<Vec2> motion) const;

  BroadPhase broadPhase_;
  std::vector<Aabb> boxes_;
  std::vector<bool> isStatic_;
  std::vector<Transform> transforms_;
  std::vector<std::pair<int, int>> candidates_, pairs_;
  std::vector<Overlap> overlaps_;
  std::vector<Vec2> shift_, velocity_;
};

}  // namespace contactlab
