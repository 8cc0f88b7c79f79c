// The Help panel: every mouse action and keyboard shortcut.
#include <imgui.h>

#include "panels.h"

namespace contactlab {

void helpPanel() {
  static constexpr const char* kShortcuts[][2] = {
      {"Left drag a body", "running: pull it with a spring; paused: move it"},
      {"Shift + left drag", "paused: rotate the body about its centre"},
      {"Left click", "select a joint or spring near it, else a body (empty space: none)"},
      {"1 ... 6", "tool: select, pin, hinge, rod, rope, spring (Joints section, Add menu)"},
      {"Right drag", "pan the view"},
      {"Mouse wheel", "zoom about the cursor"},
      {"Space", "play / pause"},
      {"S", "one step (pauses)"},
      {"R", "reset to the start (where play was last pressed)"},
      {"Delete", "remove the selected body, joint or spring"},
      {"Ctrl+Z / Ctrl+Y", "undo / redo an edit"},
      {"Ctrl+C", "copy the scene's share string"},
      {"Ctrl+V", "open a share string from the clipboard"},
      {"Ctrl+N", "a new scene (a floor)"},
      {"Ctrl+S / Ctrl+O", "save / open a scene file"},
      {"F", "fit the scene in the view"},
      {"G", "show or hide the Graph panel"},
      {"Tab", "hide or show the panels"},
      {"L", "lesson view: the world alone, big clock"},
      {"Ctrl+plus / Ctrl+minus", "larger / smaller text (Ctrl+0: 100 %)"},
      {"F1", "this help"},
      {"F12", "save a picture (the world, with the graph, or the window)"},
      {"Escape", "let go, deselect, back to the Select tool"},
      {"Ctrl+Q", "quit (the scene is kept for next time)"},
  };
  if (!ImGui::BeginTable("shortcuts", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp))
    return;
  for (const auto& [keys, action] : kShortcuts) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(keys);
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", action);
  }
  ImGui::EndTable();
}

}  // namespace contactlab
