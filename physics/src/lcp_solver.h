// The linear complementarity problem of resting contact (reference eq. 1 and 4):
//   a = A f + b,  a >= 0,  f >= 0,  a . f = 0,
// with A symmetric positive semi-definite (A = J M^-1 J^T), solved by Baraff's incremental pivoting
// ("Fast contact force computation for nonpenetrating rigid bodies", SIGGRAPH 1994) with an
// incrementally updated factorization of A_CC, stored by profile (skyline).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "sparse_matrix.h"
#include "sparse_ordering.h"

namespace contactlab {

enum class LcpStatus : std::uint8_t {
  Solved,          // every constraint holds; see residual
  IterationLimit,  // pivoting did not finish within its cap; f, a are the last consistent iterate
  // No solution: no finite step could drive a contact to zero, or the pivoting ended with a scaled
  // residual above 1e-3 (b not in the range of A, as for two contacts with opposite normals that
  // both ask to open); f, a are the last consistent iterate.
  Unbounded,
};

// The most pivots one solve of n contacts makes: 10 n + 50. Baraff's algorithm drives each index
// to zero once, and each drive moves a few blocking indices in or out of the clamped set, so a
// solve that finishes takes a small multiple of n pivots (a cold 360-contact pile about 250); the
// cap only stops a solve that cycles (through round-off) or a problem without a solution, such as
// two contacts of one pair with opposite normals that both ask to open. A capped solve returns
// IterationLimit with its last consistent iterate: f >= 0, a = A f + b, a_C = 0 on the clamped set.
constexpr int lcpPivotCap(int n) {
  return 10 * n + 50;
}

struct LcpInfo {
  LcpStatus status = LcpStatus::Solved;
  int pivots = 0;       // moves of an index between the clamped and unclamped sets
  int redundant = 0;    // contacts left out of the clamped set because A_CC would be singular
  double residual = 0;  // complementarityResidual of the returned f
};

// Scaled complementarity residual of a candidate solution f (a is recomputed as A f + b):
// max over i of |min(A_ii f_i, a_i)| and of the violations max(-f_i A_ii, 0), max(-a_i, 0),
// divided by max(1e-300, max_i |b_i|). Zero for an exact solution; invariant to scaling A and b.
double complementarityResidual(const SparseMatrix& A, std::span<const double> b,
                               std::span<const double> f);
double complementarityResidual(MatrixView A, std::span<const double> b, std::span<const double> f);

class LcpSolver {
 public:
  // Solves the LCP for f and a (both of size n). `clamped` is the warm start on entry (nonzero:
  // the contact carried force in the previous solve) and the final clamped set on exit.
  // Reuses its buffers: no allocation once warmed up to the largest n seen.
  LcpInfo solve(const SparseMatrix& A, std::span<const double> b, std::span<double> f,
                std::span<double> a, std::span<std::uint8_t> clamped);
  // The same for a dense A (its nonzero entries).
  LcpInfo solve(MatrixView A, std::span<const double> b, std::span<double> f, std::span<double> a,
                std::span<std::uint8_t> clamped);

  // Entries the factor of the final clamped set held at the end of the last solve: the size of its
  // profile (row r of L from its first nonzero column to the diagonal), not |C| (|C| - 1) / 2.
  size_t factorEntries() const { return factorEntries_; }

 private:
  std::vector<double> factor_;      // L of A_CC = L D L^T by profile; grows to the largest met
  std::vector<size_t> rowOffsets_;  // where each row of L starts in factor_
  std::vector<double> buffer_;      // D and work vectors; layout private to the implementation
  std::vector<int> indices_;
  std::vector<int> ordering_;  // the order in which a clamped set is factored afresh
  SparseOrdering orderer_;
  SparseMatrix dense_;  // a dense A's nonzero entries
  size_t factorEntries_ = 0;
};

}  // namespace contactlab
