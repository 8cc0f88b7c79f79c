// The joints (joint_rows.h) in the velocity-level time-stepping scheme (timestep_sim.h): their rows
// for the QP/CCP and the substeps, and the position error each row is to hold at 0 (>= 0: a rope).
//
// A joint's row holds u = D^T v+ (its JointRow's speed at v+) so that the row's separation s (a
// pin's or hinge's n . (p_A - p_B), a rod's d - L, a rope's L - d) is where it should be at the
// end of the step. The positions move by q += h v+, and a body's anchor then moves by
// h (v + w x r) - (h w)^2 / 2 r + ...: to second order s(t + h) = s + h u + h^2 / 2 kappa with
// kappa the velocity-squared part of the row's free acceleration (the -w^2 r of each anchor and a
// rod's turning line; JointRow::freeAcceleration under no forces). So an equality row is
//   u + bias = 0,  bias = h kappa / 2,
// which keeps s at 0 without any velocity along the row that a pendulum's rod would take out of
// its swing every step (with bias 0 the rod removes the velocity that carries the bob off the
// circle in the next step, which costs a 60-degree pendulum at dt 1/60 about a tenth of its
// energy per swing). What the linearization leaves is moved back by projectJoints after the step
// (positions only). A taut rope is a one-sided row u + bias >= 0 like a contact's normal row
// (timestep_rows.h), its gap the rope's slack plus distanceTol / 2: bias = the speculative gap term
// + h kappa / 2, and with the rope's elasticity a rope snapping taut leaves at -e u_0. Joint rows
// carry no friction: their tangential impulse stays 0.
#pragma once

#include <span>
#include <vector>

#include "contact_qp.h"
#include "joint_rows.h"
#include "model.h"

namespace contactlab {

// The joint rows at `states` (their velocities give kappa): every equality row and the rows of the
// ropes, leaving out rows whose two bodies cannot move. `noRates` holds a zero rate per body.
// Without `reach`, every rope's row, taut or slack (a slack rope's gap term lets it close only to
// its length within the step: the substeps, which keep one set of rows through the step). With
// `reach` (per body, how far its points can travel in the step, as for the contacts; anchors
// within the body), only the ropes whose slack can close within the step plus contactMargin: a
// slack rope's row would carry a gap term of its slack / h, far above the contacts' velocities,
// and the QP's residual is relative to its largest entry (contact_qp.h).
void timestepJointRows(const Model& model, std::span<const BodyState> states,
                       std::span<const BodyRate> noRates, std::span<const double> reach,
                       std::vector<JointRow>& out);

// Which row of its joint `rows[k]` is: 0, or 1 for a pin's or hinge's second row.
int jointRowIndex(std::span<const JointRow> rows, std::size_t k);

// The row's separation s (above) at the states it was made at.
double jointSeparation(const Model& model, const JointRow& row);

// The row as a row of the QP/CCP with its entry r_n = D^T v_free + bias; `velocity` holds each
// body's v_free (zero for fixed bodies). Body indices are the model's (-1: the world).
struct TimestepJointRow {
  QpContact row;
  double r = 0;
};
TimestepJointRow timestepJointRow(const Model& model, const JointRow& row,
                                  std::span<const BodyVelocity> velocity);

}  // namespace contactlab
