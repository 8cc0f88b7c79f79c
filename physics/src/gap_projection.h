// The position-level gap correction shared by ContactSim and the time-stepping solves to a
// tolerance: resting contacts closer than the target gap g* = distanceTol / 2 are moved back
// towards it by moving the bodies' positions and angles after the velocities are solved, never
// their velocities. A contact can only push, so a push-out that went into the velocities could
// never be taken back out (two touching blocks would slide apart for ever); a push-out of
// positions leaves no motion behind, and the velocity solve, left without a gap term below g*,
// reports the physical forces.
//
// The correction is the split-impulse idea (Catto, "Iterative dynamics with temporal coherence",
// GDC 2005; Box2D 2.4 solves a nonlinear position problem the same way): pseudo-impulses P along
// the contact rows, applied as displacements M^-1 P and then dropped. With e_c = Phi_c - g* the
// contact's excess gap at the positions the step reached (Phi carried rigidly with the bodies from
// where it was found), each contact asks for a normal displacement n . (d1 - d2) >= s_c with
//   e_c < -slop:   s_c = min(fraction (-e_c), largestMove)   that fraction of the excess closeness
//                                                            is undone in this step;
//   otherwise:     s_c = -max(e_c, 0)                        the contact may close to g*, no
//                                                            further (a body pushed out does not
//                                                            push another below its target gap);
// P_n >= 0 and complementary, and with friction mu > 0 a tangential displacement t . (d1 - d2) = 0
// within |P_t| <= mu P_n, so a sticking contact stays where it sticks while its gap is corrected.
// The displacements are translations only: a correction never turns a body (turning is left to
// the forces), so the two corners of a face are always pushed alike and a partial solve cannot
// tilt a stack. Shock propagation (Guendelman, Bridson & Fedkiw, "Nonconvex rigid bodies with
// stacking", SIGGRAPH 2003) along gravity: the first sweep visits the contacts from the lowest up,
// and in a contact whose normal is within 60 degrees of the vertical the lower body counts as
// immovable, so a correction lifts what rests on a body instead of pushing the body into what
// holds it, and a stack of n boxes is corrected in one sweep instead of about n^2 (heights order
// the supports, so these one-way pushes never go round in a circle). Contacts across (side by
// side), and every contact without gravity, share the correction by the bodies' masses. The later
// sweeps are projected Gauss-Seidel with the true masses (block coordinate descent on the convex
// problem, which settles where one-way pushes disagree), until no relative displacement changes
// by more than the slop, at most kGapProjectionSweeps in all; what is left goes on in the next
// step. No body moves by more than largestMove in a step (so contacts farther than twice that
// beyond their target are left out). The slop (kGapSlop of distanceTol) spares the solve when
// every contact is within it of its target.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "contact_finder.h"
#include "contactlab/report.h"
#include "model.h"

namespace contactlab {

inline constexpr double kGapSlop = 1e-4;        // of distanceTol (1 micrometre at the defaults)
inline constexpr int kGapProjectionSweeps = 4;  // at most per step
inline constexpr double kSupportCosine = 0.5;   // cos 60 degrees: a contact that holds a body up

// How fast the correction closes an excess closeness: fraction per step and the largest move of a
// contact per step (m); and whether it keeps what holds what: `frictional` for a solver with
// Coulomb friction (the tangential rows above), `liftOnly` for a solver whose contacts neither
// stick nor bear weight sideways (ContactSim, frictionless): with gravity, every sweep treats the
// lower body of a support as immovable (not only the first), and a side contact (normal more than
// 60 degrees from the vertical) is corrected by a horizontal push, so the correction never lowers
// a body onto what holds it up and never raises one through a side contact (see
// docs/physics.md, "The gap correction's energy").
struct GapCorrectionRate {
  double fraction = 0.2;
  double largestMove = 0;
  bool frictional = true;
  bool liftOnly = false;
};

class GapProjection {
 public:
  // Moves the positions of `states` (not the angles, not the velocities) as above, for the
  // contacts `contacts` found at `found` (the same states, or where the step started: their gaps
  // are then followed to `states` to first order). The bodies of the pairs `overlapping` are being
  // pushed apart by the overlap separation (overlap_separation.h): the correction leaves them where
  // they are and moves others only as far as their contacts with them allow. Counts its time in
  // times.gaps.
  void project(const Model& model, std::span<const Contact> contacts,
               std::span<const BodyState> found, std::span<BodyState> states,
               GapCorrectionRate rate, StageTimes& times,
               std::span<const std::pair<int, int>> overlapping = {});

 private:
  struct Row {
    int body1 = 0, body2 = 0;  // local indices; 0 stands for every immovable body
    Vec2 normal{0, 1};
    double invMass1 = 0, invMass2 = 0;
    double mass = 0;  // 1 / (invMass1 + invMass2): the row's effective mass for a translation
    // The same, one way: 0 for the lower body of a contact that holds the other up.
    double oneWayInvMass1 = 0, oneWayInvMass2 = 0, oneWayMass = 0;
    double move = 0;  // s_c
    double friction = 0;
    double normalImpulse = 0, tangentImpulse = 0;
  };

  // rows_ for the contacts that can constrain the correction, from the lowest up, with their
  // masses and one-way masses; false when none is too close.
  bool buildRows(const Model& model, std::span<const Contact> contacts,
                 std::span<const BodyState> found, std::span<const BodyState> states,
                 GapCorrectionRate rate, std::span<const std::pair<int, int>> overlapping);
  // One projected Gauss-Seidel sweep, with the one-way masses or the true ones; returns the
  // largest change of a row's relative displacement (m).
  double sweep(bool oneWay);
  int localBody(const Model& model, int body);

  std::vector<int> localOf_;  // model body -> local index (-1: not in the problem, 0: held still)
  std::vector<int> members_;  // local index -> model body (entry 0: every immovable body)
  std::vector<double> invMass_;  // per local body (0 for entry 0)
  std::vector<Vec2> moves_;      // per local body
  std::vector<double> excess_;   // per contact: gap minus target gap where the step ended
  std::vector<Row> rows_;
  std::vector<std::pair<double, size_t>> order_;  // (height upwards, contact) of the rows
};

}  // namespace contactlab
