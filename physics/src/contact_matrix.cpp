#include "contact_matrix.h"

#include <algorithm>

#include "contactlab_assert.h"

namespace contactlab {

void ContactMatrixBuilder::build(const Model& model, std::span<const ContactRow> rows,
                                 SparseMatrix& A) {
  const size_t k = rows.size();
  entries_.clear();
  for (size_t i = 0; i < k; ++i) {
    const ContactRow& r = rows[i];
    CONTACTLAB_ASSERT(r.body1 >= 0 && static_cast<size_t>(r.body1) < model.bodies.size() &&
                          r.body2 >= 0 && static_cast<size_t>(r.body2) < model.bodies.size() &&
                          r.body1 != r.body2,
                      "contact matrix: a row's bodies must be two bodies of the model");
    if (!model.bodies[r.body1].fixed()) entries_.push_back({r.body1, int(i), 1.0, r.normalArm1});
    if (!model.bodies[r.body2].fixed()) entries_.push_back({r.body2, int(i), -1.0, r.normalArm2});
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
