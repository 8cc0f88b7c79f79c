#include "sparse_ordering.h"

#include <algorithm>

namespace contactlab {

size_t SparseOrdering::levels(const SparseMatrix& A, int root) {
  ++stamp_;
  size_t head = order_.size();
  order_.push_back(root);
  mark_[root] = stamp_;
  size_t lastLevel = head;
  while (head < order_.size()) {
    lastLevel = head;
    for (const size_t levelEnd = order_.size(); head < levelEnd; ++head) {
      neighbours_.clear();
      for (int c : A.columns(order_[head])) {
        if (mark_[c] == stamp_) continue;
        mark_[c] = stamp_;
        neighbours_.push_back(c);
      }
      std::sort(neighbours_.begin(), neighbours_.end(), [&](int x, int y) {
        return degree_[x] != degree_[y] ? degree_[x] < degree_[y] : x < y;
      });
      order_.insert(order_.end(), neighbours_.begin(), neighbours_.end());
    }
  }
  return lastLevel;
}

void SparseOrdering::reverseCuthillMcKee(const SparseMatrix& A, std::vector<int>& order) {
  if (A.size() < kRememberFrom) return compute(A, order);
  const std::span<const int> starts = A.rowStarts(), columns = A.columnIndices();
  for (const Remembered& r : remembered_) {
    if (std::equal(r.starts.begin(), r.starts.end(), starts.begin(), starts.end()) &&
        std::equal(r.columns.begin(), r.columns.end(), columns.begin(), columns.end())) {
      order.assign(r.order.begin(), r.order.end());
      return;
    }
  }
  compute(A, order);
  Remembered& slot = remembered_[nextSlot_++ % remembered_.size()];
  slot.starts.assign(starts.begin(), starts.end());
  slot.columns.assign(columns.begin(), columns.end());
  slot.order.assign(order.begin(), order.end());
}

void SparseOrdering::compute(const SparseMatrix& A, std::vector<int>& order) {
  const int n = A.size();
  degree_.resize(n);
  for (int i = 0; i < n; ++i) degree_[i] = static_cast<int>(A.columns(i).size());
  mark_.assign(n, 0);
  visited_.assign(n, 0);
  stamp_ = 0;
  order.clear();
  for (int start = 0; start < n; ++start) {
    if (visited_[start]) continue;
    // A pseudo-peripheral root (George & Liu 1979): the least connected row of the last level of
    // a search from any row of the component.
    order_.clear();
    const size_t lastLevel = levels(A, start);
    int root = order_[lastLevel];
    for (size_t p = lastLevel; p < order_.size(); ++p)
      if (degree_[order_[p]] < degree_[root]) root = order_[p];
    order_.clear();
    levels(A, root);
    for (int v : order_) visited_[v] = 1;
    order.insert(order.end(), order_.rbegin(), order_.rend());
  }
}

}  // namespace contactlab
