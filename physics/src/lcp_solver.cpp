// Solves the resting-contact LCP  a = A f + b, a >= 0, f >= 0, a . f = 0  (reference eq. 1 and 4)
// for symmetric positive semi-definite A = J M^-1 J^T by Baraff's incremental pivoting (Baraff
// 1994, "Fast contact force computation for nonpenetrating rigid bodies", section 4: drive-to-zero,
// fdirection, maxstep). Indices are clamped (C: a_i = 0, f_i >= 0), free (NC: f_i = 0, a_i >= 0)
// or pending (not yet driven, f_i = 0, a_i unconstrained). A_CC = L D L^T is kept as a unit lower
// triangle that grows by one row when an index enters C and loses one row, followed by a rank-one
// update of the trailing block, when one leaves (Gill, Golub, Murray, Saunders 1974, "Methods for
// modifying matrix factorizations", method C1).
//
// Sparsity: A is sparse (sparse_matrix.h), and every product with it runs over its nonzero entries
// only. L is stored by profile (skyline, or envelope): row r holds columns first_[r] .. r - 1 of
// the strict lower triangle, the rows one after another in one vector, row r from rowOffset_[r],
// so the factor takes the size of its profile rather than |C| (|C| - 1) / 2. Forward and back
// substitution run over the stored entries only, a row that enters C starts where its first
// clamped neighbour sits, and the rank-one update after a removal stays inside the profile (the
// update l32 l32^T touches only rows that had an entry in the removed column, and so already
// reached that far left). A clamped set factored afresh is taken in reverse Cuthill-McKee order
// (sparse_ordering.h), which keeps the profile of a pile's A_CC within a few layers of blocks.
//
// Redundant contacts: row j of J depends on the rows of C exactly when the Schur complement pivot
// A_jj - A_jC A_CC^-1 A_Cj vanishes. Such a j never enters C: since b = J M^-1 y lies in the range
// of A, a_j = sum_k c_k a_k over k in C with c = A_CC^-1 A_Cj, so a_j = 0 and f_j = 0 is
// consistent. A small pivot whose a_j is clearly nonzero is real (an ill-conditioned but
// independent contact).
//
// Degenerate steps: with contacts exactly aligned, many a_j of free j and f_k of clamped k sit at
// zero while fdirection leaves them unchanged but for round-off. maxstep must not take such a
// round-off rate as blocking (j would enter C at step 0, its Delta f_j be round-off of the wrong
// sign, and j leave again at step 0, without end): see blockingStep. Steps that truly tie go to
// the least index (Bland's rule), the classic guard against cycling among degenerate pivots.
#include "lcp_solver.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <numeric>

#include "contactlab_assert.h"

namespace contactlab {
namespace {

// A pivot at most this fraction of A_jj means row j of J depends on the rows of C.
constexpr double kDependentPivot = 1e-10;
// Accelerations above -(kTolerance max|b| + kRoundOff sum_j |A_ij f_j|) count as non-negative:
// a_i = b_i + sum_j A_ij f_j is known only to a small multiple of eps times its terms.
constexpr double kTolerance = 1e-12;
constexpr double kRoundOff = 1e-12;
// a_k of a clamped k further than this many tolerances from zero asks for a fresh factorization.
constexpr double kDrift = 1e3;
// A free blocker whose step is within this fraction of d's own is taken as tied with d.
constexpr double kTie = 1e-6;
constexpr double kInfinity = std::numeric_limits<double>::infinity();
// A solve whose pivoting ended with a complementarity residual above this is not a solution: b lay
// outside the range of A, where passing over a dependent index (f_j = 0) leaves its a_j < 0.
// Solvable problems end below 1e-9, or 1e-11 of their largest terms when nearly wedged.
constexpr double kUnsolvedResidual = 1e-3;

enum State : int { kPending, kFree, kClamped };

// x . y with four partial sums, so the additions do not wait on each other.
double dot(const double* x, const double* y, int n) {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  int m = 0;
  for (; m + 4 <= n; m += 4) {
    s0 += x[m] * y[m];
    s1 += x[m + 1] * y[m + 1];
    s2 += x[m + 2] * y[m + 2];
    s3 += x[m + 3] * y[m + 3];
  }
  for (; m < n; ++m) s0 += x[m] * y[m];
  return (s0 + s1) + (s2 + s3);
}

bool independent(double pivot, double diagonal) {
  return diagonal > 0 && pivot > kDependentPivot * diagonal;
}

class Pivoting {
 public:
  Pivoting(const SparseMatrix& A, std::span<const double> b, std::span<double> f,
           std::span<double> a, std::span<const int> ordering, std::vector<double>& factor,
           size_t* rowOffsets, double* work, int* ints)
      : A_(A),
        b_(b.data()),
        f_(f.data()),
        a_(a.data()),
        ordering_(ordering),
        n_(A.size()),
        L_(factor),
        rowOffset_(rowOffsets) {
    const size_t n = static_cast<size_t>(n_);
    rowOffset_[0] = 0;
    D_ = work;
    magnitude_ = D_ + n;
    df_ = magnitude_ + n;
    da_ = df_ + n;
    zd_ = da_ + n;
    zj_ = zd_ + n;
    beta_ = zj_ + n;
    pj_ = beta_ + n;
    order_ = ints;
    state_ = order_ + n;
    skip_ = state_ + n;
    redundant_ = skip_ + n;
    first_ = redundant_ + n;
    position_ = first_ + n;
    for (int i = 0; i < n_; ++i) tol_ = std::max(tol_, std::abs(b_[i]));
    tol_ *= kTolerance;
  }

  LcpInfo run(std::span<std::uint8_t> clamped);
  // Entries of L stored: the size of its profile.
  size_t factorEntries() const { return rowOffset_[k_]; }

 private:
  double diagonal(int i) const { return A_.diagonal(i); }
  // Row r of L: entry m - first_[r] is L_rm, for m from first_[r] to r - 1.
  double* factorRow(int r) { return L_.data() + rowOffset_[r]; }
  const double* factorRow(int r) const { return L_.data() + rowOffset_[r]; }
  double tolerance(int i) const { return tol_ + kRoundOff * magnitude_[i]; }

  // v := L^-1 v (forward substitution over rows of L) for a v that is zero before position `from`.
  void forward(double* v, int from) const {
    for (int r = from + 1; r < k_; ++r) {
      const int m = std::max(first_[r], from);
      if (m < r) v[r] -= dot(factorRow(r) + (m - first_[r]), v + m, r - m);
    }
  }
  // v := L^-T v, column-oriented so that it too runs over rows of L.
  void backward(double* v) const {
    for (int r = k_ - 1; r > 0; --r) {
      const double* l = factorRow(r);
      const double x = v[r];
      const int first = first_[r];
      for (int m = first; m < r; ++m) v[m] -= l[m - first] * x;
    }
  }
  // z := D^-1 L^-1 A_Cj, which is j's row of L if it enters C, zero before position `from`;
  // returns the pivot (Schur complement) A_jj - A_jC A_CC^-1 A_Cj.
  double schur(int j, double* z, int& from) const {
    std::fill(z, z + k_, 0.0);
    from = k_;
    std::span<const int> columns = A_.columns(j);
    std::span<const double> values = A_.values(j);
    for (size_t e = 0; e < columns.size(); ++e) {
      const int r = position_[columns[e]];
      if (r < 0 || columns[e] == j) continue;
      z[r] = values[e];
      from = std::min(from, r);
    }
    forward(z, from);
    double pivot = diagonal(j);
    for (int r = from; r < k_; ++r) {
      const double y = z[r];
      z[r] = y / D_[r];
      pivot -= y * z[r];
    }
    return pivot;
  }
  // Row k_ of L from column `from`, at the end of the profile, which grows as needed (to at most
  // the largest profile met, after which no append allocates).
  void append(int j, const double* z, int from, double pivot) {
    CONTACTLAB_ASSERT(k_ < n_ && j >= 0 && j < n_ && position_[j] < 0,
                      "lcp: an index enters the factor twice, or the factor is full");
    CONTACTLAB_ASSERT(from >= 0 && from <= k_, "lcp: a factor row starts outside the factor");
    const size_t end = rowOffset_[k_] + static_cast<size_t>(k_ - from);
    if (L_.size() < end) L_.resize(end);
    std::copy(z + from, z + k_, factorRow(k_));
    rowOffset_[k_ + 1] = end;
    first_[k_] = from;
    D_[k_] = pivot;
    position_[j] = k_;
    order_[k_++] = j;
    state_[j] = kClamped;
  }
  void remove(int p);
  // Baraff's state for C: f_C = -A_CC^-1 b_C, f = 0 elsewhere (callers keep it so), a_C = 0.
  void solveForces() {
    for (int r = 0; r < k_; ++r) df_[r] = b_[order_[r]];
    forward(df_, 0);
    for (int r = 0; r < k_; ++r) df_[r] /= D_[r];
    backward(df_);
    for (int r = 0; r < k_; ++r) f_[order_[r]] = -df_[r];
  }
  // a = A f + b as a sum of columns of A, and the magnitude |b_i| + sum_j |A_ij f_j| of the
  // terms summed into each a_i.
  void freshAccelerations() {
    for (int i = 0; i < n_; ++i) a_[i] = b_[i], magnitude_[i] = std::abs(b_[i]);
    for (int j = 0; j < n_; ++j) {
      if (f_[j] == 0) continue;
      std::span<const int> columns = A_.columns(j);
      std::span<const double> values = A_.values(j);
      const double fj = f_[j], size = std::abs(fj);
      for (size_t e = 0; e < columns.size(); ++e) {
        a_[columns[e]] += fj * values[e];
        magnitude_[columns[e]] += size * std::abs(values[e]);
      }
    }
  }
  // v += s * A_:j (a column of A, which is its row j).
  void addColumn(int j, double s, double* v) const {
    std::span<const int> columns = A_.columns(j);
    std::span<const double> values = A_.values(j);
    for (size_t e = 0; e < columns.size(); ++e) v[columns[e]] += s * values[e];
  }
  // Sheds the drift of the incremental a_i. f is kept (re-solving for f_C through a small pivot
  // would turn the last round-off into large changes of force) unless a_C has drifted far from
  // zero: then C is settled afresh.
  void refresh() {
    freshAccelerations();
    for (int r = 0; r < k_; ++r) {
      const int k = order_[r];
      if (std::abs(a_[k]) > kDrift * tolerance(k)) return settle();
    }
    for (int r = 0; r < k_; ++r) a_[order_[r]] = 0;
  }
  // sum_j |A_ij Delta f_j| over j in C u {d}: the size of the terms of Delta a_i, which sets the
  // round-off of Delta a_i, and for i in C that of Delta f_i (whose exact Delta a_i is 0).
  double directionTerms(int i, int d) const {
    std::span<const int> columns = A_.columns(i);
    std::span<const double> values = A_.values(i);
    double size = 0;
    for (size_t e = 0; e < columns.size(); ++e) {
      const int c = columns[e], r = position_[c];
      if (c == d)
        size += std::abs(values[e]);
      else if (r >= 0)
        size += std::abs(values[e] * df_[r]);
    }
    return size;
  }
  // maxstep's ratio test for index i, whose value (a_i if free, A_ii f_i if clamped) changes at
  // `rate` per unit step along d's fdirection: the step at which the value reaches zero, or
  // infinity if i does not block. i blocks only if its value, moving at the rate less the rate's
  // round-off, ends the full step stepD below minus its tolerance. A rate that is only round-off
  // (Delta a_j of a free j not coupled to d, Delta f_k of a k in C whose force does not depend on
  // f_d) would otherwise block at step 0 whenever the value sits at zero, and the index would move
  // into C and out again at step 0 without end. What an index that does not block may cross is
  // within its tolerance, counting the terms the step adds to it; the final sweep and the clamp
  // f = max(f, 0) take care of it. A value within its tolerance of zero blocks at once (a
  // degenerate step, which Bland's rule orders).
  double blockingStep(int i, int d, double value, double rate, double stepD) const {
    const double tol = tolerance(i);
    if (!(rate < 0) || value + stepD * rate >= -tol) return kInfinity;
    const double slope = rate + kRoundOff * directionTerms(i, d);  // only for the few left
    if (!(slope < 0) || value + stepD * slope >= -tol) return kInfinity;
    return value <= tol ? 0 : -value / rate;
  }
  void factorClamped();
  void settle();
  double dependentAcceleration(int d, double& tolerance) const;
  LcpStatus driveToZero(int d);

  const SparseMatrix& A_;
  const double* b_;
  double* f_;
  double* a_;
  std::span<const int> ordering_;  // the order in which settle factors a clamped set
  int n_;
  int k_ = 0;               // |C|
  double tol_ = 1e-300;     // kTolerance * max|b|
  std::vector<double>& L_;  // strictly lower part of L by profile: row r from column first_[r]
  size_t* rowOffset_;       // where each row of L starts in L_; rowOffset_[k_] ends the last
  double* D_;               // diagonal of D
  double* magnitude_;       // |b_i| + sum_j |A_ij f_j| at the last fresh product
  double* df_;              // fdirection on C, in factor order
  double* da_;              // A * fdirection
  double* zd_;              // D^-1 L^-1 A_Cd of the driven index
  double* zj_;              // D^-1 L^-1 A_Cj of an index about to enter C
  double* beta_;            // method C1 coefficients beta_j and p_j
  double* pj_;
  int* order_;      // C in factor order
  int* state_;      // State of each index
  int* skip_;       // maxstep pass in which a free index was passed over as dependent
  int* redundant_;  // 1: was kept out of C as dependent
  int* first_;      // first stored column of each row of L (its profile)
  int* position_;   // each index's row in the factor, -1 if not in C
  int zdFrom_ = 0;  // zd_ and zj_ are zero before these positions
  int zjFrom_ = 0;
  int pivots_ = 0;
  int pass_ = 0;
};

// Deletes row and column p of A_CC. With L = [L11 0 0; l21 1 0; L31 l32 L33], the remaining matrix
// is [L11 0; L31 L33'] diag(D1, D3') [..]^T where L33' D3' L33'^T = L33 D3 L33^T + d_p l32 l32^T: a
// rank-one update with positive weight, done by method C1 (GGMS 1974) row by row while the rows
// below p move up one place in the profile storage. Row r + 1 of the old factor becomes row r, no
// longer than it was and written where row r - 1 now ends, which is at or before where row r + 1
// began: each entry is read before the rewrite reaches its place.
void Pivoting::remove(int p) {
  CONTACTLAB_ASSERT(p >= 0 && p < k_, "lcp: removing a row outside the factor");
  double alpha = D_[p];
  position_[order_[p]] = -1;
  for (int r = p; r < k_ - 1; ++r) {
    const int first = first_[r + 1];
    const double* old = factorRow(r + 1);  // entry m - first is old L_(r+1)m
    double* l = factorRow(r);
    assert(l <= old);
    double w = 0;
    int m = first - 1;  // row r + 1 starts right of p: it moves one column left, unchanged in form
    if (first <= p) {
      for (m = first; m < p; ++m) l[m - first] = old[m - first];
      w = old[p - first];
    }
    const int start = std::min(first, m);
    first_[r] = start;
    for (; m < r; ++m) {
      const double entry = old[m + 1 - first];
      w -= pj_[m] * entry;
      l[m - start] = entry + beta_[m] * w;
    }
    rowOffset_[r + 1] = rowOffset_[r] + static_cast<size_t>(r - start);
    const double d = D_[r + 1];
    const double updated = d + alpha * w * w;
    pj_[r] = w;
    beta_[r] = alpha * w / updated;
    alpha *= d / updated;
    D_[r] = updated;
    order_[r] = order_[r + 1];
    position_[order_[r]] = r;
  }
  --k_;
}

// a_d recomputed from the forces for a d that depends on C, with the tolerance of its round-off:
// a_d = sum_k c_k a_k where each a_k carries errors of order eps sum_j |A_kj f_j|, and c = -df_.
double Pivoting::dependentAcceleration(int d, double& tolerance) const {
  double value = b_[d] + diagonal(d) * f_[d],
         size = std::abs(b_[d]) + std::abs(diagonal(d) * f_[d]);
  std::span<const int> columns = A_.columns(d);
  std::span<const double> values = A_.values(d);
  for (size_t e = 0; e < columns.size(); ++e) {
    if (position_[columns[e]] < 0) continue;
    const double t = values[e] * f_[columns[e]];
    value += t;
    size += std::abs(t);
  }
  for (int r = 0; r < k_; ++r) {
    if (df_[r] == 0) continue;
    const int k = order_[r];
    std::span<const int> kColumns = A_.columns(k);
    std::span<const double> kValues = A_.values(k);
    double sizeK = std::abs(b_[k]);
    for (size_t e = 0; e < kColumns.size(); ++e) {
      const int c = kColumns[e];
      if (c == d || position_[c] >= 0) sizeK += std::abs(kValues[e] * f_[c]);
    }
    size += std::abs(df_[r]) * sizeK;
  }
  tolerance = tol_ + kRoundOff * size;
  return value;
}

// Baraff 1994, section 4, drive-to-zero(d): raise f_d along fdirection (Delta f_d = 1, Delta f_C =
// -A_CC^-1 A_Cd, so Delta a_C = 0) by maxstep, moving the blocking index between C and NC, until
// a_d reaches zero and d joins C.
LcpStatus Pivoting::driveToZero(int d) {
  const double add = diagonal(d);
  const int maxPivots = lcpPivotCap(n_);
  while (true) {
    if (pivots_ >= maxPivots) return LcpStatus::IterationLimit;
    const double pivot = schur(d, zd_, zdFrom_);
    for (int r = 0; r < k_; ++r) df_[r] = -zd_[r];
    backward(df_);
    bool dependent = !independent(pivot, add);
    double sign = 1;
    if (dependent) {
      // Delta a = 0 along fdirection. d is done with f_d = 0 if a_d is zero up to round-off;
      // otherwise the small pivot is real, or (pivot <= 0) b is outside the range of A.
      double roundOff;
      a_[d] = dependentAcceleration(d, roundOff);
      if (a_[d] >= -roundOff) {
        if (f_[d] <= 0) {
          f_[d] = 0;
          state_[d] = kFree;
          redundant_[d] = 1;
          return LcpStatus::Solved;
        }
        sign = -1;  // d holds force but cannot join C: hand it to C along the null direction
        for (int r = 0; r < k_; ++r) df_[r] = -df_[r];
      } else if (pivot > 0) {
        dependent = false;
      }
    }
    if (!dependent && a_[d] >= -tolerance(d)) {
      if (f_[d] > 0) {
        ++pivots_;
        append(d, zd_, zdFrom_, pivot);
        a_[d] = 0;
        refresh();
      } else {
        state_[d] = kFree;
      }
      return LcpStatus::Solved;
    }
    if (!dependent) {  // Delta a = A Delta f as a sum of columns of A
      std::fill(da_, da_ + n_, 0.0);
      addColumn(d, 1.0, da_);
      for (int r = 0; r < k_; ++r) {
        if (df_[r] != 0) addColumn(order_[r], df_[r], da_);
      }
      for (int r = 0; r < k_; ++r) da_[order_[r]] = 0;
      da_[d] = pivot;
    }

    // maxstep, by ratio tests (see blockingStep) on f_k of k in C and a_j of free j. Among equal
    // steps d wins, and otherwise the least index (Bland's rule): with the round-off blockers gone,
    // what is left tied is true degeneracy (several bounds reached at once, mostly at step 0).
    // A free blocker j must be independent of C u {d} to enter C: if it depends on C
    // alone, Delta a_j = 0 and it blocks only through round-off; if on C u {d}, a_j = c a_d and
    // Delta a_j = c Delta a_d, so it reaches zero together with d, which wins the tie (also when
    // the steps agree to kTie: wrongly passing over j leaves a_j < 0 for the final sweep to drive,
    // while wrongly taking j would leave C nearly singular).
    const double stepD = dependent ? (sign < 0 ? f_[d] : kInfinity) : -a_[d] / pivot;
    ++pass_;
    int blocker = d;
    int at = -1;  // position in C of a clamped blocker
    double step = stepD;
    double pivotJ = 0;
    while (true) {
      blocker = d;
      at = -1;
      step = stepD;
      for (int r = 0; r < k_; ++r) {
        const int k = order_[r];
        const double akk = diagonal(k);
        const double s = blockingStep(k, d, akk * f_[k], akk * df_[r], stepD);
        if (s < step || (s == step && blocker != d && k < blocker)) step = s, blocker = k, at = r;
      }
      if (!dependent) {
        for (int i = 0; i < n_; ++i) {
          if (state_[i] != kFree || skip_[i] == pass_) continue;
          const double s = blockingStep(i, d, a_[i], da_[i], stepD);
          if (s < step || (s == step && blocker != d && i < blocker))
            step = s, blocker = i, at = -1;
        }
      }
      if (blocker == d || at >= 0) break;
      const double ajj = diagonal(blocker);
      pivotJ = schur(blocker, zj_, zjFrom_);
      if (independent(pivotJ, ajj) && step < (1 - kTie) * stepD) {
        // The Schur complements of j in C u {d} and of d in C u {j}, both through the coupling
        // A_jd - A_jC A_CC^-1 A_Cd: j and d must stay independent of each other either way.
        double coupling = A_.at(blocker, d);
        for (int r = std::max(zjFrom_, zdFrom_); r < k_; ++r) coupling -= zj_[r] * D_[r] * zd_[r];
        const double squared = coupling * coupling;
        if (independent(pivotJ - squared / pivot, ajj) &&
            independent(pivot - squared / pivotJ, add)) {
          break;
        }
      }
      skip_[blocker] = pass_;
      redundant_[blocker] = 1;
    }
    if (step == kInfinity) return LcpStatus::Unbounded;
    ++pivots_;
    for (int r = 0; r < k_; ++r) f_[order_[r]] += step * df_[r];
    f_[d] += sign * step;
    if (!dependent) {
      for (int i = 0; i < n_; ++i) a_[i] += step * da_[i];
    }
    if (blocker == d) {
      if (dependent) {  // d's force has moved onto C
        f_[d] = 0;
        state_[d] = kFree;
        redundant_[d] = 1;
      } else {  // a_d reaches zero: d joins C
        a_[d] = 0;
        append(d, zd_, zdFrom_, pivot);
      }
      refresh();
      return LcpStatus::Solved;
    }
    if (at >= 0) {  // f_j reaches zero: j leaves C
      f_[blocker] = 0;
      remove(at);
      state_[blocker] = kFree;
    } else {  // a_j reaches zero: j joins C
      a_[blocker] = 0;
      append(blocker, zj_, zjFrom_, pivotJ);
    }
  }
}

// Factors A_CC of the indices marked clamped from scratch, in the fill-reducing order, leaving out
// dependent ones (they become pending).
void Pivoting::factorClamped() {
  k_ = 0;
  std::fill(position_, position_ + n_, -1);
  for (int i : ordering_) {
    if (state_[i] != kClamped) continue;
    int from = 0;
    const double pivot = schur(i, zj_, from);
    if (independent(pivot, diagonal(i))) {
      append(i, zj_, from, pivot);
    } else {
      state_[i] = kPending;
      f_[i] = 0;
      redundant_[i] = 1;
    }
  }
}

// Makes the clamped set a valid start, f_C = -A_CC^-1 b_C >= 0: drops the most negative force
// (the index becomes pending) until none is left negative.
void Pivoting::settle() {
  factorClamped();
  solveForces();
  while (k_ > 0) {
    int worst = 0;
    double largest = 0;
    for (int r = 0; r < k_; ++r) {
      const int i = order_[r], w = order_[worst];
      largest = std::max(largest, std::abs(f_[i] * diagonal(i)));
      if (f_[i] * diagonal(i) < f_[w] * diagonal(w)) worst = r;
    }
    const int j = order_[worst];
    if (f_[j] * diagonal(j) >= -(tol_ + kRoundOff * largest)) break;
    f_[j] = 0;
    remove(worst);
    state_[j] = kPending;
    ++pivots_;
    solveForces();
  }
  freshAccelerations();
  for (int r = 0; r < k_; ++r) a_[order_[r]] = 0;
}

LcpInfo Pivoting::run(std::span<std::uint8_t> clamped) {
  LcpInfo info;
  std::fill(f_, f_ + n_, 0.0);
  std::fill(skip_, skip_ + 2 * static_cast<size_t>(n_), 0);  // skip, redundant
  for (int i = 0; i < n_; ++i) state_[i] = clamped[i] != 0 ? kClamped : kPending;
  settle();  // the warm start: the previous clamped set, as far as it still holds

  // Baraff's outer loop: drive the most negative pending acceleration to zero. When none is left,
  // sweep the free indices for any left with a_i < 0 (one passed over as dependent on C whose
  // small pivot was real) and drive those too, until a sweep changes nothing.
  while (info.status == LcpStatus::Solved) {
    int d = -1;
    double worst = 0;
    for (int i = 0; i < n_; ++i) {
      if (state_[i] == kPending && a_[i] < -tolerance(i) && a_[i] < worst) worst = a_[i], d = i;
    }
    if (d >= 0) {
      info.status = driveToZero(d);
      continue;
    }
    const int before = pivots_;
    for (int i = 0; i < n_ && info.status == LcpStatus::Solved; ++i) {
      if (state_[i] != kFree || a_[i] >= -tolerance(i)) continue;
      state_[i] = kPending;
      info.status = driveToZero(i);
    }
    if (pivots_ == before) break;
  }

  // The factor is A_CC of exactly the clamped set: its dimension is the clamped count, and
  // position_ and order_ are inverse maps between the set and the factor's rows.
  CONTACTLAB_ASSERT(std::count(state_, state_ + n_, int{kClamped}) == k_,
                    "lcp: the factor's dimension is not the clamped count");
  for (int r = 0; r < k_; ++r)
    CONTACTLAB_ASSERT(state_[order_[r]] == kClamped && position_[order_[r]] == r,
                      "lcp: the factor's rows and the clamped set disagree");
  for (int i = 0; i < n_; ++i) f_[i] = std::max(f_[i], 0.0);
  freshAccelerations();
  for (int i = 0; i < n_; ++i) {
    clamped[i] = state_[i] == kClamped;
    info.redundant += redundant_[i] != 0 && state_[i] != kClamped;
  }
  info.pivots = pivots_;
  return info;
}

}  // namespace

double complementarityResidual(const SparseMatrix& A, std::span<const double> b,
                               std::span<const double> f) {
  double scale = 1e-300;
  for (double bi : b) scale = std::max(scale, std::abs(bi));
  double worst = 0;
  for (int i = 0; i < A.size(); ++i) {
    std::span<const int> columns = A.columns(i);
    std::span<const double> values = A.values(i);
    double ai = b[i];
    for (size_t e = 0; e < columns.size(); ++e) ai += values[e] * f[columns[e]];
    const double fi = A.diagonal(i) * f[i];
    const double term = std::max({std::abs(std::min(fi, ai)), -fi, -ai});
    if (!std::isfinite(term)) return kInfinity;
    worst = std::max(worst, term);
  }
  return worst / scale;
}

double complementarityResidual(MatrixView A, std::span<const double> b, std::span<const double> f) {
  SparseMatrix sparse;
  sparse.assignDense(A);
  return complementarityResidual(sparse, b, f);
}

LcpInfo LcpSolver::solve(const SparseMatrix& A, std::span<const double> b, std::span<double> f,
                         std::span<double> a, std::span<std::uint8_t> clamped) {
  const size_t n = static_cast<size_t>(A.size());
  CONTACTLAB_ASSERT(b.size() == n && f.size() == n && a.size() == n && clamped.size() == n,
                    "lcp: b, f, a and the clamped flags must have A's size");
  if (buffer_.size() < 8 * n) buffer_.resize(8 * n);
  if (indices_.size() < 6 * n) indices_.resize(6 * n);
  if (rowOffsets_.size() < n + 1) rowOffsets_.resize(n + 1);
  if (n > 2) {
    orderer_.reverseCuthillMcKee(A, ordering_);
  } else {
    ordering_.resize(n);
    std::iota(ordering_.begin(), ordering_.end(), 0);
  }
  CONTACTLAB_ASSERT(ordering_.size() == n, "lcp: the factor ordering must list every index");
  Pivoting pivoting(A, b, f, a, ordering_, factor_, rowOffsets_.data(), buffer_.data(),
                    indices_.data());
  LcpInfo info = pivoting.run(clamped);
  factorEntries_ = pivoting.factorEntries();
  info.residual = complementarityResidual(A, b, f);
  if (info.status == LcpStatus::Solved && !(info.residual <= kUnsolvedResidual))
    info.status = LcpStatus::Unbounded;
  return info;
}

LcpInfo LcpSolver::solve(MatrixView A, std::span<const double> b, std::span<double> f,
                         std::span<double> a, std::span<std::uint8_t> clamped) {
  dense_.assignDense(A);
  return solve(dense_, b, f, a, clamped);
}

}  // namespace contactlab
