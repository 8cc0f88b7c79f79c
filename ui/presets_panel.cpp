// The Presets panel: the scenes of assets/scenes, one click each.
#include <imgui.h>

#include "panels.h"

namespace contactlab {

void presetsPanel(const UiFacts& facts, UiState&, Commands& out) {
  if (facts.presets.empty()) ImGui::TextDisabled("No presets found.");
  for (const Preset& preset : facts.presets) {
    if (ImGui::Button(preset.name.c_str(), ImVec2(-1, 0))) out.openPreset = preset.name;
    if (!preset.description.empty() && ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
      ImGui::TextUnformatted(preset.description.c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
  }
}

}  // namespace contactlab
