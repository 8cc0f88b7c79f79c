// The Simulation panel: play, pause, step, reset, undo, redo; time rate; the step dt, integrator,
// solver and collision handling; tolerances; whether the physics keeps up; display options.
#include <imgui.h>

#include <cstdio>

#include "panels.h"
#include "widgets.h"

namespace contactlab {
namespace {

// The solver choice, shown only when the physics library has one (WorldSettings::solver).
template <class Settings>
bool solverCombo(Settings& settings, EditTracker& tracker) {
  if constexpr (requires { settings.solver; }) {
    using Kind = decltype(settings.solver);
    int current = settings.solver == Kind::Contact ? 0 : 1;
    const char* names[] = {"ContactSim (LCP)", "time stepping"};
    bool changed = ImGui::Combo("solver", &current, names, 2);
    tracker.track();
    helpMarker(
        "ContactSim: Baraff's LCP gives exact resting-contact forces at the acceleration level, "
        "with impulses for collisions; no friction.\nTime stepping: a velocity-level scheme "
        "with Coulomb friction, for piles and granular flows.");
    if (changed) settings.solver = current == 0 ? Kind::Contact : Kind::Timestep;
    return changed;
  } else {
    return false;
  }
}

void statusLine(const UiFacts& facts) {
  const SimulationStatus& s = facts.status;
  ImGui::Text("%s   t = %.2f s", s.running ? "Running" : "Paused", facts.world.time());
  if (!facts.status.source.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("  %s", facts.status.source.c_str());
  }
  char line[160];
  if (s.busySeconds > 0.25) {
    std::snprintf(line, sizeof line, "Computing one step: %.1f s so far. The picture stays live.",
                  s.busySeconds);
    warningText(line);
  } else if (s.running && s.behind) {
    std::snprintf(line, sizeof line,
                  "Behind: the physics runs at %.0f%% of the requested speed (steps take longer "
                  "than the time they simulate).",
                  100 * s.speed);
    warningText(line);
  }
  if (!s.error.empty()) warningText(s.error.c_str());
}

}  // namespace

void simulationPanel(const UiFacts& facts, UiState& state, Commands& out) {
  statusLine(facts);
  if (ImGui::Button(facts.status.running ? "Pause" : "Play", ImVec2(60, 0))) out.togglePlay = true;
  ImGui::SameLine();
  if (ImGui::Button("Step")) out.step = true;
  ImGui::SameLine();
  if (ImGui::Button("Reset")) out.reset = true;
  ImGui::SameLine();
  ImGui::BeginDisabled(!facts.status.canUndo);
  if (ImGui::Button("Undo")) out.undo = true;
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!facts.status.canRedo);
  if (ImGui::Button("Redo")) out.redo = true;
  ImGui::EndDisabled();

  ImGui::PushItemWidth(ImGui::GetContentRegionAvail().x * 0.55f);
  double rate = facts.status.timeRate;
  EditTracker rateTracker;  // the time rate is not part of the scene: not an edit
  if (sliderDouble("time rate", &rate, 0.05, 4, "%.2fx", rateTracker, true)) out.timeRate = rate;
  helpMarker("Simulated seconds per real second. Below 1: slow motion.");

  WorldSettings& s = editedSettings(facts, state);
  EditTracker tracker;
  bool changed = false;
  changed |= sliderDouble("dt (s)", &s.dt, 0.0005, 0.05, "%.4f", tracker, true);
  helpMarker("The fixed time step. The physics always steps by dt, whatever the frame rate.");
  int integrator = static_cast<int>(s.integrator);
  const char* integrators[] = {"Euler", "midpoint", "Runge-Kutta 4"};
  if (ImGui::Combo("integrator", &integrator, integrators, 3)) {
    s.integrator = static_cast<IntegratorKind>(integrator);
    changed = true;
  }
  tracker.track();
  changed |= solverCombo(s, tracker);
  int collisions = static_cast<int>(s.collisions);
  const char* handling[] = {"serial", "simultaneous"};
  if (ImGui::Combo("collisions", &collisions, handling, 2)) {
    s.collisions = static_cast<CollisionHandling>(collisions);
    changed = true;
  }
  tracker.track();
  helpMarker(
      "Several collisions at once: resolved one pair at a time, fastest first (serial), "
      "or together in one LCP (simultaneous).");
  if (ImGui::TreeNode("Tolerances")) {
    changed |= sliderDouble("distance (m)", &s.distanceTol, 0.0005, 0.1, "%.4f", tracker, true);
    helpMarker(
        "A corner this close to an edge can be a resting contact; contacts rest at half of it.");
    changed |= sliderDouble("velocity (m/s)", &s.velocityTol, 0.01, 5, "%.3f", tracker, true);
    helpMarker("...if it approaches or leaves slower than this; faster approaches are collisions.");
    changed |= sliderDouble("gap recovery (steps)", &s.gapRecoverySteps, 1, 20, "%.1f", tracker);
    helpMarker(
        "Time constant, in steps, of the correction that keeps resting gaps at their target.");
    ImGui::TreePop();
  }
  ImGui::PopItemWidth();
  if (changed) out.settings = s;
  state.settingsEditing |= tracker.active;
  tracker.report(out);
  if (ImGui::TreeNode("Display")) {
    displayOptions(state);
    ImGui::TreePop();
  }
}

void displayOptions(UiState& state) {
  ViewOptions& v = state.view;
  EditTracker ignored;  // the view is not part of the scene
  ImGui::PushItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  ImGui::Checkbox("contact forces", &v.forces);
  ImGui::SameLine();
  sliderDouble("m per N", &v.forceScale, 0.001, 0.5, "%.3f", ignored, true);
  helpMarker(
      "Each red line is the force at one resting contact on the body that owns the contact "
      "point; its length is force x this scale. One line per action/reaction pair.");
  ImGui::Checkbox("velocities", &v.velocities);
  ImGui::SameLine();
  sliderDouble("m per m/s", &v.velocityScale, 0.02, 2, "%.2f", ignored, true);
  ImGui::Checkbox("collision impulses", &v.impulses);
  ImGui::SameLine();
  ImGui::Checkbox("centres of mass", &v.centres);
  ImGui::Checkbox("grid", &v.grid);
  ImGui::SameLine();
  ImGui::Checkbox("names", &v.names);
  ImGui::PopItemWidth();
}

}  // namespace contactlab
