// The contact problem of the velocity-level time-stepping scheme (reference 003, lecture on
// granular dynamics): with N = D^T M^-1 D and r = Phi / h + D^T M^-1 k, k = M v(t) + h F_ext,
//   frictionless:  min 1/2 g^T N g + r^T g  over g_n >= 0                      (the QP),
//   with friction: min 1/2 g^T N g + r^T g  over |g_t| <= mu_i g_n per contact (the cone
//                  complementarity problem, Anitescu & Tasora 2010; in 2D each cone is a wedge),
// and then v(t+h) = M^-1 (k + D g). N is never formed: N g is applied matrix-free in O(contacts).
// Three iterative solvers share one residual so they are comparable: projected Gauss-Seidel,
// MPRGP (Dostal 2009, "Optimal Quadratic Programming Algorithms", chapter 5) and APGD (Mazhar,
// Heyn, Negrut, Tasora 2015, "Using Nesterov's method to accelerate multibody dynamics with
// friction and contact", Algorithm 1).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "contact_row.h"

namespace contactlab {

// A contact's rows D_n, D_t (contact_row.h) with its friction coefficient. A joint's row
// (joint_rows.h) is a QpContact with friction 0 whose tangential impulse stays 0: a taut rope's is
// one-sided like a frictionless contact's, a pin's, hinge's or rod's is `bilateral`, its gamma_n
// of either sign (the projection onto its set is the identity on gamma_n).
struct QpContact : ContactRow {
  double friction = 0;     // mu; ignored when the problem is frictionless
  bool bilateral = false;  // an equality row: gamma_n free, gamma_t = 0
};

enum class QpMethod : std::uint8_t {
  ProjectedGaussSeidel,  // exact minimization over one contact's cone at a time, contacts in order
  Mprgp,                 // frictionless only: with friction requested the solve runs Apgd
  Apgd,
};

struct QpSettings {
  QpMethod method = QpMethod::Apgd;
  double tolerance = 1e-8;  // on contactQpResidual
  int maxIterations = 500;
  bool friction = true;
  // APGD only: the residual it aims at (0: the tolerance; at most the tolerance), and the
  // iterations after which it settles for the tolerance. It stops at the first residual check
  // at most `target`, or at most `tolerance` once it has taken `targetIterations`.
  double target = 0;
  int targetIterations = 0;
};

struct QpResult {
  int iterations = 0;      // sweeps (PGS) or outer iterations (MPRGP, APGD); 0: the start was good
  double residual = 0;     // contactQpResidual of the returned gamma
  bool converged = false;  // residual <= tolerance
  bool reachedTarget = false;  // residual <= the target (QpSettings), or converged without one
};

// A body's mass and moment of inertia, 0 where its inverse is 0 (an immovable body).
struct BodyMass {
  double mass = 0, inertia = 0;
};

class ContactQpSolver {
 public:
  // Solves the QP (settings.friction false) or the CCP (true). r and gamma hold 2 entries per
  // contact (normal, tangential); gamma is the warm start on entry (projected onto the cones first)
  // and the solution on exit. Frictionless solves ignore r's tangential entries and return
  // gamma_t = 0. A contact between two immovable bodies has a zero row in N; PGS sets its gamma
  // to 0. Reuses its buffers: no allocation once warmed up to the largest problem seen.
  QpResult solve(std::span<const InverseMass> bodies, std::span<const QpContact> contacts,
                 std::span<const double> r, const QpSettings& settings, std::span<double> gamma);

 private:
  std::vector<double> buffer_;  // diagonal blocks, method vectors (contact_qp.cpp)
  std::vector<BodyVelocity> bodyWork_;
  std::vector<BodyVelocity> apgdBodies_;  // APGD
  std::vector<BodyMass> apgdMasses_;
  std::vector<double> apgdColumns_;
  std::vector<int> apgdIndices_;
};

// The natural-map residual, in velocity units and relative to the load:
//   max_i d_i |gamma_i - Proj_K_i(gamma_i - w_i / d_i)| / max(max_j |r_j|, 1e-300),
// w = N gamma + r, d_i = N_ii of contact i's normal row (1 if both bodies are immovable), K_i the
// wedge |t| <= mu_i n (frictionless: the ray g_n >= 0, g_t = 0, only normal rows of w and r
// count; a bilateral row: the line g_t = 0, where the term is |w_n|). The natural map with any
// positive step vanishes exactly at the solutions; the step 1 / d_i makes it a velocity
// (frictionless: |min(d_i g_n, w_n)|, the LCP's complementarity residual) and so invariant to
// scaling masses, and dividing by max |r| makes it invariant to scaling the load. Allocates;
// ContactQpSolver reports the same number without allocating.
double contactQpResidual(std::span<const InverseMass> bodies, std::span<const QpContact> contacts,
                         std::span<const double> r, bool friction, std::span<const double> gamma);

}  // namespace contactlab
