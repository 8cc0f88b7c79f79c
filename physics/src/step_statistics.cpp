// Step reports and the running totals they add up to.
#include "step_statistics.h"

#include <algorithm>
#include <utility>

namespace contactlab {
namespace {

void addTimes(StageTimes& total, const StageTimes& step) {
  total.detection += step.detection;
  total.build += step.build;
  total.solve += step.solve;
  total.collisions += step.collisions;
  total.overlaps += step.overlaps;
  total.gaps += step.gaps;
  total.total += step.total;
}

void addWork(ContactSimWork& total, const ContactSimWork& step) {
  total.steps += step.steps;
  total.lcpSolves += step.lcpSolves;
  total.pivots += step.pivots;
  total.redundantContacts += step.redundantContacts;
  total.lcpIterationLimits += step.lcpIterationLimits;
  total.lcpUnbounded += step.lcpUnbounded;
  total.worstResidual = std::max(total.worstResidual, step.worstResidual);
  total.largestGroup = std::max(total.largestGroup, step.largestGroup);
  total.overlappingPairs += step.overlappingPairs;
  total.collisionSearchTries += step.collisionSearchTries;
  addTimes(total.time, step.time);
  for (int b = 0; b < kGroupSizeBuckets; ++b) {
    total.lcpSolvesBySize[b] += step.lcpSolvesBySize[b];
    total.lcpSecondsBySize[b] += step.lcpSecondsBySize[b];
  }
}

void addWork(TimestepWork& total, const TimestepWork& step) {
  total.steps += step.steps;
  total.qpSolves += step.qpSolves;
  total.qpIterations += step.qpIterations;
  total.qpUnconverged += step.qpUnconverged;
  total.qpApgdInPlaceOfMprgp += step.qpApgdInPlaceOfMprgp;
  total.worstResidual = std::max(total.worstResidual, step.worstResidual);
  total.largestGroup = std::max(total.largestGroup, step.largestGroup);
  addTimes(total.time, step.time);
}

}  // namespace

void startReport(StepReport& report, SolverKind solver) {
  std::vector<CollisionEvent> events = std::move(report.collisionEvents);
  events.clear();
  report = StepReport{};
  report.collisionEvents = std::move(events);
  report.solver = solver;
  if (solver == SolverKind::Contact) {
    report.contact.steps = 1;
  } else {
    report.timestep.steps = 1;
  }
}

void addStep(Statistics& totals, const StepReport& step) {
  ++totals.steps;
  totals.collisions += step.collisions;
  totals.unresolvedPenetrations += step.unresolvedPenetrations;
  totals.deepestPenetration = std::max(totals.deepestPenetration, step.deepestPenetration);
  addWork(totals.contact, step.contact);
  addWork(totals.timestep, step.timestep);
}

}  // namespace contactlab
