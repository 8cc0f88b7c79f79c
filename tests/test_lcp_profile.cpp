// Tests of the LCP solver's profile (skyline) factor on banded problems with closed-form answers: a
// column of blocks standing on the floor, one frictionless contact under each block, so that
// contact i couples only with contacts i - 1 and i + 1 and A is tridiagonal. The solver's forces
// are checked against the statics of the column and by the LCP conditions (reference eq. 4), and
// the factor's stored size against the profile of L rather than the packed triangle.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "lcp_solver.h"

using namespace contactlab;

namespace {

constexpr double kGravity = 9.81;

// n blocks stacked on the floor, block k of mass m_k, pulled up by `pull` newtons at block
// `pulled` (-1: no pull). Contact i lies under block i (on the floor for i = 0) with the normal up:
// d_i = y_i - y_(i-1) - height, so a_i = y_i'' - y_(i-1)'' (reference eq. 6; y_(-1)'' = 0), and
// f_i pushes block i up and block i - 1 down. Then
//   y_k'' = (f_k - f_(k+1) + pull_k) / m_k - g,
// which gives a = A f + b (reference eq. 1, 9) with A tridiagonal:
//   A_ii = 1 / m_i + 1 / m_(i-1) (1 / m_0 for i = 0), A_i,i+1 = A_i+1,i = -1 / m_i,
// and b_i the same difference of the accelerations of blocks i and i - 1 with no contact force.
struct Column {
  std::vector<double> masses;
  int pulled = -1;
  double pull = 0;

  int contacts() const { return static_cast<int>(masses.size()); }
  double freeAcceleration(int k) const {
    if (k < 0) return 0;  // the floor
    return (k == pulled ? pull / masses[k] : 0) - kGravity;
  }
  std::vector<double> matrix() const {
    const int n = contacts();
    std::vector<double> A(static_cast<size_t>(n) * n, 0.0);
    for (int i = 0; i < n; ++i) {
      A[i * n + i] = 1 / masses[i] + (i > 0 ? 1 / masses[i - 1] : 0);
      if (i + 1 < n) A[i * n + i + 1] = A[(i + 1) * n + i] = -1 / masses[i];
    }
    return A;
  }
  std::vector<double> offset() const {
    std::vector<double> b(masses.size());
    for (int i = 0; i < contacts(); ++i) b[i] = freeAcceleration(i) - freeAcceleration(i - 1);
    return b;
  }
  // Mass of blocks first .. last - 1.
  double massOf(int first, int last) const {
    double m = 0;
    for (int k = first; k < last; ++k) m += masses[k];
    return m;
  }
};

// A column of n blocks whose masses vary from block to block (1 to 2.2 kg).
Column column(int n) {
  Column c;
  for (int k = 0; k < n; ++k) c.masses.push_back(1 + 0.3 * (k % 5));
  return c;
}

// The statics of the column: with no pull, contact i carries the weight of blocks i and above.
// Pulled at block j by more than the weight of blocks j and above, contact j opens: blocks j and
// above rise together at (pull - g M_j) / M_j (M_j their mass), contact i > j carries M_i (g +
// that acceleration), contact i < j the weight of blocks i .. j - 1 alone, and a_j is that
// acceleration (the blocks below j rest).
struct Statics {
  std::vector<double> f, a;
};

Statics statics(const Column& c) {
  const int n = c.contacts();
  Statics s{std::vector<double>(n, 0.0), std::vector<double>(n, 0.0)};
  const int j = c.pulled;
  const bool opens = j >= 0 && c.pull > kGravity * c.massOf(j, n);
  const double rise = opens ? (c.pull - kGravity * c.massOf(j, n)) / c.massOf(j, n) : 0;
  for (int i = 0; i < n; ++i) {
    if (!opens) {
      s.f[i] = kGravity * c.massOf(i, n) - (j >= i ? c.pull : 0);
    } else if (i < j) {
      s.f[i] = kGravity * c.massOf(i, j);
    } else if (i > j) {
      s.f[i] = (kGravity + rise) * c.massOf(i, n);
    } else {
      s.a[i] = rise;
    }
  }
  return s;
}

struct Solution {
  std::vector<double> f, a;
  std::vector<std::uint8_t> clamped;
  LcpInfo info;
};

Solution solve(LcpSolver& solver, const Column& c, std::vector<std::uint8_t> warmStart) {
  const int n = c.contacts();
  const std::vector<double> A = c.matrix(), b = c.offset();
  Solution s{std::vector<double>(n), std::vector<double>(n), std::move(warmStart), {}};
  s.clamped.resize(n, 0);
  s.info = solver.solve(MatrixView{n, A.data()}, b, s.f, s.a, s.clamped);
  return s;
}

// The LCP conditions of reference eq. 4 on a recomputed a = A f + b, and the solver's own a, both
// within `tolerance` (forces in newtons are scaled by the largest A_ii to accelerations).
void checkComplementarity(const Column& c, const Solution& s, double tolerance) {
  const int n = c.contacts();
  const std::vector<double> A = c.matrix(), b = c.offset();
  double diagonal = 0;
  for (int i = 0; i < n; ++i) diagonal = std::max(diagonal, A[i * n + i]);
  for (int i = 0; i < n; ++i) {
    double ai = b[i];
    for (int k = 0; k < n; ++k) ai += A[i * n + k] * s.f[k];
    CHECK(s.f[i] >= 0);
    CHECK(ai >= -tolerance);
    CHECK(std::abs(ai - s.a[i]) <= tolerance);
    CHECK(std::abs(std::min(diagonal * s.f[i], ai)) <= tolerance);
  }
}

void checkStatics(const Column& c, const Solution& s) {
  const Statics expected = statics(c);
  const double force = kGravity * c.massOf(0, c.contacts()) + c.pull;
  const double acceleration = kGravity + c.pull / c.masses[0];
  CHECK(s.info.status == LcpStatus::Solved);
  for (int i = 0; i < c.contacts(); ++i) {
    CHECK(std::abs(s.f[i] - expected.f[i]) <= 1e-10 * force);
    CHECK(std::abs(s.a[i] - expected.a[i]) <= 1e-10 * acceleration);
    CHECK((s.clamped[i] != 0) == (expected.f[i] > 0));
  }
  checkComplementarity(c, s, 1e-10 * acceleration);
}

// Strictly lower entries of a packed triangle for k rows, what the factor held before profiles.
size_t triangle(int k) {
  return static_cast<size_t>(k) * (k - 1) / 2;
}

}  // namespace

TEST_CASE("a column of blocks: each contact carries the weight above it, one factor entry a row") {
  const int n = 40;
  const Column c = column(n);
  LcpSolver solver;
  SUBCASE("cold start") {
    // Contact i - 1 is driven first and pushes block i - 1 up into block i, so the contacts join
    // C from the floor up, each new row of L with its one clamped neighbour just left of it.
    const Solution s = solve(solver, c, {});
    checkStatics(c, s);
    CHECK(s.info.pivots == n);
    CHECK(solver.factorEntries() == static_cast<size_t>(n - 1));
  }
  SUBCASE("warm start with every contact clamped") {
    // Factored afresh in reverse Cuthill-McKee order, which numbers a chain along itself.
    const Solution s = solve(solver, c, std::vector<std::uint8_t>(n, 1));
    checkStatics(c, s);
    CHECK(s.info.pivots == 0);
    CHECK(solver.factorEntries() == static_cast<size_t>(n - 1));
  }
}

TEST_CASE("a block pulled up harder than the weight above it lifts off: its contact leaves C") {
  const int n = 40;
  LcpSolver solver;  // one solver for every case: its profile shrinks and grows in place
  for (int pulled : {1, 2, 17, 38, 39}) {
    CAPTURE(pulled);
    // More than the weight of blocks j and above, less than that plus block j - 1: with every
    // contact clamped only f_j would come out negative.
    Column c = column(n);
    c.pulled = pulled;
    c.pull = kGravity * (c.massOf(pulled, n) + 0.5 * c.masses[pulled - 1]);
    checkStatics(c, solve(solver, c, {}));  // cold start

    // Warm start from the column at rest: the pulled contact's row is removed from the factor.
    const Solution rest = solve(solver, c, std::vector<std::uint8_t>(n, 1));
    checkStatics(c, rest);
    CHECK(rest.info.pivots == 1);
    // Factored along the chain (reverse Cuthill-McKee), L keeps one entry for each link of the
    // chain between two clamped contacts: the links to the pulled contact are gone.
    const int links = pulled == n - 1 ? 1 : 2;
    CHECK(solver.factorEntries() == static_cast<size_t>(n - 1 - links));

    // Warm start with the floor contact free: the pulled contact's row leaves the factor and the
    // floor contact's joins it.
    std::vector<std::uint8_t> warm(n, 1);
    warm[0] = 0;
    const Solution lifted = solve(solver, c, warm);
    checkStatics(c, lifted);
    CHECK(lifted.clamped[0] != 0);
    CHECK(lifted.clamped[pulled] == 0);
    // A row that joins C after the warm start is filled from its first clamped neighbour to the
    // diagonal, so the profile is wider than one entry a row, but far from the triangle.
    CHECK(solver.factorEntries() < triangle(n - 1) / 4);
  }
}

TEST_CASE(
    "a pull just short of the weight above keeps the column closed: forces drop by the pull") {
  const int n = 30;
  Column c = column(n);
  c.pulled = 12;
  c.pull = 0.999 * kGravity * c.massOf(c.pulled, n);
  LcpSolver solver;
  const Solution s = solve(solver, c, {});
  checkStatics(c, s);
  // Contact j + 1, pushed apart by the pull, joins C first, so later rows are filled between their
  // neighbours: a profile wider than the chain's, still far from the triangle.
  CHECK(solver.factorEntries() < triangle(n) / 4);
}
