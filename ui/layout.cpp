// The frame's UI: main menu, the two side columns of panels, dialogs and world labels (panels.h).
#include <imgui.h>

#include <functional>

#include "panels.h"

namespace contactlab {
namespace {

constexpr float kMenuHeight = 19;

void column(const char* name, bool left, float& width, const std::function<void()>& body) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImVec2 pos = viewport->WorkPos;
  float height = viewport->WorkSize.y;
  if (!left) pos.x += viewport->WorkSize.x - width;
  ImGui::SetNextWindowPos(pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(width, height), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(220, height), ImVec2(700, height));
  // The program clears the columns' rectangles to the window colour before the UI is drawn
  // (freeArea): far cheaper than ImGui's textured background with software rendering.
  ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                           ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoBackground;
  if (ImGui::Begin(name, nullptr, flags)) body();
  width = ImGui::GetWindowWidth();
  ImGui::End();
}

}  // namespace

Rect freeArea(const UiState& state, Vec2 viewport) {
  double left = state.showControls ? state.leftWidth : 0;
  double right = state.showReadouts ? state.rightWidth : 0;
  return {{left, kMenuHeight}, {viewport.x - right, viewport.y}};
}

WorldSettings& editedSettings(const UiFacts& facts, UiState& state) {
  if (!state.settingsWasEditing && !state.settingsRefreshed) {
    state.settingsBuffer = facts.world.settings;
    state.settingsRefreshed = true;
  }
  return state.settingsBuffer;
}

Commands drawUi(const UiFacts& facts, UiState& state) {
  Commands out;
  state.settingsWasEditing = state.settingsEditing;
  state.settingsEditing = false;
  state.settingsRefreshed = false;
  state.energy.sample(facts.world.time, facts.world.energy);
  state.graph.record.record(facts.world);

  mainMenu(facts, state, out);
  if (state.showControls) {
    column("Controls", true, state.leftWidth, [&] {
      if (ImGui::CollapsingHeader("Simulation", ImGuiTreeNodeFlags_DefaultOpen))
        simulationPanel(facts, state, out);
      if (ImGui::CollapsingHeader("Parameters", ImGuiTreeNodeFlags_DefaultOpen))
        parametersPanel(facts, state, out);
      if (ImGui::CollapsingHeader("Bodies")) bodiesPanel(facts, state, out);
      if (ImGui::CollapsingHeader("Presets")) presetsPanel(facts, state, out);
      if (ImGui::CollapsingHeader("Share")) sharePanel(facts, state, out);
    });
  }
  if (state.showReadouts) {
    column("Readouts", false, state.rightWidth, [&] {
      if (ImGui::CollapsingHeader("Statistics", ImGuiTreeNodeFlags_DefaultOpen))
        statisticsPanel(facts);
      if (ImGui::CollapsingHeader("Energy", ImGuiTreeNodeFlags_DefaultOpen))
        energyPanel(facts, state);
      if (ImGui::CollapsingHeader("Contacts")) contactsPanel(facts, state, out);
      if (state.openHelp) ImGui::SetNextItemOpen(true);
      state.openHelp = false;
      if (ImGui::CollapsingHeader("Help")) helpPanel();
    });
  }
  graphPanel(facts, state);
  fileDialog(facts, state, out);
  exportDialog(state, out);
  noticeBox(state);
  worldLabels(facts, state);
  return out;
}

}  // namespace contactlab
