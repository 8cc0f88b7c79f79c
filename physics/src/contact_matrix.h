// The matrix A = J M^-1 J^T of a group of contacts (reference eq. 9): entry (i, j) is the change of
// contact i's normal acceleration per unit force at contact j (or, for impulses, of its normal
// velocity per unit impulse). It couples only contacts that share a movable body, so it is built
// body by body from per-contact Jacobian rows rather than by looping over all contact pairs.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "contact_finder.h"
#include "contact_row.h"
#include "contactlab_assert.h"
#include "model.h"
#include "sparse_matrix.h"

namespace contactlab {

// ContactSim's and ImpulseSim's rows are the normal rows D_n of contact_row.h (J = D_n^T: reference
// 004 eq. 9 is A = J M^-1 J^T), on body states and rates.

// The rows of a contact at the bodies' positions in `states`.
inline ContactRow contactRow(const Contact& contact, std::span<const BodyState> states) {
  CONTACTLAB_ASSERT(contact.body1 >= 0 && static_cast<size_t>(contact.body1) < states.size() &&
                        contact.body2 >= 0 && static_cast<size_t>(contact.body2) < states.size(),
                    "contact row: a body index is out of range");
  const ContactGeometry& g = contact.geometry;
  return contactRow(contact.body1, contact.body2, g.normal,
                    g.point1 - states[contact.body1].position,
                    g.point2 - states[contact.body2].position);
}

inline InverseMass inverseMassOf(const Body& body) {
  return {body.invMass, body.invInertia};
}

// u_n = D_n^T v of the bodies' velocities in `states`.
inline double normalVelocity(const ContactRow& row, std::span<const BodyState> states) {
  const BodyState& s1 = states[row.body1];
  const BodyState& s2 = states[row.body2];
  return normalVelocity(row, {s1.velocity, s1.omega}, {s2.velocity, s2.omega});
}

// Adds M^-1 D_n magnitude to the bodies' accelerations (a force) or velocities (an impulse): +n on
// body 1, -n on body 2, with the torques of the lever arms. A fixed body's inverse mass is 0.
inline void applyNormalForce(const Model& model, const ContactRow& row, double magnitude,
                             std::span<BodyRate> rates) {
  BodyRate& r1 = rates[row.body1];
  BodyRate& r2 = rates[row.body2];
  BodyVelocity a1{r1.acceleration, r1.alpha}, a2{r2.acceleration, r2.alpha};
  applyNormalImpulse(row, inverseMassOf(model.bodies[row.body1]),
                     inverseMassOf(model.bodies[row.body2]), magnitude, a1, a2);
  r1.acceleration = a1.linear;
  r1.alpha = a1.angular;
  r2.acceleration = a2.linear;
  r2.alpha = a2.angular;
}
inline void applyNormalImpulse(const Model& model, const ContactRow& row, double impulse,
                               std::span<BodyState> states) {
  BodyState& s1 = states[row.body1];
  BodyState& s2 = states[row.body2];
  BodyVelocity v1{s1.velocity, s1.omega}, v2{s2.velocity, s2.omega};
  applyNormalImpulse(row, inverseMassOf(model.bodies[row.body1]),
                     inverseMassOf(model.bodies[row.body2]), impulse, v1, v2);
  s1.velocity = v1.linear;
  s1.omega = v1.angular;
  s2.velocity = v2.linear;
  s2.omega = v2.angular;
}

class ContactMatrixBuilder {
 public:
  // A (rows.size() squared) for the given rows.
  void build(const Model& model, std::span<const ContactRow> rows, SparseMatrix& A);

 private:
  struct BodyEntry {
    int row;
    double sign;
    double arm;
  };
  std::vector<int> slotOf_;            // each body's place in bodies_, -1 between builds
  std::vector<int> bodies_;            // the movable bodies the rows name
  std::vector<int> slotStart_, next_;  // where each body's entries start in entries_; a cursor
  std::vector<BodyEntry> entries_;     // by body, then by row
  std::vector<std::array<int, 2>> rowSlots_;  // each row's two bodies' slots (-1: fixed)
};

}  // namespace contactlab
