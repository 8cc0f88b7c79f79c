#include "substep_solver.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "constraint_colouring.h"
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
// The damping ratio: a tall pyramid's slow sideways sway after it has settled is least for ratios
// of 31 to 37 (pyramid70 and pyramid100 over 16 starts nanometres apart: at most 6.7 and 6.9 mm
// of motion between 5 s and 10 s at 35, against 9.7 and 13.3 mm at 28; docs/timestep.md).
// Higher ratios slow the push-out (its rate, omega / (2 zeta + hs omega), is 5.3/s here).
constexpr double kSoftDamping = 35;
constexpr double kSoftPushOut = 2;
constexpr double kJointSoftHertz = 60;
constexpr double kJointSoftDamping = 2;
constexpr int kRelaxSweeps = 2;

}  // namespace

// A spring-damper of `hertz` (at most kSoftHertzPerRate times the substep rate) and damping ratio
// `damping`, solved implicitly over the substep hs (Catto's soft constraint coefficients).
SubstepSolver::Softness SubstepSolver::softness(double hertz, double damping, double hs) {
  const double omega = 2 * M_PI * std::min(hertz, kSoftHertzPerRate / hs);
  const double k = hs * omega * (2 * damping + hs * omega);
  return {omega / (2 * damping + hs * omega), k / (1 + k), 1 / (1 + k)};
}

// The gap term for the substep, from the gap's excess over the target: above the target gap the
// contact may close to it and no further (rigid); below it, in the biased sweep, a soft
// constraint pushes out (substep_sweep.cpp, gapOf, for the contacts).
SubstepSolver::Gap SubstepSolver::normalBias(double excess, double perSubstep, bool pushOut) const {
  if (excess > 0) return {excess * perSubstep, 1, 0};
  if (!pushOut) return {0, 1, 0};
  return {std::max(terms_.biasRate * excess, -terms_.maxPushOut), terms_.massScale,
          terms_.impulseScale};
}

SubstepSolver::Gap SubstepSolver::jointGap(double separation, double perSubstep, bool pushOut,
                                           bool oneSided) const {
  if (oneSided) return normalBias(separation, perSubstep, pushOut);
  if (!pushOut) return {0, 1, 0};
  return {terms_.biasRate * separation, 1, 0};
}

void SubstepSolver::build(const Model& model, std::span<const Contact> found,
                          std::span<const int> order, std::span<const BodyState> states,
                          std::span<const Contact> previous,
                          std::span<const double> previousImpulses, std::vector<int>& approaching,
                          int substeps, double& deepest) {
  const WorldSettings& w = model.settings;
  // Each row with body1 < body2 (swapping the bodies and negating the normal is the same row, with
  // the same two impulses), in `order`, which puts the rows of a pair next to each other.
  source_.assign(order.begin(), order.end());
  rows_.resize(found.size());
  approaching.clear();
  anyBounce_ = false;
  WarmStartWalk walk(previous, previousImpulses);
  manifolds_.clear();
  manifoldKeys_.clear();
  // The rows of one pair follow each other: each pair's manifolds (and their keys) are made from
  // its rows in double (pairRows_) as soon as its last row is, and rows_ keeps what the bundles
  // take of them (LaneRow). pairRows_ holds rows_[i - pairRows_.size(), i) in double.
  pairRows_.clear();
  for (size_t i = 0; i < found.size(); ++i) {
    const int k = source_[i];
    CONTACTLAB_ASSERT(k >= 0 && static_cast<size_t>(k) < found.size(),
                      "substeps: the sweep order lists a contact that was not found");
    const Contact& c = found[k];
    deepest = std::max(deepest, -c.geometry.distance);
    if (approachSpeed(c, states) > w.velocityTol) approaching.push_back(k);
    const std::optional<WarmImpulses> warm = walk.next(c);
    const bool swap = c.body1 > c.body2;
    const int body1 = swap ? c.body2 : c.body1;
    const int body2 = swap ? c.body1 : c.body2;
    const Vec2 normal = swap ? -c.geometry.normal : c.geometry.normal;
    const Vec2 arm1 = (swap ? c.geometry.point2 : c.geometry.point1) - states[body1].position;
    const Vec2 arm2 = (swap ? c.geometry.point1 : c.geometry.point2) - states[body2].position;
    if (!pairRows_.empty() && (body1 != pairRows_[0].body1 || body2 != pairRows_[0].body2)) {
      addManifolds(i - pairRows_.size(), pairRows_);
      pairRows_.clear();
    }
    Row& row = pairRows_.emplace_back(Row{contactRow(body1, body2, normal, arm1, arm2)});
    const RowBlock diagonal = rowBlock(row, inverseMass_[body1], inverseMass_[body2]);
    row.normalMass = diagonal.nn > 0 ? 1 / diagonal.nn : 0;
    LaneRow& lanes = rows_[i];
    lanes.body1 = body1;
    lanes.body2 = body2;
    lanes.normalX = static_cast<float>(normal.x);
    lanes.normalY = static_cast<float>(normal.y);
    lanes.normalArm1 = static_cast<float>(row.normalArm1);
    lanes.normalArm2 = static_cast<float>(row.normalArm2);
    lanes.tangentArm1 = static_cast<float>(row.tangentArm1);
    lanes.tangentArm2 = static_cast<float>(row.tangentArm2);
    lanes.normalMass = static_cast<float>(row.normalMass);
    lanes.tangentMass = static_cast<float>(diagonal.tt > 0 ? 1 / diagonal.tt : 0);
    lanes.gap = static_cast<float>(c.geometry.distance);
    lanes.excess = static_cast<float>(c.geometry.distance - terms_.target);
    const Material& m1 = materials_[c.body1];
    const Material& m2 = materials_[c.body2];
    const double friction = pairFriction(m1.friction, m2.friction);
    lanes.friction = static_cast<float>(friction);
    lanes.bounce = 0;
    const double e = pairRestitution(m1.elasticity, m2.elasticity);
    if (e > 0) {
      const double un0 = normalVelocity(row, bodies_[body1].velocity, bodies_[body2].velocity);
      if (un0 < -w.restitutionThreshold) {
        lanes.bounce = static_cast<float>(-e * un0);
        anyBounce_ = true;
      }
    }
    const double normalImpulse = std::max(warm ? warm->normal : 0.0, 0.0) / substeps;
    lanes.normalImpulse = static_cast<float>(normalImpulse);
    lanes.tangentImpulse =
        static_cast<float>(std::clamp((warm ? warm->tangent : 0.0) / substeps,
                                      -friction * normalImpulse, friction * normalImpulse));
  }
  if (!pairRows_.empty()) addManifolds(found.size() - pairRows_.size(), pairRows_);
  layOut(model);
}

void SubstepSolver::addManifolds(size_t first, std::span<const Row> rows) {
  if (rows.size() == 2) {
    const Row& r1 = rows[0];
    const Row& r2 = rows[1];
    const InverseMass& a = inverseMass_[r1.body1];
    const InverseMass& b = inverseMass_[r1.body2];
    Manifold m{static_cast<int>(first), 2, 1 / r1.normalMass, 0, 1 / r2.normalMass};
    m.k12 = a.invMass + b.invMass + a.invInertia * r1.normalArm1 * r2.normalArm1 +
            b.invInertia * r1.normalArm2 * r2.normalArm2;
    const double det = m.k11 * m.k22 - m.k12 * m.k12;
    if (glm::dot(r1.normal, r2.normal) > kBlockParallel && r1.normalMass > 0 && r2.normalMass > 0 &&
        det > kBlockConditioning * m.k11 * m.k22) {
      manifolds_.push_back(m);
      manifoldKeys_.push_back({r1.body1, r1.body2, 2});
      return;
    }
  }
  for (size_t p = 0; p < rows.size(); ++p) {
    manifolds_.push_back({static_cast<int>(first + p), 1});
    manifoldKeys_.push_back({rows[p].body1, rows[p].body2, 1});
  }
}

template <int Points>
void SubstepSolver::fill(Bundle<Points>& bundle, int lane, const Manifold& m) {
  const LaneRow& first = rows_[m.first];
  bundle.body1[lane] = first.body1;
  bundle.body2[lane] = first.body2;
  const InverseMass& a = inverseMass_[first.body1];
  const InverseMass& b = inverseMass_[first.body2];
  bundle.invMass1[lane] = a.invMass;
  bundle.invInertia1[lane] = a.invInertia;
  bundle.invMass2[lane] = b.invMass;
  bundle.invInertia2[lane] = b.invInertia;
  bundle.friction[lane] = first.friction;
  for (int p = 0; p < Points; ++p) {
    const LaneRow& r = rows_[m.first + p];
    PointLanes& c = bundle.point[p];
    PointRest& rest = bundle.rest[p];
    bundle.row[p][lane] = m.first + p;
    c.normalX[lane] = r.normalX;
    c.normalY[lane] = r.normalY;
    c.normalArm1[lane] = r.normalArm1;
    c.normalArm2[lane] = r.normalArm2;
    c.tangentArm1[lane] = r.tangentArm1;
    c.tangentArm2[lane] = r.tangentArm2;
    c.normalMass[lane] = r.normalMass;
    c.tangentMass[lane] = r.tangentMass;
    c.excess[lane] = r.excess;
    c.normalImpulse[lane] = r.normalImpulse;
    c.tangentImpulse[lane] = r.tangentImpulse;
    rest.gap[lane] = r.gap;
    rest.bounce[lane] = r.bounce;
    rest.normalTotal[lane] = 0;
    rest.tangentTotal[lane] = 0;
  }
  if constexpr (Points == 2) {
    const double det = m.k11 * m.k22 - m.k12 * m.k12;
    BlockLanes& k = bundle.block;
    k.k11[lane] = m.k11;
    k.k12[lane] = m.k12;
    k.k22[lane] = m.k22;
    k.inverse11[lane] = m.k22 / det;
    k.inverse12[lane] = -m.k12 / det;
    k.inverse22[lane] = m.k11 / det;
  }
}

// An unused lane of a bundle: the spare body on both sides, with zero masses, so that its updates
// change nothing (substep_lanes.h).
template <int Points>
void spareLane(Bundle<Points>& bundle, int lane, int spare) {
  bundle.body1[lane] = spare;
  bundle.body2[lane] = spare;
  bundle.invMass1[lane] = bundle.invInertia1[lane] = bundle.invMass2[lane] =
      bundle.invInertia2[lane] = 0;
  bundle.friction[lane] = 0;
  for (int p = 0; p < Points; ++p) {
    bundle.row[p][lane] = -1;
    PointLanes& c = bundle.point[p];
    PointRest& r = bundle.rest[p];
    for (Lanes* field : {&c.normalX, &c.normalY, &c.normalArm1, &c.normalArm2, &c.tangentArm1,
                         &c.tangentArm2, &c.normalMass, &c.tangentMass, &c.excess, &c.normalImpulse,
                         &c.tangentImpulse, &r.gap, &r.bounce, &r.normalTotal, &r.tangentTotal})
      (*field)[lane] = 0;
  }
  if constexpr (Points == 2) {
    BlockLanes& k = bundle.block;
    k.k11[lane] = k.k22[lane] = k.inverse11[lane] = k.inverse22[lane] = 1;
    k.k12[lane] = k.inverse12[lane] = 0;
  }
}

void SubstepSolver::layOut(const Model& model) {
  const size_t n = model.bodies.size();
  // The same manifolds as the last step's, over the same bodies (a stack at rest, step after
  // step): the same colours, bundles and slots, which only need filling again.
  if (manifoldKeys_ != laidOutKeys_ || movable_ != laidOutMovable_) {
    assignSlots();
    laidOutKeys_.swap(manifoldKeys_);
    laidOutMovable_ = movable_;
  }
  // The bundles filled one after the other, each while it is in the cache (filled in the
  // manifolds' order, pyramid100's 3 MB of bundles were each written lane by lane, at times far
  // apart). The rows, read in the bundles' order, lie far apart in rows_: each block's two rows
  // and each single's row (a cache line each) are fetched kRowLookahead slots ahead (where the
  // second-level cache holds half a megabyte, as on AMD's Zen processors, pyramid100's rows_ of
  // 1.3 MB are not in it; the singles' fetch ahead made rain10000's steps 4-5 % shorter, rain4000's
  // 1-5 %, bit for bit the same). A lane no manifold uses holds the spare body.
  const int spare = static_cast<int>(n);
  constexpr size_t kRowLookahead = 8;
  for (size_t s = 0; s < blockSlots_.size(); ++s) {
    if (s + kRowLookahead < blockSlots_.size() && blockSlots_[s + kRowLookahead] >= 0) {
      const LaneRow* ahead = &rows_[manifolds_[blockSlots_[s + kRowLookahead]].first];
      __builtin_prefetch(ahead);
      __builtin_prefetch(ahead + 1);
    }
    if (blockSlots_[s] >= 0)
      fill(blocks_[s / kLanes], s % kLanes, manifolds_[blockSlots_[s]]);
    else
      spareLane(blocks_[s / kLanes], s % kLanes, spare);
  }
  for (size_t s = 0; s < singleSlots_.size(); ++s) {
    if (s + kRowLookahead < singleSlots_.size() && singleSlots_[s + kRowLookahead] >= 0)
      __builtin_prefetch(&rows_[manifolds_[singleSlots_[s + kRowLookahead]].first]);
    if (singleSlots_[s] >= 0)
      fill(singles_[s / kLanes], s % kLanes, manifolds_[singleSlots_[s]]);
    else
      spareLane(singles_[s / kLanes], s % kLanes, spare);
  }
}

void SubstepSolver::assignSlots() {
  manifoldBodies_.resize(manifolds_.size());
  for (size_t m = 0; m < manifolds_.size(); ++m)
    manifoldBodies_[m] = {manifoldKeys_[m].body1, manifoldKeys_[m].body2};
  colouring_.colour(manifoldBodies_, movable_, colours_);
  // Per colour its blocks, then its single contacts, each kLanes a bundle in the manifolds'
  // order; the overflow's one a bundle, in their order, last. Where each colour's bundles start
  // is counted first, then each manifold's place, so that the manifolds are placed in one pass in
  // their own order rather than once per colour.
  constexpr int kColours = kOverflowColour + 1;
  std::array<int, kColours> blocks{}, singles{};
  for (size_t m = 0; m < manifolds_.size(); ++m)
    ++(manifolds_[m].count == 2 ? blocks : singles)[colours_[m]];
  auto bundlesOf = [](int manifolds, int colour) {
    return colour == kOverflowColour ? manifolds : (manifolds + kLanes - 1) / kLanes;
  };
  std::array<int, kColours> blockBase{}, singleBase{};
  blockCount_ = singleCount_ = 0;
  colourRanges_.clear();
  for (int c = 0; c < kColours; ++c) {
    blockBase[c] = blockCount_;
    singleBase[c] = singleCount_;
    const int blockBundles = bundlesOf(blocks[c], c), singleBundles = bundlesOf(singles[c], c);
    if (c < kOverflowColour && blockBundles + singleBundles > 0)
      colourRanges_.push_back(
          {blockCount_, blockCount_ + blockBundles, singleCount_, singleCount_ + singleBundles});
    blockCount_ += blockBundles;
    singleCount_ += singleBundles;
  }
  // The overflow's manifolds one at a time, in their order: a range per manifold.
  {
    int block = blockBase[kOverflowColour], single = singleBase[kOverflowColour];
    for (size_t m = 0; m < manifolds_.size(); ++m) {
      if (colours_[m] != kOverflowColour) continue;
      if (manifolds_[m].count == 2)
        colourRanges_.push_back({block, block + 1, single, single}), ++block;
      else
        colourRanges_.push_back({block, block, single, single + 1}), ++single;
    }
  }
  if (blocks_.size() < static_cast<size_t>(blockCount_)) blocks_.resize(blockCount_);
  if (singles_.size() < static_cast<size_t>(singleCount_)) singles_.resize(singleCount_);
  // Each manifold's slot (its bundle's index times kLanes plus its lane) in its colour's next
  // lane, in the manifolds' order.
  std::array<int, kColours> blockUsed{}, singleUsed{};
  blockSlots_.assign(static_cast<size_t>(blockCount_) * kLanes, -1);
  singleSlots_.assign(static_cast<size_t>(singleCount_) * kLanes, -1);
  for (size_t m = 0; m < manifolds_.size(); ++m) {
    const int c = colours_[m];
    const int lanes = c == kOverflowColour ? 1 : kLanes;
    const bool block = manifolds_[m].count == 2;
    const int k = (block ? blockUsed : singleUsed)[c]++;
    const int bundle = (block ? blockBase : singleBase)[c] + k / lanes;
    (block ? blockSlots_ : singleSlots_)[bundle * kLanes + k % lanes] = static_cast<int>(m);
  }
}

template <typename F>
void SubstepSolver::forEachContact(F&& f) {
  auto visit = [&](auto& bundles, int count) {
    for (auto& bundle : std::span(bundles).first(count))
      for (int l = 0; l < kLanes; ++l)
        for (int p = 0; p < static_cast<int>(std::size(bundle.point)); ++p)
          if (bundle.row[p][l] >= 0) f(bundle, l, p, bundle.row[p][l]);
  };
  visit(blocks_, blockCount_);
  visit(singles_, singleCount_);
}

// A contact of a bundle as a scalar row, for the updates made one contact at a time.
template <int Points>
ContactRow rowOf(const Bundle<Points>& bundle, int lane, const PointLanes& c) {
  ContactRow row;
  row.body1 = bundle.body1[lane];
  row.body2 = bundle.body2[lane];
  row.normal = {c.normalX[lane], c.normalY[lane]};
  row.normalArm1 = c.normalArm1[lane];
  row.normalArm2 = c.normalArm2[lane];
  row.tangentArm1 = c.tangentArm1[lane];
  row.tangentArm2 = c.tangentArm2[lane];
  return row;
}

// Newton's law for the contacts that bounce and carried an impulse: leave at -e u_n0.
void SubstepSolver::bounce() {
  forEachContact([&](auto& bundle, int l, int p, int) {
    PointLanes& c = bundle.point[p];
    PointRest& rest = bundle.rest[p];
    if (rest.bounce[l] <= 0 || rest.normalTotal[l] <= 0) return;
    const ContactRow row = rowOf(bundle, l, c);
    BodyVelocity& v1 = bodies_[row.body1].velocity;
    BodyVelocity& v2 = bodies_[row.body2].velocity;
    const double before = c.normalImpulse[l];
    const double next =
        std::max(before - c.normalMass[l] * (normalVelocity(row, v1, v2) - rest.bounce[l]), 0.0);
    applyImpulse(row, inverseMass_[row.body1], inverseMass_[row.body2], next - before, 0, v1, v2);
    c.normalImpulse[l] = next;
    rest.normalTotal[l] += next - before;
  });
}

// The change is taken in single precision, as the sweeps made it. (Written as the difference of
// the two doubles rounded back, (double) f - (double) (float) v, GCC 12's straight-line vectorizer
// at -O2 and -O3 dropped the rounding of the x and y pair, (double) (float) v becoming v: a
// sliding box's speed then lost its last digits to the float's.)
void SubstepSolver::takeSweepVelocity(size_t i) {
  BodyVelocity& v = bodies_[i].velocity;
  const SweepVelocity& f = sweepVelocities_[i];
  v.linear.x += f.vx - static_cast<float>(v.linear.x);
  v.linear.y += f.vy - static_cast<float>(v.linear.y);
  v.angular += f.w - static_cast<float>(v.angular);
  giveSweepVelocity(i);
}

void SubstepSolver::giveSweepVelocity(size_t i) {
  const BodyVelocity& v = bodies_[i].velocity;
  sweepVelocities_[i] = {static_cast<float>(v.linear.x), static_cast<float>(v.linear.y),
                         static_cast<float>(v.angular), 0};
}

void SubstepSolver::takeSweepVelocities() {
  for (size_t i = 0; i < bodies_.size(); ++i) takeSweepVelocity(i);
}

void SubstepSolver::giveSweepVelocities() {
  for (size_t i = 0; i < bodies_.size(); ++i) giveSweepVelocity(i);
}

void SubstepSolver::advance(const Model& model, std::span<const Contact> found,
                            std::span<const int> order, std::span<const BodyRate> rates,
                            std::span<const Contact> previous,
                            std::span<const double> previousImpulses, std::vector<int>& approaching,
                            int substeps, std::vector<BodyState>& states,
                            std::span<double> impulses, const SubstepJoints& joints,
                            StepReport& stats) {
  const WorldSettings& w = model.settings;
  const double hs = w.dt / substeps;
  const size_t n = model.bodies.size();
  CONTACTLAB_ASSERT(order.size() == found.size() && impulses.size() == 2 * found.size(),
                    "substeps: the order lists every contact; 2 impulses per contact");
  CONTACTLAB_ASSERT(states.size() == n && rates.size() == n && substeps >= 1,
                    "substeps: one state and one rate per body, at least one substep");
  {
    const Softness contact = softness(kSoftHertz, kSoftDamping, hs);
    terms_ = {
        1 / hs,      w.distanceTol / 2, contact.biasRate, contact.massScale, contact.impulseScale,
        kSoftPushOut};
    jointSoft_ = softness(kJointSoftHertz, kJointSoftDamping, hs);
  }
  // The bodies and the spare one (substep_lanes.h).
  bodies_.assign(n + 1, SubstepBody{});
  sweepVelocities_.assign(n + 1, SweepVelocity{});
  inverseMass_.assign(n + 1, InverseMass{});
  impulseVelocity_.assign(n + 1, BodyVelocity{});
  materials_.resize(n);
  movable_.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const Body& body = model.bodies[i];
    materials_[i] = {body.friction, body.elasticity};
    movable_[i] = !body.fixed();
    if (!movable_[i]) continue;
    bodies_[i].velocity = {states[i].velocity, states[i].omega};
    inverseMass_[i] = {body.invMass, body.invInertia};
  }
  {
    StageTimer timer(stats.timestep.time.build);
    build(model, found, order, states, previous, previousImpulses, approaching, substeps,
          stats.deepestPenetration);
    if (!model.joints.empty()) refreshJoints(model, states, true);
    CONTACTLAB_ASSERT(model.joints.empty() || (joints.warm.size() == jointRows_.size() &&
                                               joints.rowImpulses.size() == jointRows_.size() &&
                                               joints.jointImpulses.size() == model.joints.size()),
                      "substeps: one warm start and one impulse per joint row");
  }
  const bool jointed = !model.joints.empty();
  StageTimer timer(stats.timestep.time.solve);
  for (int s = 0; s < substeps; ++s) {
    // The external forces, then the warm start: the previous substep's impulses, which changed
    // each body's velocity by what its sweeps left (rows of the previous step's impulses before
    // the first substep). impulseVelocity_ keeps the velocity before them, so that after the
    // sweeps v - impulseV is this substep's change (found here, or with joints after the sweeps,
    // which take the joints' part out of it).
    for (size_t i = 0; i <= n; ++i) {
      BodyVelocity& v = bodies_[i].velocity;
      if (s > 0) takeSweepVelocity(i);
      BodyVelocity change = impulseVelocity_[i];
      if (s > 0 && !jointed)
        change = {v.linear - impulseVelocity_[i].linear, v.angular - impulseVelocity_[i].angular};
      if (i < n && inverseMass_[i].invMass != 0) {
        v.linear += hs * rates[i].acceleration;
        v.angular += hs * rates[i].alpha;
      }
      const BodyVelocity before = v;
      if (s > 0) {
        v.linear += change.linear;
        v.angular += change.angular;
      }
      impulseVelocity_[i] = before;
      giveSweepVelocity(i);
    }
    if (s == 0) {
      warmStartBundles(std::span(blocks_).first(blockCount_),
                       std::span(singles_).first(singleCount_), sweepVelocities_.data());
      if (jointed) warmJoints(joints.warm, substeps);
    }
    if (jointed) {
      takeSweepVelocities();
      applyJointImpulses();
      sweepJoints(hs, true);
      giveSweepVelocities();
    }
    sweepBundles(std::span(blocks_).first(blockCount_), std::span(singles_).first(singleCount_),
                 colourRanges_, bodies_.data(), sweepVelocities_.data(), terms_, true);
    for (size_t i = 0; i < n; ++i) {
      if (inverseMass_[i].invMass == 0) continue;
      takeSweepVelocity(i);
      SubstepBody& m = bodies_[i];
      m.dx += hs * m.velocity.linear.x;
      m.dy += hs * m.velocity.linear.y;
      m.turn += hs * m.velocity.angular;
      rotationOf(m.turn, m.cosMinusOne, m.sine);
    }
    if (jointed) {
      refreshJoints(model, states, false);
      CONTACTLAB_ASSERT(jointRows_.size() == joints.warm.size(),
                        "substeps: the joint rows changed within a step");
    }
    for (int relax = 1; relax <= kRelaxSweeps; ++relax) {
      if (jointed) {
        takeSweepVelocities();
        sweepJoints(hs, false);
        giveSweepVelocities();
      }
      terms_.updateGaps = relax == 1;
      terms_.addToTotals = relax == kRelaxSweeps;
      sweepBundles(std::span(blocks_).first(blockCount_), std::span(singles_).first(singleCount_),
                   colourRanges_, bodies_.data(), sweepVelocities_.data(), terms_, false);
    }
    if (jointed) {
      takeSweepVelocities();
      addJointImpulses(joints.jointImpulses);
      for (size_t i = 0; i <= n; ++i) {
        impulseVelocity_[i].linear = bodies_[i].velocity.linear - impulseVelocity_[i].linear;
        impulseVelocity_[i].angular = bodies_[i].velocity.angular - impulseVelocity_[i].angular;
      }
      takeJointChanges();
    }
  }
  takeSweepVelocities();
  if (anyBounce_) bounce();
  ++stats.timestep.qpSolves;
  stats.timestep.qpIterations += (1 + kRelaxSweeps) * substeps;
  stats.timestep.largestGroup =
      std::max(stats.timestep.largestGroup, static_cast<int>(rows_.size()));
  forEachContact([&](auto& bundle, int l, int p, int row) {
    impulses[2 * source_[row]] = bundle.rest[p].normalTotal[l];
    impulses[2 * source_[row] + 1] = bundle.rest[p].tangentTotal[l];
  });
  if (jointed) {
    for (size_t j = 0; j < jointSlots_.size(); ++j) joints.rowImpulses[j] = jointSlots_[j].total;
    markProjectedJoints(model);
  }
  for (size_t i = 0; i < n; ++i) {
    if (!movable_[i]) continue;
    const SubstepBody& m = bodies_[i];
    BodyState& st = states[i];
    st.velocity = m.velocity.linear;
    st.omega = m.velocity.angular;
    st.position += Vec2{m.dx, m.dy};
    st.angle += m.turn;
  }
}

}  // namespace contactlab
