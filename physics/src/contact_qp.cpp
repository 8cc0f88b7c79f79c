// The contact QP/CCP of the velocity-level scheme (reference 003; Anitescu & Tasora 2010 for the
// cone complementarity problem): the matrix-free operator N g = D^T M^-1 D g in two passes over the
// contacts (scatter impulses into body velocity changes, gather them back per contact), the 2x2
// diagonal blocks of N, the Euclidean projection onto the 2D friction wedge, the natural-map
// residual, and the solver front end that picks a method (qp_pgs.cpp, qp_mprgp.cpp, qp_apgd.cpp).
#include "contact_qp.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "contactlab_assert.h"
#include "qp_operator.h"

namespace contactlab {
namespace {

constexpr double kTinyScale = 1e-300;

int vectorsFor(QpMethod method) {
  switch (method) {
    case QpMethod::ProjectedGaussSeidel:
      return kPgsVectors;
    case QpMethod::Mprgp:
      return kMprgpVectors;
    case QpMethod::Apgd:
      return kApgdVectors;
  }
  return kApgdVectors;
}

}  // namespace

void diagonalBlocks(std::span<const InverseMass> bodies, std::span<const QpContact> contacts,
                    std::span<double> blocks) {
  for (size_t c = 0; c < contacts.size(); ++c) {
    const QpContact& k = contacts[c];
    CONTACTLAB_ASSERT(k.body1 >= 0 && static_cast<size_t>(k.body1) < bodies.size() &&
                          k.body2 >= 0 && static_cast<size_t>(k.body2) < bodies.size() &&
                          k.body1 != k.body2,
                      "qp: a contact's bodies must be two bodies of the problem");
    const RowBlock block = rowBlock(k, bodies[k.body1], bodies[k.body2]);
    blocks[3 * c] = block.nn;
    blocks[3 * c + 1] = block.nt;
    blocks[3 * c + 2] = block.tt;
  }
}

double residualScale(std::span<const double> r, bool friction) {
  double scale = 0;
  for (size_t j = 0; j < r.size(); j += friction ? 1 : 2) scale = std::max(scale, std::abs(r[j]));
  return std::max(scale, kTinyScale);
}

void bodyVelocities(const QpProblem& problem, std::span<const double> g,
                    std::span<BodyVelocity> u) {
  std::fill(u.begin(), u.end(), BodyVelocity{});
  for (size_t c = 0; c < problem.contacts.size(); ++c) {
    const Impulse impulse{g[2 * c], problem.friction ? g[2 * c + 1] : 0.0};
    applyImpulse(problem.contacts[c], problem.bodies, impulse.n, impulse.t, u);
  }
}

void contactVelocities(const QpProblem& problem, std::span<const BodyVelocity> u,
                       std::span<double> out) {
  for (size_t c = 0; c < problem.contacts.size(); ++c) {
    const Impulse w = contactVelocity(problem.contacts[c], u);
    out[2 * c] = w.n;
    out[2 * c + 1] = problem.friction ? w.t : 0.0;
  }
}

void multiply(const QpProblem& problem, std::span<const double> g, std::span<double> out) {
  bodyVelocities(problem, g, problem.bodyWork);
  contactVelocities(problem, problem.bodyWork, out);
}

void projectOntoCones(const QpProblem& problem, std::span<double> g) {
  for (size_t c = 0; c < problem.contacts.size(); ++c) {
    if (problem.contacts[c].bilateral) {
      g[2 * c + 1] = 0;
    } else if (problem.friction) {
      const Impulse p = projectOntoWedge({g[2 * c], g[2 * c + 1]}, problem.contacts[c].friction);
      g[2 * c] = p.n;
      g[2 * c + 1] = p.t;
    } else {
      g[2 * c] = std::max(g[2 * c], 0.0);
      g[2 * c + 1] = 0;
    }
  }
}

double naturalResidual(const QpProblem& problem, std::span<const double> g,
                       std::span<const double> Ng) {
  double worst = 0;
  for (size_t c = 0; c < problem.contacts.size(); ++c) {
    const Impulse w{Ng[2 * c] + problem.r[2 * c],
                    problem.friction ? Ng[2 * c + 1] + problem.r[2 * c + 1] : 0.0};
    const double e = contactResidual(problem, c, {g[2 * c], g[2 * c + 1]}, w);
    if (std::isnan(e)) return std::numeric_limits<double>::quiet_NaN();
    worst = std::max(worst, e);
  }
  return worst / problem.scale;
}

void spreadVector(const QpProblem& problem, std::span<double> v) {
  constexpr double kGoldenFraction = 0.6180339887498949;
  double fraction = 0;  // the fractional part of (j + 1) times the golden fraction
  for (size_t j = 0; j < v.size(); ++j) {
    fraction += kGoldenFraction;
    if (fraction >= 1) fraction -= 1;
    v[j] = problem.friction || j % 2 == 0 ? 0.5 + fraction : 0.0;
  }
}

QpResult ContactQpSolver::solve(std::span<const InverseMass> bodies,
                                std::span<const QpContact> contacts, std::span<const double> r,
                                const QpSettings& settings, std::span<double> gamma) {
  QpResult result;
  if (contacts.empty()) {
    result.converged = true;
    return result;
  }
  const QpMethod method =
      settings.method == QpMethod::Mprgp && settings.friction ? QpMethod::Apgd : settings.method;
  const size_t m = 2 * contacts.size();
  CONTACTLAB_ASSERT(r.size() == m && gamma.size() == m, "qp: r and gamma hold 2 rows per contact");
  const size_t blockSize = 3 * contacts.size();
  buffer_.resize(blockSize + static_cast<size_t>(vectorsFor(method)) * m);
  bodyWork_.resize(bodies.size());
  const std::span<double> all(buffer_);
  const std::span<double> blocks = all.subspan(0, blockSize);
  const std::span<double> work = all.subspan(blockSize);

  diagonalBlocks(bodies, contacts, blocks);
  const QpProblem problem{bodies,
                          contacts,
                          r,
                          settings.friction,
                          blocks,
                          bodyWork_,
                          residualScale(r, settings.friction)};
  projectOntoCones(problem, gamma);
  switch (method) {
    case QpMethod::ProjectedGaussSeidel:
      result.iterations = solvePgs(problem, settings, gamma, work);
      break;
    case QpMethod::Mprgp:
      result.iterations = solveMprgp(problem, settings, gamma, work);
      break;
    case QpMethod::Apgd:
      apgdBodies_.resize(3 * bodies.size());
      apgdMasses_.resize(bodies.size());
      apgdColumns_.resize(kApgdColumns * contacts.size());
      apgdIndices_.resize(kApgdIndices * contacts.size() + bodies.size() + 1);
      result.iterations = solveApgd(problem, settings, gamma, work,
                                    {apgdBodies_, apgdMasses_, apgdColumns_, apgdIndices_});
      break;
  }
  const std::span<double> Ng = work.subspan(0, m);
  multiply(problem, gamma, Ng);
  result.residual = naturalResidual(problem, gamma, Ng);
  result.converged = result.residual <= settings.tolerance;
  result.reachedTarget =
      method == QpMethod::Apgd ? result.residual <= targetResidual(settings) : result.converged;
  return result;
}

double contactQpResidual(std::span<const InverseMass> bodies, std::span<const QpContact> contacts,
                         std::span<const double> r, bool friction, std::span<const double> gamma) {
  std::vector<double> blocks(3 * contacts.size()), Ng(2 * contacts.size());
  std::vector<BodyVelocity> u(bodies.size());
  diagonalBlocks(bodies, contacts, blocks);
  const QpProblem problem{bodies, contacts, r, friction, blocks, u, residualScale(r, friction)};
  multiply(problem, gamma, Ng);
  return naturalResidual(problem, gamma, Ng);
}

}  // namespace contactlab
