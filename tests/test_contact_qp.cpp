// Tests of the contact QP/CCP solvers of the time-stepping scheme (contact_qp.h): a box on a floor
// and on a 30 degree incline, built from first principles (r = Phi / h + D^T M^-1 k, k = M v + h
// F_ext; v(t+h) = M^-1 (k + D gamma), lecture 003); random problems checked by certificates (the
// natural-map residual, the LCP solver's complementarity residual on the dense N, cone and
// complementarity bounds that follow from the residual); warm starts; the wedge projection.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "contact_qp.h"
#include "lcp_solver.h"
#include "qp_operator.h"

using namespace contactlab;

namespace {

constexpr double kGravity = 9.81;
constexpr QpMethod kMethods[] = {QpMethod::ProjectedGaussSeidel, QpMethod::Mprgp, QpMethod::Apgd};

std::string methodName(QpMethod method) {
  switch (method) {
    case QpMethod::ProjectedGaussSeidel:
      return "pgs";
    case QpMethod::Mprgp:
      return "mprgp";
    case QpMethod::Apgd:
      return "apgd";
  }
  return "?";
}

// Bodies with poses and velocities, and contacts between them, turned into the QP of one step.
struct Rig {
  struct Body {
    Vec2 position;
    double mass = 0, inertia = 0;  // 0: fixed
    Vec2 velocity{0, 0};
    double spin = 0;
  };
  std::vector<Body> bodies;
  std::vector<QpContact> contacts;
  std::vector<double> gaps;  // Phi per contact

  int addBody(Vec2 position, double mass, double inertia, Vec2 velocity = {0, 0}) {
    bodies.push_back({position, mass, inertia, velocity, 0});
    return static_cast<int>(bodies.size()) - 1;
  }
  int addFixed(Vec2 position) { return addBody(position, 0, 0); }
  void addContact(int body1, int body2, Vec2 point, Vec2 normal, double mu, double gap = 0) {
    addContactAt(body1, body2, point - bodies[body1].position, point - bodies[body2].position,
                 normal, mu, gap);
  }
  // A contact at offsets r1, r2 from the two centres.
  void addContactAt(int body1, int body2, Vec2 r1, Vec2 r2, Vec2 normal, double mu, double gap) {
    contacts.push_back({contactRow(body1, body2, normal, r1, r2), mu});
    gaps.push_back(gap);
  }
  std::vector<InverseMass> qpBodies() const {
    std::vector<InverseMass> out;
    for (const Body& b : bodies) {
      out.push_back(b.mass > 0 ? InverseMass{1 / b.mass, 1 / b.inertia} : InverseMass{});
    }
    return out;
  }
  // M^-1 k per body (vx, vy, omega): the velocity after the step without contact impulses.
  std::vector<double> freeVelocities(double h) const {
    std::vector<double> u(3 * bodies.size(), 0.0);
    for (size_t b = 0; b < bodies.size(); ++b) {
      if (bodies[b].mass == 0) continue;
      u[3 * b] = bodies[b].velocity.x;
      u[3 * b + 1] = bodies[b].velocity.y - h * kGravity;
      u[3 * b + 2] = bodies[b].spin;
    }
    return u;
  }
  // (D_n^T u, D_t^T u) of contact c.
  std::pair<double, double> rows(size_t c, const std::vector<double>& u) const {
    const QpContact& k = contacts[c];
    const double* u1 = &u[3 * k.body1];
    const double* u2 = &u[3 * k.body2];
    const Vec2 dv{u1[0] - u2[0], u1[1] - u2[1]}, t = perpendicular(k.normal);
    return {glm::dot(k.normal, dv) + k.normalArm1 * u1[2] - k.normalArm2 * u2[2],
            glm::dot(t, dv) + k.tangentArm1 * u1[2] - k.tangentArm2 * u2[2]};
  }
  std::vector<double> offsets(double h) const {
    const std::vector<double> u = freeVelocities(h);
    std::vector<double> r(2 * contacts.size());
    for (size_t c = 0; c < contacts.size(); ++c) {
      const auto [n, t] = rows(c, u);
      r[2 * c] = gaps[c] / h + n;
      r[2 * c + 1] = t;
    }
    return r;
  }
  // v(t+h) = M^-1 (k + D gamma), 3 per body.
  std::vector<double> velocitiesAfter(double h, const std::vector<double>& gamma) const {
    std::vector<double> u = freeVelocities(h);
    for (size_t c = 0; c < contacts.size(); ++c) {
      const QpContact& k = contacts[c];
      const Vec2 p = gamma[2 * c] * k.normal + gamma[2 * c + 1] * perpendicular(k.normal);
      const auto push = [&](int b, double sign, double normalArm, double tangentArm) {
        if (bodies[b].mass == 0) return;
        u[3 * b] += sign * p.x / bodies[b].mass;
        u[3 * b + 1] += sign * p.y / bodies[b].mass;
        u[3 * b + 2] +=
            sign * (normalArm * gamma[2 * c] + tangentArm * gamma[2 * c + 1]) / bodies[b].inertia;
      };
      push(k.body1, 1, k.normalArm1, k.tangentArm1);
      push(k.body2, -1, k.normalArm2, k.tangentArm2);
    }
    return u;
  }
};

double boxInertia(double mass, double w, double h) {
  return mass * (w * w + h * h) / 12;
}

QpResult solveWith(ContactQpSolver& solver, const Rig& rig, const std::vector<double>& r,
                   QpSettings settings, std::vector<double>& gamma) {
  const std::vector<InverseMass> bodies = rig.qpBodies();
  gamma.resize(r.size(), 0.0);
  return solver.solve(bodies, rig.contacts, r, settings, gamma);
}

double maxAbs(const std::vector<double>& v) {
  double m = 0;
  for (double x : v) m = std::max(m, std::abs(x));
  return m;
}

// A random problem: 1 to 60 contacts among about a third as many movable bodies (mass 1 to 100, so
// ratios up to 100) and a fixed one, at most 2 contacts per pair of bodies sharing one normal
// (convex bodies in 2D touch at a point or along an edge), lever arms within each body's size,
// random mu, velocities and gaps. r = Phi / h + D^T u with Phi >= 0 and u = M^-1 k, so the QP/CCP
// is bounded below (on N g = 0, D g vanishes on the movable bodies and r^T g = Phi^T g_n / h >= 0):
// a solution exists and the contact velocities w = N g + r are the same at every solution.
struct RandomProblem {
  Rig rig;
  std::vector<InverseMass> bodies;
  std::vector<double> r;
};

RandomProblem randomProblem(std::mt19937_64& random, int maxContacts = 60) {
  auto uniform = [&](double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(random);
  };
  auto integer = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random); };
  RandomProblem p;
  p.rig.addFixed({0, 0});
  const int wanted = integer(1, maxContacts);
  const int movable = std::max(1, static_cast<int>(std::lround(wanted * uniform(0.7, 1.3) / 3)));
  std::vector<double> sizes(movable + 1, 0.0);
  for (int b = 1; b <= movable; ++b) {
    const double mass = std::pow(100.0, uniform(0, 1));
    sizes[b] = uniform(0.2, 1);
    p.rig.addBody({0, 0}, mass, mass * sizes[b] * sizes[b] / 6, {uniform(-1, 1), uniform(-1, 1)});
    p.rig.bodies[b].spin = uniform(-1, 1);
  }
  const int pairs = movable * (movable + 1) / 2;
  std::vector<int> count(static_cast<size_t>((movable + 1) * (movable + 1)), 0);
  std::vector<Vec2> direction(count.size());  // of the pair (low, high), pointing to the high one
  for (int c = 0; c < std::min(wanted, 2 * pairs); ++c) {
    int body1 = 0, body2 = 0, pair = 0;
    do {
      body1 = integer(1, movable);
      body2 = (body1 + integer(1, movable)) % (movable + 1);
      pair = std::min(body1, body2) * (movable + 1) + std::max(body1, body2);
    } while (count[pair] == 2);
    if (count[pair]++ == 0) {
      const double angle = uniform(0, 2 * std::numbers::pi);
      direction[pair] = {std::cos(angle), std::sin(angle)};
    }
    const Vec2 n = body1 > body2 ? direction[pair] : -direction[pair];
    const Vec2 t = perpendicular(n);
    const double s1 = sizes[body1], s2 = sizes[body2];
    const double gap = uniform(0, 1) < 0.5 ? 0.0 : uniform(0, 0.005);
    p.rig.addContactAt(body1, body2, -s1 * n + uniform(-s1, s1) * t, s2 * n + uniform(-s2, s2) * t,
                       n, uniform(0, 1), gap);
  }
  p.bodies = p.rig.qpBodies();
  p.r = p.rig.offsets(0.01);
  return p;
}

// The dense N of the normal rows and the contact velocities, for the LCP solver and for checks.
std::vector<double> denseNormalMatrix(const Rig& rig) {
  const size_t n = rig.contacts.size();
  std::vector<double> N(n * n);
  for (size_t j = 0; j < n; ++j) {
    std::vector<double> unit(2 * n, 0.0);
    unit[2 * j] = 1;
    std::vector<double> u = rig.velocitiesAfter(0, unit), free = rig.freeVelocities(0);
    for (size_t k = 0; k < u.size(); ++k) u[k] -= free[k];  // M^-1 D e_j
    for (size_t i = 0; i < n; ++i) N[i * n + j] = rig.rows(i, u).first;
  }
  return N;
}

// w = N gamma + r = D^T v(t+h) + Phi / h, 2 per contact.
std::vector<double> contactVelocitiesOf(const Rig& rig, const std::vector<double>& r,
                                        const std::vector<double>& gamma) {
  std::vector<double> u = rig.velocitiesAfter(0.01, gamma), free = rig.freeVelocities(0.01);
  for (size_t k = 0; k < u.size(); ++k) u[k] -= free[k];
  std::vector<double> w(r.size());
  for (size_t c = 0; c < rig.contacts.size(); ++c) {
    const auto [n, t] = rig.rows(c, u);
    w[2 * c] = n + r[2 * c];
    w[2 * c + 1] = t + r[2 * c + 1];
  }
  return w;
}

// Distance from (n, t) to the dual wedge K* = {n >= mu |t|}, spanned by the rays (mu, +-1).
double distanceToDualWedge(double n, double t, double mu) {
  if (n >= mu * std::abs(t)) return 0;
  double best = std::hypot(n, t);
  for (const double side : {1.0, -1.0}) {
    const double length = std::hypot(mu, 1.0);
    const double en = mu / length, et = side / length;
    const double along = n * en + t * et;
    if (along > 0) best = std::min(best, std::hypot(n - along * en, t - along * et));
  }
  return best;
}

}  // namespace

TEST_CASE("a box landing flat on a fixed floor stops: each corner takes half of m (v + g h)") {
  const double mass = 2, w = 2, hgt = 1, h = 0.01;
  for (const double approach : {0.0, 0.3}) {
    for (const QpMethod method : kMethods) {
      CAPTURE(approach);
      CAPTURE(methodName(method));
      Rig rig;
      const int floor = rig.addFixed({0, -0.5});
      const int box = rig.addBody({0, hgt / 2}, mass, boxInertia(mass, w, hgt), {0, -approach});
      rig.addContact(box, floor, {-w / 2, 0}, {0, 1}, 0);
      rig.addContact(box, floor, {w / 2, 0}, {0, 1}, 0);
      const std::vector<double> r = rig.offsets(h);
      std::vector<double> gamma;
      ContactQpSolver solver;
      const QpSettings settings{method, 1e-12, 500, false};
      const QpResult result = solveWith(solver, rig, r, settings, gamma);
      CHECK(result.converged);
      CHECK(result.residual <= settings.tolerance);
      // The impulse that cancels the approach velocity plus what gravity adds during the step,
      // split evenly by symmetry (N is 2x2 and regular, so the split is unique).
      const double total = mass * (approach + kGravity * h);
      for (int c = 0; c < 2; ++c) {
        CHECK(gamma[2 * c] == doctest::Approx(total / 2).epsilon(1e-9));
        CHECK(gamma[2 * c + 1] == 0);
      }
      const std::vector<double> v = rig.velocitiesAfter(h, gamma);
      // Both corners active: |w_i| = |min(d_i g_i, w_i)| <= tolerance * max |r|.
      CHECK(std::abs(v[3 * box + 1]) <= settings.tolerance * maxAbs(r));
      CHECK(std::abs(v[3 * box + 2]) * w / 2 <= settings.tolerance * maxAbs(r));
      CHECK(contactQpResidual(rig.qpBodies(), rig.contacts, r, false, gamma) == result.residual);
    }
  }
}

TEST_CASE("a box above the floor falls just far enough to close its gap") {
  const double mass = 1, h = 0.01, gap = 1e-4, approach = 0.5;
  Rig rig;
  const int floor = rig.addFixed({0, -0.5});
  const int box = rig.addBody({0, 0.5 + gap}, mass, boxInertia(mass, 1, 1), {0, -approach});
  rig.addContact(box, floor, {-0.5, 0}, {0, 1}, 0, gap);
  rig.addContact(box, floor, {0.5, 0}, {0, 1}, 0, gap);
  for (const QpMethod method : kMethods) {
    CAPTURE(methodName(method));
    const std::vector<double> r = rig.offsets(h);
    std::vector<double> gamma;
    ContactQpSolver solver;
    CHECK(solveWith(solver, rig, r, {method, 1e-12, 500, false}, gamma).converged);
    const std::vector<double> v = rig.velocitiesAfter(h, gamma);
    // Phi / h + v_n = 0: the step ends touching; the impulse removes the rest of the approach.
    CHECK(v[3 * box + 1] == doctest::Approx(-gap / h).epsilon(1e-9));
    CHECK(gamma[0] + gamma[2] ==
          doctest::Approx(mass * (approach + kGravity * h - gap / h)).epsilon(1e-9));
  }
}

TEST_CASE("a box on a 30 degree incline sticks when mu >= tan 30 and slides when mu < tan 30") {
  // Incline frame: n = (-sin, cos) its normal, t = perpendicular(n) = (-cos, -sin) points down the
  // slope. Gravity has components -g cos along n and g sin along t.
  const double angle = std::numbers::pi / 6, mass = 1.5, side = 1, h = 0.01;
  const double sin = std::sin(angle), cos = std::cos(angle);
  const Vec2 n{-sin, cos}, t = perpendicular(n);
  for (const QpMethod method : {QpMethod::ProjectedGaussSeidel, QpMethod::Apgd}) {
    for (const double mu : {0.7, std::tan(angle), 0.3, 0.0}) {
      for (const double speed : {0.0, 0.4}) {  // initial velocity down the slope
        CAPTURE(methodName(method));
        CAPTURE(mu);
        CAPTURE(speed);
        Rig rig;
        const int incline = rig.addFixed({0, 0});
        const int box = rig.addBody(side / 2 * n, mass, boxInertia(mass, side, side), speed * t);
        for (const double s : {-0.5, 0.5}) rig.addContact(box, incline, s * side * t, n, mu);
        const std::vector<double> r = rig.offsets(h);
        std::vector<double> gamma;
        ContactQpSolver solver;
        const QpSettings settings{method, 1e-12, 20000, true};
        const QpResult result = solveWith(solver, rig, r, settings, gamma);
        CHECK(result.converged);
        const std::vector<double> v = rig.velocitiesAfter(h, gamma);
        const Vec2 velocity{v[3 * box], v[3 * box + 1]};
        const double along = glm::dot(velocity, t), normal = glm::dot(velocity, n);
        double totalNormal = 0, totalTangential = 0;
        for (int c = 0; c < 2; ++c) {
          CHECK(std::abs(gamma[2 * c + 1]) <= mu * gamma[2 * c] + 1e-12);
          totalNormal += gamma[2 * c];
          totalTangential += gamma[2 * c + 1];
        }
        const double scale = maxAbs(r);
        // The free velocity at the contacts is (-h g cos, speed + h g sin); it sticks when the
        // impulse that cancels it lies in the wedge: speed + h g sin <= mu h g cos.
        const double pull = speed + h * kGravity * sin, press = h * kGravity * cos;
        if (pull <= mu * press) {
          CHECK(std::abs(along) <= 1e-9 * scale);
          CHECK(std::abs(normal) <= 1e-9 * scale);
          CHECK(totalNormal == doctest::Approx(mass * press).epsilon(1e-9));
          CHECK(totalTangential == doctest::Approx(-mass * pull).epsilon(1e-9));
        } else {
          // The CCP (Anitescu & Tasora's convex relaxation, what the lecture solves) is not exact
          // Coulomb friction: at sliding contacts w is on the boundary of the dual wedge,
          // w_n = mu |w_t|, so the box separates at mu times its sliding speed. Both corners keep
          // the same w, so omega = 0, and the total impulse of mass m is m Proj_K(-u) for the free
          // velocity u: m s (1, -mu), s = (h g cos + mu pull) / (1 + mu^2). Hence the speed along
          // the slope is (v + h g (sin - mu cos)) / (1 + mu^2), not Coulomb's v + h g (sin - mu
          // cos); the two agree for mu = 0.
          const double s = (press + mu * pull) / (1 + mu * mu);
          CHECK(along == doctest::Approx((pull - mu * press) / (1 + mu * mu)).epsilon(1e-9));
          CHECK(normal == doctest::Approx(mu * along).scale(scale).epsilon(1e-9));
          CHECK(std::abs(v[3 * box + 2]) <= 1e-9 * scale);
          CHECK(totalNormal == doctest::Approx(mass * s).epsilon(1e-9));
          for (int c = 0; c < 2; ++c) {
            CHECK(gamma[2 * c + 1] == doctest::Approx(-mu * gamma[2 * c]).scale(mass * s));
          }
        }
      }
    }
  }
}

TEST_CASE("random frictionless problems: PGS, MPRGP, APGD and the pivoting LCP agree") {
  std::mt19937_64 random(20240612);
  ContactQpSolver solver;
  LcpSolver lcp;
  const double tolerance = 1e-8;
  for (int trial = 0; trial < 300; ++trial) {
    CAPTURE(trial);
    const RandomProblem p = randomProblem(random);
    const size_t n = p.rig.contacts.size();
    // The LCP 0 <= N g + r _|_ g >= 0 of the normal rows, solved exactly by pivoting.
    const std::vector<double> N = denseNormalMatrix(p.rig);
    std::vector<double> b(n), f(n), a(n);
    std::vector<std::uint8_t> clamped(n, 0);
    for (size_t i = 0; i < n; ++i) b[i] = p.r[2 * i];
    const MatrixView A{static_cast<int>(n), N.data()};
    const LcpInfo info = lcp.solve(A, b, f, a, clamped);
    CHECK(info.status == LcpStatus::Solved);
    for (const QpMethod method : kMethods) {
      CAPTURE(methodName(method));
      std::vector<double> gamma(2 * n, 0.0);
      const QpResult result =
          solver.solve(p.bodies, p.rig.contacts, p.r, {method, tolerance, 100000, false}, gamma);
      CHECK(result.converged);
      CHECK(result.residual <= tolerance);
      std::vector<double> normal(n);
      for (size_t i = 0; i < n; ++i) normal[i] = gamma[2 * i];
      // The same number from the house LCP certificate on the dense N (for g >= 0 it is
      // max |min(N_ii g_i, w_i)| / max |r|, exactly the frictionless natural-map residual).
      CHECK(complementarityResidual(A, b, normal) <= tolerance * (1 + 1e-6));
      // Velocities: for any solution g* (here the LCP's, w* = a), with E_i = d_i (g_i - p_i) the
      // residual vector and e_i = g_i - p_i, the variational inequalities of the projection and of
      // g* give (g - g*)^T N (g - g*) <= E^T (g - e - g*) + (w - w*)^T e =: B, and
      // |w_i - w*_i| <= sqrt(N_ii B) (Cauchy-Schwarz in the M^-1 inner product).
      const std::vector<double> w = contactVelocitiesOf(p.rig, p.r, gamma);
      double bound = 0;
      for (size_t i = 0; i < n; ++i) {
        const double d = N[i * n + i];
        const double e = gamma[2 * i] - std::max(0.0, gamma[2 * i] - w[2 * i] / d);
        bound += d * e * (gamma[2 * i] - e - f[i]) + (w[2 * i] - a[i]) * e;
      }
      const double roundOff = 1e-12 * maxAbs(p.r);
      for (size_t i = 0; i < n; ++i) {
        CHECK(std::abs(w[2 * i] - a[i]) <=
              std::sqrt(N[i * n + i] * std::max(bound, 0.0)) + roundOff);
        CHECK(gamma[2 * i] >= 0);
        CHECK(gamma[2 * i + 1] == 0);
      }
    }
  }
}

TEST_CASE("random frictional problems: PGS and APGD stay in the cones and are complementary") {
  // Up to 20 contacts: with friction, closed loops of sticking contacts can jam, carrying internal
  // impulses thousands of times the load, and first-order methods then creep (PGS missed 1e-8
  // within 20000 sweeps on 6 of 100 problems of up to 60 contacts, on 2 of 1000 of up to 20).
  std::mt19937_64 random(20240613);
  ContactQpSolver solver;
  const double tolerance = 1e-8;
  for (int trial = 0; trial < 300; ++trial) {
    CAPTURE(trial);
    const RandomProblem p = randomProblem(random, 20);
    const size_t n = p.rig.contacts.size();
    std::vector<double> blocks(3 * n);
    diagonalBlocks(p.bodies, p.rig.contacts, blocks);
    for (const QpMethod method : {QpMethod::ProjectedGaussSeidel, QpMethod::Apgd}) {
      CAPTURE(methodName(method));
      std::vector<double> gamma(2 * n, 0.0);
      const QpResult result =
          solver.solve(p.bodies, p.rig.contacts, p.r, {method, tolerance, 100000, true}, gamma);
      CHECK(result.converged);
      CHECK(result.residual <= tolerance);
      // From the residual E_i = d_i (g_i - Proj_K(g_i - w_i / d_i)), |E_i| <= tolerance max |r|,
      // and Moreau's decomposition: w_i = E_i - d_i q_i with q_i in the polar wedge, so dist(w_i,
      // K*) <= |E_i|, and g_i . w_i = p_i . E_i + e_i . w_i, so |g_i . w_i| <= |E_i| (|g_i| + |E_i|
      // / d_i + |w_i| / d_i).
      const std::vector<double> w = contactVelocitiesOf(p.rig, p.r, gamma);
      const double E = tolerance * maxAbs(p.r), roundOff = 1e-12 * maxAbs(p.r);
      for (size_t i = 0; i < n; ++i) {
        const double mu = p.rig.contacts[i].friction, d = blocks[3 * i];
        const double gn = gamma[2 * i], gt = gamma[2 * i + 1], wn = w[2 * i], wt = w[2 * i + 1];
        CHECK(std::abs(gt) <= mu * gn + 1e-12);
        CHECK(distanceToDualWedge(wn, wt, mu) <= E + roundOff);
        const double size = std::hypot(gn, gt) + (E + std::hypot(wn, wt)) / d;
        CHECK(std::abs(gn * wn + gt * wt) <= (E + roundOff) * size);
      }
    }
  }
}

TEST_CASE("APGD aims at its target and settles for the tolerance only after targetIterations") {
  std::mt19937_64 random(2026);
  for (const bool friction : {false, true}) {
    CAPTURE(friction);
    RandomProblem p = randomProblem(random, 20);
    while (p.rig.contacts.size() < 8) p = randomProblem(random, 20);
    const size_t m = p.r.size();
    ContactQpSolver solver;
    auto solveWith = [&](double target, int targetIterations, std::vector<double>& gamma) {
      QpSettings settings{QpMethod::Apgd, 1e-3, 100000, friction};
      settings.target = target;
      settings.targetIterations = targetIterations;
      gamma.assign(m, 0.0);
      return solver.solve(p.bodies, p.rig.contacts, p.r, settings, gamma);
    };
    std::vector<double> plain, deep, early, capped;
    const QpResult atTolerance = solveWith(0, 0, plain);
    CHECK(atTolerance.converged);
    CHECK(atTolerance.reachedTarget);
    // Aiming at 1e-9 with room to get there: it gets there.
    const QpResult aimed = solveWith(1e-9, 100000, deep);
    CHECK(aimed.reachedTarget);
    CHECK(aimed.residual <= 1e-9);
    CHECK(aimed.iterations > atTolerance.iterations);
    // With no iterations allowed for the target, it stops where the plain solve stops.
    const QpResult settled = solveWith(1e-9, 0, early);
    CHECK(settled.iterations == atTolerance.iterations);
    CHECK(early == plain);
    // Allowed fewer iterations than the target takes, it goes on to them and no further than the
    // next residual check past them where the tolerance holds.
    const int allowed = (atTolerance.iterations + aimed.iterations) / 2;
    const QpResult between = solveWith(1e-9, allowed, capped);
    CHECK(between.converged);
    CHECK(between.iterations >= std::min(allowed, aimed.iterations));
    CHECK(between.iterations <= aimed.iterations);
  }
}

TEST_CASE("APGD's residual checks are contactQpResidual's, bit for bit, on every kind of row") {
  // APGD evaluates the residual itself (vectorized over the contacts, the bodies' velocities summed
  // body by body) every kApgdResidualEvery iterations and at its cap, and returns its best iterate.
  // Capped at the first check, it returns that iterate (when better than the start); asked again
  // with the tolerance set to that iterate's residual as contactQpResidual computes it, it must
  // stop at the same check, and with the next smaller tolerance it must not: the two numbers are
  // equal. Rows of every kind: the wedge, mu = 0 in a problem with friction, the frictionless ray,
  // and bilateral rows (a joint's), with a fixed body among them.
  std::mt19937_64 random(4242);
  int compared = 0;
  for (int trial = 0; trial < 200; ++trial) {
    CAPTURE(trial);
    RandomProblem p = randomProblem(random, 30);
    for (QpContact& c : p.rig.contacts) {
      const double kind = std::uniform_real_distribution<double>(0, 1)(random);
      if (kind < 0.15) c.friction = 0;
      if (kind > 0.85) {
        c.friction = 0;
        c.bilateral = true;
      }
    }
    const bool friction = trial % 2 == 0;
    const size_t m = p.r.size();
    const std::vector<double> start(m, 0.0);
    const double startResidual = contactQpResidual(p.bodies, p.rig.contacts, p.r, friction, start);
    ContactQpSolver solver;
    auto solve = [&](double tolerance, int cap, std::vector<double>& gamma) {
      gamma = start;
      return solver.solve(p.bodies, p.rig.contacts, p.r, {QpMethod::Apgd, tolerance, cap, friction},
                          gamma);
    };
    std::vector<double> first, again, below;
    const QpResult capped = solve(1e-300, kApgdResidualEvery, first);
    if (!(capped.residual < startResidual)) continue;  // the start was returned
    ++compared;
    const QpResult stopped = solve(capped.residual, 1000, again);
    CHECK(stopped.iterations == kApgdResidualEvery);
    CHECK(again == first);
    const QpResult goesOn = solve(std::nextafter(capped.residual, 0.0), 1000, below);
    CHECK(goesOn.iterations > kApgdResidualEvery);
  }
  CHECK(compared >= 150);
}

TEST_CASE("MPRGP asked for friction runs APGD") {
  std::mt19937_64 random(7);
  const RandomProblem p = randomProblem(random);
  ContactQpSolver solver;
  std::vector<double> viaMprgp(p.r.size(), 0.0), viaApgd(p.r.size(), 0.0);
  const QpResult a = solver.solve(p.bodies, p.rig.contacts, p.r, {QpMethod::Mprgp}, viaMprgp);
  const QpResult b = solver.solve(p.bodies, p.rig.contacts, p.r, {QpMethod::Apgd}, viaApgd);
  CHECK(a.iterations == b.iterations);
  CHECK(viaMprgp == viaApgd);
}

TEST_CASE("solves are deterministic: a fresh and a reused solver give bit-identical impulses") {
  std::mt19937_64 random(11);
  const RandomProblem big = randomProblem(random, 60), small = randomProblem(random, 10);
  for (const bool friction : {false, true}) {
    for (const QpMethod method : kMethods) {
      CAPTURE(friction);
      CAPTURE(methodName(method));
      const QpSettings settings{method, 1e-10, 300, friction};
      ContactQpSolver reused, fresh;
      std::vector<double> scratch(small.r.size(), 0.0);
      reused.solve(small.bodies, small.rig.contacts, small.r, settings, scratch);
      std::vector<double> a(big.r.size(), 0.0), b(big.r.size(), 0.0);
      const QpResult ra = reused.solve(big.bodies, big.rig.contacts, big.r, settings, a);
      const QpResult rb = fresh.solve(big.bodies, big.rig.contacts, big.r, settings, b);
      CHECK(ra.iterations == rb.iterations);
      CHECK(ra.residual == rb.residual);
      CHECK(a == b);
    }
  }
}

TEST_CASE("a warm start from the solution needs far fewer iterations than a cold start") {
  std::mt19937_64 random(99);
  for (const bool friction : {false, true}) {
    for (const QpMethod method : kMethods) {
      if (friction && method == QpMethod::Mprgp) continue;
      CAPTURE(friction);
      CAPTURE(methodName(method));
      const int size = friction ? 20 : 60;
      RandomProblem p = randomProblem(random, size);
      while (p.rig.contacts.size() < static_cast<size_t>(size / 2)) p = randomProblem(random, size);
      ContactQpSolver solver;
      const QpSettings settings{method, 1e-8, 100000, friction};
      std::vector<double> gamma(p.r.size(), 0.0);
      const QpResult cold = solver.solve(p.bodies, p.rig.contacts, p.r, settings, gamma);
      const QpResult warm = solver.solve(p.bodies, p.rig.contacts, p.r, settings, gamma);
      CHECK(cold.converged);
      CHECK(warm.converged);
      CHECK(warm.iterations <= 1);
      CHECK(10 * std::max(warm.iterations, 1) <= cold.iterations);
    }
  }
}

TEST_CASE("the residual is 0 at the solution and detects wrong answers") {
  const double mass = 2, h = 0.01;
  Rig rig;
  const int floor = rig.addFixed({0, -0.5});
  const int box = rig.addBody({0, 0.5}, mass, boxInertia(mass, 2, 1));
  rig.addContact(box, floor, {-1, 0}, {0, 1}, 0.5);
  rig.addContact(box, floor, {1, 0}, {0, 1}, 0.5);
  const std::vector<InverseMass> bodies = rig.qpBodies();
  const std::vector<double> r = rig.offsets(h);  // (-g h, 0) at both corners
  const double half = mass * kGravity * h / 2;
  const auto residual = [&](std::vector<double> gamma, bool friction) {
    return contactQpResidual(bodies, rig.contacts, r, friction, gamma);
  };
  for (const bool friction : {false, true}) {
    CAPTURE(friction);
    CHECK(residual({half, 0, half, 0}, friction) <= 1e-14);
    // No impulse: both corners approach at g h = max |r|.
    CHECK(residual({0, 0, 0, 0}, friction) == doctest::Approx(1));
    // Twice the impulse: both separate at g h while still pushing.
    CHECK(residual({2 * half, 0, 2 * half, 0}, friction) == doctest::Approx(1));
    // Negative impulses are infeasible.
    CHECK(residual({-half, 0, -half, 0}, friction) > 0.5);
  }
  // A sideways impulse inside the cones that nothing resists: the box slides sideways. When
  // g_i - w_i / d_i stays inside the wedge the projection is the identity, and the residual is
  // max_i |w_i| / max |r| exactly.
  std::vector<double> blocks(6);
  diagonalBlocks(bodies, rig.contacts, blocks);
  const std::vector<double> sideways{half, 0.1 * half, half, 0.1 * half};
  const std::vector<double> w = contactVelocitiesOf(rig, r, sideways);
  double fastest = 0;
  for (int c = 0; c < 2; ++c) {
    const double n = sideways[2 * c] - w[2 * c] / blocks[3 * c];
    const double t = sideways[2 * c + 1] - w[2 * c + 1] / blocks[3 * c];
    REQUIRE(std::abs(t) <= 0.5 * n);
    fastest = std::max(fastest, std::hypot(w[2 * c], w[2 * c + 1]));
  }
  CHECK(fastest > 0);
  CHECK(residual(sideways, true) == doctest::Approx(fastest / maxAbs(r)).epsilon(1e-12));
  // Outside the cones: Proj_K(...) lies in K, so the residual is at least d_i dist(g_i, K) / max
  // |r|; (1, 0.6) is at distance 0.1 / |(1, 0.5)| from the ray (1, 0.5).
  const double outside = 0.1 * half / std::hypot(1.0, 0.5);
  CHECK(residual({half, 0.6 * half, half, 0.6 * half}, true) >=
        std::min(blocks[0], blocks[3]) * outside / maxAbs(r) * (1 - 1e-12));
}

TEST_CASE("an empty contact set is solved without iterations") {
  ContactQpSolver solver;
  std::vector<double> gamma;
  const QpResult result = solver.solve({}, {}, {}, {}, gamma);
  CHECK(result.converged);
  CHECK(result.iterations == 0);
  CHECK(result.residual == 0);
}

TEST_CASE("the wedge projection is the Moreau decomposition onto the wedge and its polar") {
  std::mt19937_64 random(5);
  std::uniform_real_distribution<double> uniform(-1, 1);
  for (int trial = 0; trial < 2000; ++trial) {
    const double mu = trial % 10 == 0 ? 0.0 : 2 * std::abs(uniform(random));
    const Impulse g{uniform(random), uniform(random)};
    const Impulse p = projectOntoWedge(g, mu);
    const Impulse q{g.n - p.n, g.t - p.t};
    CAPTURE(mu);
    CHECK(p.n >= 0);
    CHECK(std::abs(p.t) <= mu * p.n);                 // p in K
    CHECK(q.n + mu * std::abs(q.t) <= 1e-15);         // g - p in the polar wedge
    CHECK(std::abs(p.n * q.n + p.t * q.t) <= 1e-15);  // orthogonal
    const Impulse again = projectOntoWedge(p, mu);    // idempotent
    CHECK(again.n == p.n);
    CHECK(again.t == p.t);
  }
}

TEST_CASE(
    "the wedge projection in the norm d_n^2 + ratio d_t^2 is the Moreau decomposition there") {
  std::mt19937_64 random(6);
  std::uniform_real_distribution<double> uniform(-1, 1);
  for (int trial = 0; trial < 2000; ++trial) {
    const double mu = trial % 10 == 0 ? 0.0 : 2 * std::abs(uniform(random));
    const double ratio = trial % 7 == 0 ? 1.0 : std::exp(3 * uniform(random));  // 0.05 to 20
    const Impulse g{uniform(random), uniform(random)};
    const Impulse p = projectOntoWedge(g, mu, mu * ratio, 1 / (1 + mu * mu * ratio));
    const Impulse q{g.n - p.n, g.t - p.t};
    CAPTURE(mu);
    CAPTURE(ratio);
    const double rounding = 1e-15 * (1 + ratio) * (1 + mu) * (1 + mu);
    CHECK(p.n >= 0);
    CHECK(std::abs(p.t) <= mu * p.n * (1 + 1e-15));              // p in K
    CHECK(q.n + ratio * mu * std::abs(q.t) <= rounding);         // g - p in K's polar in that norm
    CHECK(std::abs(p.n * q.n + ratio * p.t * q.t) <= rounding);  // orthogonal there
    // No point of K is nearer in that norm: the boundary rays sampled, and the apex.
    const double distance = q.n * q.n + ratio * q.t * q.t;
    CHECK(g.n * g.n + ratio * g.t * g.t >= distance - rounding);
    for (int k = 0; k <= 20; ++k) {
      const double s = 0.1 * k;
      for (const double side : {-1.0, 1.0}) {
        const double dn = g.n - s, dt = g.t - side * mu * s;
        CHECK(dn * dn + ratio * dt * dt >= distance - rounding);
      }
    }
    if (ratio == 1.0) {
      const Impulse euclidean = projectOntoWedge(g, mu);
      CHECK(std::abs(euclidean.n - p.n) <= 1e-15);
      CHECK(std::abs(euclidean.t - p.t) <= 1e-15);
    }
  }
}
