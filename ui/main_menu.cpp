// The main menu bar: File (open, save, recent sessions, picture, export data, share strings,
// quit), Edit (undo, redo, delete), Add (the mouse's tool: select, or a joint or spring), View
// (columns, graph, lesson view, text size, display options, fit), Help; and the latest message at
// its right end.
#include <imgui.h>

#include <cstdio>

#include "panels.h"
#include "widgets.h"

namespace contactlab {
namespace {

// The sessions the program kept, newest first; choosing one opens its scene (undoably).
void recentSessionsMenu(const UiFacts& facts, Commands& out) {
  if (!ImGui::BeginMenu("Recent sessions", !facts.sessionsFolder.empty())) return;
  if (facts.sessions.empty()) ImGui::TextDisabled("No session kept yet");
  for (const RecentSession& session : facts.sessions) {
    ImGui::PushID(session.path.c_str());
    if (ImGui::MenuItem(session.label.c_str(), session.current ? "this session" : nullptr))
      out.openSession = session.path;
    ImGui::PopID();
  }
  ImGui::Separator();
  ImGui::TextDisabled("Kept in %s", facts.sessionsFolder.c_str());
  ImGui::EndMenu();
}

void textSizeMenu(const UiState& state, Commands& out) {
  if (!ImGui::BeginMenu("Text size")) return;
  for (double scale : kTextScales) {
    char label[16];
    std::snprintf(label, sizeof label, "%.0f %%", 100 * scale);
    if (ImGui::MenuItem(label, nullptr, scale == state.textScale)) out.textScale = scale;
  }
  ImGui::TextDisabled("Ctrl+plus, Ctrl+minus, Ctrl+0");
  ImGui::EndMenu();
}

}  // namespace

void mainMenu(const UiFacts& facts, UiState& state, Commands& out) {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("New", "Ctrl+N")) out.newScene = true;
    if (ImGui::MenuItem("Open...", "Ctrl+O")) {
      state.fileDialogOpen = true;
      state.fileDialogSave = false;
    }
    if (ImGui::MenuItem("Save", "Ctrl+S")) {
      if (state.filePath.empty()) {
        state.fileDialogOpen = true;
        state.fileDialogSave = true;
      } else {
        out.saveFile = state.filePath;
      }
    }
    if (ImGui::MenuItem("Save as...")) {
      state.fileDialogOpen = true;
      state.fileDialogSave = true;
    }
    recentSessionsMenu(facts, out);
    ImGui::Separator();
    if (ImGui::MenuItem("Save picture...", "F12")) state.pictureDialogOpen = true;
    if (ImGui::MenuItem("Export data...")) state.graph.exportDialogOpen = true;
    state.itemRects["menu File > Export data..."] = itemFrame(ImGui::GetItemRectSize().x);
    ImGui::Separator();
    if (ImGui::MenuItem("Copy share string", "Ctrl+C")) out.copyShare = true;
    if (ImGui::MenuItem("Open share string from clipboard", "Ctrl+V")) out.pasteShare = true;
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) out.quit = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Edit")) {
    if (ImGui::MenuItem("Undo", "Ctrl+Z", false, facts.status.canUndo)) out.undo = true;
    if (ImGui::MenuItem("Redo", "Ctrl+Y", false, facts.status.canRedo)) out.redo = true;
    if (ImGui::MenuItem(
            "Delete selected", "Del", false,
            !state.selected.isNull() || !state.selectedJoint.empty() || state.selectedSpring >= 0))
      out.deleteSelected = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Add")) {
    for (int k = 0; k < kWorldToolCount; ++k) {
      const WorldTool tool = static_cast<WorldTool>(k);
      char key[12];  // room for any int (-Wformat-truncation)
      std::snprintf(key, sizeof key, "%d", k + 1);
      if (ImGui::MenuItem(worldToolName(tool), key, state.tool == tool)) state.tool = tool;
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", worldToolHint(tool));
    }
    ImGui::Separator();
    ImGui::TextDisabled("Escape: back to Select");
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    PanelLayout& layout = state.layout;
    ImGui::MenuItem("Controls column", nullptr, &layout.showControls);
    ImGui::MenuItem("Readouts column", nullptr, &layout.showReadouts);
    ImGui::MenuItem("One column", nullptr, &layout.oneColumn);
    ImGui::MenuItem("Graph", "G", &state.graph.open);
    ImGui::MenuItem("Lesson view", "L", &layout.lesson);
    textSizeMenu(state, out);
    if (ImGui::MenuItem("Fit scene", "F")) out.fitView = true;
    ImGui::Separator();
    displayOptions(state);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    if (ImGui::MenuItem("Shortcuts", "F1")) {
      state.layout.showReadouts = true;
      state.openHelp = true;
    }
    ImGui::EndMenu();
  }
  if (state.now < state.messageUntil) {
    ImGui::SameLine(0, 2 * ImGui::GetFontSize());
    ImGui::TextUnformatted(state.message.c_str());
  }
  ImGui::EndMainMenuBar();
}

}  // namespace contactlab
