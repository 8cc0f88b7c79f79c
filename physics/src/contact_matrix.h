// The matrix A = J M^-1 J^T of a group of contacts (reference eq. 9): entry (i, j) is the change of
// contact i's normal acceleration per unit force at contact j (or, for impulses, of its normal
// velocity per unit impulse). It couples only contacts that share a movable body, so it is built
// body by body from per-contact Jacobian rows rather than by looping over all contact pairs.
#pragma once

#include <span>
#include <vector>

#include "contact_finder.h"
#include "model.h"
#include "sparse_matrix.h"

namespace contactlab {

// One row of J: +[n ; r1 x n] on body 1 and -[n ; r2 x n] on body 2 (lecture 003, columns of D).
struct JacobianRow {
  int body1 = 0;
  int body2 = 0;
  Vec2 normal{0, 1};
  double arm1 = 0;  // (p1 - x1) x n
  double arm2 = 0;  // (p2 - x2) x n
};

JacobianRow jacobianRow(const Contact& contact, std::span<const BodyState> states);

// Adds magnitude * J_row^T to per-body accelerations (or velocities): +n on body 1, -n on body 2,
// with the torques of the lever arms. Fixed bodies are untouched.
void applyAlongRow(const Model& model, const JacobianRow& row, double magnitude,
                   std::span<BodyRate> rates);
void applyImpulseAlongRow(const Model& model, const JacobianRow& row, double impulse,
                          std::span<BodyState> states);

// The normal component of the relative velocity J_row v.
double rowVelocity(const JacobianRow& row, std::span<const BodyState> states);

class ContactMatrixBuilder {
 public:
  // A (rows.size() squared) for the given rows.
  void build(const Model& model, std::span<const JacobianRow> rows, SparseMatrix& A);

 private:
  struct BodyEntry {
    int body;
    int row;
    double sign;
    double arm;
  };
  std::vector<BodyEntry> entries_;
  std::vector<SparseEntry> terms_;
};

}  // namespace contactlab
