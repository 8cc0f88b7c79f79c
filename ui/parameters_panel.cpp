// The Parameters panel: gravity, damping, elasticity and friction, with their units.
#include <imgui.h>

#include "panels.h"
#include "widgets.h"

namespace contactlab {

void parametersPanel(const UiFacts& facts, UiState& state, Commands& out) {
  WorldSettings& s = editedSettings(facts, state);
  EditTracker tracker;
  bool changed = false;
  ImGui::PushItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  changed |= sliderDouble("gravity (m/s²)", &s.gravity, -20, 30, "%.2f", tracker);
  helpMarker("Pull along -y; negative pulls up. Earth 9.81, Moon 1.62, Mars 3.71.");
  bool first = true;
  for (auto [name, g] : {std::pair{"Earth", 9.81}, {"Moon", 1.62}, {"Mars", 3.71}, {"none", 0.0}}) {
    if (!first) sameLineIfRoom(buttonWidth(name));
    first = false;
    if (ImGui::SmallButton(name)) {
      s.gravity = g;
      changed = true;
    }
  }
  changed |= sliderDouble("damping (N·s/m)", &s.damping, 0, 10, "%.3f", tracker);
  helpMarker("A viscous medium: force -k v on each body, torque -k * rotate ratio * omega.");
  changed |= sliderDouble("rotate ratio (m²)", &s.rotateRatio, 0, 10, "%.2f", tracker);
  helpMarker("Scales the damping of rotation.");
  const float sliderWidth = ImGui::CalcItemWidth();
  changed |= sliderDouble("elasticity", &s.elasticity, 0, 1, "%.2f", tracker);
  state.itemRects["elasticity"] = itemFrame(sliderWidth);
  helpMarker(
      "Coefficient of restitution of bodies that set none: 1 bounces back at full speed, 0 "
      "stops dead. A pair uses the smaller of its two.");
  // ContactSim is frictionless: the coefficient is kept for the time-stepping solver, greyed here.
  ImGui::BeginDisabled(s.solver != SolverKind::Timestep);
  changed |= sliderDouble("friction", &s.friction, 0, 2, "%.2f", tracker);
  state.itemRects["friction"] = itemFrame(sliderWidth);
  ImGui::EndDisabled();
  helpMarker(
      "Coulomb coefficient of bodies that set none. Used by the time-stepping solver; "
      "ContactSim is frictionless, so the slider is greyed while it runs.");
  ImGui::PopItemWidth();
  if (changed) out.settings = s;
  state.settingsEditing |= tracker.active;
  tracker.report(out);
}

}  // namespace contactlab
