// The index of the least of n values, kept up to date in O(log n) as single values change: a
// tournament tree (each inner node holds the winner of its two children; ties go to the lower
// index, so the answer is always the first of the least values).
#pragma once

#include <span>
#include <vector>

namespace contactlab {

class LeastTree {
 public:
  void build(std::span<const double> values) {
    leaves_ = 1;
    while (leaves_ < values.size()) leaves_ *= 2;
    node_.assign(2 * leaves_, kNone);
    for (size_t k = 0; k < values.size(); ++k) node_[leaves_ + k] = static_cast<int>(k);
    for (size_t p = leaves_ - 1; p >= 1; --p)
      node_[p] = winner(values, node_[2 * p], node_[2 * p + 1]);
  }
  // After values[k] changed.
  void update(std::span<const double> values, int k) {
    for (size_t p = (leaves_ + k) / 2; p >= 1; p /= 2)
      node_[p] = winner(values, node_[2 * p], node_[2 * p + 1]);
  }
  // The index of the least value (the first if several are equal); the tree must be non-empty.
  int least() const { return node_[1]; }

 private:
  static constexpr int kNone = -1;
  static int winner(std::span<const double> values, int a, int b) {
    if (a == kNone) return b;
    if (b == kNone) return a;
    return values[b] < values[a] ? b : a;  // a < b: a keeps ties
  }

  size_t leaves_ = 1;
  std::vector<int> node_;
};

}  // namespace contactlab
