#include "contact_matrix.h"

#include <algorithm>

#include "contactlab_assert.h"

namespace contactlab {

void ContactMatrixBuilder::build(const Model& model, std::span<const ContactRow> rows,
                                 SparseMatrix& A) {
  const int k = static_cast<int>(rows.size());
  // Each movable body's entries (its rows in increasing order, with sign and arm) by counting
  // sort over the bodies the rows name, numbered in the order met (slotOf_ is -1 elsewhere).
  slotOf_.resize(model.bodies.size(), -1);
  bodies_.clear();
  slotStart_.assign(1, 0);
  rowSlots_.resize(rows.size());
  for (int i = 0; i < k; ++i) {
    const ContactRow& r = rows[i];
    CONTACTLAB_ASSERT(r.body1 >= 0 && static_cast<size_t>(r.body1) < model.bodies.size() &&
                          r.body2 >= 0 && static_cast<size_t>(r.body2) < model.bodies.size() &&
                          r.body1 != r.body2,
                      "contact matrix: a row's bodies must be two bodies of the model");
    for (int side = 0; side < 2; ++side) {
      const int body = side == 0 ? r.body1 : r.body2;
      int slot = -1;
      if (!model.bodies[body].fixed()) {
        if (slotOf_[body] < 0) {
          slotOf_[body] = static_cast<int>(bodies_.size());
          bodies_.push_back(body);
          slotStart_.push_back(0);
        }
        slot = slotOf_[body];
        ++slotStart_[slot + 1];
      }
      rowSlots_[i][side] = slot;
    }
  }
  for (size_t b = 0; b < bodies_.size(); ++b) slotStart_[b + 1] += slotStart_[b];
  entries_.resize(slotStart_.back());
  next_.assign(slotStart_.begin(), slotStart_.end() - 1);
  for (int i = 0; i < k; ++i) {
    const ContactRow& r = rows[i];
    if (rowSlots_[i][0] >= 0) entries_[next_[rowSlots_[i][0]]++] = {i, 1.0, r.normalArm1};
    if (rowSlots_[i][1] >= 0) entries_[next_[rowSlots_[i][1]]++] = {i, -1.0, r.normalArm2};
  }
  for (int body : bodies_) slotOf_[body] = -1;
  // Row i: the entries of its bodies' lists merged by row. Eq. (9): a_ij += s_i s_j (n_i . n_j /
  // m + (r_i x n_i)(r_j x n_j) / I) for each shared body, with s = +1 where the contact's force
  // acts as +f n on the body and -1 where it acts as -f n; the term is evaluated with the lower
  // row first, so that a_ij and a_ji are the same number. Exact zeros are left out.
  next_.assign(slotStart_.begin(), slotStart_.end() - 1);
  A.startRows(k);
  for (int i = 0; i < k; ++i) {
    const BodyEntry* lists[2] = {nullptr, nullptr};
    const BodyEntry* ends[2] = {nullptr, nullptr};
    const BodyEntry* own[2] = {nullptr, nullptr};
    const Body* bodies[2] = {nullptr, nullptr};
    for (int side = 0; side < 2; ++side) {
      const int slot = rowSlots_[i][side];
      if (slot < 0) continue;
      lists[side] = entries_.data() + slotStart_[slot];
      ends[side] = entries_.data() + slotStart_[slot + 1];
      own[side] = entries_.data() + next_[slot]++;  // the rows come in order: i is the next
      CONTACTLAB_ASSERT(own[side]->row == i, "contact matrix: a body's entries out of row order");
      bodies[side] = &model.bodies[bodies_[slot]];
    }
    const auto term = [&](int side, const BodyEntry& other) {
      const BodyEntry& e = *own[side];
      const BodyEntry& lo = other.row < i ? other : e;
      const BodyEntry& hi = other.row < i ? e : other;
      const Body& body = *bodies[side];
      return lo.sign * hi.sign *
             (body.invMass * glm::dot(rows[lo.row].normal, rows[hi.row].normal) +
              body.invInertia * lo.arm * hi.arm);
    };
    const BodyEntry *p = lists[0], *q = lists[1];
    while (p != ends[0] || q != ends[1]) {
      double value;
      int column;
      if (q == ends[1] || (p != ends[0] && p->row < q->row)) {
        column = p->row;
        value = term(0, *p++);
      } else if (p == ends[0] || q->row < p->row) {
        column = q->row;
        value = term(1, *q++);
      } else {
        column = p->row;
        value = term(0, *p++);
        value += term(1, *q++);
      }
      if (value != 0) A.append(column, value);
    }
    A.endRow();
  }
}

}  // namespace contactlab
