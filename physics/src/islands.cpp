#include "islands.h"

#include <numeric>

#include "contactlab_assert.h"

namespace contactlab {

int Islands::root(int body) {
  while (parent_[body] != body) {
    parent_[body] = parent_[parent_[body]];
    body = parent_[body];
  }
  return body;
}

void Islands::build(const std::vector<Contact>& contacts, const std::vector<bool>& fixed,
                    std::span<const JointRow> joints) {
  const int bodies = static_cast<int>(fixed.size());
  parent_.resize(bodies);
  std::iota(parent_.begin(), parent_.end(), 0);
  const size_t count = contacts.size() + joints.size();
  // Member k's two bodies (-1: the world), and whether each can move.
  const auto bodiesOf = [&](size_t k) {
    if (k < contacts.size()) return std::pair(contacts[k].body1, contacts[k].body2);
    const JointRow& row = joints[k - contacts.size()];
    return std::pair(row.body1, row.body2);
  };
  const auto movable = [&](int body) { return body >= 0 && !fixed[body]; };
  for (size_t k = 0; k < count; ++k) {
    const auto [body1, body2] = bodiesOf(k);
    CONTACTLAB_ASSERT(
        body1 >= 0 && body1 < bodies && body2 >= (k < contacts.size() ? 0 : -1) && body2 < bodies,
        "islands: a member's body index is out of range");
    CONTACTLAB_ASSERT(body1 != body2 && (movable(body1) || movable(body2)),
                      "islands: a member needs two bodies, at least one movable");
    if (!movable(body1) || !movable(body2)) continue;
    int a = root(body1), b = root(body2);
    if (a != b) parent_[std::max(a, b)] = std::min(a, b);
  }
  // A member belongs to the group of its movable body (at least one of the two can move).
  groupOfRoot_.assign(bodies, -1);
  groupOfContact_.resize(count);
  starts_.assign(1, 0);
  std::vector<int>& sizes = groupSize_;
  sizes.clear();
  for (size_t k = 0; k < count; ++k) {
    const auto [body1, body2] = bodiesOf(k);
    int r = root(movable(body1) ? body1 : body2);
    if (groupOfRoot_[r] < 0) {
      groupOfRoot_[r] = static_cast<int>(sizes.size());
      sizes.push_back(0);
    }
    groupOfContact_[k] = groupOfRoot_[r];
    ++sizes[groupOfRoot_[r]];
  }
  for (int size : sizes) starts_.push_back(starts_.back() + size);
  members_.assign(count, 0);
  // groupSize_ becomes the next free slot of each group.
  sizes.assign(starts_.begin(), starts_.end() - 1);
  for (size_t k = 0; k < count; ++k) members_[sizes[groupOfContact_[k]]++] = k;
  // Each group filled exactly its own range: every member is in exactly one group.
  CONTACTLAB_ASSERT(starts_.back() == static_cast<int>(count),
                    "islands: the groups do not hold every member");
  for (size_t g = 0; g < sizes.size(); ++g)
    CONTACTLAB_ASSERT(sizes[g] == starts_[g + 1], "islands: a group was not filled exactly");
}

}  // namespace contactlab
