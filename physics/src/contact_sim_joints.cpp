// ContactSim with joints: the joints' rows and every resting contact in one problem, solved by
// MixedLcp (mixed_lcp.h: the joints' equality rows eliminated by a Schur complement, the contacts'
// LCP solved on the rest) (contact_sim.h).
//
// Each equality row asks for d'' = -2 w d' (the velocity part of the gap correction, w as for
// contacts); the position error is removed after the step by projection (joint_rows.h). A taut
// rope's row is one more row of the LCP, one-sided, asking the same: it holds the length it has
// (within the collision accuracy of its own, where it snapped taut), and the projection removes
// any stretch. (A contact's gap-closing term would pull a rope taut that is slack by less than the
// tolerance; inside RK4's stages it also biased the tension by 0.4 %.)
#include <algorithm>

#include "contact_sim.h"
#include "stage_timer.h"

namespace contactlab {

void ContactSim::solveWithJoints(const Model& model, std::span<const BodyState> states,
                                 std::span<BodyRate> rates, StepReport& stats,
                                 std::vector<RestingContact>* report) {
  const WorldSettings& w = model.settings;
  const double omega = 1 / (w.gapRecoverySteps * w.dt);
  const double targetGap = w.distanceTol / 2;
  // The rows: the joints' equalities, then the taut ropes' (one-sided), then the contacts.
  int nj = 0, ne = 0, nc = 0;
  {
    StageTimer timer(stats.contact.time.build);
    contactlab::jointRows(model, states, rates, w.distanceTol, jointRows_);
    // A rope stretching faster than velocityTol is a collision (ImpulseSim's), not a resting row.
    std::erase_if(jointRows_,
                  [&](const JointRow& r) { return r.oneSided && r.speed < -w.velocityTol; });
    nj = static_cast<int>(jointRows_.size());
    nc = static_cast<int>(resting_.size());
    denseRows_.clear();
    b_.clear();
    clamped_.clear();
    for (const JointRow& r : jointRows_) {
      denseRows_.push_back(denseRow(r));
      b_.push_back(r.freeAcceleration + 2 * omega * r.speed);
      if (r.oneSided)
        clamped_.push_back(1);  // a taut rope usually pulls
      else
        ++ne;
    }
    rows_.resize(nc);
    for (int i = 0; i < nc; ++i) {
      const Contact& c = resting_[i];
      rows_[i] = contactRow(c, states);
      denseRows_.push_back(denseRow(rows_[i]));
      const double closing = omega * omega * std::max(c.geometry.distance - targetGap, 0.0);
      b_.push_back(freeRelativeAcceleration(c, states, rates) + 2 * omega * c.normalSpeed +
                   closing);
      clamped_.push_back(warmStart(c));
    }
  }
  f_.resize(nj + nc);
  double seconds = 0;
  LcpInfo info;
  {
    StageTimer timer(seconds);
    info = mixed_.solve(model, denseRows_, ne, b_, f_, clamped_);
  }
  stats.contact.time.solve += seconds;
  if (nj + nc > ne)
    countLcpSolve(stats.contact, info, seconds, static_cast<std::size_t>(nj - ne + nc));
  stats.contact.largestGroup = std::max(stats.contact.largestGroup, nj + nc);
  jointForces_.assign(f_.begin(), f_.begin() + nj);
  for (int i = 0; i < nj; ++i) applyJointForce(model, jointRows_[i], f_[i], rates);
  for (int i = 0; i < nc; ++i) {
    const Contact& c = resting_[i];
    applyNormalForce(model, rows_[i], f_[nj + i], rates);
    current_.push_back({keyOf(c), clamped_[nj - ne + i]});
    if (report) report->push_back({c, f_[nj + i]});
  }
}

}  // namespace contactlab
