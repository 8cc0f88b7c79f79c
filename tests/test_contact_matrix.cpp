// The contact matrix A = J M^-1 J^T (reference eq. 9) as ContactMatrixBuilder assembles it, row by
// row from each body's contacts, against the product written out densely: random contacts between
// a few bodies, several between the same pair, some on fixed bodies, and builds of different sizes
// one after another with the same builder.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "contact_matrix.h"

using namespace contactlab;

namespace {

Body body(double mass, double inertia, bool fixed) {
  Body b;
  b.def.fixed = fixed;
  b.mass = mass;
  b.inertia = inertia;
  b.invMass = fixed ? 0 : 1 / mass;
  b.invInertia = fixed ? 0 : 1 / inertia;
  return b;
}

// J M^-1 J^T written out: row i of J holds [n ; r1 x n] at body 1 and [-n ; -(r2 x n)] at body 2.
std::vector<double> denseMatrix(const Model& model, const std::vector<ContactRow>& rows) {
  const size_t k = rows.size(), bodies = model.bodies.size();
  std::vector<double> J(k * 3 * bodies, 0.0);
  for (size_t i = 0; i < k; ++i) {
    const ContactRow& r = rows[i];
    double* row = &J[i * 3 * bodies];
    row[3 * r.body1] += r.normal.x, row[3 * r.body1 + 1] += r.normal.y;
    row[3 * r.body1 + 2] += r.normalArm1;
    row[3 * r.body2] -= r.normal.x, row[3 * r.body2 + 1] -= r.normal.y;
    row[3 * r.body2 + 2] -= r.normalArm2;
  }
  std::vector<double> A(k * k, 0.0);
  for (size_t i = 0; i < k; ++i)
    for (size_t j = 0; j < k; ++j)
      for (size_t b = 0; b < bodies; ++b) {
        const Body& body = model.bodies[b];
        const double* ri = &J[i * 3 * bodies + 3 * b];
        const double* rj = &J[j * 3 * bodies + 3 * b];
        A[i * k + j] +=
            body.invMass * (ri[0] * rj[0] + ri[1] * rj[1]) + body.invInertia * ri[2] * rj[2];
      }
  return A;
}

std::vector<ContactRow> randomRows(std::mt19937& random, int bodies, int count) {
  std::uniform_int_distribution<int> pick(0, bodies - 1);
  std::uniform_real_distribution<double> angle(0, 6.283185307179586), arm(-1, 1);
  std::vector<ContactRow> rows;
  while (static_cast<int>(rows.size()) < count) {
    const int body1 = pick(random), body2 = pick(random);
    if (body1 == body2) continue;
    const double a = angle(random);
    const Vec2 normal{std::cos(a), std::sin(a)};
    const ContactRow row =
        contactRow(body1, body2, normal, {arm(random), arm(random)}, {arm(random), arm(random)});
    rows.push_back(row);
    // A second contact of the same pair, along the same normal (a face on a face).
    if (arm(random) > 0.3 && static_cast<int>(rows.size()) < count)
      rows.push_back(
          contactRow(body1, body2, normal, {arm(random), arm(random)}, {arm(random), arm(random)}));
  }
  return rows;
}

}  // namespace

TEST_CASE("the contact matrix is J M^-1 J^T, symmetric, sorted, with its zeros left out") {
  std::mt19937 random(17);
  Model model;
  for (int b = 0; b < 12; ++b)
    model.bodies.push_back(body(0.5 + 0.25 * b, 0.2 + 0.1 * b, b % 5 == 0));
  ContactMatrixBuilder builder;
  SparseMatrix A;
  for (int count : {40, 7, 1, 25}) {
    std::vector<ContactRow> rows = randomRows(random, 12, count);
    // Two contacts between fixed bodies cannot be: keep at least one movable body per row.
    std::erase_if(rows, [&](const ContactRow& r) {
      return model.bodies[r.body1].fixed() && model.bodies[r.body2].fixed();
    });
    const int k = static_cast<int>(rows.size());
    builder.build(model, rows, A);
    REQUIRE(A.size() == k);
    const std::vector<double> dense = denseMatrix(model, rows);
    for (int i = 0; i < k; ++i) {
      CHECK(std::is_sorted(A.columns(i).begin(), A.columns(i).end()));
      CHECK(std::adjacent_find(A.columns(i).begin(), A.columns(i).end()) == A.columns(i).end());
      for (double v : A.values(i)) CHECK(v != 0);
      CHECK(A.diagonal(i) == A.at(i, i));
      for (int j = 0; j < k; ++j) {
        CHECK(A.at(i, j) == A.at(j, i));
        CHECK(std::abs(A.at(i, j) - dense[i * k + j]) <= 1e-12 * (1 + std::abs(dense[i * k + j])));
      }
    }
  }
}

TEST_CASE("contacts that share no movable body are not coupled") {
  Model model;
  model.bodies = {body(1, 1, true), body(2, 1, false), body(3, 1, false)};
  // Bodies 1 and 2 each rest on the fixed body 0: the two contacts share only the fixed body.
  const std::vector<ContactRow> rows = {contactRow(1, 0, {0, 1}, {0.5, -0.5}, {0.5, 0}),
                                        contactRow(2, 0, {0, 1}, {-0.5, -0.5}, {-0.5, 0})};
  ContactMatrixBuilder builder;
  SparseMatrix A;
  builder.build(model, rows, A);
  CHECK(A.at(0, 1) == 0);
  CHECK(A.columns(0).size() == 1);
  CHECK(A.diagonal(0) == doctest::Approx(1.0 / 2 + 0.25));  // 1/m + (r x n)^2 / I
  CHECK(A.diagonal(1) == doctest::Approx(1.0 / 3 + 0.25));
}
