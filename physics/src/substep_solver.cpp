#include "substep_solver.h"

#include <algorithm>
#include <cmath>

#include "contact_materials.h"
#include "contactlab_assert.h"
#include "stage_timer.h"

namespace contactlab {
namespace {

// Two rows of one pair form a block when their normals agree to this cosine and their 2x2 matrix
// is far from singular (det > kBlockConditioning k11 k22; two points close together are solved
// one by one instead).
constexpr double kBlockParallel = 0.999;
constexpr double kBlockConditioning = 1e-3;
constexpr double kSoftHertz = 60;
constexpr double kSoftHertzPerRate = 0.25;
constexpr double kSoftDamping = 20;
constexpr double kSoftPushOut = 2;

}  // namespace

[[gnu::always_inline]] inline SubstepSolver::Pair SubstepSolver::load(const Row& row) const {
  CONTACTLAB_ASSERT(
      row.body1 >= 0 && row.body1 < row.body2 && static_cast<size_t>(row.body2) < motion_.size(),
      "substeps: a row's bodies must be two bodies, body1 < body2");
  const Motion& a = motion_[row.body1];
  const Motion& b = motion_[row.body2];
  return {a.velocity, b.velocity, a.inverseMass, b.inverseMass};
}

[[gnu::always_inline]] inline void SubstepSolver::store(const Row& row, const Pair& p) {
  Motion& a = motion_[row.body1];
  Motion& b = motion_[row.body2];
  a.velocity = p.v1;
  b.velocity = p.v2;
}

// Phi_0 + n . (d1 - d2), d_i = (dx, dy) + (R(turn) - I) arm_i of body i, where
// n . (R - I) arm = (cos - 1) n . arm + sin n . perpendicular(arm) and n . perpendicular(arm) is
// the normal row's arm x n.
[[gnu::always_inline]] inline double SubstepSolver::gapNow(const Row& row) const {
  const Motion& a = motion_[row.body1];
  const Motion& b = motion_[row.body2];
  return row.gap + row.normal.x * (a.dx - b.dx) + row.normal.y * (a.dy - b.dy) +
         a.cosMinusOne * row.normalReach1 + a.sine * row.normalArm1 -
         b.cosMinusOne * row.normalReach2 - b.sine * row.normalArm2;
}

// The gap term for the substep, from the gap's excess over the target: above the target gap the
// contact may close to it and no further (rigid); below it, in the biased sweep, a soft
// constraint pushes out.
[[gnu::always_inline]] inline SubstepSolver::Gap SubstepSolver::normalBias(double excess,
                                                                           double perSubstep,
                                                                           bool pushOut) const {
  if (excess > 0) return {excess * perSubstep, 1, 0};
  if (!pushOut) return {0, 1, 0};
  return {std::max(soft_.biasRate * excess, -kSoftPushOut), soft_.massScale, soft_.impulseScale};
}

SubstepSolver::Gap SubstepSolver::jointGap(double separation, double perSubstep, bool pushOut,
                                           bool oneSided) const {
  if (oneSided) return normalBias(separation, perSubstep, pushOut);
  if (!pushOut) return {0, 1, 0};
  return {soft_.biasRate * separation, 1, 0};
}

// The tangential row clamped to the wedge |gamma_t| <= mu gamma_n of the current normal impulse.
[[gnu::always_inline]] inline void SubstepSolver::solveFriction(Row& row, Pair& p) {
  // Without a normal impulse the wedge is the point 0: nothing to do if the row is there already.
  if (row.friction <= 0 || (row.normalImpulse == 0 && row.tangentImpulse == 0)) return;
  const double bound = row.friction * row.normalImpulse;
  const double next = std::clamp(
      row.tangentImpulse - row.tangentMass * tangentVelocity(row, p.v1, p.v2), -bound, bound);
  applyImpulse(row, p.m1, p.m2, 0, next - row.tangentImpulse, p.v1, p.v2);
  row.tangentImpulse = next;
}

// u_n + bias >= 0, gamma_n >= 0, complementary.
[[gnu::always_inline]] inline void SubstepSolver::solveNormal(Row& row, Pair& p, const Gap& gap) {
  const double next =
      std::max((1 - gap.impulseScale) * row.normalImpulse -
                   gap.massScale * row.normalMass * (normalVelocity(row, p.v1, p.v2) + gap.bias),
               0.0);
  applyImpulse(row, p.m1, p.m2, next - row.normalImpulse, 0, p.v1, p.v2);
  row.normalImpulse = next;
}

// The two normal rows of a block as one LCP: w = K x + c >= 0, x >= 0, x . w = 0, with x the new
// impulses and c_i = s_m (u_i + bias_i) - (1 - s_i) (K x_old)_i (for a rigid row s_m = 1, s_i = 0:
// c = u + bias - K x_old; a soft row is solveNormal's update in the same form). Its four candidate
// active sets are tried in turn (both pressed, only the first, only the second, neither); the
// first consistent one is the solution, and if rounding leaves none, the rows one at a time.
[[gnu::always_inline]] inline void SubstepSolver::solvePair(Row& a, Row& b, Pair& p,
                                                            const Block& block, const Gap& gapA,
                                                            const Gap& gapB) {
  const double oldA = a.normalImpulse, oldB = b.normalImpulse;
  const double c1 = gapA.massScale * (normalVelocity(a, p.v1, p.v2) + gapA.bias) -
                    (1 - gapA.impulseScale) * (block.k11 * oldA + block.k12 * oldB);
  const double c2 = gapB.massScale * (normalVelocity(b, p.v1, p.v2) + gapB.bias) -
                    (1 - gapB.impulseScale) * (block.k12 * oldA + block.k22 * oldB);
  double x1 = -(block.inverse11 * c1 + block.inverse12 * c2);
  double x2 = -(block.inverse12 * c1 + block.inverse22 * c2);
  if (!(x1 >= 0 && x2 >= 0)) {
    x1 = -c1 * a.normalMass;
    x2 = 0;
    if (!(x1 >= 0 && block.k12 * x1 + c2 >= 0)) {
      x1 = 0;
      x2 = -c2 * b.normalMass;
      if (!(x2 >= 0 && block.k12 * x2 + c1 >= 0)) {
        x2 = 0;
        if (!(c1 >= 0 && c2 >= 0)) {
          solveNormal(a, p, gapA);
          solveNormal(b, p, gapB);
          return;
        }
      }
    }
  }
  applyImpulse(a, p.m1, p.m2, x1 - oldA, 0, p.v1, p.v2);
  applyImpulse(b, p.m1, p.m2, x2 - oldB, 0, p.v1, p.v2);
  a.normalImpulse = x1;
  b.normalImpulse = x2;
}

// One projected Gauss-Seidel sweep, block by block. The biased sweep (`pushOut`) takes the
// friction rows first, each clamped to the wedge of the normal impulse so far, then the normal
// rows, so each block ends its turn not closing; the relax sweep takes the normal rows first,
// so that the friction rows end clamped to the wedge of the rigid normal impulse (the soft one of
// the biased sweep is a little lower, and a block sliding down a ramp would gain about 2 %).
void SubstepSolver::sweep(double hs, bool pushOut, const WorldSettings& w) {
  const double target = w.distanceTol / 2;
  const double perSubstep = 1 / hs;
  for (const Block& block : blocks_) {
    CONTACTLAB_ASSERT(block.first >= 0 && (block.count == 1 || block.count == 2) &&
                          static_cast<size_t>(block.first + block.count) <= rows_.size(),
                      "substeps: a block's rows are out of range");
    Row& a = rows_[block.first];
    Row* b = block.count == 2 ? &rows_[block.first + 1] : nullptr;
    // Positions move between the biased sweep and the relax sweep only, so the relax sweep's gaps
    // are also those of the next substep's biased sweep.
    if (!pushOut) {
      a.excess = gapNow(a) - target;
      if (b) b->excess = gapNow(*b) - target;
    }
    const Gap gapA = normalBias(a.excess, perSubstep, pushOut);
    const Gap gapB = b ? normalBias(b->excess, perSubstep, pushOut) : Gap{};
    Pair p = load(a);
    if (pushOut) {
      solveFriction(a, p);
      if (b) solveFriction(*b, p);
    }
    if (b)
      solvePair(a, *b, p, block, gapA, gapB);
    else
      solveNormal(a, p, gapA);
    if (!pushOut) {
      solveFriction(a, p);
      a.normalTotal += a.normalImpulse;
      a.tangentTotal += a.tangentImpulse;
      if (b) {
        solveFriction(*b, p);
        b->normalTotal += b->normalImpulse;
        b->tangentTotal += b->tangentImpulse;
      }
    }
    store(a, p);
  }
}

void SubstepSolver::build(const Model& model, std::span<const Contact> found,
                          std::span<const int> order, std::span<const BodyState> states,
                          std::span<const double> warm, int substeps) {
  const WorldSettings& w = model.settings;
  // Each row with body1 < body2 (swapping the bodies and negating the normal is the same row, with
  // the same two impulses), in `order`, which puts the rows of a pair next to each other.
  source_.assign(order.begin(), order.end());
  rows_.resize(found.size());
  for (size_t i = 0; i < found.size(); ++i) {
    const int k = source_[i];
    CONTACTLAB_ASSERT(k >= 0 && static_cast<size_t>(k) < found.size(),
                      "substeps: the sweep order lists a contact that was not found");
    const Contact& c = found[k];
    const bool swap = c.body1 > c.body2;
    const int body1 = swap ? c.body2 : c.body1;
    const int body2 = swap ? c.body1 : c.body2;
    const Vec2 normal = swap ? -c.geometry.normal : c.geometry.normal;
    const Vec2 arm1 = (swap ? c.geometry.point2 : c.geometry.point1) - states[body1].position;
    const Vec2 arm2 = (swap ? c.geometry.point1 : c.geometry.point2) - states[body2].position;
    Row& row = rows_[i];
    row = Row{contactRow(body1, body2, normal, arm1, arm2)};
    row.normalReach1 = glm::dot(row.normal, arm1);
    row.normalReach2 = glm::dot(row.normal, arm2);
    const RowBlock diagonal = rowBlock(row, motion_[body1].inverseMass, motion_[body2].inverseMass);
    row.normalMass = diagonal.nn > 0 ? 1 / diagonal.nn : 0;
    row.tangentMass = diagonal.tt > 0 ? 1 / diagonal.tt : 0;
    row.gap = c.geometry.distance;
    row.excess = row.gap - w.distanceTol / 2;
    const Body& b1 = model.bodies[c.body1];
    const Body& b2 = model.bodies[c.body2];
    row.friction = pairFriction(b1.friction, b2.friction);
    const double e = pairRestitution(b1.elasticity, b2.elasticity);
    if (e > 0) {
      const double un0 = normalVelocity(row, motion_[body1].velocity, motion_[body2].velocity);
      if (un0 < -w.restitutionThreshold) row.bounce = -e * un0;
    }
    row.normalImpulse = std::max(warm[2 * k], 0.0) / substeps;
    row.tangentImpulse = std::clamp(warm[2 * k + 1] / substeps, -row.friction * row.normalImpulse,
                                    row.friction * row.normalImpulse);
  }
  blocks_.clear();
  for (size_t i = 0; i < rows_.size();) {
    size_t end = i + 1;
    while (end < rows_.size() && rows_[end].body1 == rows_[i].body1 &&
           rows_[end].body2 == rows_[i].body2)
      ++end;
    Block block{static_cast<int>(i), 1};
    if (end - i == 2) {
      const Row& r1 = rows_[i];
      const Row& r2 = rows_[i + 1];
      const Motion& a = motion_[r1.body1];
      const Motion& b = motion_[r1.body2];
      block.k11 = 1 / r1.normalMass;
      block.k22 = 1 / r2.normalMass;
      block.k12 = a.inverseMass.invMass + b.inverseMass.invMass +
                  a.inverseMass.invInertia * r1.normalArm1 * r2.normalArm1 +
                  b.inverseMass.invInertia * r1.normalArm2 * r2.normalArm2;
      const double det = block.k11 * block.k22 - block.k12 * block.k12;
      if (glm::dot(r1.normal, r2.normal) > kBlockParallel && r1.normalMass > 0 &&
          r2.normalMass > 0 && det > kBlockConditioning * block.k11 * block.k22) {
        block.count = 2;
        block.inverse11 = block.k22 / det;
        block.inverse12 = -block.k12 / det;
        block.inverse22 = block.k11 / det;
        blocks_.push_back(block);
        i = end;
        continue;
      }
    }
    for (; i < end; ++i) blocks_.push_back({static_cast<int>(i), 1});
  }
  // The blocks cover the rows in order, each row once; a block of two holds one pair's rows.
  CONTACTLAB_ASSERT(blocks_.empty() || static_cast<size_t>(blocks_.back().first +
                                                           blocks_.back().count) == rows_.size(),
                    "substeps: the blocks do not end at the last row");
  for (size_t b = 1; b < blocks_.size(); ++b)
    CONTACTLAB_ASSERT(blocks_[b].first == blocks_[b - 1].first + blocks_[b - 1].count,
                      "substeps: the blocks do not follow each other row by row");
}

void SubstepSolver::advance(const Model& model, std::span<const Contact> found,
                            std::span<const int> order, std::span<const BodyRate> rates,
                            std::span<const double> warm, int substeps,
                            std::vector<BodyState>& states, std::span<double> impulses,
                            const SubstepJoints& joints, StepReport& stats) {
  const WorldSettings& w = model.settings;
  const double hs = w.dt / substeps;
  const size_t n = model.bodies.size();
  CONTACTLAB_ASSERT(order.size() == found.size() && warm.size() == 2 * found.size() &&
                        impulses.size() == 2 * found.size(),
                    "substeps: the order lists every contact; 2 impulses per contact");
  CONTACTLAB_ASSERT(states.size() == n && rates.size() == n && substeps >= 1,
                    "substeps: one state and one rate per body, at least one substep");
  {
    const double omega = 2 * M_PI * std::min(kSoftHertz, kSoftHertzPerRate / hs);
    const double k = hs * omega * (2 * kSoftDamping + hs * omega);
    soft_ = {omega / (2 * kSoftDamping + hs * omega), k / (1 + k), 1 / (1 + k)};
  }
  motion_.assign(n, Motion{});
  for (size_t i = 0; i < n; ++i) {
    const Body& body = model.bodies[i];
    if (body.fixed()) continue;
    Motion& m = motion_[i];
    m.velocity = {states[i].velocity, states[i].omega};
    m.inverseMass = {body.invMass, body.invInertia};
  }
  {
    StageTimer timer(stats.timestep.time.build);
    build(model, found, order, states, warm, substeps);
    if (!model.joints.empty()) refreshJoints(model, states);
    CONTACTLAB_ASSERT(model.joints.empty() || (joints.warm.size() == jointRows_.size() &&
                                               joints.rowImpulses.size() == jointRows_.size() &&
                                               joints.jointImpulses.size() == model.joints.size()),
                      "substeps: one warm start and one impulse per joint row");
  }
  const bool jointed = !model.joints.empty();
  StageTimer timer(stats.timestep.time.solve);
  for (int s = 0; s < substeps; ++s) {
    for (size_t i = 0; i < n; ++i) {
      Motion& m = motion_[i];
      if (m.inverseMass.invMass == 0) continue;
      m.velocity.linear += hs * rates[i].acceleration;
      m.velocity.angular += hs * rates[i].alpha;
    }
    // The warm start: the previous substep's impulses, which changed each body's velocity by
    // what its sweeps left (rows of the previous step's impulses before the first substep).
    // impulseV keeps the velocity before them, so that after the sweeps v - impulseV is this
    // substep's change.
    for (Motion& m : motion_) {
      const BodyVelocity before = m.velocity;
      if (s > 0) {
        m.velocity.linear += m.impulseVelocity.linear;
        m.velocity.angular += m.impulseVelocity.angular;
      }
      m.impulseVelocity = before;
    }
    if (s == 0) {
      for (const Row& row : rows_) {
        Pair p = load(row);
        applyImpulse(row, p.m1, p.m2, row.normalImpulse, row.tangentImpulse, p.v1, p.v2);
        store(row, p);
      }
      if (jointed) warmJoints(joints.warm, substeps);
    }
    if (jointed) {
      applyJointImpulses();
      sweepJoints(hs, true);
    }
    sweep(hs, true, w);
    for (Motion& m : motion_) {
      if (m.inverseMass.invMass == 0) continue;
      m.dx += hs * m.velocity.linear.x;
      m.dy += hs * m.velocity.linear.y;
      m.turn += hs * m.velocity.angular;
      rotationOf(m.turn, m.cosMinusOne, m.sine);
    }
    if (jointed) {
      refreshJoints(model, states);
      CONTACTLAB_ASSERT(jointRows_.size() == joints.warm.size(),
                        "substeps: the joint rows changed within a step");
      sweepJoints(hs, false);
    }
    sweep(hs, false, w);
    if (jointed) addJointImpulses(joints.jointImpulses);
    for (Motion& m : motion_) {
      m.impulseVelocity.linear = m.velocity.linear - m.impulseVelocity.linear;
      m.impulseVelocity.angular = m.velocity.angular - m.impulseVelocity.angular;
    }
    if (jointed) takeJointChanges();
  }
  // Newton's law for the contacts that bounce and carried an impulse: leave at -e u_n0.
  for (Row& row : rows_) {
    if (row.bounce <= 0 || row.normalTotal <= 0) continue;
    const double before = row.normalImpulse;
    Pair p = load(row);
    solveNormal(row, p, {-row.bounce, 1, 0});
    store(row, p);
    row.normalTotal += row.normalImpulse - before;
  }
  ++stats.timestep.qpSolves;
  stats.timestep.qpIterations += 2 * substeps;
  stats.timestep.largestGroup =
      std::max(stats.timestep.largestGroup, static_cast<int>(rows_.size()));
  for (size_t i = 0; i < rows_.size(); ++i) {
    impulses[2 * source_[i]] = rows_[i].normalTotal;
    impulses[2 * source_[i] + 1] = rows_[i].tangentTotal;
  }
  if (jointed)
    for (size_t j = 0; j < jointSlots_.size(); ++j) joints.rowImpulses[j] = jointSlots_[j].total;
  for (size_t i = 0; i < n; ++i) {
    if (model.bodies[i].fixed()) continue;
    const Motion& m = motion_[i];
    BodyState& st = states[i];
    st.velocity = m.velocity.linear;
    st.omega = m.velocity.angular;
    st.position += Vec2{m.dx, m.dy};
    st.angle += m.turn;
  }
}

}  // namespace contactlab
