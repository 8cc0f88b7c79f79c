// The Share panel: the scene as a share string (asked for twice a second: the program captures the
// scene from the physics worker and puts its string in UiState::shareText), copy it or a link that
// opens it in the web page (docs/web.md), and open a string or a link pasted here or from the
// clipboard.
#include <imgui.h>
#include <imgui_stdlib.h>

#include "panels.h"

namespace contactlab {

void sharePanel(const UiFacts&, UiState& state, Commands& out) {
  if (state.now >= state.shareRefreshAt) {
    out.refreshShareText = true;
    state.shareRefreshAt = state.now + 0.5;
  }
  ImGui::TextDisabled("This scene, now (%zu characters):", state.shareText.size());
  ImGui::InputTextMultiline("##share", &state.shareText, ImVec2(-1, 70),
                            ImGuiInputTextFlags_ReadOnly);
  if (ImGui::Button("Copy (Ctrl+C)")) out.copyShare = true;
  ImGui::SameLine();
  if (ImGui::Button("Copy link")) out.copyLink = true;
  ImGui::SameLine();
  if (ImGui::Button("Open from clipboard (Ctrl+V)")) out.pasteShare = true;
  ImGui::TextDisabled("Links open in the web page at");
  ImGui::TextWrapped("%s", state.webBase.c_str());
  ImGui::TextDisabled("(set CONTACTLAB_WEB_BASE to your site's address)");
  ImGui::Spacing();
  ImGui::TextDisabled("Open a share string or a link:");
  ImGui::SetNextItemWidth(-60);
  bool entered = ImGui::InputTextWithHint("##paste", "cl1~...", &state.pasteText,
                                          ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if ((ImGui::Button("Open") || entered) && !state.pasteText.empty())
    out.openShare = state.pasteText;
}

}  // namespace contactlab
