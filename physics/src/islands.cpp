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
  const int bodies = static_cast<int>(fixed.size());
  parent_.resize(bodies);
  std::iota(parent_.begin(), parent_.end(), 0);
  for (const Contact& c : contacts) {
    CONTACTLAB_ASSERT(c.body1 >= 0 && c.body1 < bodies && c.body2 >= 0 && c.body2 < bodies,
                      "islands: a contact's body index is out of range");
    CONTACTLAB_ASSERT(c.body1 != c.body2 && !(fixed[c.body1] && fixed[c.body2]),
                      "islands: a contact needs two bodies, at least one movable");
    if (fixed[c.body1] || fixed[c.body2]) continue;
    int a = root(c.body1), b = root(c.body2);
    if (a != b) parent_[std::max(a, b)] = std::min(a, b);
  }
  // A contact belongs to the group of its movable body (at least one of the two can move).
  groupOfRoot_.assign(bodies, -1);
  groupOfContact_.resize(contacts.size());
  starts_.assign(1, 0);
  std::vector<int>& sizes = groupSize_;
  sizes.clear();
  for (size_t k = 0; k < contacts.size(); ++k) {
    int body = fixed[contacts[k].body1] ? contacts[k].body2 : contacts[k].body1;
    int r = root(body);
    if (groupOfRoot_[r] < 0) {
      groupOfRoot_[r] = static_cast<int>(sizes.size());
      sizes.push_back(0);
    }
    groupOfContact_[k] = groupOfRoot_[r];
    ++sizes[groupOfRoot_[r]];
  }
  for (int size : sizes) starts_.push_back(starts_.back() + size);
  members_.assign(contacts.size(), 0);
  // groupSize_ becomes the next free slot of each group.
  sizes.assign(starts_.begin(), starts_.end() - 1);
  for (size_t k = 0; k < contacts.size(); ++k) members_[sizes[groupOfContact_[k]]++] = k;
  // Each group filled exactly its own range: every contact is in exactly one group.
  CONTACTLAB_ASSERT(starts_.back() == static_cast<int>(contacts.size()),
                    "islands: the groups do not hold every contact");
  for (size_t g = 0; g < sizes.size(); ++g)
    CONTACTLAB_ASSERT(sizes[g] == starts_[g + 1], "islands: a group was not filled exactly");
}

}  // namespace contactlab
