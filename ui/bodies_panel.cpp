// The Bodies panel: add a box, disc or polygon with its size and mass; inspect and edit the
// selected body (position, angle, velocity, mass, fixed, elasticity); pick a body from a list.
#include <imgui.h>

#include <cmath>
#include <numbers>

#include "body_placement.h"
#include "panels.h"
#include "widgets.h"

namespace contactlab {
namespace {

constexpr double kDegrees = 180 / std::numbers::pi;

void addForm(const UiFacts& facts, UiState& state, Commands& out) {
  AddBodyForm& f = state.addForm;
  ImGui::RadioButton("box", &f.shape, 0);
  sameLineIfRoom(checkWidth("disc"));
  ImGui::RadioButton("disc", &f.shape, 1);
  sameLineIfRoom(checkWidth("polygon"));
  ImGui::RadioButton("polygon", &f.shape, 2);
  ImGui::PushItemWidth(ImGui::GetContentRegionAvail().x * 0.45f);
  const double minSize = 0.01, maxSize = 50, minMass = 0.001, maxMass = 1e4;
  const ImGuiDataType d = ImGuiDataType_Double;
  if (f.shape == 0) {
    ImGui::DragScalar("width (m)", d, &f.width, 0.01f, &minSize, &maxSize, "%.3f");
    ImGui::DragScalar("height (m)", d, &f.height, 0.01f, &minSize, &maxSize, "%.3f");
  } else {
    ImGui::DragScalar(f.shape == 1 ? "radius (m)" : "corner radius (m)", d, &f.radius, 0.01f,
                      &minSize, &maxSize, "%.3f");
  }
  if (f.shape == 2) ImGui::SliderInt("sides", &f.sides, 3, 12);
  ImGui::DragScalar("mass (kg)", d, &f.mass, 0.01f, &minMass, &maxMass, "%.3f",
                    ImGuiSliderFlags_Logarithmic);
  ImGui::PopItemWidth();
  ImGui::Checkbox("fixed", &f.fixed);
  helpMarker("A fixed body never moves: a floor, a wall, a ramp. Drag it to place it.");
  ImGui::SameLine();
  if (ImGui::Button("Add")) {
    const Rect area = freeArea(state, facts.camera.viewport);
    const Vec2 corner1 = facts.camera.screenToWorld(area.min);
    const Vec2 corner2 = facts.camera.screenToWorld(area.max);
    out.addBody =
        newBodyDef(f, facts.world, Rect{glm::min(corner1, corner2), glm::max(corner1, corner2)});
  }
}

void inspector(const SnapshotBody& body, const BodyState& now, const UiFacts& facts, UiState& state,
               Commands& out) {
  ImGui::Text("%s", body.def.name.c_str());
  ImGui::SameLine();
  switch (body.def.shape) {
    case ShapeKind::Box:
      ImGui::TextDisabled("box %.3g x %.3g m", body.def.width, body.def.height);
      break;
    case ShapeKind::Disc:
      ImGui::TextDisabled("disc r %.3g m", body.def.radius);
      break;
    case ShapeKind::Polygon:
      ImGui::TextDisabled("polygon, %zu corners", body.def.points.size());
      break;
  }
  bool wasEditing = state.stateEditing;
  if (!wasEditing) state.stateBuffer = now;
  BodyState& s = state.stateBuffer;
  EditTracker tracker;
  BodyStateEdit edit;
  double angle = s.angle * kDegrees;
  ImGui::PushItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  if (dragDouble("x (m)", &s.position.x, 0.01, 0, 0, "%.4f", tracker)) edit.x = s.position.x;
  if (dragDouble("y (m)", &s.position.y, 0.01, 0, 0, "%.4f", tracker)) edit.y = s.position.y;
  if (dragDouble("angle (°)", &angle, 0.5, 0, 0, "%.2f", tracker))
    edit.angle = s.angle = angle / kDegrees;
  if (dragDouble("vx (m/s)", &s.velocity.x, 0.01, 0, 0, "%.4f", tracker)) edit.vx = s.velocity.x;
  if (dragDouble("vy (m/s)", &s.velocity.y, 0.01, 0, 0, "%.4f", tracker)) edit.vy = s.velocity.y;
  if (dragDouble("omega (rad/s)", &s.omega, 0.01, 0, 0, "%.4f", tracker)) edit.omega = s.omega;
  state.stateEditing = tracker.active;
  if (edit.any()) out.selectedState = edit;
  tracker.report(out);

  BodyDefEdit defEdit;
  if (!body.def.fixed) {
    double mass = body.mass;
    ImGui::InputDouble("mass (kg)", &mass, 0, 0, "%.4g");
    if (ImGui::IsItemDeactivatedAfterEdit() && mass > 0 && mass != body.mass) defEdit.mass = mass;
  }
  bool fixed = body.def.fixed;
  if (ImGui::Checkbox("fixed", &fixed)) defEdit.fixed = fixed;
  double e = body.elasticity;
  ImGui::InputDouble("elasticity", &e, 0, 0, "%.3g");
  if (ImGui::IsItemDeactivatedAfterEdit() && e >= 0 && e != body.elasticity) defEdit.elasticity = e;
  ImGui::PopItemWidth();
  if (defEdit.any()) out.selectedDef = defEdit;

  if (!body.def.fixed) {
    double g = facts.world.settings.gravity;
    ImGui::TextDisabled("weight m g = %.4g N   I = %.4g kg m²", body.mass * g, body.inertia);
    double speed = std::hypot(now.velocity.x, now.velocity.y);
    ImGui::TextDisabled(
        "speed %.3g m/s   kinetic energy %.4g J", speed,
        0.5 * body.mass * speed * speed + 0.5 * body.inertia * now.omega * now.omega);
  }
  if (ImGui::Button("Delete (Del)")) out.deleteSelected = true;
}

void bodyList(const UiFacts& facts, const UiState& state, Commands& out) {
  const WorldSnapshot& world = facts.world;
  const std::size_t count = world.bodyCount();
  ImGui::TextDisabled("%zu bodies", count);
  float height =
      std::min(8.0f, static_cast<float>(count) + 0.5f) * ImGui::GetTextLineHeightWithSpacing();
  if (ImGui::BeginChild("body list", ImVec2(0, height), true)) {
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(count));
    while (clipper.Step()) {
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
        const SnapshotBody& body = world.body(i);
        ImGui::PushID(i);
        if (ImGui::Selectable(body.def.name.c_str(), body.id == state.selected))
          out.select = body.id;
        ImGui::PopID();
      }
    }
  }
  ImGui::EndChild();
}

}  // namespace

void bodiesPanel(const UiFacts& facts, UiState& state, Commands& out) {
  if (ImGui::TreeNodeEx("Add a body", ImGuiTreeNodeFlags_DefaultOpen)) {
    addForm(facts, state, out);
    ImGui::TreePop();
  }
  ImGui::Separator();
  const int selected = facts.world.indexOf(state.selected);
  if (selected >= 0)
    inspector(facts.world.body(selected), facts.world.states[selected], facts, state, out);
  else {
    state.stateEditing = false;
    ImGui::TextDisabled("Click a body to inspect it.");
  }
  bodyList(facts, state, out);
}

}  // namespace contactlab
