#include "contact_matrix.h"

#include <algorithm>

#include "contactlab_assert.h"

namespace contactlab {

JacobianRow jacobianRow(const Contact& contact, std::span<const BodyState> states) {
  CONTACTLAB_ASSERT(contact.body1 >= 0 && static_cast<size_t>(contact.body1) < states.size() &&
                        contact.body2 >= 0 && static_cast<size_t>(contact.body2) < states.size(),
                    "contact row: a body index is out of range");
  const ContactGeometry& g = contact.geometry;
  JacobianRow row;
  row.body1 = contact.body1;
  row.body2 = contact.body2;
  row.normal = g.normal;
  row.arm1 = cross(g.point1 - states[contact.body1].position, g.normal);
  row.arm2 = cross(g.point2 - states[contact.body2].position, g.normal);
  return row;
}

void applyAlongRow(const Model& model, const JacobianRow& row, double magnitude,
                   std::span<BodyRate> rates) {
  const Body& b1 = model.bodies[row.body1];
  const Body& b2 = model.bodies[row.body2];
  rates[row.body1].acceleration += magnitude * b1.invMass * row.normal;
  rates[row.body1].alpha += magnitude * b1.invInertia * row.arm1;
  rates[row.body2].acceleration -= magnitude * b2.invMass * row.normal;
  rates[row.body2].alpha -= magnitude * b2.invInertia * row.arm2;
}

void applyImpulseAlongRow(const Model& model, const JacobianRow& row, double impulse,
                          std::span<BodyState> states) {
  const Body& b1 = model.bodies[row.body1];
  const Body& b2 = model.bodies[row.body2];
  states[row.body1].velocity += impulse * b1.invMass * row.normal;
  states[row.body1].omega += impulse * b1.invInertia * row.arm1;
  states[row.body2].velocity -= impulse * b2.invMass * row.normal;
  states[row.body2].omega -= impulse * b2.invInertia * row.arm2;
}

double rowVelocity(const JacobianRow& row, std::span<const BodyState> states) {
  const BodyState& s1 = states[row.body1];
  const BodyState& s2 = states[row.body2];
  return glm::dot(row.normal, s1.velocity - s2.velocity) + row.arm1 * s1.omega -
         row.arm2 * s2.omega;
}

void ContactMatrixBuilder::build(const Model& model, std::span<const JacobianRow> rows,
                                 SparseMatrix& A) {
  const size_t k = rows.size();
  entries_.clear();
  for (size_t i = 0; i < k; ++i) {
    const JacobianRow& r = rows[i];
    CONTACTLAB_ASSERT(r.body1 >= 0 && static_cast<size_t>(r.body1) < model.bodies.size() &&
                          r.body2 >= 0 && static_cast<size_t>(r.body2) < model.bodies.size() &&
                          r.body1 != r.body2,
                      "contact matrix: a row's bodies must be two bodies of the model");
    if (!model.bodies[r.body1].fixed()) entries_.push_back({r.body1, int(i), 1.0, r.arm1});
    if (!model.bodies[r.body2].fixed()) entries_.push_back({r.body2, int(i), -1.0, r.arm2});
  }
  std::sort(entries_.begin(), entries_.end(), [](const BodyEntry& a, const BodyEntry& b) {
    return a.body != b.body ? a.body < b.body : a.row < b.row;
  });
  // Eq. (9): a_ij += s_i s_j (n_i . n_j / m + (r_i x n_i)(r_j x n_j) / I) for each shared body,
  // with s = +1 where the contact's force acts as +f n on the body and -1 where it acts as -f n.
  terms_.clear();
  for (size_t start = 0; start < entries_.size();) {
    size_t end = start;
    while (end < entries_.size() && entries_[end].body == entries_[start].body) ++end;
    const Body& body = model.bodies[entries_[start].body];
    for (size_t p = start; p < end; ++p) {
      const BodyEntry& ep = entries_[p];
      const Vec2 np = rows[ep.row].normal;
      for (size_t q = p; q < end; ++q) {
        const BodyEntry& eq = entries_[q];
        double value =
            ep.sign * eq.sign *
            (body.invMass * glm::dot(np, rows[eq.row].normal) + body.invInertia * ep.arm * eq.arm);
        terms_.push_back({ep.row, eq.row, value});
        if (ep.row != eq.row) terms_.push_back({eq.row, ep.row, value});
      }
    }
    start = end;
  }
  // At most two entries per row (one per movable body), so each row meets at most the entries of
  // its two bodies.
  CONTACTLAB_ASSERT(entries_.size() <= 2 * k, "contact matrix: more than two entries per row");
  A.assign(static_cast<int>(k), terms_);
}

}  // namespace contactlab
