// The notice box: a message that must not go unseen (the last session could not be restored, this
// session cannot be kept), over the world until the person dismisses it. The side
// columns and the menu stay usable beside it, so File > Recent sessions can be opened at once.
#include <imgui.h>

#include <algorithm>

#include "panels.h"

namespace contactlab {

void noticeBox(UiState& state) {
  if (state.notice.empty()) return;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  // Near the top, where a scene (which sits low in the view) has least to hide.
  ImVec2 top(viewport->GetCenter().x, viewport->WorkPos.y + 60);
  ImGui::SetNextWindowPos(top, ImGuiCond_Appearing, ImVec2(0.5f, 0));
  ImGui::SetNextWindowSize(
      ImVec2(std::min(37 * ImGui::GetFontSize(), viewport->WorkSize.x * 0.9f), 0),
      ImGuiCond_Appearing);
  ImGui::PushStyleColor(ImGuiCol_TitleBg, ImVec4(0.55f, 0.16f, 0.12f, 1));
  ImGui::PushStyleColor(ImGuiCol_TitleBgActive, ImVec4(0.65f, 0.18f, 0.14f, 1));
  bool open = true;
  if (ImGui::Begin("Attention", &open,
                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(state.notice.c_str());
    ImGui::PopTextWrapPos();
    ImGui::Spacing();
    if (ImGui::Button("OK", ImVec2(6 * ImGui::GetFontSize(), 0))) open = false;
  }
  ImGui::End();
  ImGui::PopStyleColor(2);
  if (!open) state.notice.clear();
}

}  // namespace contactlab
