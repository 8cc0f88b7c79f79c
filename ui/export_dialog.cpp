// File > Export data...: a path to type (data.csv in the current folder at first; the folder's
// .csv files to click) and what to write: the plotted series, every body's state, or every joint's
// force over the recorded time (the last only when joints were recorded).
#include <imgui.h>

#include <filesystem>

#include "panels.h"

namespace contactlab {

void exportDialog(UiState& state, Commands& out) {
  GraphState& graph = state.graph;
  const char* title = "Export data";
  if (graph.exportDialogOpen) {
    ImGui::OpenPopup(title);
    graph.exportDialogOpen = false;
    if (graph.exportPath.empty())
      graph.exportPath = (std::filesystem::current_path() / "data.csv").string();
    graph.exportKind = graph.record.series().empty() ? ExportKind::Bodies : ExportKind::Series;
  }
  const float em = ImGui::GetFontSize();
  ImGui::SetNextWindowSize(ImVec2(40 * em, 0), ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal(title, nullptr)) return;
  const GraphRecord& record = graph.record;
  const bool entered = pathPicker(graph.exportPath, ".csv");
  int kind = static_cast<int>(graph.exportKind);
  ImGui::RadioButton("The plotted series", &kind, static_cast<int>(ExportKind::Series));
  ImGui::SameLine();
  ImGui::TextDisabled("(%zu; time, then a column each)", record.series().size());
  ImGui::RadioButton("Every body's state", &kind, static_cast<int>(ExportKind::Bodies));
  ImGui::SameLine();
  ImGui::TextDisabled("(time,name,x,y,angle,vx,vy,omega as contactlab-cli writes)");
  bool joints = false;
  for (int i = 0; i < record.size() && !joints; ++i) joints = record.jointCount(i) > 0;
  if (!joints && kind == static_cast<int>(ExportKind::Joints))
    kind = static_cast<int>(ExportKind::Bodies);
  ImGui::BeginDisabled(!joints);
  ImGui::RadioButton("Every joint's force", &kind, static_cast<int>(ExportKind::Joints));
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::TextDisabled(joints ? "(anchors, force, tension as --format joints-csv writes)"
                             : "(no joints recorded)");
  graph.exportKind = static_cast<ExportKind>(kind);
  ImGui::Text("%d samples recorded from t = %.4g s to %.4g s", record.size(),
              record.size() > 0 ? record.time(0) : 0.0,
              record.size() > 0 ? record.time(record.size() - 1) : 0.0);
  if (dialogButtons("Export", entered))
    out.exportData = DataExport{graph.exportPath, graph.exportKind};
  ImGui::EndPopup();
}

}  // namespace contactlab
