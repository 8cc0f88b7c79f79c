#include "substep_solver.h"

#include <algorithm>
#include <cmath>

#include "contact_materials.h"
#include "stage_timer.h"
#include "timestep_rows.h"

namespace contactlab {
namespace {

// Two rows of one pair form a block when their normals agree to this cosine and their 2x2 matrix
// is far from singular (det > kBlockConditioning k11 k22; two points close together are solved
// one by one instead).
constexpr double kBlockParallel = 0.999;
constexpr double kBlockConditioning = 1e-3;
constexpr double kSoftHertz = 60;
constexpr double kSoftHertzPerRate = 0.25;
constexpr double kSoftDamping = 10;
constexpr double kSoftPushOut = 2;

}  // namespace

void SubstepSolver::apply(const Row& row, double normal, double tangent) {
  const Vec2 p = normal * row.normal + tangent * perpendicular(row.normal);
  Motion& a = motion_[row.body1];
  Motion& b = motion_[row.body2];
  a.vx += a.invMass * p.x;
  a.vy += a.invMass * p.y;
  a.w += a.invInertia * (row.normalArm1 * normal + row.tangentArm1 * tangent);
  b.vx -= b.invMass * p.x;
  b.vy -= b.invMass * p.y;
  b.w -= b.invInertia * (row.normalArm2 * normal + row.tangentArm2 * tangent);
}

double SubstepSolver::normalVelocity(const Row& row) const {
  const Motion& a = motion_[row.body1];
  const Motion& b = motion_[row.body2];
  return row.normal.x * (a.vx - b.vx) + row.normal.y * (a.vy - b.vy) + row.normalArm1 * a.w -
         row.normalArm2 * b.w;
}

double SubstepSolver::tangentVelocity(const Row& row) const {
  const Motion& a = motion_[row.body1];
  const Motion& b = motion_[row.body2];
  const Vec2 t = perpendicular(row.normal);
  return t.x * (a.vx - b.vx) + t.y * (a.vy - b.vy) + row.tangentArm1 * a.w -
         row.tangentArm2 * b.w;
}

// Phi_0 + n . (d1 - d2), d_i = (dx, dy) + (R(turn) - I) arm_i of body i.
double SubstepSolver::gapNow(const Row& row) const {
  const Motion& a = motion_[row.body1];
  const Motion& b = motion_[row.body2];
  const double d1x = a.dx + a.cosMinusOne * row.arm1.x - a.sine * row.arm1.y;
  const double d1y = a.dy + a.sine * row.arm1.x + a.cosMinusOne * row.arm1.y;
  const double d2x = b.dx + b.cosMinusOne * row.arm2.x - b.sine * row.arm2.y;
  const double d2y = b.dy + b.sine * row.arm2.x + b.cosMinusOne * row.arm2.y;
  return row.gap + row.normal.x * (d1x - d2x) + row.normal.y * (d1y - d2y);
}

// The gap term for the substep: above the target gap the contact may close to it and no further
// (rigid); below it, in the biased sweep, a soft constraint pushes out.
SubstepSolver::Gap SubstepSolver::normalBias(const Row& row, double hs, bool pushOut,
                                 const WorldSettings& w) const {
  const double excess = gapNow(row) - w.distanceTol / 2;
  if (excess > 0) return {excess / hs, 1, 0};
  if (!pushOut) return {0, 1, 0};
  return {std::max(soft_.biasRate * excess, -kSoftPushOut), soft_.massScale, soft_.impulseScale};
}

// The tangential row clamped to the wedge |gamma_t| <= mu gamma_n of the current normal impulse.
void SubstepSolver::solveFriction(Row& row) {
  if (row.friction <= 0) return;
  const double bound = row.friction * row.normalImpulse;
  const double next =
      std::clamp(row.tangentImpulse - row.tangentMass * tangentVelocity(row), -bound, bound);
  apply(row, 0, next - row.tangentImpulse);
  row.tangentImpulse = next;
}

// u_n + bias >= 0, gamma_n >= 0, complementary.
void SubstepSolver::solveNormal(Row& row, const Gap& gap) {
  const double next = std::max((1 - gap.impulseScale) * row.normalImpulse -
                                   gap.massScale * row.normalMass * (normalVelocity(row) + gap.bias),
                               0.0);
  apply(row, next - row.normalImpulse, 0);
  row.normalImpulse = next;
}

// The two normal rows of a block as one LCP: w = K x + c >= 0, x >= 0, x . w = 0, with x the new
// impulses and c = u + bias - K x_old. Its four candidate active sets are tried in turn (both
// pressed, only the first, only the second, neither); the first consistent one is the solution.
void SubstepSolver::solvePair(Row& a, Row& b, const Block& block, const Gap& gapA,
                              const Gap& gapB) {
  const double oldA = a.normalImpulse, oldB = b.normalImpulse;
  const double c1 = gapA.massScale * (normalVelocity(a) + gapA.bias) -
                    (1 - gapA.impulseScale) * (block.k11 * oldA + block.k12 * oldB);
  const double c2 = gapB.massScale * (normalVelocity(b) + gapB.bias) -
                    (1 - gapB.impulseScale) * (block.k12 * oldA + block.k22 * oldB);
  const double det = block.k11 * block.k22 - block.k12 * block.k12;
  double x1 = (block.k12 * c2 - block.k22 * c1) / det;
  double x2 = (block.k12 * c1 - block.k11 * c2) / det;
  if (!(x1 >= 0 && x2 >= 0)) {
    x1 = -c1 / block.k11;
    x2 = 0;
    if (!(x1 >= 0 && block.k12 * x1 + c2 >= 0)) {
      x1 = 0;
      x2 = -c2 / block.k22;
      if (!(x2 >= 0 && block.k12 * x2 + c1 >= 0)) {
        x2 = 0;
        if (!(c1 >= 0 && c2 >= 0)) {
          solveNormal(a, gapA);
          solveNormal(b, gapB);
          return;
        }
      }
    }
  }
  apply(a, x1 - oldA, 0);
  apply(b, x2 - oldB, 0);
  a.normalImpulse = x1;
  b.normalImpulse = x2;
}

// One projected Gauss-Seidel sweep, block by block. The biased sweep (`pushOut`) takes the
// friction rows first, each clamped to the wedge of the normal impulse so far, then the normal
// rows, so each block ends its turn not closing; the relax sweep takes the normal rows first,
// so that the friction rows end clamped to the wedge of the rigid normal impulse (the soft one of
// the biased sweep is a little lower, and a block sliding down a ramp would gain about 2 %).
void SubstepSolver::sweep(double hs, bool pushOut, const WorldSettings& w) {
  for (const Block& block : blocks_) {
    Row& a = rows_[block.first];
    Row* b = block.count == 2 ? &rows_[block.first + 1] : nullptr;
    if (pushOut) {
      solveFriction(a);
      if (b) solveFriction(*b);
    }
    if (b)
      solvePair(a, *b, block, normalBias(a, hs, pushOut, w), normalBias(*b, hs, pushOut, w));
    else
      solveNormal(a, normalBias(a, hs, pushOut, w));
    if (!pushOut) {
      solveFriction(a);
      if (b) solveFriction(*b);
    }
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
    const Contact& c = found[k];
    const bool swap = c.body1 > c.body2;
    Row& row = rows_[i];
    row = Row{};
    row.body1 = swap ? c.body2 : c.body1;
    row.body2 = swap ? c.body1 : c.body2;
    row.normal = swap ? -c.geometry.normal : c.geometry.normal;
    row.arm1 = (swap ? c.geometry.point2 : c.geometry.point1) - states[row.body1].position;
    row.arm2 = (swap ? c.geometry.point1 : c.geometry.point2) - states[row.body2].position;
    const Vec2 t = perpendicular(row.normal);
    row.normalArm1 = cross(row.arm1, row.normal);
    row.normalArm2 = cross(row.arm2, row.normal);
    row.tangentArm1 = cross(row.arm1, t);
    row.tangentArm2 = cross(row.arm2, t);
    const Motion& a = motion_[row.body1];
    const Motion& b = motion_[row.body2];
    const double nn = a.invMass + b.invMass + a.invInertia * row.normalArm1 * row.normalArm1 +
                      b.invInertia * row.normalArm2 * row.normalArm2;
    const double tt = a.invMass + b.invMass + a.invInertia * row.tangentArm1 * row.tangentArm1 +
                      b.invInertia * row.tangentArm2 * row.tangentArm2;
    row.normalMass = nn > 0 ? 1 / nn : 0;
    row.tangentMass = tt > 0 ? 1 / tt : 0;
    row.gap = c.geometry.distance;
    const Body& b1 = model.bodies[c.body1];
    const Body& b2 = model.bodies[c.body2];
    row.friction = pairFriction(b1.friction, b2.friction);
    const double e = pairRestitution(b1.elasticity, b2.elasticity);
    const double un0 = normalVelocity(row);
    if (e > 0 && un0 < -w.restitutionThreshold) row.bounce = -e * un0;
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
      block.k12 = a.invMass + b.invMass + a.invInertia * r1.normalArm1 * r2.normalArm1 +
                  b.invInertia * r1.normalArm2 * r2.normalArm2;
      const double det = block.k11 * block.k22 - block.k12 * block.k12;
      if (glm::dot(r1.normal, r2.normal) > kBlockParallel && r1.normalMass > 0 &&
          r2.normalMass > 0 && det > kBlockConditioning * block.k11 * block.k22) {
        block.count = 2;
        blocks_.push_back(block);
        i = end;
        continue;
      }
    }
    for (; i < end; ++i) blocks_.push_back({static_cast<int>(i), 1});
  }
}

void SubstepSolver::advance(const Model& model, std::span<const Contact> found,
                            std::span<const int> order, std::span<const BodyRate> rates, std::span<const double> warm,
                            int substeps, std::vector<BodyState>& states,
                            std::span<double> impulses, Statistics& stats) {
  const WorldSettings& w = model.settings;
  const double hs = w.dt / substeps;
  const size_t n = model.bodies.size();
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
    m.vx = states[i].velocity.x;
    m.vy = states[i].velocity.y;
    m.w = states[i].omega;
    m.invMass = body.invMass;
    m.invInertia = body.invInertia;
  }
  {
    StageTimer timer(stats.time.build);
    build(model, found, order, states, warm, substeps);
  }
  StageTimer timer(stats.time.lcp);
  for (int s = 0; s < substeps; ++s) {
    for (size_t i = 0; i < n; ++i) {
      Motion& m = motion_[i];
      if (m.invMass == 0) continue;
      m.vx += hs * rates[i].acceleration.x;
      m.vy += hs * rates[i].acceleration.y;
      m.w += hs * rates[i].alpha;
    }
    for (const Row& row : rows_) apply(row, row.normalImpulse, row.tangentImpulse);
    sweep(hs, true, w);
    for (Motion& m : motion_) {
      if (m.invMass == 0) continue;
      m.dx += hs * m.vx;
      m.dy += hs * m.vy;
      m.turn += hs * m.w;
      m.cosMinusOne = std::cos(m.turn) - 1;
      m.sine = std::sin(m.turn);
    }
    sweep(hs, false, w);
    for (Row& row : rows_) {
      row.normalTotal += row.normalImpulse;
      row.tangentTotal += row.tangentImpulse;
    }
  }
  // Newton's law for the contacts that bounce and carried an impulse: leave at -e u_n0.
  for (Row& row : rows_) {
    if (row.bounce <= 0 || row.normalTotal <= 0) continue;
    const double before = row.normalImpulse;
    solveNormal(row, {-row.bounce, 1, 0});
    row.normalTotal += row.normalImpulse - before;
  }
  ++stats.qpSolves;
  stats.qpIterations += 2 * substeps;
  for (size_t i = 0; i < rows_.size(); ++i) {
    impulses[2 * source_[i]] = rows_[i].normalTotal;
    impulses[2 * source_[i] + 1] = rows_[i].tangentTotal;
  }
  for (size_t i = 0; i < n; ++i) {
    if (model.bodies[i].fixed()) continue;
    const Motion& m = motion_[i];
    BodyState& st = states[i];
    st.velocity = {m.vx, m.vy};
    st.omega = m.w;
    st.position += Vec2{m.dx, m.dy};
    st.angle += m.turn;
  }
}

}  // namespace contactlab
