// The Simulation panel: play, pause, step, reset, undo, redo; time rate; the step dt, integrator,
// solver and collision handling; tolerances; whether the physics keeps up; display options.
#include <imgui.h>

#include <cstdio>

#include "behind_line.h"
#include "panels.h"
#include "widgets.h"

namespace contactlab {
namespace {

bool solverCombo(WorldSettings& settings, EditTracker& tracker) {
  const char* names[] = {"ContactSim (LCP)", "time stepping"};
  bool changed = enumCombo("solver", &settings.solver, names, tracker);
  helpMarker(
      "ContactSim: Baraff's LCP gives exact resting-contact forces at the acceleration level, "
      "with impulses for collisions; no friction.\nTime stepping: a velocity-level scheme "
      "with Coulomb friction, for piles and granular flows.");
  return changed;
}

// The time-stepping solver's own settings (docs/timestep.md), shown while it is the solver.
bool timesteppingSettings(WorldSettings& s, EditTracker& tracker) {
  if (s.solver != SolverKind::Timestep ||
      !ImGui::TreeNodeEx("Time stepping", ImGuiTreeNodeFlags_DefaultOpen))
    return false;
  const char* schemes[] = {"QP to a tolerance", "substeps (fast)"};
  bool changed = enumCombo("scheme", &s.timestepScheme, schemes, tracker);
  helpMarker(
      "How each step's contact problem is solved. QP: by the QP solver below, to the "
      "tolerance.\nSubsteps: a fixed cost per step, one Gauss-Seidel sweep per substep with soft "
      "contacts; fastest on big piles, but loaded contacts compress a little (millimetres per "
      "layer).");
  const bool substeps = s.timestepScheme == TimestepScheme::Substeps;
  if (substeps) {
    changed |= sliderWholeNumber("substeps", &s.substeps, 1, 64, tracker);
    helpMarker("Substeps per step, each one sweep over the contacts and two relax sweeps.");
  }
  ImGui::BeginDisabled(substeps);
  const char* methods[] = {"projected Gauss-Seidel", "MPRGP (frictionless)", "APGD"};
  changed |= enumCombo("QP solver", &s.qpMethod, methods, tracker);
  helpMarker(
      "Projected Gauss-Seidel (one contact at a time), MPRGP (Dostal; frictionless problems "
      "only) or APGD (Nesterov-accelerated projected gradient).");
  if (!substeps && s.qpMethod == QpSolverKind::Mprgp) {
    ImGui::TextWrapped(
        "MPRGP solves frictionless groups only (every friction 0): groups with friction are "
        "solved by APGD, counted in Statistics.");
  }
  changed |= sliderDouble("tolerance", &s.qpTolerance, 1e-6, 1e-1, "%.1e", tracker, true);
  helpMarker(
      "A solve stops when its residual, a velocity error relative to the largest "
      "velocity term, is at most this...");
  changed |= sliderWholeNumber("iteration cap", &s.qpIterations, 1, 10000, tracker);
  helpMarker("...or after this many iterations.");
  changed |= sliderDouble("stabilization", &s.gapStabilization, 0.01, 1, "%.2f", tracker);
  helpMarker(
      "Fraction of a contact's excess closeness removed per step by moving the bodies, never "
      "their velocities (the substeps push out with their soft contacts instead).");
  ImGui::EndDisabled();
  changed |= sliderDouble("margin (m)", &s.contactMargin, 0, 0.2, "%.3f", tracker);
  helpMarker(
      "Contacts this much farther than the target gap (plus how far the bodies can move "
      "in a step) enter the step's problem, so they are held before they close.");
  changed |= sliderDouble("bounce (m/s)", &s.restitutionThreshold, 0, 10, "%.2f", tracker);
  helpMarker("Contacts approaching faster than this bounce; slower ones come to rest.");
  ImGui::TreePop();
  return changed;
}

void statusLine(const UiFacts& facts, const Readouts& shown) {
  const SimulationStatus& s = facts.status;
  ImGui::Text("%s   t = %.2f s", s.running ? "Running" : "Paused", shown.time);
  if (!facts.status.source.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("  %s", facts.status.source.c_str());
  }
  char line[160];
  if (s.busySeconds > 0.25) {
    std::snprintf(line, sizeof line, "Computing one step: %.1f s so far. The picture stays live.",
                  s.busySeconds);
    warningText(line);
  } else if (s.running && shown.behind) {
    warningText(behindLine(shown.speed, facts.world.settings).c_str());
  }
  if (!s.error.empty()) warningText(s.error.c_str());
}

}  // namespace

void simulationPanel(const UiFacts& facts, UiState& state, Commands& out) {
  statusLine(facts, state.readouts);
  const float em = ImGui::GetFontSize();
  if (ImGui::Button(facts.status.running ? "Pause" : "Play", ImVec2(4 * em, 0)))
    out.togglePlay = true;
  sameLineIfRoom(buttonWidth("Step"));
  if (ImGui::Button("Step")) out.step = true;
  sameLineIfRoom(buttonWidth("Reset"));
  if (ImGui::Button("Reset")) out.reset = true;
  sameLineIfRoom(buttonWidth("Undo"));
  ImGui::BeginDisabled(!facts.status.canUndo);
  if (ImGui::Button("Undo")) out.undo = true;
  ImGui::EndDisabled();
  sameLineIfRoom(buttonWidth("Redo"));
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
  // The integrator and the collision handling belong to ContactSim; time stepping has its own
  // semi-implicit Euler step and resolves collisions inside each step's contact problem.
  const bool timestepping = s.solver == SolverKind::Timestep;
  ImGui::BeginDisabled(timestepping);
  const char* integrators[] = {"Euler", "midpoint", "Runge-Kutta 4"};
  changed |= enumCombo("integrator", &s.integrator, integrators, tracker);
  ImGui::EndDisabled();
  helpMarker(timestepping ? "Time stepping always takes a semi-implicit Euler step."
                          : "How ContactSim integrates a step (RK4: four evaluations).");
  changed |= solverCombo(s, tracker);
  changed |= timesteppingSettings(s, tracker);
  ImGui::BeginDisabled(timestepping);
  const char* handling[] = {"serial", "simultaneous"};
  changed |= enumCombo("collisions", &s.collisions, handling, tracker);
  ImGui::EndDisabled();
  helpMarker(timestepping
                 ? "Time stepping resolves collisions inside each step's contact problem."
                 : "Several collisions at once: resolved one pair at a time, fastest first "
                   "(serial), or together in one LCP (simultaneous).");
  if (ImGui::TreeNode("Tolerances")) {
    changed |= sliderDouble("distance (m)", &s.distanceTol, 0.0005, 0.1, "%.4f", tracker, true);
    helpMarker(
        "A corner this close to an edge can be a resting contact; contacts rest at half of it.");
    changed |= sliderDouble("velocity (m/s)", &s.velocityTol, 0.01, 5, "%.3f", tracker, true);
    helpMarker("...if it approaches or leaves slower than this; faster approaches are collisions.");
    changed |= sliderDouble("gap recovery (steps)", &s.gapRecoverySteps, 1, 20, "%.1f", tracker);
    helpMarker(
        "Time constant, in steps, of the correction that keeps resting gaps at their target "
        "(below it, by moving the bodies, never their velocities).");
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
  helpMarker(
      "Each red arrow is the normal force at one resting contact, drawn on the body it acts on "
      "(one arrow per action/reaction pair), from the contact point; its length is force x the "
      "scale, which the legend at the bottom left shows.");
  sameLineIfRoom(checkWidth("friction", true));
  ImGui::Checkbox("friction", &v.friction);
  helpMarker(
      "Violet arrows: the friction force at each contact (time stepping; ContactSim is "
      "frictionless).");
  sameLineIfRoom(checkWidth("resultants", true));
  ImGui::Checkbox("resultants", &v.resultants);
  helpMarker(
      "Dark red arrows from each centre of mass: the sum of the contact forces on the body.");
  ImGui::Checkbox("automatic scale", &v.autoForceScale);
  helpMarker("The largest force drawn about a quarter of the view, in round steps (1, 2, 5).");
  ImGui::SameLine();
  ImGui::BeginDisabled(v.autoForceScale);
  sliderDouble("m per N", &v.forceScale, 0.0001, 0.5, "%.4f", ignored, true);
  ImGui::EndDisabled();
  int labels = static_cast<int>(v.forceLabels);
  ImGui::TextUnformatted("force values:");
  sameLineIfRoom(checkWidth("none"));
  ImGui::RadioButton("none", &labels, static_cast<int>(ForceLabels::None));
  sameLineIfRoom(checkWidth("N"));
  ImGui::RadioButton("N", &labels, static_cast<int>(ForceLabels::Newtons));
  sameLineIfRoom(checkWidth("x m g", true));
  ImGui::RadioButton("x m g", &labels, static_cast<int>(ForceLabels::Weights));
  helpMarker(
      "Label each arrow with its force in newtons, or as a multiple of the weight m g of "
      "the body it acts on (a block resting on two corners: 0.5 m g each).");
  v.forceLabels = static_cast<ForceLabels>(labels);
  ImGui::Checkbox("velocities", &v.velocities);
  ImGui::SameLine();
  sliderDouble("m per m/s", &v.velocityScale, 0.02, 2, "%.2f", ignored, true);
  ImGui::Checkbox("collision impulses", &v.impulses);
  sameLineIfRoom(checkWidth("centres of mass", true));
  ImGui::Checkbox("centres of mass", &v.centres);
  helpMarker(
      "A mark at each moving body's centre of mass, on bodies at least four times the mark's "
      "area on the screen (24 x 24 pixels): on smaller ones it would hide the body. Zoom in to "
      "see the marks of a pile of small blocks.");
  ImGui::Checkbox("grid", &v.grid);
  sameLineIfRoom(checkWidth("names"));
  ImGui::Checkbox("names", &v.names);
  ImGui::PopItemWidth();
}

}  // namespace contactlab
