// Tests of the resting-contact LCP solver: closed-form statics of blocks on a floor, redundant
// (singular) contact sets, and thousands of random problems A = J M^-1 J^T, b = J M^-1 y checked by
// their complementarity residual, cold and warm-started.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "lcp_solver.h"

using namespace contactlab;

namespace {

constexpr double kGravity = 9.81;

struct Point {
  double x, y;
};

double cross(Point r, Point n) {
  return r.x * n.y - r.y * n.x;
}

// Rigid bodies (x, y, angle per body) and the Jacobian J of their contact distances: a contact
// pushes body1 along n at r1 and body2 along -n at r2 (reference eq. 9); body -1 is fixed.
struct System {
  std::vector<double> inverseMass;  // diagonal of M^-1
  std::vector<std::vector<double>> jacobian;

  int addBody(double mass, double inertia) {
    inverseMass.insert(inverseMass.end(), {1 / mass, 1 / mass, 1 / inertia});
    for (auto& row : jacobian) row.resize(inverseMass.size(), 0.0);
    return static_cast<int>(inverseMass.size() / 3 - 1);
  }
  void addContact(int body1, Point r1, int body2, Point r2, Point n) {
    std::vector<double> row(inverseMass.size(), 0.0);
    if (body1 >= 0) {
      row[3 * body1] = n.x, row[3 * body1 + 1] = n.y, row[3 * body1 + 2] = cross(r1, n);
    }
    if (body2 >= 0) {
      row[3 * body2] -= n.x, row[3 * body2 + 1] -= n.y, row[3 * body2 + 2] -= cross(r2, n);
    }
    jacobian.push_back(row);
  }
  int contacts() const { return static_cast<int>(jacobian.size()); }
  // A = J M^-1 J^T, row-major.
  std::vector<double> matrix() const {
    const int n = contacts();
    std::vector<double> A(static_cast<size_t>(n) * n);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        for (size_t k = 0; k < inverseMass.size(); ++k) {
          A[i * n + j] += jacobian[i][k] * inverseMass[k] * jacobian[j][k];
        }
      }
    }
    return A;
  }
  // b = J M^-1 y for generalized load y.
  std::vector<double> offset(const std::vector<double>& load) const {
    std::vector<double> b(jacobian.size());
    for (size_t i = 0; i < jacobian.size(); ++i) {
      for (size_t k = 0; k < inverseMass.size(); ++k) {
        b[i] += jacobian[i][k] * inverseMass[k] * load[k];
      }
    }
    return b;
  }
  // Body accelerations M^-1 (J^T f + y).
  std::vector<double> accelerations(const std::vector<double>& f,
                                    const std::vector<double>& load) const {
    std::vector<double> v(load);
    for (size_t i = 0; i < jacobian.size(); ++i) {
      for (size_t k = 0; k < v.size(); ++k) v[k] += jacobian[i][k] * f[i];
    }
    for (size_t k = 0; k < v.size(); ++k) v[k] *= inverseMass[k];
    return v;
  }
};

double boxInertia(double mass, double w, double h) {
  return mass * (w * w + h * h) / 12;
}

// Gravity on every body: y = (0, -m g, 0) per body.
std::vector<double> weights(const System& system) {
  std::vector<double> load(system.inverseMass.size(), 0.0);
  for (size_t k = 1; k < load.size(); k += 3) load[k] = -kGravity / system.inverseMass[k];
  return load;
}

struct Solution {
  std::vector<double> f, a;
  std::vector<std::uint8_t> clamped;
  LcpInfo info;
};

Solution solveWith(LcpSolver& solver, const std::vector<double>& A, const std::vector<double>& b,
                   std::vector<std::uint8_t> clamped = {}) {
  const int n = static_cast<int>(b.size());
  Solution s{std::vector<double>(n), std::vector<double>(n), clamped, {}};
  s.clamped.resize(n, 0);
  s.info = solver.solve(MatrixView{n, A.data()}, b, s.f, s.a, s.clamped);
  return s;
}

Solution solve(const System& system, const std::vector<double>& load) {
  LcpSolver solver;
  return solveWith(solver, system.matrix(), system.offset(load));
}

double maxAbs(const std::vector<double>& v) {
  double m = 0;
  for (double x : v) m = std::max(m, std::abs(x));
  return m;
}

// max_i sum_j |A_ij f_j| / max_i |b_i|: how much larger the terms summed into a = A f + b are than
// the load. Doubles evaluate a_i only to a small multiple of eps times those terms.
double termScale(const std::vector<double>& A, const std::vector<double>& b,
                 const std::vector<double>& f) {
  const size_t n = b.size();
  double terms = 0;
  for (size_t i = 0; i < n; ++i) {
    double sum = 0;
    for (size_t j = 0; j < n; ++j) sum += std::abs(A[i * n + j] * f[j]);
    terms = std::max(terms, sum);
  }
  return terms / std::max(maxAbs(b), 1e-300);
}

// A problem dumped by the simulation: line 1 "n status pivots redundant residual" of the failed
// solve, then A (n x n, row-major), b and the warm start it was given.
struct DumpedProblem {
  std::vector<double> A, b;
  std::vector<std::uint8_t> warmStart;
};

DumpedProblem loadProblem(const std::string& path) {
  std::ifstream in(path);
  int n = 0, status = 0, pivots = 0, redundant = 0;
  double residual = 0;
  in >> n >> status >> pivots >> redundant >> residual;
  DumpedProblem p{std::vector<double>(static_cast<size_t>(n) * n), std::vector<double>(n), {}};
  for (double& x : p.A) in >> x;
  for (double& x : p.b) in >> x;
  for (int i = 0; i < n; ++i) {
    int clamped = 0;
    in >> clamped;
    p.warmStart.push_back(clamped != 0);
  }
  if (!in || n <= 0) p = {};
  return p;
}

}  // namespace

TEST_CASE("a block pulled away from the floor separates: no force, a = b") {
  System system;
  const int block = system.addBody(2, boxInertia(2, 2, 1));
  system.addContact(block, {-1, -0.5}, -1, {}, {0, 1});
  system.addContact(block, {1, -0.5}, -1, {}, {0, 1});
  std::vector<double> load = weights(system);
  load[1] = -load[1];  // gravity reversed
  const std::vector<double> b = system.offset(load);
  const Solution s = solve(system, load);
  CHECK(s.info.status == LcpStatus::Solved);
  for (int i = 0; i < 2; ++i) {
    CHECK(b[i] > 0);
    CHECK(s.f[i] == 0);
    CHECK(s.a[i] == doctest::Approx(b[i]).epsilon(1e-12));
    CHECK(s.clamped[i] == 0);
  }
  CHECK(s.info.residual == 0);
}

TEST_CASE("a 2x1 block of mass 2 on the floor carries m g / 2 at each bottom corner") {
  const double mass = 2;
  System system;
  const int block = system.addBody(mass, boxInertia(mass, 2, 1));
  system.addContact(block, {-1, -0.5}, -1, {}, {0, 1});
  system.addContact(block, {1, -0.5}, -1, {}, {0, 1});
  const Solution s = solve(system, weights(system));
  CHECK(s.info.status == LcpStatus::Solved);
  CHECK(s.info.residual <= 1e-12);
  for (int i = 0; i < 2; ++i) {
    CHECK(std::abs(s.f[i] - mass * kGravity / 2) <= 1e-9 * mass * kGravity / 2);
    CHECK(std::abs(s.a[i]) <= 1e-12);
    CHECK(s.clamped[i] != 0);
  }
}

TEST_CASE("an empty contact set is solved") {
  LcpSolver solver;
  const Solution s = solveWith(solver, {}, {});
  CHECK(s.info.status == LcpStatus::Solved);
  CHECK(s.info.pivots == 0);
  CHECK(s.info.residual == 0);
}

TEST_CASE("a box on an equal fixed box with coincident contact pairs (duplicate rows) rests") {
  // The upper box's corners touch the lower box's top edge and the lower box's corners touch the
  // upper box's bottom edge at the same two points: rows 0 = 2 and 1 = 3, so A is singular.
  const double mass = 3;
  System system;
  const int box = system.addBody(mass, boxInertia(mass, 1, 1));
  for (int copy = 0; copy < 2; ++copy) {
    system.addContact(box, {-0.5, -0.5}, -1, {}, {0, 1});
    system.addContact(box, {0.5, -0.5}, -1, {}, {0, 1});
  }
  const std::vector<double> load = weights(system), A = system.matrix(), b = system.offset(load);
  const double weight = mass * kGravity;
  LcpSolver solver;
  // Cold, and warm-started with all four clamped: A_CC singular, two rows must be left out.
  for (const auto& start : {std::vector<std::uint8_t>(4, 0), std::vector<std::uint8_t>(4, 1)}) {
    const Solution s = solveWith(solver, A, b, start);
    CHECK(s.info.status == LcpStatus::Solved);
    CHECK(s.info.residual <= 1e-9);
    CHECK(std::abs(s.f[0] + s.f[2] - weight / 2) <= 1e-9 * weight);
    CHECK(std::abs(s.f[1] + s.f[3] - weight / 2) <= 1e-9 * weight);
    CHECK(maxAbs(system.accelerations(s.f, load)) <= 1e-9 * kGravity);
    if (start[0] != 0) CHECK(s.info.redundant == 2);
  }
}

TEST_CASE("a block wedged between two walls and pushed sideways is held in equilibrium") {
  // Two contacts on each wall (horizontal normals) and two on the floor: six rows on three degrees
  // of freedom. A push P to the right must be taken by the right wall, the weight by the floor.
  const double mass = 2, w = 1, h = 2, push = 5;
  System system;
  const int block = system.addBody(mass, boxInertia(mass, w, h));
  for (double y : {-h / 2, h / 2}) {
    system.addContact(block, {-w / 2, y}, -1, {}, {1, 0});
    system.addContact(block, {w / 2, y}, -1, {}, {-1, 0});
  }
  system.addContact(block, {-w / 2, -h / 2}, -1, {}, {0, 1});
  system.addContact(block, {w / 2, -h / 2}, -1, {}, {0, 1});
  std::vector<double> load = weights(system);
  load[0] = push;
  const std::vector<double> A = system.matrix(), b = system.offset(load);
  const double weight = mass * kGravity;
  LcpSolver solver;
  // Cold, and warm-started with all six clamped: J has rank 3, so at most three stay clamped.
  for (const auto& start : {std::vector<std::uint8_t>(6, 0), std::vector<std::uint8_t>(6, 1)}) {
    const Solution s = solveWith(solver, A, b, start);
    CHECK(s.info.status == LcpStatus::Solved);
    CHECK(s.info.residual <= 1e-9);
    CHECK(std::abs(s.f[4] + s.f[5] - weight) <= 1e-9 * weight);
    CHECK(std::abs((s.f[1] + s.f[3]) - (s.f[0] + s.f[2]) - push) <= 1e-9 * weight);
    CHECK(maxAbs(system.accelerations(s.f, load)) <= 1e-9 * kGravity);
    CHECK(std::count(s.clamped.begin(), s.clamped.end(), 1) <= 3);
  }
}

TEST_CASE("a plank on two blocks on the floor passes the whole weight to the floor") {
  System system;
  const double blockMass = 1, plankMass = 4;
  const int left = system.addBody(blockMass, boxInertia(blockMass, 1, 1));
  const int right = system.addBody(blockMass, boxInertia(blockMass, 1, 1));
  const int plank = system.addBody(plankMass, boxInertia(plankMass, 6, 0.2));
  for (int block : {left, right}) {  // block centres at x = -2 and 2, y = 0.5; plank at y = 1.1
    const double x = block == left ? -2 : 2;
    system.addContact(block, {-0.5, -0.5}, -1, {}, {0, 1});
    system.addContact(block, {0.5, -0.5}, -1, {}, {0, 1});
    for (double dx : {-0.5, 0.5}) {
      system.addContact(plank, {x + dx, -0.1}, block, {dx, 0.5}, {0, 1});
    }
  }
  const std::vector<double> load = weights(system), A = system.matrix(), b = system.offset(load);
  const double weight = (2 * blockMass + plankMass) * kGravity;
  LcpSolver solver;
  for (const auto& start : {std::vector<std::uint8_t>(8, 0), std::vector<std::uint8_t>(8, 1)}) {
    const Solution s = solveWith(solver, A, b, start);
    CHECK(s.info.status == LcpStatus::Solved);
    CHECK(s.info.residual <= 1e-9);
    const double floor = s.f[0] + s.f[1] + s.f[4] + s.f[5];
    const double plankSupport = s.f[2] + s.f[3] + s.f[6] + s.f[7];
    CHECK(std::abs(floor - weight) <= 1e-9 * weight);
    CHECK(std::abs(plankSupport - plankMass * kGravity) <= 1e-9 * weight);
    CHECK(maxAbs(system.accelerations(s.f, load)) <= 1e-9 * kGravity);
  }
}

TEST_CASE("random solvable contact problems are solved cold and warm-started") {
  // b = J M^-1 y: the LCP is the optimality condition of min_{f >= 0} |J^T f + y|^2_{M^-1} / 2, so
  // it always has a solution, and the body accelerations v = M^-1 (J^T f + y) are unique. Rows of
  // J that are (nearly) dependent make A (nearly) singular. Some random configurations are nearly
  // wedged: their forces are up to 1e6 times the load, and a = A f + b cannot be evaluated in
  // doubles to better than a small multiple of eps times its largest terms; there the bounds scale
  // with termScale (1e-9 of the load, or 1e-11 of the terms, whichever is larger).
  std::mt19937_64 random(20240611);
  auto uniform = [&](double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(random);
  };
  auto integer = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random); };
  LcpSolver solver;
  const int trials = 3000;
  int exactStartsWithPivots = 0;
  for (int trial = 0; trial < trials; ++trial) {
    CAPTURE(trial);
    System system;
    const int bodies = integer(1, 8);
    for (int k = 0; k < bodies; ++k) {
      const double mass = std::pow(10.0, uniform(0, 2));
      system.addBody(mass, boxInertia(mass, uniform(0.2, 2), uniform(0.2, 2)));
    }
    const int contacts = integer(1, 40);
    while (system.contacts() < contacts) {
      if (system.contacts() > 0 && uniform(0, 1) < 0.2) {  // a copy or a combination of rows
        const auto& r1 = system.jacobian[integer(0, system.contacts() - 1)];
        const auto& r2 = system.jacobian[integer(0, system.contacts() - 1)];
        const double c1 = uniform(-1, 1), c2 = integer(0, 1) * uniform(-1, 1);
        std::vector<double> row(r1.size());
        for (size_t k = 0; k < row.size(); ++k) row[k] = c1 * r1[k] + c2 * r2[k];
        system.jacobian.push_back(row);
        continue;
      }
      const int body1 = integer(0, bodies - 1);
      const int body2 =
          bodies > 1 && uniform(0, 1) < 0.5 ? (body1 + integer(1, bodies - 1)) % bodies : -1;
      const double angle = uniform(0, 2 * std::numbers::pi);
      system.addContact(body1, {uniform(-1, 1), uniform(-1, 1)}, body2,
                        {uniform(-1, 1), uniform(-1, 1)}, {std::cos(angle), std::sin(angle)});
    }
    std::vector<double> load(system.inverseMass.size());
    for (size_t k = 0; k < load.size(); ++k) load[k] = uniform(-10, 10) / system.inverseMass[k];

    const std::vector<double> A = system.matrix(), b = system.offset(load);
    const Solution cold = solveWith(solver, A, b);
    CHECK(cold.info.status == LcpStatus::Solved);
    CHECK(cold.info.residual <= std::max(1e-9, 1e-11 * termScale(A, b, cold.f)));
    const std::vector<double> v = system.accelerations(cold.f, load);
    const double vScale =
        std::max(maxAbs(system.accelerations(std::vector<double>(contacts), load)), 1.0);

    std::vector<std::uint8_t> perturbed = cold.clamped;
    for (auto& c : perturbed) c = uniform(0, 1) < 0.3 ? !c : c;
    for (bool exact : {true, false}) {
      const Solution warm = solveWith(solver, A, b, exact ? cold.clamped : perturbed);
      const double terms = std::max(termScale(A, b, cold.f), termScale(A, b, warm.f));
      CHECK(warm.info.status == LcpStatus::Solved);
      CHECK(warm.info.residual <= std::max(1e-9, 1e-11 * terms));
      const std::vector<double> vWarm = system.accelerations(warm.f, load);
      for (size_t k = 0; k < v.size(); ++k) {
        CHECK(std::abs(vWarm[k] - v[k]) <= 1e-9 * vScale * std::max(1.0, terms));
      }
      if (exact) exactStartsWithPivots += warm.info.pivots != 0;
    }
  }
  // Starting from the answer's own clamped set needs no pivot, bar the rare degenerate problem
  // where a freshly computed a_i of a nearly dependent row lands just past the tolerance.
  CHECK(exactStartsWithPivots <= trials / 1000);
}

TEST_CASE("piles that made the pivoting cycle at step 0 are solved from any start") {
  // Frictionless piles of 20 boxes in a container (74 contacts, boxes exactly aligned on boxes and
  // walls: many dependent, duplicated rows). Warm-started, maxstep took a free j whose Delta a_j
  // was round-off (~1e-17) as blocking at a_j = 0; once in C its Delta f_j was round-off of the
  // other sign at f_j = 0, so j left again, and so on at step 0 up to the pivot cap.
  LcpSolver solver;
  for (int file = 1; file <= 3; ++file) {
    const std::string path =
        std::string(CONTACTLAB_TEST_DATA) + "/lcp_pile_cycling_" + std::to_string(file) + ".txt";
    CAPTURE(path);
    const DumpedProblem p = loadProblem(path);
    REQUIRE(!p.b.empty());
    const size_t n = p.b.size();
    std::vector<double> reference;  // a = A f + b is the same for every solution (A is PSD)
    for (const auto& start :
         {p.warmStart, std::vector<std::uint8_t>(n, 0), std::vector<std::uint8_t>(n, 1)}) {
      const Solution s = solveWith(solver, p.A, p.b, start);
      CHECK(s.info.status == LcpStatus::Solved);
      CHECK(s.info.residual <= 1e-9);
      if (reference.empty()) reference = s.a;
      for (size_t i = 0; i < n; ++i) CHECK(std::abs(s.a[i] - reference[i]) <= 1e-9 * maxAbs(p.b));
    }
  }
}

TEST_CASE("random piles of aligned boxes between two walls are solved from any start") {
  // Columns of boxes on a floor in a container, like the piles above: a box on an aligned box of
  // equal width touches it at two points with two rows each (each box's corners on the other's
  // edge), columns that fill the container are wedged side by side between the walls, and a few
  // rows are found twice. A is singular with many exact ties, and most directions leave most
  // a_j and f_k unchanged up to round-off.
  std::mt19937_64 random(20261203);
  auto uniform = [&](double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(random);
  };
  auto integer = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random); };
  struct Box {
    double x, y, w, h;
    int body;
  };
  auto offset = [](double x, double y, const Box& box) { return Point{x - box.x, y - box.y}; };
  LcpSolver solver;
  for (int trial = 0; trial < 1000; ++trial) {
    CAPTURE(trial);
    System system;
    const double width = integer(0, 1) ? 4.0 : uniform(2, 6);
    const int columns = integer(1, 4);
    std::vector<double> columnWidth(columns);
    for (double& w : columnWidth) w = integer(0, 1) ? 0.5 * integer(1, 2) : uniform(0.4, 1.2);
    const bool wedged = integer(0, 2) == 0;
    double filled = 0;
    for (double w : columnWidth) filled += w;
    std::vector<std::vector<Box>> stacks(columns);
    double left = -width / 2;
    for (int c = 0; c < columns; ++c) {
      if (wedged) columnWidth[c] *= width / filled;
      double gap = wedged || integer(0, 2) == 0 ? 0 : uniform(0, 0.5);
      if (left + gap + columnWidth[c] > width / 2) gap = 0;
      const double x = left + gap + columnWidth[c] / 2;
      left += gap + columnWidth[c];
      double y = 0;
      for (int k = integer(1, 5); k > 0; --k) {
        const bool narrower = !stacks[c].empty() && integer(0, 2) == 0;
        const double w = narrower ? std::min(columnWidth[c], uniform(0.4, 1.2)) : columnWidth[c];
        const double h = integer(0, 1) ? 0.5 : uniform(0.3, 1.0), mass = uniform(0.5, 3);
        const double shift =
            narrower && integer(0, 1) ? uniform(-1, 1) * (columnWidth[c] - w) / 2 : 0;
        stacks[c].push_back(
            {x + shift, y + h / 2, w, h, system.addBody(mass, boxInertia(mass, w, h))});
        y += h;
      }
    }
    for (int c = 0; c < columns; ++c) {
      for (size_t k = 0; k < stacks[c].size(); ++k) {
        const Box& box = stacks[c][k];
        if (k == 0) {
          for (double dx : {-box.w / 2, box.w / 2}) {
            system.addContact(box.body, {dx, -box.h / 2}, -1, {}, {0, 1});
          }
        } else {  // the corners of either box that lie on the other's edge
          const Box& below = stacks[c][k - 1];
          const double lo = std::max(box.x - box.w / 2, below.x - below.w / 2);
          const double hi = std::min(box.x + box.w / 2, below.x + below.w / 2);
          const double y = box.y - box.h / 2;
          for (double x : {box.x - box.w / 2, box.x + box.w / 2, below.x - below.w / 2,
                           below.x + below.w / 2}) {
            if (x < lo - 1e-12 || x > hi + 1e-12) continue;
            system.addContact(box.body, offset(x, y, box), below.body, offset(x, y, below), {0, 1});
          }
        }
        for (double side : {-1.0, 1.0}) {  // the walls
          if (std::abs(box.x + side * box.w / 2 - side * width / 2) > 1e-12) continue;
          for (double dy : {-box.h / 2, box.h / 2}) {
            system.addContact(box.body, {side * box.w / 2, dy}, -1, {}, {-side, 0});
          }
        }
        if (c + 1 == columns) continue;
        for (const Box& right : stacks[c + 1]) {  // a neighbour touching it side by side
          const double x = box.x + box.w / 2;
          if (std::abs(x - (right.x - right.w / 2)) > 1e-12) continue;
          const double lo = std::max(box.y - box.h / 2, right.y - right.h / 2);
          const double hi = std::min(box.y + box.h / 2, right.y + right.h / 2);
          for (double y : {box.y - box.h / 2, box.y + box.h / 2, right.y - right.h / 2,
                           right.y + right.h / 2}) {
            if (y < lo - 1e-12 || y > hi + 1e-12) continue;
            system.addContact(right.body, offset(x, y, right), box.body, offset(x, y, box), {1, 0});
          }
        }
      }
    }
    for (int copies = integer(0, 3); copies > 0; --copies) {
      const std::vector<double> row = system.jacobian[integer(0, system.contacts() - 1)];
      system.jacobian.push_back(row);
    }
    std::shuffle(system.jacobian.begin(), system.jacobian.end(), random);
    std::vector<double> load = weights(system);
    for (size_t k = 0; k < load.size(); k += 3) {  // some pushes and torques besides the weight
      if (integer(0, 2) == 0) load[k] = uniform(-3, 3) / system.inverseMass[k];
      if (integer(0, 3) == 0) load[k + 2] = uniform(-1, 1) / system.inverseMass[k + 2];
    }
    const std::vector<double> A = system.matrix();
    std::vector<double> b = system.offset(load);
    if (integer(0, 1)) {
      for (double& x : b) x *= 1 + 1e-15 * uniform(-1, 1);  // in the range of A only to round-off
    }

    const size_t n = b.size();
    const Solution cold = solveWith(solver, A, b);
    std::vector<std::uint8_t> perturbed = cold.clamped, coin(n);
    for (auto& c : perturbed) c = uniform(0, 1) < 0.3 ? !c : c;
    for (auto& c : coin) c = integer(0, 1);
    for (const auto& start : {cold.clamped, perturbed, coin, std::vector<std::uint8_t>(n, 1)}) {
      const Solution s = solveWith(solver, A, b, start);
      CHECK(s.info.status == LcpStatus::Solved);
      CHECK(s.info.residual <= std::max(1e-9, 1e-11 * termScale(A, b, s.f)));
    }
    CHECK(cold.info.status == LcpStatus::Solved);
    CHECK(cold.info.residual <= std::max(1e-9, 1e-11 * termScale(A, b, cold.f)));
  }
}

TEST_CASE("a reused solver is deterministic: the same problem gives bit-identical answers") {
  System system;
  const int box = system.addBody(3, boxInertia(3, 1, 1));
  const int plank = system.addBody(1, boxInertia(1, 4, 0.2));
  system.addContact(box, {-0.5, -0.5}, -1, {}, {0, 1});
  system.addContact(box, {0.5, -0.5}, -1, {}, {0, 1});
  system.addContact(plank, {-0.5, -0.1}, box, {-0.5, 0.5}, {0, 1});
  system.addContact(plank, {0.5, -0.1}, box, {0.5, 0.5}, {0, 1});
  system.addContact(plank, {0.5, -0.1}, box, {0.5, 0.5}, {0, 1});  // a duplicate row
  const std::vector<double> load = weights(system), A = system.matrix(), b = system.offset(load);
  LcpSolver solver;
  const Solution first = solveWith(solver, A, b);
  // A larger problem in between grows and dirties the buffers.
  System other;
  const int body = other.addBody(1, 1);
  for (int k = 0; k < 30; ++k) other.addContact(body, {0.01 * k, -1}, -1, {}, {0, 1});
  solveWith(solver, other.matrix(), other.offset(weights(other)));
  const Solution second = solveWith(solver, A, b);
  CHECK(first.info.status == LcpStatus::Solved);
  CHECK(first.info.residual <= 1e-9);
  CHECK(first.f == second.f);
  CHECK(first.a == second.a);
  CHECK(first.clamped == second.clamped);
  CHECK(first.info.pivots == second.info.pivots);
}

TEST_CASE("the complementarity residual rejects wrong answers") {
  const double mass = 2;
  System system;
  const int block = system.addBody(mass, boxInertia(mass, 2, 1));
  system.addContact(block, {-1, -0.5}, -1, {}, {0, 1});
  system.addContact(block, {1, -0.5}, -1, {}, {0, 1});
  const std::vector<double> A = system.matrix(), b = system.offset(weights(system));
  const MatrixView view{2, A.data()};
  const double half = mass * kGravity / 2;
  CHECK(complementarityResidual(view, b, std::vector<double>{half, half}) <= 1e-12);
  CHECK(complementarityResidual(view, b, std::vector<double>{half * 1.01, half}) > 1e-6);
  CHECK(complementarityResidual(view, b, std::vector<double>{half * 0.99, half}) > 1e-6);
  CHECK(complementarityResidual(view, b, std::vector<double>{0, 0}) > 1e-6);
  CHECK(complementarityResidual(view, b, std::vector<double>{2 * half, 0}) > 1e-6);
  CHECK(complementarityResidual(
            view, b, std::vector<double>{std::numeric_limits<double>::quiet_NaN(), half}) > 1e-6);
}

TEST_CASE("an infeasible problem (b outside the range of A) is reported unbounded, without NaN") {
  // Opposite normals on one degree of freedom: a_0 + a_1 = -2 whatever f is.
  const std::vector<double> A = {1, -1, -1, 1}, b = {-1, -1};
  LcpSolver solver;
  const Solution s = solveWith(solver, A, b);
  CHECK(s.info.status == LcpStatus::Unbounded);
  for (int i = 0; i < 2; ++i) {
    CHECK(std::isfinite(s.f[i]));
    CHECK(std::isfinite(s.a[i]));
  }
}

TEST_CASE("any problem, solvable or not, ends within the pivot cap with finite forces") {
  // Contact rows of overlapping bodies (opposite normals on one motion) and an arbitrary b, not of
  // the form J M^-1 y: many such problems have no solution. Whatever the problem, a solve stops
  // within lcpPivotCap(n) pivots with f >= 0 finite, and says Solved only with a small residual.
  std::mt19937_64 random(20261203);
  auto uniform = [&](double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(random);
  };
  auto integer = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random); };
  LcpSolver solver;
  int notSolved = 0;
  for (int trial = 0; trial < 1000; ++trial) {
    CAPTURE(trial);
    System system;
    const int bodies = integer(1, 6);
    for (int k = 0; k < bodies; ++k) system.addBody(1, boxInertia(1, 1, 1));
    const int pairs = integer(1, 15);
    for (int p = 0; p < pairs; ++p) {
      const int body1 = integer(0, bodies - 1);
      const int body2 =
          bodies > 1 && uniform(0, 1) < 0.7 ? (body1 + integer(1, bodies - 1)) % bodies : -1;
      const double angle = uniform(0, 2 * std::numbers::pi);
      const Point n{std::cos(angle), std::sin(angle)};
      const Point r1{uniform(-0.5, 0.5), uniform(-0.5, 0.5)}, r2{uniform(-0.5, 0.5), 0};
      system.addContact(body1, r1, body2, r2, n);
      if (uniform(0, 1) < 0.5) system.addContact(body1, r1, body2, r2, {-n.x, -n.y});
    }
    const int n = system.contacts();
    std::vector<double> b(n);
    for (double& bi : b) bi = uniform(-10, 10);
    const Solution s = solveWith(solver, system.matrix(), b);
    CHECK(s.info.pivots <= lcpPivotCap(n));
    for (int i = 0; i < n; ++i) {
      CHECK(std::isfinite(s.f[i]));
      CHECK(s.f[i] >= 0);
    }
    if (s.info.status == LcpStatus::Solved) {
      CHECK(s.info.residual <= 1e-6);
    } else {
      ++notSolved;
    }
  }
  CHECK(notSolved > 0);  // the set does hold problems without a solution
}

TEST_CASE(
    "a pyramid of 78 blocks: each level carries the weight above; warm from its answer, no pivot") {
  // Base 12, rows of 0.5 m high unit-wide blocks, each block centred on the joint of the two
  // below: a sparse A of 288 contacts (each block's bottom corners on the blocks below, their top
  // corners on its bottom edge), solved through the sparse factorization. Cutting the pyramid
  // between two rows, the contact forces across the cut balance the weight of all rows above.
  constexpr int kBase = 12;
  const double mass = 1.5, w = 1, h = 0.5;
  System system;
  std::vector<std::vector<int>> rows(kBase);
  std::vector<int> levelOf;  // the row above each contact's cut
  for (int r = 0; r < kBase; ++r) {
    for (int i = 0; i + r < kBase; ++i) {
      const int block = system.addBody(mass, boxInertia(mass, w, h));
      rows[r].push_back(block);
      if (r == 0) {
        for (double x : {-w / 2, w / 2}) {
          system.addContact(block, {x, -h / 2}, -1, {}, {0, 1});
          levelOf.push_back(0);
        }
        continue;
      }
      const int left = rows[r - 1][i], right = rows[r - 1][i + 1];
      system.addContact(block, {-w / 2, -h / 2}, left, {0, h / 2}, {0, 1});
      system.addContact(block, {w / 2, -h / 2}, right, {0, h / 2}, {0, 1});
      system.addContact(left, {w / 2, h / 2}, block, {0, -h / 2}, {0, -1});
      system.addContact(right, {-w / 2, h / 2}, block, {0, -h / 2}, {0, -1});
      for (int k = 0; k < 4; ++k) levelOf.push_back(r);
    }
  }
  REQUIRE(system.contacts() == 288);
  const std::vector<double> A = system.matrix(), b = system.offset(weights(system));
  LcpSolver solver;
  for (const std::uint8_t start : {0, 1}) {
    CAPTURE(int(start));
    const Solution cold = solveWith(solver, A, b, std::vector<std::uint8_t>(b.size(), start));
    REQUIRE(cold.info.status == LcpStatus::Solved);
    CHECK(cold.info.residual <= 1e-9);
    std::vector<double> carried(kBase, 0.0);
    for (size_t c = 0; c < b.size(); ++c) carried[levelOf[c]] += cold.f[c];
    for (int r = 0; r < kBase; ++r) {
      const int blocksAbove = (kBase - r) * (kBase - r + 1) / 2;
      const double weight = blocksAbove * mass * kGravity;
      CHECK(std::abs(carried[r] - weight) <= 1e-9 * weight);
    }
    const Solution warm = solveWith(solver, A, b, cold.clamped);
    CHECK(warm.info.pivots == 0);
    CHECK(warm.info.residual <= 1e-9);
  }
}
