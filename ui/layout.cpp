// The frame's UI: main menu, the side columns of panels (placed by panel_layout.h), dialogs, world
// labels and, in the lesson view, the big clock (panels.h).
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <functional>

#include "panels.h"

namespace contactlab {
namespace {

// A column of panels, `width` px wide at the window's left or right edge; the user may drag its
// inner edge up to `maximum` px. Returns the width it has after this frame, px.
float column(const char* name, bool left, float width, float maximum,
             const std::function<void()>& body) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImVec2 pos = viewport->WorkPos;
  float height = viewport->WorkSize.y;
  if (!left) pos.x += viewport->WorkSize.x - width;
  ImGui::SetNextWindowPos(pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(width, height), ImGuiCond_Always);
  const float minimum = std::min(kColumnMinimumEm * ImGui::GetFontSize(), maximum);
  ImGui::SetNextWindowSizeConstraints(ImVec2(minimum, height), ImVec2(maximum, height));
  // The program clears the columns' rectangles to the window colour before the UI is drawn
  // (freeArea): far cheaper than ImGui's textured background with software rendering.
  // Behind every other window (a dialog or the graph stays over a column that was clicked), so
  // that only ImGui's background list, clipped to the world, is drawn before it
  // (panel_pictures.h).
  ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                           ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoBackground |
                           ImGuiWindowFlags_NoBringToFrontOnFocus;
  if (ImGui::Begin(name, nullptr, flags)) body();
  width = ImGui::GetWindowWidth();
  ImGui::End();
  return width;
}

// A collapsing section whose open state is kept in the layout (and so between runs).
bool section(const char* name, PanelLayout& layout) {
  const bool wasOpen = layout.openSections.contains(name);
  ImGui::SetNextItemOpen(wasOpen, ImGuiCond_Always);
  const bool open = ImGui::CollapsingHeader(name);
  if (open != wasOpen) {
    if (open)
      layout.openSections.insert(name);
    else
      layout.openSections.erase(name);
  }
  return open;
}

void controlSections(const UiFacts& facts, UiState& state, Commands& out) {
  PanelLayout& layout = state.layout;
  if (section("Simulation", layout)) simulationPanel(facts, state, out);
  if (section("Parameters", layout)) parametersPanel(facts, state, out);
  if (section("Bodies", layout)) bodiesPanel(facts, state, out);
  if (section("Joints", layout)) jointsPanel(facts, state, out);
  if (section("Presets", layout)) presetsPanel(facts, state, out);
  if (section("Share", layout)) sharePanel(facts, state, out);
}

void readoutSections(const UiFacts& facts, UiState& state, Commands& out) {
  PanelLayout& layout = state.layout;
  if (section("Statistics", layout)) statisticsPanel(facts, state.readouts);
  if (section("Energy", layout)) energyPanel(facts, state);
  if (section("Contacts", layout)) contactsPanel(facts, state, out);
  if (state.openHelp) layout.openSections.insert("Help");
  state.openHelp = false;
  if (section("Help", layout)) helpPanel();
}

// The lesson view's clock, top left of the world, in the large font, behind any window.
void lessonClock(const UiFacts& facts, const UiState& state) {
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  char text[64];
  std::snprintf(text, sizeof text, "t = %.2f s", facts.world.time);
  ImFont* font = state.largeFont ? state.largeFont : ImGui::GetFont();
  const float size = font->FontSize;
  const ImVec2 at(size * 0.5f, size * 0.3f);
  draw->AddText(font, size, at, IM_COL32(30, 30, 40, 255), text);
  const char* hint = facts.status.running ? "L: panels   Space: pause" : "L: panels   Space: play";
  draw->AddText(ImVec2(at.x, at.y + size * 1.1f), IM_COL32(120, 120, 130, 255), hint);
}

// The readouts afresh while paused, and every period while running (ui_model.h: Readouts).
void refreshReadouts(const UiFacts& facts, UiState& state) {
  Readouts& shown = state.readouts;
  if (!shown.due(facts.status.running, state.now, facts.world.time)) return;
  shown.time = facts.world.time;
  shown.perf = facts.perf;
  shown.speed = facts.status.speed;
  shown.behind = facts.status.behind;
  shown.lastStep = facts.world.lastStep;
  shown.takenAt = state.now;
}

}  // namespace

Rect freeArea(const UiState& state, Vec2 viewport) {
  return placeColumns(state.layout, viewport, state.em, state.menuHeight).world;
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
  refreshReadouts(facts, state);
  state.graph.record.record(facts.world);

  PanelLayout& layout = state.layout;
  const ColumnPlacement columns =
      placeColumns(layout, facts.camera.viewport, state.em, state.menuHeight);
  if (columns.menu) mainMenu(facts, state, out);
  // A width the user dragged is kept; one the window's size clamped is not.
  auto keep = [em = ImGui::GetFontSize()](float& widthEm, float given, float shown) {
    if (std::abs(shown - given) > 0.5f) widthEm = shown / em;
  };
  if (columns.merged) {
    keep(layout.leftEm, columns.leftWidth,
         column("Panels", true, columns.leftWidth, columns.leftMaximum, [&] {
           controlSections(facts, state, out);
           readoutSections(facts, state, out);
         }));
  } else {
    if (columns.left)
      keep(layout.leftEm, columns.leftWidth,
           column("Controls", true, columns.leftWidth, columns.leftMaximum,
                  [&] { controlSections(facts, state, out); }));
    if (columns.right)
      keep(layout.rightEm, columns.rightWidth,
           column("Readouts", false, columns.rightWidth, columns.rightMaximum,
                  [&] { readoutSections(facts, state, out); }));
  }
  if (layout.lesson) lessonClock(facts, state);
  graphPanel(facts, state);
  fileDialog(facts, state, out);
  pictureDialog(state, out);
  exportDialog(state, out);
  noticeBox(state);
  worldLabels(facts, state);
  return out;
}

}  // namespace contactlab
