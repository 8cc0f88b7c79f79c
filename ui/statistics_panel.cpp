// The Statistics panel: frame rate and frame time, physics time per step, contacts, LCP solve time,
// pivots (time stepping: QP solves and iterations), residual, collisions per second: what the
// solver costs and how well it does.
#include <imgui.h>

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

}  // namespace

void statisticsPanel(const UiFacts& facts) {
  const PerfNumbers& p = facts.perf;
  if (!ImGui::BeginTable("statistics", 2,
                         ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp))
    return;
  row("frames per second", "%.1f", p.fps);
  row("frame time", "%.2f ms", p.frameMs);
  row("  of which drawing", "%.2f ms", p.frameWorkMs);
  row("physics steps per second", "%.1f", p.stepsPerSecond);
  row("physics time per step", "%.3f ms", p.physicsMsPerStep);
  if (facts.world.settings().solver == SolverKind::Timestep) {
    row("  of which QP solves", "%.3f ms", p.lcpMsPerStep);
    row("QP solves per step", "%.1f", p.qpSolvesPerStep);
    const WorldSettings& s = facts.world.settings();
    if (s.timestepScheme == TimestepScheme::Qp && s.qpMethod == QpSolverKind::Mprgp)
      row("  of which by APGD (friction)", "%.1f", p.qpApgdInPlaceOfMprgpPerStep);
    row("QP iterations per step", "%.1f", p.qpIterationsPerStep);
  } else {
    row("  of which LCP solves", "%.3f ms", p.lcpMsPerStep);
    row("LCP solves per step", "%.1f", p.lcpSolvesPerStep);
    row("pivots per step", "%.1f", p.pivotsPerStep);
  }
  row("resting contacts", "%.0f", p.contacts);
  row("largest contact group", "%.0f", p.largestGroup);
  row("worst residual", "%.2e", p.worstResidual);
  row("collisions per second", "%.1f", p.collisionsPerSecond);
  row("simulated speed", "%.0f %%", 100 * facts.status.speed);
  ImGui::EndTable();
  if (facts.status.running && facts.status.behind)
    ImGui::TextColored(ImVec4(1, 0.45f, 0.3f, 1), "The physics cannot keep up: it slows down.");
}

}  // namespace contactlab
