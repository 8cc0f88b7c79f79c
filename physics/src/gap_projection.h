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
// stacking", SIGGRAPH 2003): each body's level is its distance in contacts from an immovable body
// (breadth first), rows are swept from the lowest level up, and in a row between two levels the
// lower body counts as immovable, so a correction pushes what rests on a body, never the body into
// what holds it, and a stack of n boxes is corrected in one sweep instead of about n^2. Bodies of
// one level (side by side) and bodies held by nothing share the correction by their masses.
// Projected Gauss-Seidel sweeps until no displacement changes by more than a tenth of the slop, at
// most kGapProjectionSweeps; what is left goes on in the next step. The slop (kGapSlop of
// distanceTol) spares the solve when every contact is within it of its target.
#pragma once

#include <span>
#include <vector>

#include "contact_finder.h"
#include "contactlab/report.h"
#include "model.h"

namespace contactlab {

inline constexpr double kGapSlop = 1e-4;       // of distanceTol (1 micrometre at the defaults)
inline constexpr int kGapProjectionSweeps = 8;  // at most per step

// How fast the correction closes an excess closeness: fraction per step and the largest move of a
// contact per step (m).
struct GapCorrectionRate {
  double fraction = 0.2;
  double largestMove = 0;
};

class GapProjection {
 public:
  // Moves the positions of `states` (not the angles, not the velocities) as above, for the
  // contacts `contacts` found at `found` (the same states, or where the step started: their gaps
  // are then carried rigidly to `states`). Counts its time in stats.time.gaps.
  void project(const Model& model, std::span<const Contact> contacts,
               std::span<const BodyState> found, std::span<BodyState> states,
               GapCorrectionRate rate, Statistics& stats);

 private:
  struct Row {
    int body1 = 0, body2 = 0;  // local indices; 0 stands for every immovable body
    Vec2 normal{0, 1};
    double invMass1 = 0, invMass2 = 0;  // 0 for the lower body of a row between two levels
    double mass = 0;  // 1 / (invMass1 + invMass2): the row's effective mass for a translation
    double move = 0;  // s_c
    double friction = 0;
    double normalImpulse = 0, tangentImpulse = 0;
  };

  // rows_ for the contacts that can constrain the correction; false when none is too close.
  bool buildRows(const Model& model, std::span<const Contact> contacts,
                 std::span<const BodyState> found, std::span<const BodyState> states,
                 GapCorrectionRate rate);
  // One projected Gauss-Seidel sweep; returns the largest change of an impulse divided by its
  // row's mass (a displacement, m).
  double sweep();
  int localBody(const Model& model, int body);
  // level_ of every local body, then rows_ sorted by level with their one-way masses.
  void propagateShock();

  std::vector<int> localOf_;  // model body -> local index (-1: not in the problem)
  std::vector<int> members_;  // local index -> model body (entry 0: every immovable body)
  std::vector<double> invMass_;  // per local body (0 for entry 0)
  std::vector<Vec2> moves_;      // per local body
  std::vector<Row> rows_;
  std::vector<int> level_, firstRow_, rowsOf_, queue_;  // propagateShock's graph and search
};

}  // namespace contactlab
