// Independent groups of contacts and joint rows: two are in one group when they are linked through
// bodies that can move. Fixed bodies (and the world, body -1 of a joint row) do not link (a floor
// does not couple the blocks on it).
#pragma once

#include <span>
#include <vector>

#include "contact_finder.h"
#include "contactlab_assert.h"
#include "joint_rows.h"

namespace contactlab {

class Islands {
 public:
  // Groups `contacts` and `joints` (of a model with `fixed.size()` bodies; each with at least one
  // movable body). Members are numbered contacts first, then joint row k as contacts.size() + k.
  // Groups are ordered by their first member and list members in increasing order: deterministic.
  void build(const std::vector<Contact>& contacts, const std::vector<bool>& fixed,
             std::span<const JointRow> joints = {});
  int count() const { return static_cast<int>(starts_.size()) - 1; }
  std::span<const int> group(int g) const {
    CONTACTLAB_ASSERT(g >= 0 && g < count(), "islands: no such group");
    return {members_.data() + starts_[g], static_cast<size_t>(starts_[g + 1] - starts_[g])};
  }

 private:
  int root(int body);
  std::vector<int> parent_;
  std::vector<int> groupOfRoot_;
  std::vector<int> groupOfContact_;
  std::vector<int> groupSize_;
  std::vector<int> members_;
  std::vector<int> starts_;
};

}  // namespace contactlab
