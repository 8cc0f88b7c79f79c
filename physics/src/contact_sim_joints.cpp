// ContactSim with joints: a group of bodies (islands.h) linked by joints, with its resting
// contacts, is one problem, solved by MixedLcp (mixed_lcp.h: the joints' equality rows eliminated
// by a Schur complement, the LCP of the ropes' and contacts' rows solved on the rest)
// (contact_sim.h).
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
                                 std::span<BodyRate> rates, std::span<const int> contacts,
                                 std::span<const int> joints, StepReport& stats,
                                 std::vector<RestingContact>* report) {
  const WorldSettings& w = model.settings;
  const double omega = 1 / (w.gapRecoverySteps * w.dt);
  const double targetGap = w.distanceTol / 2;
  // The rows: the joints' equalities, then the taut ropes' (one-sided; jointRows_ lists them in
  // that order), then the contacts.
  const int nj = static_cast<int>(joints.size()), nc = static_cast<int>(contacts.size());
  int ne = 0;
  {
    StageTimer timer(stats.contact.time.build);
    denseRows_.clear();
    b_.clear();
    clamped_.clear();
    for (int j : joints) {
      const JointRow& r = jointRows_[j];
      denseRows_.push_back(denseRow(r));
      b_.push_back(r.freeAcceleration + 2 * omega * r.speed);
      if (r.oneSided)
        clamped_.push_back(1);  // a taut rope usually pulls
      else
        ++ne;
    }
    rows_.resize(nc);
    for (int i = 0; i < nc; ++i) {
      const Contact& c = resting_[contacts[i]];
      rows_[i] = contactRow(c, states);
      denseRows_.push_back(denseRow(rows_[i]));
      const double closing = omega * omega * std::max(c.geometry.distance - targetGap, 0.0);
      b_.push_back(freeRelativeAcceleration(c, states, rates) + 2 * omega * c.normalSpeed +
                   closing);
      clamped_.push_back(warm_[contacts[i]]);
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
  for (int i = 0; i < nj; ++i) {
    jointForces_[joints[i]] = f_[i];
    applyJointForce(model, jointRows_[joints[i]], f_[i], rates);
  }
  for (int i = 0; i < nc; ++i) {
    const Contact& c = resting_[contacts[i]];
    applyNormalForce(model, rows_[i], f_[nj + i], rates);
    flags_[contacts[i]] = clamped_[nj - ne + i];
    if (report) report->push_back({c, f_[nj + i]});
  }
}

}  // namespace contactlab
