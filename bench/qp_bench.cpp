// The contact QP/CCP solvers of the time-stepping scheme (physics/src/contact_qp.h) on pile-like
// problems: discs of radius 0.5 and random mass 1 to 10 in a hexagonal pile on a fixed floor (each
// disc touches the floor or the two discs below it, and its neighbour to the right), normals
// jittered by up to 0.05 rad, some gaps up to 1 mm, small random velocities, one step of h = 1/60
// under gravity (r = Phi / h + D^T M^-1 k, k = M v + h F_ext, lecture 003). For 100, 1000 and 5000
// contacts, cold starts (gamma = 0), each method prints iterations, residual and the median wall
// time of a solve. Frictionless: PGS, MPRGP, APGD; with mu = 0.5: PGS and APGD.
//
// Usage: contactlab-bench-qp [--runs R] [--tolerance T] [--iterations N] [contacts...]
//        (default 100 1000 5000, R = 5, T = 1e-6, N = 2000)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "bench_arguments.h"
#include "contact_qp.h"

using namespace contactlab;
using namespace contactlab::bench;

namespace {

constexpr double kGravity = 9.81;
constexpr double kStep = 1.0 / 60;
constexpr double kRadius = 0.5;

struct Pile {
  std::vector<InverseMass> bodies;
  std::vector<QpContact> contacts;
  std::vector<double> r;
};

// A hexagonal pile, width about sqrt(contacts / 3) discs, rows added until it has `contacts`.
Pile makePile(int target, unsigned seed) {
  std::mt19937_64 random(seed);
  auto uniform = [&](double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(random);
  };
  const int width = std::max(3, static_cast<int>(std::lround(std::sqrt(target / 3.0))));
  Pile pile;
  pile.bodies.push_back({});          // the floor
  std::vector<BodyVelocity> free(1);  // M^-1 k per body
  std::vector<double> gaps;
  const auto addContact = [&](int body1, int body2, double angle) {
    const double jittered = angle + uniform(-0.05, 0.05);
    QpContact c;
    c.body1 = body1;
    c.body2 = body2;
    c.normal = {std::cos(jittered), std::sin(jittered)};
    c.tangentArm1 = -kRadius;                  // (-R n) x t
    c.tangentArm2 = body2 == 0 ? 0 : kRadius;  // (R n) x t
    c.friction = 0.5;
    pile.contacts.push_back(c);
    gaps.push_back(uniform(0, 1) < 0.3 ? uniform(0, 1e-3) : 0.0);
  };
  for (int row = 0; static_cast<int>(pile.contacts.size()) < target; ++row) {
    for (int column = 0; column < width && static_cast<int>(pile.contacts.size()) < target;
         ++column) {
      const double mass = uniform(1, 10);
      pile.bodies.push_back({1 / mass, 2 / (mass * kRadius * kRadius)});
      const Vec2 linear{uniform(-0.1, 0.1), uniform(-0.1, 0.1) - kStep * kGravity};
      free.push_back({linear, uniform(-0.1, 0.1)});
      const int body = static_cast<int>(pile.bodies.size()) - 1;
      if (column > 0) addContact(body, body - 1, 0);  // the left neighbour
      if (row == 0) {
        addContact(body, 0, std::numbers::pi / 2);
      } else {  // the discs below-left and below-right (odd rows shift right by a radius)
        const int below = body - width;
        if (row % 2 == 1 || column > 0) {
          addContact(body, row % 2 == 1 ? below : below - 1, std::numbers::pi / 3);
        }
        if (row % 2 == 0 || column + 1 < width) {
          addContact(body, row % 2 == 1 ? below + 1 : below, 2 * std::numbers::pi / 3);
        }
      }
    }
  }
  pile.contacts.resize(std::min(pile.contacts.size(), static_cast<size_t>(target)));
  for (size_t i = 0; i < pile.contacts.size(); ++i) {
    const QpContact& c = pile.contacts[i];
    pile.r.push_back(gaps[i] / kStep + normalVelocity(c, free));
    pile.r.push_back(tangentVelocity(c, free));
  }
  return pile;
}

const char* methodName(QpMethod method) {
  switch (method) {
    case QpMethod::ProjectedGaussSeidel:
      return "PGS";
    case QpMethod::Mprgp:
      return "MPRGP";
    case QpMethod::Apgd:
      return "APGD";
  }
  return "?";
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5, iterations = 2000;
  double tolerance = 1e-6;
  std::vector<int> sizes;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--runs" && i + 1 < argc) {
      runs = countArgument(arg, argv[++i], 1, 1000);
    } else if (arg == "--tolerance" && i + 1 < argc) {
      tolerance = numberArgument(arg, argv[++i], 1e-300, 1);
    } else if (arg == "--iterations" && i + 1 < argc) {
      iterations = countArgument(arg, argv[++i], 1, 1000000000);
    } else {
      sizes.push_back(countArgument("a size (contacts)", arg.c_str(), 1, 1000000));
    }
  }
  if (sizes.empty()) sizes = {100, 1000, 5000};

  std::printf("tolerance %g, at most %d iterations, median of %d cold solves\n", tolerance,
              iterations, runs);
  std::printf("%8s %8s %6s %10s %10s %12s %14s\n", "contacts", "friction", "method", "iterations",
              "residual", "us/solve", "ns/contact/it");
  ContactQpSolver solver;
  for (const int size : sizes) {
    const Pile pile = makePile(size, 2024);
    for (const bool friction : {false, true}) {
      for (const QpMethod method :
           {QpMethod::ProjectedGaussSeidel, QpMethod::Mprgp, QpMethod::Apgd}) {
        if (friction && method == QpMethod::Mprgp) continue;
        const QpSettings settings{method, tolerance, iterations, friction};
        std::vector<double> gamma(pile.r.size());
        std::vector<double> times;
        QpResult result;
        for (int run = 0; run < runs; ++run) {
          std::fill(gamma.begin(), gamma.end(), 0.0);
          const auto start = std::chrono::steady_clock::now();
          result = solver.solve(pile.bodies, pile.contacts, pile.r, settings, gamma);
          times.push_back(
              std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
                  .count());
        }
        const double us = median(times);
        std::printf(
            "%8zu %8s %6s %10d %10.1e %12.0f %14.1f\n", pile.contacts.size(),
            friction ? "0.5" : "none", methodName(method), result.iterations, result.residual, us,
            1e3 * us /
                (static_cast<double>(pile.contacts.size()) * std::max(result.iterations, 1)));
      }
    }
  }
}
