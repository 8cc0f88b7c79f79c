// The sweeps of the substeps over bundles of manifolds (substep_lanes.h): the scalar projected
// Gauss-Seidel updates of substep_solver.h written for kLanes manifolds at once. Within a colour
// no two manifolds share a movable body, so each lane's update is exactly the scalar update of its
// manifold taken alone; branches become choices between computed values (selectLanes).
#include <cstddef>
#include <cstring>
#include <span>

#include "substep_lanes.h"

namespace contactlab {
namespace {

// The second half of a body's record (SubstepBody) as four doubles: dx, dy and the rotation, read
// through an aligned vector (the record is a cache line): a copy through memory would be split in
// two where the processor's tuning splits unaligned accesses, and each half then waits for the
// other.
static_assert(offsetof(SubstepBody, dx) == 4 * sizeof(double) &&
              offsetof(SubstepBody, dy) == 5 * sizeof(double) &&
              offsetof(SubstepBody, cosMinusOne) == 6 * sizeof(double) &&
              offsetof(SubstepBody, sine) == 7 * sizeof(double) && alignof(SubstepBody) == 64);
using Double4 =
    double __attribute__((vector_size(4 * sizeof(double)), aligned(4 * sizeof(double)), may_alias));
using Float4 = float __attribute__((vector_size(4 * sizeof(float)), aligned(4 * sizeof(float))));

[[gnu::always_inline]] inline const Double4& displacementOf(const SubstepBody& body) {
  return reinterpret_cast<const Double4*>(&body)[1];
}

// Eight rows of four floats (a_l, b_l, c_l, d_l) as four lanes a, b, c, d: a transposition by
// shuffles, which moves whole vectors where filling the lanes one element at a time takes an
// instruction per element. Rows l and l + 4 share a vector, so that every shuffle after that
// stays within its halves (unpack and shuffle instructions of SSE2 and AVX).
struct Columns {
  Lanes a, b, c, d;
};
[[gnu::always_inline]] inline Columns columnsOf(const Float4 (&r)[kLanes]) {
  const Lanes r04 = __builtin_shufflevector(r[0], r[4], 0, 1, 2, 3, 4, 5, 6, 7);
  const Lanes r15 = __builtin_shufflevector(r[1], r[5], 0, 1, 2, 3, 4, 5, 6, 7);
  const Lanes r26 = __builtin_shufflevector(r[2], r[6], 0, 1, 2, 3, 4, 5, 6, 7);
  const Lanes r37 = __builtin_shufflevector(r[3], r[7], 0, 1, 2, 3, 4, 5, 6, 7);
  // a_0 a_1 b_0 b_1 | a_4 a_5 b_4 b_5, and c, d likewise; then rows 2, 3 and 6, 7.
  const Lanes ab01 = __builtin_shufflevector(r04, r15, 0, 8, 1, 9, 4, 12, 5, 13);
  const Lanes cd01 = __builtin_shufflevector(r04, r15, 2, 10, 3, 11, 6, 14, 7, 15);
  const Lanes ab23 = __builtin_shufflevector(r26, r37, 0, 8, 1, 9, 4, 12, 5, 13);
  const Lanes cd23 = __builtin_shufflevector(r26, r37, 2, 10, 3, 11, 6, 14, 7, 15);
  return {__builtin_shufflevector(ab01, ab23, 0, 1, 8, 9, 4, 5, 12, 13),
          __builtin_shufflevector(ab01, ab23, 2, 3, 10, 11, 6, 7, 14, 15),
          __builtin_shufflevector(cd01, cd23, 0, 1, 8, 9, 4, 5, 12, 13),
          __builtin_shufflevector(cd01, cd23, 2, 3, 10, 11, 6, 7, 14, 15)};
}

// The displacements of the bodies of one side of a bundle, as lanes, each double rounded to a
// float as the scalar conversion rounds it.
[[gnu::always_inline]] inline Columns gatherDisplacements(const int (&body)[kLanes],
                                                          const SubstepBody* bodies) {
  Float4 rows[kLanes];
  for (int l = 0; l < kLanes; ++l)
    rows[l] = __builtin_convertvector(displacementOf(bodies[body[l]]), Float4);
  return columnsOf(rows);
}

// The velocities of a bundle's two bodies per lane, gathered from the bodies and put back.
struct PairVelocities {
  Lanes v1x, v1y, w1, v2x, v2y, w2;
};

// Each lane's body's velocity (vx, vy, omega, and the unused fourth float) as lanes.
[[gnu::always_inline]] inline Columns gatherVelocities(const int (&body)[kLanes],
                                                       const SweepVelocity* velocities) {
  Float4 rows[kLanes];
  for (int l = 0; l < kLanes; ++l) std::memcpy(&rows[l], &velocities[body[l]], sizeof(Float4));
  return columnsOf(rows);
}

template <int Points>
[[gnu::always_inline]] inline PairVelocities gather(const Bundle<Points>& b,
                                                    const SweepVelocity* velocities) {
  const Columns one = gatherVelocities(b.body1, velocities);
  const Columns two = gatherVelocities(b.body2, velocities);
  return {one.a, one.b, one.c, two.a, two.b, two.c};
}

// The four lanes' velocities (x, y, w) stored to their bodies body[0] to body[3], one row of four
// floats each, lane by lane in order: a fixed body or the spare one may be in several lanes, and
// each of those lanes holds it unchanged (its inverse mass is 0), so whichever is stored last
// stores what it had.
[[gnu::always_inline]] inline void storeFour(const int* body, Float4 x, Float4 y, Float4 w,
                                             SweepVelocity* velocities) {
  const Float4 zero = {0, 0, 0, 0};
  const Float4 xy01 = __builtin_shufflevector(x, y, 0, 4, 1, 5);
  const Float4 xy23 = __builtin_shufflevector(x, y, 2, 6, 3, 7);
  const Float4 w01 = __builtin_shufflevector(w, zero, 0, 4, 1, 5);
  const Float4 w23 = __builtin_shufflevector(w, zero, 2, 6, 3, 7);
  const Float4 rows[4] = {__builtin_shufflevector(xy01, w01, 0, 1, 4, 5),
                          __builtin_shufflevector(xy01, w01, 2, 3, 6, 7),
                          __builtin_shufflevector(xy23, w23, 0, 1, 4, 5),
                          __builtin_shufflevector(xy23, w23, 2, 3, 6, 7)};
  for (int l = 0; l < 4; ++l) std::memcpy(&velocities[body[l]], &rows[l], sizeof(Float4));
}
[[gnu::always_inline]] inline void storeVelocities(const int (&body)[kLanes], Lanes x, Lanes y,
                                                   Lanes w, SweepVelocity* velocities) {
  storeFour(body, __builtin_shufflevector(x, x, 0, 1, 2, 3),
            __builtin_shufflevector(y, y, 0, 1, 2, 3), __builtin_shufflevector(w, w, 0, 1, 2, 3),
            velocities);
  storeFour(body + 4, __builtin_shufflevector(x, x, 4, 5, 6, 7),
            __builtin_shufflevector(y, y, 4, 5, 6, 7), __builtin_shufflevector(w, w, 4, 5, 6, 7),
            velocities);
}

// The bundle's velocities put back to its bodies.
template <int Points>
[[gnu::always_inline]] inline void scatter(const Bundle<Points>& b, const PairVelocities& p,
                                           SweepVelocity* velocities) {
  storeVelocities(b.body1, p.v1x, p.v1y, p.w1, velocities);
  storeVelocities(b.body2, p.v2x, p.v2y, p.w2, velocities);
}

// u_n = D_n^T v and u_t = D_t^T v (contact_row.h: alongRow), t = perpendicular(n) = (-n_y, n_x).
[[gnu::always_inline]] inline Lanes normalVelocity(const PointLanes& c, const PairVelocities& p) {
  return (c.normalX * (p.v1x - p.v2x) + c.normalY * (p.v1y - p.v2y)) + c.normalArm1 * p.w1 -
         c.normalArm2 * p.w2;
}
[[gnu::always_inline]] inline Lanes tangentVelocity(const PointLanes& c, const PairVelocities& p) {
  return (-c.normalY * (p.v1x - p.v2x) + c.normalX * (p.v1y - p.v2y)) + c.tangentArm1 * p.w1 -
         c.tangentArm2 * p.w2;
}

// v += M^-1 D gamma for a row of direction (x, y) with arms (r1 x d, r2 x d): pushNormal with
// D_n, pushTangent with D_t, t = perpendicular(n) = (-n_y, n_x).
template <int Points>
[[gnu::always_inline]] inline void pushAlong(const Bundle<Points>& b, Lanes x, Lanes y, Lanes arm1,
                                             Lanes arm2, Lanes gamma, PairVelocities& p) {
  const Lanes px = gamma * x, py = gamma * y;
  p.v1x += b.invMass1 * px;
  p.v1y += b.invMass1 * py;
  p.w1 += b.invInertia1 * (arm1 * gamma);
  p.v2x -= b.invMass2 * px;
  p.v2y -= b.invMass2 * py;
  p.w2 -= b.invInertia2 * (arm2 * gamma);
}
template <int Points>
[[gnu::always_inline]] inline void pushNormal(const Bundle<Points>& b, const PointLanes& c,
                                              Lanes gamma, PairVelocities& p) {
  pushAlong(b, c.normalX, c.normalY, c.normalArm1, c.normalArm2, gamma, p);
}
template <int Points>
[[gnu::always_inline]] inline void pushTangent(const Bundle<Points>& b, const PointLanes& c,
                                               Lanes gamma, PairVelocities& p) {
  pushAlong(b, -c.normalY, c.normalX, c.tangentArm1, c.tangentArm2, gamma, p);
}

// The sweep's terms (SweepTerms) rounded once to lanes.
struct TermLanes {
  Lanes perSubstep, target, biasRate, massScale, impulseScale, maxPushOut;
};
TermLanes termLanes(const SweepTerms& t) {
  auto lanes = [](double x) { return splat(static_cast<float>(x)); };
  return {lanes(t.perSubstep), lanes(t.target),       lanes(t.biasRate),
          lanes(t.massScale),  lanes(t.impulseScale), lanes(t.maxPushOut)};
}

// A normal row's target u_n + bias >= 0 with the soft constraint's scales (substep_solver.cpp,
// normalBias): above the target gap the contact may close to it (rigid); below it the biased sweep
// pushes out softly, the relax sweep holds u_n >= 0.
struct GapLanes {
  Lanes bias, massScale, impulseScale;
};
template <bool PushOut>
[[gnu::always_inline]] inline GapLanes gapOf(Lanes excess, const TermLanes& t) {
  const LaneMask closing = excess > 0;
  const Lanes zero = splat(0), one = splat(1);
  if (!PushOut) return {selectLanes(closing, excess * t.perSubstep, zero), one, zero};
  return {selectLanes(closing, excess * t.perSubstep, maxLanes(t.biasRate * excess, -t.maxPushOut)),
          selectLanes(closing, one, t.massScale), selectLanes(closing, zero, t.impulseScale)};
}

// The tangential row clamped to |gamma_t| <= mu gamma_n of the current normal impulse; a row with
// no friction, or with neither impulse, is left as it is.
template <int Points>
[[gnu::always_inline]] inline void solveFriction(const Bundle<Points>& b, PointLanes& c,
                                                 PairVelocities& p) {
  const Lanes zero = splat(0);
  const LaneMask idle =
      (b.friction <= zero) | ((c.normalImpulse == zero) & (c.tangentImpulse == zero));
  const Lanes bound = b.friction * c.normalImpulse;
  const Lanes next =
      clampLanes(c.tangentImpulse - c.tangentMass * tangentVelocity(c, p), -bound, bound);
  const Lanes chosen = selectLanes(idle, c.tangentImpulse, next);
  pushTangent(b, c, chosen - c.tangentImpulse, p);
  c.tangentImpulse = chosen;
}

// u_n + bias >= 0, gamma_n >= 0, complementary.
template <int Points>
[[gnu::always_inline]] inline void solveNormal(const Bundle<Points>& b, PointLanes& c,
                                               const GapLanes& g, PairVelocities& p) {
  const Lanes next = maxLanes((1 - g.impulseScale) * c.normalImpulse -
                                  g.massScale * c.normalMass * (normalVelocity(c, p) + g.bias),
                              splat(0));
  pushNormal(b, c, next - c.normalImpulse, p);
  c.normalImpulse = next;
}

// The block's two normal rows as one LCP w = K x + c >= 0, x >= 0, x . w = 0 (substep_solver.h):
// of its four candidate active sets (both pressed, only the first, only the second, neither) the
// first consistent one; if rounding leaves none, the two rows one after the other.
[[gnu::always_inline]] inline void solveBlock(Bundle<2>& b, const GapLanes& ga, const GapLanes& gb,
                                              PairVelocities& p) {
  PointLanes& a = b.point[0];
  PointLanes& c = b.point[1];
  const BlockLanes& k = b.block;
  const Lanes zero = splat(0);
  const Lanes oldA = a.normalImpulse, oldB = c.normalImpulse;
  const Lanes c1 = ga.massScale * (normalVelocity(a, p) + ga.bias) -
                   (1 - ga.impulseScale) * (k.k11 * oldA + k.k12 * oldB);
  const Lanes c2 = gb.massScale * (normalVelocity(c, p) + gb.bias) -
                   (1 - gb.impulseScale) * (k.k12 * oldA + k.k22 * oldB);
  const Lanes both1 = -(k.inverse11 * c1 + k.inverse12 * c2);
  const Lanes both2 = -(k.inverse12 * c1 + k.inverse22 * c2);
  const Lanes first1 = -c1 * a.normalMass;
  const Lanes second2 = -c2 * c.normalMass;
  const LaneMask both = (both1 >= zero) & (both2 >= zero);
  const LaneMask first = (first1 >= zero) & (k.k12 * first1 + c2 >= zero);
  const LaneMask second = (second2 >= zero) & (k.k12 * second2 + c1 >= zero);
  const LaneMask neither = (c1 >= zero) & (c2 >= zero);
  Lanes x1 = zero, x2 = zero;
  const LaneMask solved = both | first | second | neither;
  if (!allLanes(solved)) {
    // Rounding left some lane none: there the rows one at a time, the first row's update, then the
    // second's with the first's change (its velocity moved by k12 times the first's change).
    const Lanes serial1 =
        maxLanes((1 - ga.impulseScale) * oldA -
                     ga.massScale * a.normalMass * (normalVelocity(a, p) + ga.bias),
                 zero);
    const Lanes serial2 =
        maxLanes((1 - gb.impulseScale) * oldB -
                     gb.massScale * c.normalMass *
                         (normalVelocity(c, p) + k.k12 * (serial1 - oldA) + gb.bias),
                 zero);
    x1 = selectLanes(solved, zero, serial1);
    x2 = selectLanes(solved, zero, serial2);
  }
  x1 = selectLanes(second, zero, x1);
  x2 = selectLanes(second, second2, x2);
  x1 = selectLanes(first, first1, x1);
  x2 = selectLanes(first, zero, x2);
  x1 = selectLanes(both, both1, x1);
  x2 = selectLanes(both, both2, x2);
  pushNormal(b, a, x1 - oldA, p);
  pushNormal(b, c, x2 - oldB, p);
  a.normalImpulse = x1;
  c.normalImpulse = x2;
}

// Phi_0 + n . (d1 - d2) with d_i the displacement of the contact point on body i
// (substep_solver.h), less the target gap. The rotation's term n . (R - I) r_i is
// (cos - 1) n . r_i + sin (r_i x n), and n . r_i is the tangent row's arm r_i x t (t =
// perpendicular(n) = (-n_y, n_x): r_x n_x - r_y (-n_y), the same number).
template <int Points>
[[gnu::always_inline]] inline void updateExcess(Bundle<Points>& b, const SubstepBody* bodies,
                                                Lanes target) {
  const Columns one = gatherDisplacements(b.body1, bodies);
  const Columns two = gatherDisplacements(b.body2, bodies);
  const Lanes dx1 = one.a, dy1 = one.b, c1 = one.c, s1 = one.d;
  const Lanes dx2 = two.a, dy2 = two.b, c2 = two.c, s2 = two.d;
  for (int p = 0; p < Points; ++p) {
    PointLanes& c = b.point[p];
    const PointRest& r = b.rest[p];
    c.excess = (r.gap + c.normalX * (dx1 - dx2) + c.normalY * (dy1 - dy2) + c1 * c.tangentArm1 +
                s1 * c.normalArm1 - c2 * c.tangentArm2 - s2 * c.normalArm2) -
               target;
  }
}

// The normal rows of a bundle: the block's 2x2 LCP, or the single row.
template <bool PushOut, int Points>
[[gnu::always_inline]] inline void solveNormals(Bundle<Points>& b, const TermLanes& lanes,
                                                PairVelocities& p) {
  if constexpr (Points == 2)
    solveBlock(b, gapOf<PushOut>(b.point[0].excess, lanes),
               gapOf<PushOut>(b.point[1].excess, lanes), p);
  else
    solveNormal(b, b.point[0], gapOf<PushOut>(b.point[0].excess, lanes), p);
}

// The turn of N bundles of one colour (N = 1 or 2): the biased sweep takes each bundle's friction
// rows first, then its normal rows; a relax sweep the normal rows first, then friction, and the
// substep's last adds its impulses to the totals. Two bundles share no movable body, so each gets
// exactly what it would get alone; their updates are interleaved step by step, which gives the
// processor two independent chains of dependent updates to overlap (one bundle's chain leaves it
// waiting on latencies).
template <bool PushOut, int Points, int N>
[[gnu::always_inline]] inline void sweepTogether(Bundle<Points>* const (&x)[N],
                                                 const SubstepBody* bodies,
                                                 SweepVelocity* velocities, const SweepTerms& t,
                                                 const TermLanes& lanes) {
  if (!PushOut && t.updateGaps)
    for (int j = 0; j < N; ++j) updateExcess(*x[j], bodies, lanes.target);
  PairVelocities p[N];
  for (int j = 0; j < N; ++j) p[j] = gather(*x[j], velocities);
  if (PushOut)
    for (int k = 0; k < Points; ++k)
      for (int j = 0; j < N; ++j) solveFriction(*x[j], x[j]->point[k], p[j]);
  for (int j = 0; j < N; ++j) solveNormals<PushOut>(*x[j], lanes, p[j]);
  if (!PushOut)
    for (int k = 0; k < Points; ++k)
      for (int j = 0; j < N; ++j) {
        solveFriction(*x[j], x[j]->point[k], p[j]);
        if (t.addToTotals) {
          x[j]->rest[k].normalTotal += x[j]->point[k].normalImpulse;
          x[j]->rest[k].tangentTotal += x[j]->point[k].tangentImpulse;
        }
      }
  for (int j = 0; j < N; ++j) scatter(*x[j], p[j], velocities);
}

// A colour's bundles two at a time, the odd one last (three at a time was no faster).
template <bool PushOut, int Points>
[[gnu::always_inline]] inline void sweepRange(std::span<Bundle<Points>> bundles, int begin, int end,
                                              const SubstepBody* bodies, SweepVelocity* velocities,
                                              const SweepTerms& t, const TermLanes& lanes) {
  int i = begin;
  for (; i + 1 < end; i += 2) {
    Bundle<Points>* const pair[2] = {&bundles[i], &bundles[i + 1]};
    sweepTogether<PushOut>(pair, bodies, velocities, t, lanes);
  }
  if (i < end) {
    Bundle<Points>* const last[1] = {&bundles[i]};
    sweepTogether<PushOut>(last, bodies, velocities, t, lanes);
  }
}

template <bool PushOut>
[[gnu::always_inline]] inline void sweepColours(std::span<Bundle<2>> blocks,
                                                std::span<Bundle<1>> singles,
                                                std::span<const ColourRange> colours,
                                                const SubstepBody* bodies,
                                                SweepVelocity* velocities, const SweepTerms& t) {
  const TermLanes lanes = termLanes(t);
  for (const ColourRange& range : colours) {
    sweepRange<PushOut>(blocks, range.blocksBegin, range.blocksEnd, bodies, velocities, t, lanes);
    sweepRange<PushOut>(singles, range.singlesBegin, range.singlesEnd, bodies, velocities, t,
                        lanes);
  }
}

// The first substep's warm start: each contact's impulse of the previous step (its share of a
// substep) applied along its rows.
template <int Points>
[[gnu::always_inline]] inline void warmStartBundle(const Bundle<Points>& b,
                                                   SweepVelocity* velocities) {
  PairVelocities p = gather(b, velocities);
  for (const PointLanes& c : b.point) {
    pushNormal(b, c, c.normalImpulse, p);
    pushTangent(b, c, c.tangentImpulse, p);
  }
  scatter(b, p, velocities);
}

}  // namespace

CONTACTLAB_LANES_CLONES
void warmStartBundles(std::span<const Bundle<2>> blocks, std::span<const Bundle<1>> singles,
                      SweepVelocity* velocities) {
  for (const Bundle<2>& b : blocks) warmStartBundle(b, velocities);
  for (const Bundle<1>& b : singles) warmStartBundle(b, velocities);
}

CONTACTLAB_LANES_CLONES
void sweepBundles(std::span<Bundle<2>> blocks, std::span<Bundle<1>> singles,
                  std::span<const ColourRange> colours, const SubstepBody* bodies,
                  SweepVelocity* velocities, const SweepTerms& terms, bool pushOut) {
  if (pushOut)
    sweepColours<true>(blocks, singles, colours, bodies, velocities, terms);
  else
    sweepColours<false>(blocks, singles, colours, bodies, velocities, terms);
}

}  // namespace contactlab
