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

void Islands::build(const std::vector<Contact>& contacts, const std::vector<bool>& fixed) {
  build(contacts, {}, fixed);
}

void Islands::build(const std::vector<Contact>& contacts,
                    std::span<const std::pair<int, int>> links, const std::vector<bool>& fixed) {
  const int bodies = static_cast<int>(fixed.size());
  const std::size_t k = contacts.size(), count = k + links.size();
  const auto pairOf = [&](std::size_t member) {
    return member < k ? std::pair{contacts[member].body1, contacts[member].body2}
                      : links[member - k];
  };
  // The world (-1) moves as little as a fixed body.
  const auto movable = [&](int body) { return body >= 0 && !fixed[body]; };
  parent_.resize(bodies);
  std::iota(parent_.begin(), parent_.end(), 0);
  for (std::size_t m = 0; m < count; ++m) {
    const auto [body1, body2] = pairOf(m);
    CONTACTLAB_ASSERT(body1 >= -1 && body1 < bodies && body2 >= -1 && body2 < bodies,
                      "islands: a contact's or link's body index is out of range");
    CONTACTLAB_ASSERT(body1 != body2 && (movable(body1) || movable(body2)),
                      "islands: a contact or link needs two bodies, at least one movable");
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
  for (std::size_t m = 0; m < count; ++m) {
    const auto [body1, body2] = pairOf(m);
    int r = root(movable(body1) ? body1 : body2);
    if (groupOfRoot_[r] < 0) {
      groupOfRoot_[r] = static_cast<int>(sizes.size());
      sizes.push_back(0);
    }
    groupOfContact_[m] = groupOfRoot_[r];
    ++sizes[groupOfRoot_[r]];
  }
  for (int size : sizes) starts_.push_back(starts_.back() + size);
  members_.assign(count, 0);
  // groupSize_ becomes the next free slot of each group.
  sizes.assign(starts_.begin(), starts_.end() - 1);
  for (std::size_t m = 0; m < count; ++m)
    members_[sizes[groupOfContact_[m]]++] = static_cast<int>(m);
  // Each group filled exactly its own range: every member is in exactly one group.
  CONTACTLAB_ASSERT(starts_.back() == static_cast<int>(count),
                    "islands: the groups do not hold every contact");
  for (std::size_t g = 0; g < sizes.size(); ++g)
    CONTACTLAB_ASSERT(sizes[g] == starts_[g + 1], "islands: a group was not filled exactly");
}

}  // namespace contactlab
