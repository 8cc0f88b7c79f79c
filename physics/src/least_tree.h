// The index of the least of n values, kept up to date in O(log n) as single values change: a
// tournament tree (each inner node holds the winner of its two children, with its value; ties go
// to the lower index, so the answer is always the first of the least values). An update climbs
// only as far as the winners change.
#pragma once

#include <span>
#include <vector>

namespace contactlab {

class LeastTree {
 public:
  void build(std::span<const double> values) {
    leaves_ = 1;
    while (leaves_ < values.size()) leaves_ *= 2;
    node_.assign(2 * leaves_, Node{});
    for (size_t k = 0; k < values.size(); ++k)
      node_[leaves_ + k] = {values[k], static_cast<int>(k)};
    for (size_t p = leaves_ - 1; p >= 1; --p) node_[p] = winner(node_[2 * p], node_[2 * p + 1]);
  }
  // After values[k] changed. Where a node's winner and its value come out as they were, every
  // node above is unchanged too.
  void update(std::span<const double> values, int k) {
    node_[leaves_ + k].value = values[k];
    for (size_t p = (leaves_ + k) / 2; p >= 1; p /= 2) {
      const Node won = winner(node_[2 * p], node_[2 * p + 1]);
      if (won.index == node_[p].index && won.value == node_[p].value) break;
      node_[p] = won;
    }
  }
  // The index of the least value (the first if several are equal); the tree must be non-empty.
  int least() const { return node_[1].index; }

 private:
  struct Node {
    double value = 0;
    int index = -1;  // -1: no value (a leaf past the end)
  };
  static Node winner(const Node& a, const Node& b) {
    if (a.index < 0) return b;
    if (b.index < 0) return a;
    return b.value < a.value ? b : a;  // a's indices are lower: a keeps ties
  }

  size_t leaves_ = 1;
  std::vector<Node> node_;
};

}  // namespace contactlab
