// The Statistics panel: frame rate and frame time, physics time per step, contacts, LCP solve time,
// pivots (time stepping: QP solves and iterations), residual, collisions per second: what the
// solver costs and how well it does; then what the last step did, as the world reports it
// (World::lastStep()): its stages, its solves and every solver status.
#include <imgui.h>

#include <cstdint>

#include "panels.h"

namespace contactlab {
namespace {

void row(const char* name, const char* format, double value) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(name);
  ImGui::TableNextColumn();
  ImGui::Text(format, value);
}

// A rate over the last second of frames: a dash until one has been measured (a screenshot taken
// after a few frames showed "0.0" frames per second).
void rate(const char* name, const char* format, double value, bool measured) {
  if (measured) return row(name, format, value);
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(name);
  ImGui::TableNextColumn();
  ImGui::TextDisabled("-");
}

void count(const char* name, std::int64_t value) {
  row(name, "%.0f", static_cast<double>(value));
}

void stageRows(const StageTimes& t) {
  row("  detection", "%.3f ms", 1e3 * t.detection);
  row("  building the problem", "%.3f ms", 1e3 * t.build);
  row("  solving it", "%.3f ms", 1e3 * t.solve);
  row("  gap correction", "%.3f ms", 1e3 * t.gaps);
}

// The figures of one step: its stages and its solver's work and status.
void lastStepRows(const StepReport& step) {
  count("step", step.step);
  if (step.solver == SolverKind::Contact) {
    const ContactSimWork& w = step.contact;
    row("step time", "%.3f ms", 1e3 * w.time.total);
    stageRows(w.time);
    row("  collisions", "%.3f ms", 1e3 * w.time.collisions);
    row("  overlaps", "%.3f ms", 1e3 * w.time.overlaps);
    count("LCP solves", w.lcpSolves);
    count("pivots", w.pivots);
    count("largest group", w.largestGroup);
    row("worst residual", "%.2e", w.worstResidual);
    count("stopped at the pivot cap", w.lcpIterationLimits);
    count("without a solution", w.lcpUnbounded);
    count("redundant contacts", w.redundantContacts);
    count("overlapping pairs", w.overlappingPairs);
  } else {
    const TimestepWork& w = step.timestep;
    row("step time", "%.3f ms", 1e3 * w.time.total);
    stageRows(w.time);
    count("QP solves", w.qpSolves);
    count("QP iterations", w.qpIterations);
    count("largest group", w.largestGroup);
    row("worst residual", "%.2e", w.worstResidual);
    count("stopped above tolerance", w.qpUnconverged);
    count("APGD in place of MPRGP", w.qpApgdInPlaceOfMprgp);
  }
  count("collisions", step.collisions);
  row("deepest penetration", "%.2e m", step.deepestPenetration);
}

}  // namespace

void statisticsPanel(const UiFacts& facts, const Readouts& shown) {
  const PerfNumbers& p = shown.perf;
  if (!ImGui::BeginTable("statistics", 2,
                         ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp))
    return;
  rate("frames per second", "%.1f", p.fps, p.measured);
  rate("frame time", "%.2f ms", p.frameMs, p.measured);
  rate("  of which drawing", "%.2f ms", p.frameWorkMs, p.measured);
  rate("physics steps per second", "%.1f", p.stepsPerSecond, p.measured);
  rate("physics time per step", "%.3f ms", p.physicsMsPerStep, p.measured);
  if (facts.world.settings.solver == SolverKind::Timestep) {
    rate("  of which QP solves", "%.3f ms", p.lcpMsPerStep, p.measured);
    rate("QP solves per step", "%.1f", p.qpSolvesPerStep, p.measured);
    const WorldSettings& s = facts.world.settings;
    if (s.timestepScheme == TimestepScheme::Qp && s.qpMethod == QpSolverKind::Mprgp)
      rate("  of which by APGD (friction)", "%.1f", p.qpApgdInPlaceOfMprgpPerStep, p.measured);
    rate("QP iterations per step", "%.1f", p.qpIterationsPerStep, p.measured);
  } else {
    rate("  of which LCP solves", "%.3f ms", p.lcpMsPerStep, p.measured);
    rate("LCP solves per step", "%.1f", p.lcpSolvesPerStep, p.measured);
    rate("pivots per step", "%.1f", p.pivotsPerStep, p.measured);
  }
  row("resting contacts", "%.0f", p.contacts);
  row("largest contact group", "%.0f", p.largestGroup);
  row("worst residual", "%.2e", p.worstResidual);
  rate("collisions per second", "%.1f", p.collisionsPerSecond, p.measured);
  row("simulated speed", "%.0f %%", 100 * shown.speed);
  ImGui::EndTable();
  ImGui::Separator();
  ImGui::TextUnformatted("The last step");
  if (!ImGui::BeginTable("last step", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp))
    return;
  lastStepRows(shown.lastStep);
  ImGui::EndTable();
  if (facts.status.running && shown.behind)
    ImGui::TextColored(ImVec4(1, 0.45f, 0.3f, 1), "The physics cannot keep up: it slows down.");
}

}  // namespace contactlab
