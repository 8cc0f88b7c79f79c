// File > Save picture (and F12): where to write the PNG and what it shows: the world view alone
// (no panels, no menu: for a handout or a slide), the world with the graph window, or the whole
// window.
#include <imgui.h>

#include <filesystem>

#include "panels.h"

namespace contactlab {

void pictureDialog(UiState& state, Commands& out) {
  constexpr const char* kTitle = "Save picture";
  if (state.pictureDialogOpen) {
    ImGui::OpenPopup(kTitle);
    state.pictureDialogOpen = false;
    if (state.picturePath.empty())
      state.picturePath = (std::filesystem::current_path() / "contactlab.png").string();
  }
  const float em = ImGui::GetFontSize();
  ImGui::SetNextWindowSize(ImVec2(35 * em, 0), ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal(kTitle, nullptr)) return;
  const bool entered = pathPicker(state.picturePath, ".png");
  int kind = static_cast<int>(state.pictureKind);
  ImGui::RadioButton("the world view", &kind, static_cast<int>(PictureKind::World));
  ImGui::SameLine();
  ImGui::RadioButton("the world and the graph", &kind,
                     static_cast<int>(PictureKind::WorldAndGraph));
  ImGui::SameLine();
  ImGui::RadioButton("the whole window", &kind, static_cast<int>(PictureKind::Window));
  state.pictureKind = static_cast<PictureKind>(kind);
  if (dialogButtons("Save", entered))
    out.savePicture = PictureRequest{state.picturePath, state.pictureKind};
  ImGui::EndPopup();
}

}  // namespace contactlab
