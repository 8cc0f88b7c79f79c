// Independent groups of contacts (and of joint rows): two are in one group when they are linked
// through bodies that can move. Fixed bodies and the world do not link (a floor does not couple the
// blocks on it, nor a ceiling the pendulums hung from it).
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "contact_finder.h"
#include "contactlab_assert.h"

namespace contactlab {

class Islands {
 public:
  // Groups `contacts` (of a model with `fixed.size()` bodies). Groups are ordered by their first
  // contact and list contact indices in increasing order: deterministic.
  void build(const std::vector<Contact>& contacts, const std::vector<bool>& fixed);
  // The same with `links` as well (pairs of bodies, -1 for the world; joint rows): group members
  // below contacts.size() are contacts, the others links (member - contacts.size()).
  void build(const std::vector<Contact>& contacts, std::span<const std::pair<int, int>> links,
             const std::vector<bool>& fixed);
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
