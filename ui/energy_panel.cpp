// The Energy panel: kinetic, potential (gravity, zero at y = 0, and springs) and total energy as
// bars, and all three over time in one graph.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include "panels.h"

namespace contactlab {
namespace {

const ImU32 kKinetic = IM_COL32(60, 120, 215, 255);
const ImU32 kPotential = IM_COL32(60, 150, 70, 255);
const ImU32 kTotal = IM_COL32(70, 70, 80, 255);

void bar(const char* name, double value, double scale, ImU32 color) {
  char overlay[64];
  std::snprintf(overlay, sizeof overlay, "%s %.4g J", name, shownValue(value, scale));
  ImGui::PushStyleColor(ImGuiCol_PlotHistogram, color);
  ImGui::ProgressBar(static_cast<float>(std::abs(value) / scale), ImVec2(-1, 0), overlay);
  ImGui::PopStyleColor();
}

void graph(const EnergyHistory& history, double scale) {
  ImVec2 size(ImGui::GetContentRegionAvail().x, 110);
  ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y),
                      IM_COL32(255, 255, 255, 255));
  ImGui::Dummy(size);
  int n = history.size();
  if (n < 2) return;
  double t0 = history.time(0), t1 = history.time(n - 1);
  double span = std::max(t1 - t0, 1e-9);
  float zeroY = origin.y + size.y * 0.5f;  // the graph shows -scale..scale
  draw->AddLine(ImVec2(origin.x, zeroY), ImVec2(origin.x + size.x, zeroY),
                IM_COL32(210, 210, 215, 255));
  // One polyline per quantity, at most one point per pixel column.
  const int points = std::min(n, std::max(2, static_cast<int>(size.x)));
  static std::vector<ImVec2> line;  // reused: no allocation per frame
  for (auto [member, color] : {std::pair{&Energy::kinetic, kKinetic},
                               {&Energy::potential, kPotential},
                               {&Energy::total, kTotal}}) {
    line.clear();
    for (int k = 0; k < points; ++k) {
      int i = static_cast<int>(static_cast<long long>(k) * (n - 1) / (points - 1));
      float x = origin.x + static_cast<float>((history.time(i) - t0) / span) * size.x;
      float y = zeroY - static_cast<float>(history.energy(i).*member / scale) * (size.y * 0.5f - 2);
      line.push_back(ImVec2(x, y));
    }
    draw->AddPolyline(line.data(), static_cast<int>(line.size()), color, ImDrawFlags_None, 1.0f);
  }
  char label[64];
  std::snprintf(label, sizeof label, "%.3g J", scale);
  draw->AddText(ImVec2(origin.x + 3, origin.y + 1), IM_COL32(120, 120, 130, 255), label);
  std::snprintf(label, sizeof label, "last %.1f s", span);
  draw->AddText(ImVec2(origin.x + 3, origin.y + size.y - 15), IM_COL32(120, 120, 130, 255), label);
}

}  // namespace

void energyPanel(const UiFacts& facts, UiState& state) {
  const Energy& e = facts.world.energy;
  double scale = std::max({state.energy.largestMagnitude(), std::abs(e.total), 1e-9});
  bar("kinetic", e.kinetic, scale, kKinetic);
  bar("potential", e.potential, scale, kPotential);
  bar("total", e.total, scale, kTotal);
  graph(state.energy, scale);
  ImGui::TextDisabled("Potential energy is m g y (zero at y = 0) plus springs.");
}

}  // namespace contactlab
