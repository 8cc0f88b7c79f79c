// The Joints panel: the mouse's tool (select, or add a pin, hinge, rod, rope or spring), the
// selected joint (its bodies, anchors, force and tension; a rod's or rope's length and a rope's
// elasticity to edit; Delete) or spring (stiffness, rest length, damping), and the list of joints
// and springs to pick one from.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "body_outline.h"
#include "panels.h"
#include "widgets.h"

namespace contactlab {
namespace {

void toolButtons(UiState& state) {
  for (int k = 0; k < kWorldToolCount; ++k) {
    const WorldTool tool = static_cast<WorldTool>(k);
    char label[32];
    std::snprintf(label, sizeof label, "%s (%d)", worldToolName(tool), k + 1);
    if (k > 0) sameLineIfRoom(checkWidth(label));
    int current = static_cast<int>(state.tool);
    if (ImGui::RadioButton(label, &current, k)) state.tool = tool;
  }
  ImGui::TextWrapped("%s", worldToolHint(state.tool));
}

// The joint's elasticity (ropes), from its definition.
double elasticityOf(const WorldSnapshot& world, const JointReport& joint) {
  for (const JointDef& def : world.jointDefinitions)
    if (def.name == joint.name) return def.elasticity;
  return 0;
}

void inspector(const JointReport& joint, const UiFacts& facts, Commands& out) {
  const WorldSnapshot& world = facts.world;
  const std::string b = joint.b.isNull() ? std::string("the world") : world.nameOf(joint.b);
  ImGui::Text("%s", joint.name.c_str());
  ImGui::SameLine();
  ImGui::TextDisabled("%s: %s to %s", jointKindName(joint.kind), world.nameOf(joint.a).c_str(),
                      b.c_str());
  ImGui::TextDisabled("at (%.3f, %.3f) m", joint.pointA.x, joint.pointA.y);
  if (holdsDistance(joint.kind))
    ImGui::TextDisabled("to (%.3f, %.3f) m", joint.pointB.x, joint.pointB.y);
  ImGui::Text("force on %s %.3f N", world.nameOf(joint.a).c_str(),
              std::hypot(joint.force.x, joint.force.y));
  ImGui::TextDisabled("  (%.3f, %.3f) N", joint.force.x, joint.force.y);
  if (holdsDistance(joint.kind)) ImGui::Text("tension %.3f N", joint.tension);
  if (holdsDistance(joint.kind)) {
    ImGui::PushItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
    double length = joint.length;
    ImGui::InputDouble("length (m)", &length, 0, 0, "%.4g");
    if (ImGui::IsItemDeactivatedAfterEdit() && length != joint.length)
      out.jointEdit = JointEdit{joint.name, length, std::nullopt};
    if (joint.kind == JointKind::Rope) {
      double e = elasticityOf(world, joint);
      ImGui::InputDouble("elasticity", &e, 0, 0, "%.3g");
      helpMarker(
          "How much of its speed a body keeps when the rope snaps taut: 0 stops it, 1 "
          "bounces it back. Between 0 and 1.");
      if (ImGui::IsItemDeactivatedAfterEdit() && e != elasticityOf(world, joint))
        out.jointEdit = JointEdit{joint.name, std::nullopt, e};
    }
    ImGui::PopItemWidth();
  }
  if (ImGui::Button("Delete joint (Del)")) out.deleteSelected = true;
}

// A number field that asks for `edit` once the person is done typing a new value.
bool numberField(const char* label, double value, const char* format, double& edited) {
  edited = value;
  ImGui::InputDouble(label, &edited, 0, 0, format);
  return ImGui::IsItemDeactivatedAfterEdit() && edited != value;
}

void springInspector(int index, const UiFacts& facts, Commands& out) {
  const WorldSnapshot& world = facts.world;
  const SpringDef& spring = world.springs[index];
  const int body = world.indexOf(spring.body);
  if (body < 0) return;
  const Vec2 end = toWorldFrame(world.states[body], spring.bodyPoint);
  const double length = glm::length(end - spring.anchor);
  ImGui::Text("spring%d", index + 1);
  ImGui::SameLine();
  ImGui::TextDisabled("%s to the world", world.body(body).def.name.c_str());
  ImGui::TextDisabled("at (%.3f, %.3f) m", spring.anchor.x, spring.anchor.y);
  ImGui::Text("length %.3f m, pull k (d - rest) %.3f N", length,
              spring.stiffness * (length - spring.restLength));
  ImGui::PushItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  SpringEdit edit{.index = index, .stiffness = {}, .restLength = {}, .damping = {}};
  double value = 0;
  if (numberField("stiffness (N/m)", spring.stiffness, "%.4g", value)) edit.stiffness = value;
  if (numberField("rest length (m)", spring.restLength, "%.4g", value)) edit.restLength = value;
  if (numberField("damping (N s/m)", spring.damping, "%.4g", value)) edit.damping = value;
  ImGui::PopItemWidth();
  if (edit.stiffness || edit.restLength || edit.damping) out.springEdit = edit;
  if (ImGui::Button("Delete spring (Del)")) out.deleteSelected = true;
}

void jointList(const UiFacts& facts, const UiState& state, Commands& out) {
  const std::vector<JointReport>& joints = facts.world.joints;
  const std::vector<SpringDef>& springs = facts.world.springs;
  ImGui::TextDisabled("%zu joints, %zu springs", joints.size(), springs.size());
  const std::size_t rows = joints.size() + springs.size();
  if (rows == 0) return;
  const float height =
      std::min(6.0f, static_cast<float>(rows) + 0.5f) * ImGui::GetTextLineHeightWithSpacing();
  if (ImGui::BeginChild("joint list", ImVec2(0, height), true)) {
    for (std::size_t i = 0; i < joints.size(); ++i) {
      const JointReport& j = joints[i];
      char label[160];
      std::snprintf(label, sizeof label, "%s  %s", j.name.c_str(), jointKindName(j.kind));
      ImGui::PushID(static_cast<int>(i));
      if (ImGui::Selectable(label, j.name == state.selectedJoint)) out.selectJoint = j.name;
      ImGui::PopID();
    }
    for (std::size_t i = 0; i < springs.size(); ++i) {
      char label[160];
      std::snprintf(label, sizeof label, "spring%zu  on %s", i + 1,
                    facts.world.nameOf(springs[i].body).c_str());
      ImGui::PushID(static_cast<int>(joints.size() + i));
      if (ImGui::Selectable(label, static_cast<int>(i) == state.selectedSpring))
        out.selectSpring = static_cast<int>(i);
      ImGui::PopID();
    }
  }
  ImGui::EndChild();
}

}  // namespace

void jointsPanel(const UiFacts& facts, UiState& state, Commands& out) {
  toolButtons(state);
  ImGui::Separator();
  const JointReport* selected = nullptr;
  for (const JointReport& j : facts.world.joints)
    if (!state.selectedJoint.empty() && j.name == state.selectedJoint) selected = &j;
  if (selected)
    inspector(*selected, facts, out);
  else if (state.selectedSpring >= 0 &&
           state.selectedSpring < static_cast<int>(facts.world.springs.size()))
    springInspector(state.selectedSpring, facts, out);
  else
    ImGui::TextDisabled("Click a joint or a spring (with the Select tool) to inspect it.");
  jointList(facts, state, out);
}

}  // namespace contactlab
