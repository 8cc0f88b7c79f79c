// Tests of the sparse building blocks of the contact solvers: assembly of a sparse symmetric
// matrix, the reverse Cuthill-McKee order, and the tournament tree that finds the fastest
// approaching contact.
#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include "least_tree.h"
#include "sparse_matrix.h"
#include "sparse_ordering.h"

using namespace contactlab;

namespace {

// The largest |position(i) - position(j)| over the nonzero entries A_ij under `order`.
int bandwidth(const SparseMatrix& A, const std::vector<int>& order) {
  std::vector<int> position(order.size());
  for (size_t p = 0; p < order.size(); ++p) position[order[p]] = static_cast<int>(p);
  int width = 0;
  for (int i = 0; i < A.size(); ++i)
    for (int j : A.columns(i)) width = std::max(width, std::abs(position[i] - position[j]));
  return width;
}

bool isPermutation(std::vector<int> order, int n) {
  std::sort(order.begin(), order.end());
  std::vector<int> identity(n);
  std::iota(identity.begin(), identity.end(), 0);
  return order == identity;
}

// Couples rows i and j (an edge of the matrix's graph), symmetrically.
void couple(std::vector<SparseEntry>& entries, int i, int j) {
  entries.push_back({i, j, -1});
  entries.push_back({j, i, -1});
}

// The order reverse Cuthill-McKee gives the n x n matrix of `entries`, checked to be a permutation,
// and its bandwidth.
int orderedBandwidth(int n, const std::vector<SparseEntry>& entries) {
  SparseMatrix A;
  A.assign(n, entries);
  SparseOrdering ordering;
  std::vector<int> order;
  ordering.reverseCuthillMcKee(A, order);
  REQUIRE(isPermutation(order, n));
  return bandwidth(A, order);
}

}  // namespace

TEST_CASE("sparse assembly sums entries at the same place, drops zeros and sorts each row") {
  std::vector<SparseEntry> entries = {
      {1, 2, 0.5}, {0, 0, 2}, {2, 1, 0.5}, {1, 2, 0.25}, {2, 1, 0.25}, {1, 1, 3}, {0, 2, 1},
      {2, 0, 1},   {0, 1, 1}, {0, 1, -1},  {1, 0, -1},   {1, 0, 1},    {2, 2, 4}};
  SparseMatrix A;
  A.assign(3, entries);
  CHECK(A.size() == 3);
  CHECK(A.at(1, 2) == 0.75);
  CHECK(A.at(2, 1) == 0.75);
  CHECK(A.at(0, 1) == 0);  // 1 - 1: not stored
  CHECK(A.columns(0).size() == 2);
  CHECK(A.diagonal(0) == 2);
  CHECK(A.diagonal(1) == 3);
  CHECK(A.diagonal(2) == 4);
  for (int i = 0; i < 3; ++i) CHECK(std::is_sorted(A.columns(i).begin(), A.columns(i).end()));
  const double dense[] = {2, 0, 1, 0, 3, 0.75, 1, 0.75, 4};
  SparseMatrix B;
  B.assignDense({3, dense});
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) CHECK(A.at(i, j) == B.at(i, j));
}

TEST_CASE("reverse Cuthill-McKee gives a shuffled chain bandwidth 1 and every row once") {
  // A chain (tridiagonal after the right renumbering) whose rows are shuffled: any order that
  // keeps neighbours adjacent has bandwidth 1, and RCM finds one from a chain end.
  std::mt19937 random(7);
  for (int n : {1, 2, 5, 40, 300}) {
    CAPTURE(n);
    std::vector<int> label(n);
    std::iota(label.begin(), label.end(), 0);
    std::shuffle(label.begin(), label.end(), random);
    std::vector<SparseEntry> entries;
    for (int k = 0; k < n; ++k) {
      entries.push_back({label[k], label[k], 2});
      if (k + 1 < n) couple(entries, label[k], label[k + 1]);
    }
    CHECK(orderedBandwidth(n, entries) <= 1);
  }
}

TEST_CASE("reverse Cuthill-McKee keeps a grid within its short side and covers every component") {
  // A 6 x 50 grid graph (a wall of blocks, six high) numbered column-major with the rows shuffled,
  // plus isolated rows: the level structure from a corner gives bandwidth at most 7.
  constexpr int kHeight = 6, kLength = 50, kIsolated = 5;
  const int n = kHeight * kLength + kIsolated;
  std::vector<int> label(n);
  std::iota(label.begin(), label.end(), 0);
  std::shuffle(label.begin(), label.end(), std::mt19937(11));
  auto node = [&](int x, int y) { return label[x * kHeight + y]; };
  std::vector<SparseEntry> entries;
  for (int i = 0; i < n; ++i) entries.push_back({i, i, 4});
  for (int x = 0; x < kLength; ++x) {
    for (int y = 0; y < kHeight; ++y) {
      if (x + 1 < kLength) couple(entries, node(x, y), node(x + 1, y));
      if (y + 1 < kHeight) couple(entries, node(x, y), node(x, y + 1));
    }
  }
  CHECK(orderedBandwidth(n, entries) <= kHeight + 1);
}

TEST_CASE("reverse Cuthill-McKee gives each pattern its own order, remembered or not") {
  // Chains of n rows shuffled three ways, each ordered by one orderer that has seen the others
  // (and more patterns than it remembers) and by a fresh one: the orders agree.
  const int n = 2 * SparseOrdering::kRememberFrom;
  std::vector<SparseMatrix> matrices;
  for (unsigned seed = 0; seed < 6; ++seed) {
    std::vector<int> label(n);
    std::iota(label.begin(), label.end(), 0);
    std::shuffle(label.begin(), label.end(), std::mt19937(seed));
    std::vector<SparseEntry> entries;
    for (int i = 0; i < n; ++i) entries.push_back({i, i, 2});
    for (int i = 0; i + 1 < n; ++i) couple(entries, label[i], label[i + 1]);
    matrices.emplace_back().assign(n, entries);
  }
  SparseOrdering seasoned;
  std::vector<int> order, expected;
  for (int pass = 0; pass < 3; ++pass) {
    for (const SparseMatrix& A : matrices) {
      seasoned.reverseCuthillMcKee(A, order);
      SparseOrdering fresh;
      fresh.reverseCuthillMcKee(A, expected);
      CHECK(order == expected);
      CHECK(bandwidth(A, order) == 1);
    }
  }
}

TEST_CASE("the tournament tree always names the first of the least values") {
  std::mt19937 random(3);
  std::uniform_int_distribution<int> value(-20, 20);  // small range: many ties
  for (int n : {1, 2, 3, 17, 64, 100}) {
    CAPTURE(n);
    std::vector<double> values(n);
    for (double& v : values) v = value(random);
    LeastTree tree;
    tree.build(values);
    for (int change = 0; change < 500; ++change) {
      const auto first = std::min_element(values.begin(), values.end());
      REQUIRE(tree.least() == first - values.begin());
      const int k = std::uniform_int_distribution<int>(0, n - 1)(random);
      values[k] = value(random);
      tree.update(values, k);
    }
  }
}
