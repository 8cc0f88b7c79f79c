// The rows of the joints (contactlab/joints.h) at the bodies' states, for ContactSim's solve: each
// row is a direction n along which a force +f n acts on body A at its anchor and -f n on body B at
// its anchor (nothing on the world), like a contact row (reference eq. 9 gives its entries of
// A = J M^-1 J^T). A pin or a hinge has two rows, along x and along y; a rod one, along the line
// from B's anchor to A's; a rope, when taut, one along the line from A's anchor to B's, so that its
// force (the tension) is >= 0 like a contact's.
//
// A taut rope's row is one-sided and is measured like a contact whose distance (`gap`) is the
// rope's slack plus half the distance tolerance (the target gap at which contacts rest): a rope is
// taut within the distance tolerance of its length, and it snaps taut (a collision, found by the
// stepper like a penetration) when it stretches more than the collision accuracy (a tenth of the
// tolerance) past its length; the stepper then backs up to where its gap is within that accuracy
// above the target gap, that is within the accuracy below its length.
//
// Each row's free relative acceleration (b of a = A f + b) follows eqs. (8), (10) and (11) for a
// pair of points instead of a contact: n . (p_A'' - p_B'') with p'' = v' + w' x r - w^2 r, and for
// a rod the turning of its line, |v_rel - (n . v_rel) n|^2 / d (as for two discs' centre line).
#pragma once

#include <span>
#include <vector>

#include "contact_row.h"
#include "model.h"

namespace contactlab {

struct JointRow {
  int joint = 0;   // index into Model::joints
  int body1 = 0;   // A
  int body2 = -1;  // B, or -1 for the world
  Vec2 normal{1, 0};
  double arm1 = 0, arm2 = 0;  // (p_A - x_A) x n and (p_B - x_B) x n
  double speed = 0;           // n . (p_A' - p_B'): how fast the row drifts
  double freeAcceleration = 0;
  bool oneSided = false;  // a taut rope: force >= 0, like a contact's
  double gap = 0;         // ropes: length - distance + distanceTol / 2, as a contact's distance
  Vec2 offset{0, 0};      // p_A - p_B at the states the row was made at
};

// Entry (p, q) of A = J M^-1 J^T (reference eq. 9) for two rows, each with body1, body2 (-1: the
// world), normal, arm1 and arm2 (a JointRow, or mixed_lcp.h's DenseRow): over the bodies both
// act on, s_p s_q (n_p . n_q / m + arm_p arm_q / I), s = +1 on a row's body 1 and -1 on its body
// 2. `inverseMass(b)` gives body b's InverseMass (zeros for a fixed body).
template <class Row, class InverseMassOf>
double rowCoupling(const Row& p, const Row& q, InverseMassOf inverseMass) {
  double value = 0;
  auto add = [&](int body, double signP, double armP, int other, double signQ, double armQ) {
    if (body < 0 || body != other) return;
    const InverseMass b = inverseMass(body);
    value +=
        signP * signQ * (b.invMass * glm::dot(p.normal, q.normal) + b.invInertia * armP * armQ);
  };
  add(p.body1, 1, p.arm1, q.body1, 1, q.arm1);
  add(p.body1, 1, p.arm1, q.body2, -1, q.arm2);
  add(p.body2, -1, p.arm2, q.body1, 1, q.arm1);
  add(p.body2, -1, p.arm2, q.body2, -1, q.arm2);
  return value;
}

// A rope's gap (above) at `states`, and whether it has snapped taut (stretched past the accuracy).
double ropeGap(const Model& model, const Joint& rope, std::span<const BodyState> states);
bool ropeSnapped(const Model& model, const Joint& rope, std::span<const BodyState> states);

// Model::jointedPairs from Model::joints (after joints or bodies change).
void refreshJointedPairs(Model& model);
// Model::jointedPairs after `joint` was added to Model::joints: its pair inserted where it sorts
// (what refreshJointedPairs would give, without sorting every pair again: a sort per joint made a
// scene of 20,000 hinges take seconds to load).
void addJointedPair(Model& model, const Joint& joint);

// World positions of a joint's two anchors at `states`.
Vec2 jointPointA(const Joint& joint, std::span<const BodyState> states);
Vec2 jointPointB(const Joint& joint, std::span<const BodyState> states);

// What a joint's rows share: its anchors, their arms from the bodies' centres (armB 0 for the
// world) and the anchors' relative velocity and acceleration p_A' - p_B' and p_A'' - p_B''
// (a pin's or hinge's two rows take them once).
struct AnchorMotion {
  Vec2 pA{0, 0}, pB{0, 0}, armA{0, 0}, armB{0, 0}, velocity{0, 0}, acceleration{0, 0};
};
// Appends the rows of joint j (below) with its anchors' `motion`: a pin's or hinge's two, a rod's
// one, a rope's one-sided row with its gap.
void addJointRows(const Model& model, std::size_t j, const AnchorMotion& motion,
                  std::vector<JointRow>& out);

// The rows of every joint of `model` that holds something movable: first the equality rows (pins,
// hinges, rods) in joint order, then the one-sided rows of the ropes whose gap is at most
// `ropeReach` (m), in joint order.
// `rates` hold the accelerations under the non-constraint forces.
void jointRows(const Model& model, std::span<const BodyState> states,
               std::span<const BodyRate> rates, double ropeReach, std::vector<JointRow>& out);

// For each body, the smallest index of the bodies joined to it by joints through movable bodies
// (its own when it has none): fixed bodies and the world join nothing, as in islands.h.
void jointComponents(const Model& model, std::vector<int>& out);

// Adds the force f along `row` to the bodies' accelerations, or the impulse j to their velocities.
void applyJointForce(const Model& model, const JointRow& row, double f, std::span<BodyRate> rates);
void applyJointImpulse(const Model& model, const JointRow& row, double j,
                       std::span<BodyState> states);

// Moves positions and angles (never velocities) so that the joints hold again (a rope: no longer
// than its length): passes of Gauss-Seidel over the joints, each removing a joint's error with the
// smallest mass-weighted move of its two bodies (the same mass weighting as the forces), until a
// pass finds no joint off by more than 1e-10 m (at most 16 passes). With `which` (one flag per
// joint), only the joints flagged.
void projectJoints(const Model& model, std::span<BodyState> states,
                   std::span<const char> which = {});

}  // namespace contactlab
