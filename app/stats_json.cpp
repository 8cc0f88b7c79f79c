// The CLI's JSON of statistics and step reports.
#include "stats_json.h"

namespace contactlab {
namespace {

nlohmann::ordered_json stageSeconds(const StageTimes& t) {
  return {{"detection", t.detection}, {"build", t.build},
          {"solve", t.solve},         {"collisions", t.collisions},
          {"overlaps", t.overlaps},   {"gaps", t.gaps},
          {"total", t.total}};
}

nlohmann::ordered_json contactJson(const ContactSimWork& w) {
  return {{"steps", w.steps},
          {"lcp_solves", w.lcpSolves},
          {"pivots", w.pivots},
          {"lcp_iteration_limits", w.lcpIterationLimits},
          {"lcp_unbounded", w.lcpUnbounded},
          {"redundant_contacts", w.redundantContacts},
          {"worst_residual", w.worstResidual},
          {"largest_group", w.largestGroup},
          {"overlapping_pairs", w.overlappingPairs},
          {"collision_search_tries", w.collisionSearchTries},
          {"stage_seconds", stageSeconds(w.time)}};
}

nlohmann::ordered_json timestepJson(const TimestepWork& w) {
  return {{"steps", w.steps},
          {"qp_solves", w.qpSolves},
          {"qp_iterations", w.qpIterations},
          {"qp_unconverged", w.qpUnconverged},
          {"qp_apgd_in_place_of_mprgp", w.qpApgdInPlaceOfMprgp},
          {"worst_residual", w.worstResidual},
          {"largest_group", w.largestGroup},
          {"stage_seconds", stageSeconds(w.time)}};
}

}  // namespace

nlohmann::ordered_json statisticsJson(const Statistics& totals) {
  return {{"steps", totals.steps},
          {"collisions", totals.collisions},
          {"unresolved_penetrations", totals.unresolvedPenetrations},
          {"deepest_penetration", totals.deepestPenetration},
          {"contact", contactJson(totals.contact)},
          {"timestep", timestepJson(totals.timestep)}};
}

nlohmann::ordered_json stepReportJson(const StepReport& step, const BodyNames& nameOf) {
  nlohmann::ordered_json events = nlohmann::ordered_json::array();
  for (const CollisionEvent& e : step.collisionEvents) {
    events.push_back({{"a", nameOf(e.body1)},
                      {"b", nameOf(e.body2)},
                      {"x", e.point.x},
                      {"y", e.point.y},
                      {"nx", e.normal.x},
                      {"ny", e.normal.y},
                      {"impulse", e.impulse},
                      {"approach_speed", e.approachSpeed}});
  }
  nlohmann::ordered_json out = {
      {"step", step.step},
      {"time", step.time},
      {"solver", step.solver == SolverKind::Contact ? "contact" : "timestep"},
      {"collisions", step.collisions},
      {"unresolved_penetrations", step.unresolvedPenetrations},
      {"deepest_penetration", step.deepestPenetration}};
  if (step.solver == SolverKind::Contact) {
    out["contact"] = contactJson(step.contact);
  } else {
    out["timestep"] = timestepJson(step.timestep);
  }
  out["collision_events"] = std::move(events);
  return out;
}

}  // namespace contactlab
