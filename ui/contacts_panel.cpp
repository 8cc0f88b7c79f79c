// The Contacts panel, for class: every resting contact's force in newtons, every joint's force and
// tension, then per body the sum of the contact forces on it against its weight (at rest they
// balance, joints and springs aside).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unordered_map>

#include "panels.h"

namespace contactlab {
namespace {

std::uint64_t key(BodyId id) {
  return (std::uint64_t{id.generation} << 32) | id.index;
}

// Tables size every column to its content (the names whole: "level1" to "level4" must not all read
// "level"), and scroll sideways when the column is narrower than the table.
constexpr ImGuiTableFlags kTableFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders |
                                        ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX |
                                        ImGuiTableFlags_SizingFixedFit;

// The width of the widest of the bodies' names, px.
float widestName(const WorldSnapshot& world) {
  float widest = ImGui::CalcTextSize("body").x;
  for (std::size_t i = 0; i < world.bodyCount(); ++i)
    widest = std::max(widest, ImGui::CalcTextSize(world.body(i).def.name.c_str()).x);
  return widest;
}

void contactTable(const UiFacts& facts, float nameWidth, Commands& out) {
  const std::vector<ContactReport>& contacts = facts.world.contacts;
  float height = ImGui::GetTextLineHeightWithSpacing() *
                 std::min(12.0f, static_cast<float>(contacts.size()) + 1.5f);
  if (!ImGui::BeginTable("contacts", 5, kTableFlags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("on", ImGuiTableColumnFlags_WidthFixed, nameWidth);
  ImGui::TableSetupColumn("by", ImGuiTableColumnFlags_WidthFixed, nameWidth);
  ImGui::TableSetupColumn("x (m)");
  ImGui::TableSetupColumn("y (m)");
  ImGui::TableSetupColumn("force (N)");
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(contacts.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const ContactReport& c = contacts[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushID(i);
      if (ImGui::Selectable(facts.world.nameOf(c.body1).c_str(), false,
                            ImGuiSelectableFlags_SpanAllColumns))
        out.select = c.body1;
      ImGui::PopID();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(facts.world.nameOf(c.body2).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%.3f", c.point.x);
      ImGui::TableNextColumn();
      ImGui::Text("%.3f", c.point.y);
      ImGui::TableNextColumn();
      if (c.friction != 0)
        ImGui::Text("%.3f (+%.3f t)", c.force, c.friction);
      else
        ImGui::Text("%.3f", c.force);
    }
  }
  ImGui::EndTable();
}

// One row per joint: its bodies, the force it applies to A (B or the world gets the opposite) and,
// for rods and ropes, the tension (positive pulls the ends together).
void jointTable(const UiFacts& facts, float nameWidth, const UiState& state, Commands& out) {
  const std::vector<JointReport>& joints = facts.world.joints;
  float height = ImGui::GetTextLineHeightWithSpacing() *
                 std::min(12.0f, static_cast<float>(joints.size()) + 1.5f);
  if (!ImGui::BeginTable("joints", 7, kTableFlags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("joint");
  ImGui::TableSetupColumn("A", ImGuiTableColumnFlags_WidthFixed, nameWidth);
  ImGui::TableSetupColumn("B", ImGuiTableColumnFlags_WidthFixed, nameWidth);
  ImGui::TableSetupColumn("|F| (N)");
  ImGui::TableSetupColumn("tension (N)");
  ImGui::TableSetupColumn("Fx (N)");
  ImGui::TableSetupColumn("Fy (N)");
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < joints.size(); ++i) {
    const JointReport& j = joints[i];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    char label[160];
    std::snprintf(label, sizeof label, "%s %s", j.name.c_str(), jointKindName(j.kind));
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::Selectable(label, j.name == state.selectedJoint,
                          ImGuiSelectableFlags_SpanAllColumns))
      out.selectJoint = j.name;
    ImGui::PopID();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(facts.world.nameOf(j.a).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(j.b.isNull() ? "world" : facts.world.nameOf(j.b).c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", std::hypot(j.force.x, j.force.y));
    ImGui::TableNextColumn();
    if (holdsDistance(j.kind))
      ImGui::Text("%.3f", j.tension);
    else
      ImGui::TextDisabled("-");
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", j.force.x);
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", j.force.y);
  }
  ImGui::EndTable();
}

void balanceTable(const UiFacts& facts, float nameWidth) {
  std::unordered_map<std::uint64_t, Vec2> net;
  for (const ContactReport& c : facts.world.contacts) {
    Vec2 force = c.normal * c.force + perpendicular(c.normal) * c.friction;
    net[key(c.body1)] += force;
    net[key(c.body2)] -= force;
  }
  double g = facts.world.settings.gravity;
  const WorldSnapshot& world = facts.world;
  float height = ImGui::GetTextLineHeightWithSpacing() *
                 std::min(12.0f, static_cast<float>(world.bodyCount()) + 1.5f);
  if (!ImGui::BeginTable("balance", 4, kTableFlags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("body", ImGuiTableColumnFlags_WidthFixed, nameWidth);
  ImGui::TableSetupColumn("weight m g (N)");
  ImGui::TableSetupColumn("contacts up (N)");
  ImGui::TableSetupColumn("sideways (N)");
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < world.bodyCount(); ++i) {
    const SnapshotBody& body = world.body(i);
    if (body.def.fixed) continue;
    auto found = net.find(key(body.id));
    Vec2 f = found == net.end() ? Vec2{0, 0} : found->second;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(body.def.name.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", body.mass * g);
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", f.y);
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", f.x);
  }
  ImGui::EndTable();
}

}  // namespace

void contactsPanel(const UiFacts& facts, UiState& state, Commands& out) {
  ImGui::Text("%zu resting contacts", facts.world.contacts.size());
  ImGui::TextDisabled("Force on the first body, from the second (N).");
  const float nameWidth = widestName(facts.world);
  contactTable(facts, nameWidth, out);
  if (!facts.world.joints.empty()) {
    ImGui::Spacing();
    ImGui::Text("%zu joints", facts.world.joints.size());
    ImGui::TextWrapped(
        "Force on A from B or the world, its size and components (N); the tension of rods and "
        "ropes.");
    jointTable(facts, nameWidth, state, out);
  }
  ImGui::Spacing();
  ImGui::TextWrapped(
      "Sum of the contact forces on each body against its weight: a body at rest is "
      "held up by exactly m g.");
  balanceTable(facts, nameWidth);
}

}  // namespace contactlab
