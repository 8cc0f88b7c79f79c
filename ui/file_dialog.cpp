// The Open and Save dialog for scene files: a path to type, and the *.scene files of its folder to
// click (pathPicker, which the other save dialogs share).
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <filesystem>

#include "panels.h"

namespace contactlab {
namespace {

std::vector<std::string> filesBeside(const std::string& path, const char* extension) {
  namespace fs = std::filesystem;
  fs::path folder = fs::path(path).parent_path();
  if (folder.empty()) folder = ".";
  std::vector<std::string> files;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(folder, error))
    if (entry.path().extension() == extension) files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

bool pathPicker(std::string& path, const char* extension) {
  ImGui::SetNextItemWidth(-1);
  bool entered = ImGui::InputText("##path", &path, ImGuiInputTextFlags_EnterReturnsTrue);
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere(-1);
  if (ImGui::BeginChild("files", ImVec2(0, 10 * ImGui::GetFontSize()), true)) {
    for (const std::string& file : filesBeside(path, extension))
      if (ImGui::Selectable(file.c_str(), file == path)) path = file;
  }
  ImGui::EndChild();
  return entered;
}

bool dialogButtons(const char* confirm, bool entered) {
  const ImVec2 size(6 * ImGui::GetFontSize(), 0);
  bool confirmed = ImGui::Button(confirm, size) || entered;
  ImGui::SameLine();
  const bool cancelled = ImGui::Button("Cancel", size);
  if (confirmed || cancelled) ImGui::CloseCurrentPopup();
  return confirmed && !cancelled;
}

void fileDialog(const UiFacts&, UiState& state, Commands& out) {
  const char* title = state.fileDialogSave ? "Save scene file" : "Open scene file";
  if (state.fileDialogOpen) {
    ImGui::OpenPopup(title);
    state.fileDialogOpen = false;
    if (state.filePath.empty())
      state.filePath = (std::filesystem::current_path() / "my.scene").string();
  }
  ImGui::SetNextWindowSize(ImVec2(35 * ImGui::GetFontSize(), 0), ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal(title, nullptr)) return;
  const bool entered = pathPicker(state.filePath, ".scene");
  if (dialogButtons(state.fileDialogSave ? "Save" : "Open", entered))
    (state.fileDialogSave ? out.saveFile : out.openFile) = state.filePath;
  ImGui::EndPopup();
}

}  // namespace contactlab
