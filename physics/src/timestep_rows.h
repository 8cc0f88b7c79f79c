// One contact of the velocity-level time-stepping scheme (reference 003) as a row of the contact
// QP/CCP (contact_qp.h): its columns of D, its friction, and its entries of r.
//
// With v_free = v + h M^-1 F_ext the velocities without contact impulses, the solve finds gamma and
// v+ = v_free + M^-1 D gamma with, per contact,
//   normal:      u_n = D_n^T v+ + bias + slip >= mu |u_t|   (= when gamma slides, u = 0 when it
//   sticks) tangential:  u_t = D_t^T v+,
// so r = D^T v_free + (bias + slip, 0). The bias is the gap term Phi / h of the reference, aimed at
// the target gap g* = distanceTol / 2:
//   gap above g* + band:  bias = (Phi - g* - band) / h   the contact may close to g* + band
//                                                 within the step (a speculative contact) but no
//                                                 further;
//   gap up to g* + band:  bias = 0                the contact closes no further; the positions are
//                                                 moved back towards g* after the step
//                                                 (gap_projection.h), so the impulses stay the
//                                                 physical ones and no push-out velocity is left;
//   bounce:        bias = min(bias, e u_n0)       when the contact approaches faster than the
//                                                 restitution threshold (u_n0 < -threshold at the
//                                                 start of the step) and would close within it:
//                                                 it leaves at -e u_n0 (Newton's law).
// The band (kTouchingBand of distanceTol, 5 micrometres at the defaults) counts a gap that the
// position correction left slightly open as touching. That correction moves bodies by translations
// only, so a body lifted by one support more than by another opens its other contact by the
// difference, a few micrometres; as a speculative row (bias of the order of the solve's own
// velocity tolerance) such a contact is neither clearly active nor clearly free: APGD needed 60
// iterations a step on pyramid20 with rows like these, 43 with a band of 1e-3 (at beta 0.5; docs/
// timestep.md). The band is also the most a resting body can hover above g*: 3e-3 let a
// frictionless column of ten boxes lean and slide 7 mm in 3 s, and 1e-3 let the column of 20
// hover 0.2 mm.
// The slip term turns the cone complementarity problem of the reference, whose solutions let a
// sliding contact lift off at mu |u_t| (Anitescu & Tasora 2010, the relaxation of Coulomb's law),
// into Coulomb's law itself: with slip = mu |u_t| of the solution, u_n = D_n^T v+ + bias >= 0 again
// (De Saxce & Feng 1998, the bipotential's modified velocity; Acary, Cadoux, Lemarechal, Malick
// 2011 solve for it by the same fixed point). TimestepSim iterates slip = mu |u_t|.
#pragma once

#include <span>

#include "contact_finder.h"
#include "contact_qp.h"
#include "model.h"

namespace contactlab {

// Push-out speed cap (m/s) of the gap correction: an overlap is undone by at most kMaxPushOut h a
// step, so a body dropped into another separates gently.
inline constexpr double kMaxPushOut = 0.2;

// Of distanceTol: a gap within this of the target counts as touching (above).
inline constexpr double kTouchingBand = 5e-4;

struct TimestepRow {
  QpContact row;            // with the model's body indices
  double freeNormal = 0;    // D_n^T v_free
  double freeTangent = 0;   // D_t^T v_free
  double startTangent = 0;  // D_t^T v at the start of the step (the first slip estimate)
  double bias = 0;
};

// The row of contact c; `velocity` holds each body's v_free, zero for fixed bodies; `start` the
// velocities at the start of the step, likewise.
TimestepRow timestepRow(const Model& model, const Contact& c, std::span<const BodyState> states,
                        std::span<const BodyVelocity> velocity,
                        std::span<const BodyVelocity> start);

}  // namespace contactlab
