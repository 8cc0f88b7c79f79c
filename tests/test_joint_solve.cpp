// The substeps' exact joint solve, part by part: the profile Cholesky factorization
// (profile_cholesky.h) against a known solution and on redundant rows, and the grouping and
// ordering of the equality rows (joint_groups.h): groups share no movable body, a chain's rows
// follow the chain whatever the order its joints were added in, and each row's profile start
// covers every row coupled with it.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include "joint_groups.h"
#include "profile_cholesky.h"

using namespace contactlab;

TEST_CASE("a profile Cholesky solves a banded positive definite system, shaped or dense") {
  const int n = 40, band = 3;
  // Diagonally dominant, so positive definite: A_ii = 4 + i % 3, A_i,i-1 = -1, A_i,i-3 = 0.5.
  auto a = [](int i, int j) {
    if (i == j) return 4.0 + i % 3;
    if (std::abs(i - j) == 1) return -1.0;
    if (std::abs(i - j) == 3) return 0.5;
    return 0.0;
  };
  std::vector<double> x(n), b(n, 0.0);
  for (int i = 0; i < n; ++i) x[i] = std::sin(1.0 + i);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) b[i] += a(i, j) * x[j];

  std::vector<int> first(n);
  for (int i = 0; i < n; ++i) first[i] = std::max(0, i - band);
  ProfileCholesky shaped;
  shaped.shape(first);
  for (int i = 0; i < n; ++i)
    for (int j = first[i]; j <= i; ++j) shaped.at(i, j) = a(i, j);
  REQUIRE(shaped.factor(0, 1e-9));
  std::vector<double> solved = b;
  shaped.solve(solved);
  for (int i = 0; i < n; ++i) CHECK(solved[i] == doctest::Approx(x[i]).epsilon(1e-12));

  std::vector<double> dense(static_cast<size_t>(n) * n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) dense[static_cast<size_t>(i) * n + j] = a(i, j);
  ProfileCholesky fromDense;
  REQUIRE(fromDense.factor(dense, n, 0));
  std::vector<double> again = b;
  fromDense.solve(again);
  for (int i = 0; i < n; ++i) CHECK(again[i] == doctest::Approx(x[i]).epsilon(1e-12));
}

TEST_CASE("redundant rows make a profile Cholesky fail above its floor, and a shift solvable") {
  // Two copies of one row: A = [[2, 2], [2, 2]] is singular.
  const std::vector<int> first{0, 0};
  ProfileCholesky factor;
  auto fill = [&] {
    factor.shape(first);
    factor.at(0, 0) = 2;
    factor.at(1, 0) = 2;
    factor.at(1, 1) = 2;
  };
  fill();
  CHECK_FALSE(factor.factor(0, 1e-9));
  fill();
  REQUIRE(factor.factor(1e-6));
  std::vector<double> x{1, 1};  // consistent: both rows ask the same
  factor.solve(x);
  CHECK(x[0] + x[1] == doctest::Approx(0.5).epsilon(1e-6));
}

namespace {

// A pin's or hinge's two rows (x and y) between bodies a and b (-1: the world).
void addPoint(std::vector<JointRow>& rows, int joint, int a, int b) {
  for (const Vec2 normal : {Vec2{1, 0}, Vec2{0, 1}}) {
    JointRow row;
    row.joint = joint;
    row.body1 = a;
    row.body2 = b;
    row.normal = normal;
    rows.push_back(row);
  }
}

bool coupled(const JointRow& p, const JointRow& q, const std::vector<char>& movable) {
  for (const int body : {p.body1, p.body2})
    if (body >= 0 && movable[body] && (body == q.body1 || body == q.body2)) return true;
  return false;
}

// Every group a permutation of its rows; rows of different groups never coupled; within a group
// each row's profile start at or before every row coupled with it.
void checkGroups(const std::vector<JointRow>& rows, const std::vector<char>& movable,
                 const JointGroups& groups) {
  std::vector<int> sorted = groups.order;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int> all(rows.size());
  std::iota(all.begin(), all.end(), 0);
  REQUIRE(sorted == all);
  std::vector<int> groupOf(rows.size()), position(rows.size());
  for (size_t g = 0; g < groups.groups.size(); ++g)
    for (int p = groups.groups[g].begin; p < groups.groups[g].end; ++p) {
      groupOf[groups.order[p]] = static_cast<int>(g);
      position[groups.order[p]] = p - groups.groups[g].begin;
    }
  for (size_t i = 0; i < rows.size(); ++i)
    for (size_t j = 0; j < rows.size(); ++j) {
      if (!coupled(rows[i], rows[j], movable)) continue;
      REQUIRE(groupOf[i] == groupOf[j]);
      const int g = groupOf[i];
      const int later = std::max(position[i], position[j]);
      const int earlier = std::min(position[i], position[j]);
      CHECK(groups.first[groups.groups[g].begin + later] <= earlier);
      CHECK(later - earlier <= groups.groups[g].width);
    }
}

}  // namespace

TEST_CASE("a chain's joint rows form one group that follows the chain, whatever their order") {
  // Link i hinged to link i - 1, link 0 pinned to the world; the joints listed in a shuffled order.
  const int links = 50;
  std::vector<int> joints(links);
  std::iota(joints.begin(), joints.end(), 0);
  std::shuffle(joints.begin(), joints.end(), std::mt19937(7));
  std::vector<JointRow> rows;
  for (const int j : joints) addPoint(rows, j, j, j == 0 ? -1 : j - 1);
  const std::vector<char> movable(links, 1);
  JointGroups groups;
  groupJointRows(rows, static_cast<int>(rows.size()), movable, groups);
  REQUIRE(groups.groups.size() == 1);
  // A hinge's two rows and the next hinge's: a profile 3 rows wide.
  CHECK(groups.groups[0].width <= 3);
  checkGroups(rows, movable, groups);
}

TEST_CASE("joints meeting only at the world or at a fixed body fall in separate groups") {
  // Bodies 0, 1, 3 move; body 2 is fixed. Pendulum 0 on the world, pendulums 1 and 3 on body 2,
  // and a chain of two (4 hinged to 3).
  std::vector<JointRow> rows;
  addPoint(rows, 0, 0, -1);
  addPoint(rows, 1, 1, 2);
  addPoint(rows, 2, 3, 2);
  addPoint(rows, 3, 4, 3);
  const std::vector<char> movable{1, 1, 0, 1, 1};
  JointGroups groups;
  groupJointRows(rows, static_cast<int>(rows.size()), movable, groups);
  REQUIRE(groups.groups.size() == 3);
  CHECK(groups.groups[0].end - groups.groups[0].begin == 2);
  CHECK(groups.groups[1].end - groups.groups[1].begin == 2);
  CHECK(groups.groups[2].end - groups.groups[2].begin == 4);
  checkGroups(rows, movable, groups);
}

TEST_CASE("a net's rows form one group whose profile covers every coupled pair") {
  // n x n bodies, each hinged to the one above and the one to its left; the top row pinned.
  const int n = 8;
  std::vector<JointRow> rows;
  int joint = 0;
  for (int k = 0; k < n; ++k)
    for (int i = 0; i < n; ++i) {
      const int body = k * n + i;
      addPoint(rows, joint++, body, i == 0 ? -1 : body - 1);
      if (k > 0) addPoint(rows, joint++, body, body - n);
    }
  const std::vector<char> movable(n * n, 1);
  JointGroups groups;
  groupJointRows(rows, static_cast<int>(rows.size()), movable, groups);
  REQUIRE(groups.groups.size() == 1);
  CHECK(groups.groups[0].width < static_cast<int>(rows.size()) / 2);
  checkGroups(rows, movable, groups);
}
