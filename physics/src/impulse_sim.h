// ImpulseSim: collisions. At the moment of contact (found by the stepper's back-up), every contact
// within distanceTol whose bodies approach gets an impulse along its normal so that the approach
// speed v- becomes a separation speed of at least e v- (Newton's law of restitution; e is the
// smaller of the two bodies' elasticities, and 0 for approaches slower than velocityTol, which end
// as resting contacts).
// Impulses j along the normals solve the LCP, with A = J M^-1 J^T (eq. 9, for impulses):
//    v+ = A j + v-,  v+ + e v- >= 0,  j >= 0,  j . (v+ + e v-) = 0   (approaching contacts),
//    v+ = A j + v-,  v+ >= 0, ...                                     (the others),
// over a set of contacts:
//  - Serial (default): the pair of bodies with the fastest approaching contact first, all of that
//    pair's contacts together (a face landing flat stays flat), then again until nothing
//    approaches; a row of touching balls (Newton's cradle) passes the impulse along. In a pile,
//    where these sweeps converge slowly, what still approaches after 4 pair solves per contact
//    gets one simultaneous solve.
//  - Simultaneous: all the contacts in one LCP.
// Pairs of bodies that overlap deeply (overlap_separation.h) are left out: they neither collide
// nor count as penetrating.
// Joints: the impulses travel through them (their rows join the impulse problem, mixed_lcp.h),
// and a rope that stretches past its length is a collision of its own (joint_rows.h,
// ropeSnapped), which the same problem stops with the rope's elasticity as the restitution.
#pragma once

#include <span>
#include <vector>

#include "contact_finder.h"
#include "contact_matrix.h"
#include "contactlab/report.h"
#include "lcp_solver.h"
#include "least_tree.h"
#include "mixed_lcp.h"
#include "model.h"

namespace contactlab {

class ImpulseSim {
 public:
  // Applies the collision impulses at `states`, leaving out the pairs `overlapping` (i < j,
  // sorted); returns how many impulses were applied. Counts in stats.collisions the contacts that
  // approached faster than velocityTol (slower ones are only stopped, not bounced).
  int resolve(const Model& model, std::span<BodyState> states, StepReport& stats,
              std::span<const std::pair<int, int>> overlapping);

  // Stops the contacts of the last penetratingContacts call (their bodies since moved by at most
  // the gap correction) that are closer than `gap` and approach, and the ropes with a gap below
  // `gap` that stretch: the same impulses as resolve, on those contacts only. Afterwards
  // contactsFound() holds only them.
  int resolveCloserThan(const Model& model, double gap, std::span<BodyState> states,
                        StepReport& stats);

  // The contacts that penetrate (distance < 0) at `states`, outside the pairs `overlapping`,
  // sorted, as keys of their bodies and body 1's vertex (feature bits 0-15), and the ropes that
  // snapped taut (ropeSnapped; keys from ropeKey); empty if none.
  const std::vector<ContactKey>& penetratingContacts(
      const Model& model, std::span<const BodyState> states, StepReport& stats,
      std::span<const std::pair<int, int>> overlapping);

  // How deep the deepest contact found by the last penetratingContacts call penetrates (m, >= 0).
  double deepestPenetration() const { return deepest_; }

  // Every contact within distanceTol found at the states of the last penetratingContacts call,
  // when that was the last call of this object.
  std::span<const Contact> contactsFound() const { return contacts_; }

  // The smallest distance of any of the contacts `keys` (from penetratingContacts) at `states`
  // (infinity if none is near).
  double closestGap(const Model& model, std::span<const BodyState> states,
                    const std::vector<ContactKey>& keys, StepReport& stats);

 private:
  // The impulses of the contacts in contacts_ and of the ropes with a gap of at most `ropeReach`.
  int resolveFound(const Model& model, std::span<BodyState> states, StepReport& stats,
                   double ropeReach);
  int resolveSerially(const Model& model, std::span<BodyState> states, StepReport& stats);
  int resolveSimultaneously(const Model& model, std::span<BodyState> states, StepReport& stats);
  // Solves the impulse LCP over the contacts listed in group_ (and the taut ropes) and applies it;
  // returns how many impulses were applied.
  int solveImpulses(const Model& model, std::span<BodyState> states, StepReport& stats);
  // Whether a rope with a gap of at most `reach` stretches (faster than the contacts' threshold).
  // Leaves the joints' rows in jointRows_.
  bool ropeStretches(const Model& model, std::span<const BodyState> states, double reach);
  // The same LCP with the joints' rows among its rows (mixed_lcp.h): an impulse on a jointed body
  // travels through its joints, which keep their anchors' relative velocity at 0 (no bounce), and
  // a taut rope's row is one-sided, with the rope's elasticity. Applies the joints' impulses
  // (adding to `ropeImpulses` the taut ropes that got one, and counting those that snapped taut
  // faster than velocityTol as collisions) and leaves the contacts' in j_.
  LcpInfo solveWithJoints(const Model& model, std::span<BodyState> states, StepReport& stats,
                          int& ropeImpulses);

  ContactFinder finder_;
  std::vector<Contact> contacts_;
  std::vector<ContactRow> rows_;
  std::vector<int> group_;
  // Serial resolution: rows sorted by body pair, where each row's pair starts in that order, each
  // body's rows (bodyRows_ from bodyStart_[b]), and each row's normal velocity.
  std::vector<int> byPair_, pairRun_, bodyStart_, bodyRows_, fill_;
  std::vector<double> velocity_;
  LeastTree fastest_;  // over velocity_: the most negative, the first of equals
  std::vector<ContactRow> groupRows_;
  std::vector<std::uint8_t> fast_;  // approaching faster than velocityTol
  std::vector<double> approach_;    // approach speed, m/s
  std::vector<double> restitution_;
  std::vector<ContactKey> penetrating_;
  std::vector<std::pair<int, int>> keyPairs_;  // closestGap: the bodies of the keys
  double deepest_ = 0;
  ContactMatrixBuilder matrixBuilder_;
  LcpSolver lcp_;
  SparseMatrix A_;
  std::vector<double> b_, j_, a_;
  std::vector<std::uint8_t> clamped_;
  std::vector<BodyRate> zeroRates_;
  std::vector<JointRow> jointRows_;
  std::vector<DenseRow> denseRows_;
  std::vector<double> mixedB_, mixedImpulses_;
  std::vector<int> jointComponents_, active_;  // solveWithJoints: which joints take part
  MixedLcp mixed_;
};

}  // namespace contactlab
