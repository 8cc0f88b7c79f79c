// The LCP of contacts with equality rows (joints) among its rows, for ContactSim's forces and
// ImpulseSim's impulses when the world has joints:
//   a = A f + b,  A = J M^-1 J^T (reference eq. 9),
//   rows 0..e-1 (set J): a_J = 0, f_J of either sign (Baraff 1994, bilateral constraints);
//   the other rows (set C): a_C >= 0, f_C >= 0, a_C . f_C = 0 (eq. 4).
// The equality rows are eliminated: from A_JJ f_J + A_JC f_C + b_J = 0,
//   f_J = -A_JJ^-1 (A_JC f_C + b_J),
// and f_C solves the LCP of the Schur complement
//   a_C = (A_CC - A_CJ A_JJ^-1 A_JC) f_C + (b_C - A_CJ A_JJ^-1 b_J),
// positive semi-definite as A is, with Baraff's pivoting (lcp_solver.h). A closed loop of joints
// (redundant rows) makes A_JJ singular: a diagonal shift of 1e-12 of its largest entry keeps it
// solvable. Dense: meant for the modest row counts of jointed scenes.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "contact_row.h"
#include "joint_rows.h"
#include "lcp_solver.h"
#include "model.h"
#include "profile_cholesky.h"

namespace contactlab {

// A row as the dense matrix sees it: +f n on body 1 at lever arm `arm1` (r x n), -f n on body 2
// (-1: none, the world) at `arm2`.
struct DenseRow {
  int body1 = 0, body2 = -1;
  Vec2 normal{0, 1};
  double arm1 = 0, arm2 = 0;
};

inline DenseRow denseRow(const JointRow& r) {
  return {r.body1, r.body2, r.normal, r.arm1, r.arm2};
}
inline DenseRow denseRow(const ContactRow& r) {
  return {r.body1, r.body2, r.normal, r.normalArm1, r.normalArm2};
}

class MixedLcp {
 public:
  // Solves for f (one per row) the problem above, the first `equalities` rows being J. `clamped`
  // (one per row of C) is the warm start on entry and the final clamped set on exit. The returned
  // info is the LCP solve's (Solved with residual 0 when C is empty).
  LcpInfo solve(const Model& model, std::span<const DenseRow> rows, int equalities,
                std::span<const double> b, std::span<double> f, std::span<std::uint8_t> clamped);

 private:
  std::vector<double> dense_, joint_, coupling_, reduced_, reducedB_, column_, lcpA_;
  ProfileCholesky factor_;
  LcpSolver lcp_;
};

}  // namespace contactlab
