// Text over the world, drawn behind the panels: grid coordinates along the edges of the free area,
// a scale bar, body names, the force legend and the force arrows' values, a banner when the
// physics cannot keep up (and one while a drag caps the contact solves' iterations), and the joint
// tool in use with what to do with it.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "force_arrows.h"
#include "grid.h"
#include "panels.h"

namespace contactlab {
namespace {

const ImU32 kLabel = IM_COL32(110, 110, 120, 255);

void gridLabels(const Camera& camera, const Rect& area, ImDrawList* draw) {
  GridSpacing spacing = gridSpacing(camera.pixelsPerMeter);
  Vec2 low = camera.screenToWorld({area.min.x, area.max.y});
  Vec2 high = camera.screenToWorld({area.max.x, area.min.y});
  const float em = ImGui::GetFontSize();
  char text[32];
  for (double i = std::ceil(low.x / spacing.major); i * spacing.major <= high.x; ++i) {
    double x = camera.worldToScreen({i * spacing.major, 0}).x;
    std::snprintf(text, sizeof text, "%g", i * spacing.major);
    draw->AddText(ImVec2(static_cast<float>(x) + 3, static_cast<float>(area.max.y) - em - 3),
                  kLabel, text);
  }
  for (double j = std::ceil(low.y / spacing.major); j * spacing.major <= high.y; ++j) {
    double y = camera.worldToScreen({0, j * spacing.major}).y;
    std::snprintf(text, sizeof text, "%g", j * spacing.major);
    draw->AddText(ImVec2(static_cast<float>(area.min.x) + 4, static_cast<float>(y) - em - 2),
                  kLabel, text);
  }
}

// A bar one major grid spacing long, bottom right of the free area.
void scaleBar(const Camera& camera, const Rect& area, ImDrawList* draw) {
  GridSpacing spacing = gridSpacing(camera.pixelsPerMeter);
  float length = static_cast<float>(camera.toPixels(spacing.major));
  const float em = ImGui::GetFontSize();
  ImVec2 end(static_cast<float>(area.max.x) - 20, static_cast<float>(area.max.y) - 1.7f * em);
  ImVec2 start(end.x - length, end.y);
  ImU32 color = IM_COL32(40, 40, 50, 255);
  draw->AddLine(start, end, color, 2);
  draw->AddLine(ImVec2(start.x, start.y - 5), ImVec2(start.x, start.y + 5), color, 2);
  draw->AddLine(ImVec2(end.x, end.y - 5), ImVec2(end.x, end.y + 5), color, 2);
  char text[32];
  formatLength(spacing.major, text, sizeof text);
  ImVec2 size = ImGui::CalcTextSize(text);
  draw->AddText(ImVec2((start.x + end.x - size.x) / 2, start.y - size.y - 4), color, text);
}

void names(const UiFacts& facts, ImDrawList* draw) {
  const WorldSnapshot& world = facts.world;
  for (std::size_t i = 0; i < world.bodyCount(); ++i) {
    Vec2 p = facts.camera.worldToScreen(world.states[i].position);
    draw->AddText(ImVec2(static_cast<float>(p.x) + 7, static_cast<float>(p.y) - 7),
                  IM_COL32(20, 20, 30, 255), world.body(i).def.name.c_str());
  }
}

ImVec2 toIm(Vec2 p) {
  return ImVec2(static_cast<float>(p.x), static_cast<float>(p.y));
}

ImU32 toIm(Rgba c) {
  return IM_COL32(c.r, c.g, c.b, c.a);
}

// Text on a pale plate, so that it reads over bodies and lines.
void plateText(ImVec2 at, ImU32 color, const char* text, ImDrawList* draw) {
  const ImVec2 size = ImGui::CalcTextSize(text);
  draw->AddRectFilled(ImVec2(at.x - 2, at.y - 1), ImVec2(at.x + size.x + 2, at.y + size.y + 1),
                      IM_COL32(255, 255, 255, 200), 3);
  draw->AddText(at, color, text);
}

// The force legend, bottom left of the free area: an arrow of a round force at the arrows' scale.
void forceLegend(const Camera& camera, const Rect& area, const ViewOptions& view,
                 ImDrawList* draw) {
  const double pixelsPerNewton = camera.toPixels(view.forceScale);
  const double newtons = legendForce(pixelsPerNewton, 100 * view.strokeScale);
  if (!(newtons > 0)) return;
  const float length = static_cast<float>(newtons * pixelsPerNewton);
  const float em = ImGui::GetFontSize();
  const ImVec2 tail(static_cast<float>(area.min.x) + 3 * em,
                    static_cast<float>(area.max.y) - 2.8f * em);
  const ImVec2 head(tail.x + length, tail.y);
  const ImU32 color = toIm(palette::kForce);
  const float stroke = static_cast<float>(view.strokeScale);
  const float h = std::min(kForceHead * stroke, length);
  draw->AddLine(tail, ImVec2(head.x - h, head.y), color, kForceWidth * stroke);
  draw->AddTriangleFilled(head, ImVec2(head.x - h, head.y - 0.45f * h),
                          ImVec2(head.x - h, head.y + 0.45f * h), color);
  char text[32];
  std::snprintf(text, sizeof text, "%g N", newtons);
  const ImVec2 size = ImGui::CalcTextSize(text);
  plateText(ImVec2(tail.x + (length - size.x) / 2, tail.y - size.y - 6), color, text, draw);
}

bool overlaps(const ImVec2& aMin, const ImVec2& aMax, const ImVec2& bMin, const ImVec2& bMax) {
  return aMin.x < bMax.x && bMin.x < aMax.x && aMin.y < bMax.y && bMin.y < aMax.y;
}

// The value of each force arrow long enough to carry one, beside its head: newtons, or a multiple
// of the weight of the body it acts on. Labels never cover one another: the largest forces are
// labelled first, each on the side of its arrow away from its body's centre if there is room, else
// on the other side, else not at all (large text on a small projector).
void forceValues(const UiFacts& facts, const ViewOptions& view, ImDrawList* draw) {
  constexpr double kShortest = 24;  // px: shorter arrows (in a pile, most) carry no label
  std::vector<ForceArrow> arrows;
  forceArrows(facts.world, facts.camera, view, arrows);
  std::erase_if(arrows,
                [](const ForceArrow& a) { return glm::length(a.head - a.tail) < kShortest; });
  std::stable_sort(arrows.begin(), arrows.end(),
                   [](const ForceArrow& a, const ForceArrow& b) { return a.newtons > b.newtons; });
  const double g = facts.world.settings.gravity;
  const float gap = 0.4f * ImGui::GetFontSize();
  std::vector<std::pair<ImVec2, ImVec2>> taken;
  for (const ForceArrow& a : arrows) {
    const double mass = facts.world.body(static_cast<std::size_t>(a.body)).mass;
    const std::string text = forceLabel(a.newtons, view.forceLabels, mass * g);
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    const ImVec2 head = toIm(a.head);
    const float centreX = static_cast<float>(
        facts.camera.worldToScreen(facts.world.states[static_cast<std::size_t>(a.body)].position)
            .x);
    const ImVec2 right(head.x + gap, head.y - size.y / 2);
    const ImVec2 left(head.x - gap - size.x, head.y - size.y / 2);
    const bool outsideIsLeft = head.x < centreX;
    for (ImVec2 at : {outsideIsLeft ? left : right, outsideIsLeft ? right : left}) {
      const ImVec2 end(at.x + size.x, at.y + size.y);
      const bool free = std::none_of(taken.begin(), taken.end(), [&](const auto& r) {
        return overlaps(at, end, r.first, r.second);
      });
      if (!free) continue;
      taken.push_back({ImVec2(at.x - 2, at.y - 1), ImVec2(end.x + 2, end.y + 1)});
      plateText(at, toIm(a.color), text.c_str(), draw);
      break;
    }
  }
}

// White text on a coloured plate, centred in the free area with its top at `y`; returns the y
// below it.
float centredBanner(const char* text, ImU32 plate, const Rect& area, float y, ImDrawList* draw) {
  const ImVec2 size = ImGui::CalcTextSize(text);
  const float x = static_cast<float>(area.center().x) - size.x / 2;
  draw->AddRectFilled(ImVec2(x - 8, y - 4), ImVec2(x + size.x + 8, y + size.y + 4), plate, 4);
  draw->AddText(ImVec2(x, y), IM_COL32(255, 255, 255, 255), text);
  return y + size.y + 12;
}

}  // namespace

void worldLabels(const UiFacts& facts, const UiState& state) {
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  Rect area = freeArea(state, facts.camera.viewport);
  // Within the world: a label near its edge is cut there rather than drawn under a column of panels
  // (whose picture is kept while it draws the same: panel_pictures.h).
  draw->PushClipRect(ImVec2(static_cast<float>(area.min.x), static_cast<float>(area.min.y)),
                     ImVec2(static_cast<float>(area.max.x), static_cast<float>(area.max.y)), true);
  if (state.view.grid) {
    gridLabels(facts.camera, area, draw);
    scaleBar(facts.camera, area, draw);
  }
  if (state.view.names) names(facts, draw);
  const ViewOptions& view = state.view;
  if (view.forces || view.resultants) {
    if (view.forceLabels != ForceLabels::None) forceValues(facts, view, draw);
    forceLegend(facts.camera, area, view, draw);
  }
  const SimulationStatus& s = facts.status;
  char banner[128] = "";
  if (s.busySeconds > 0.25)
    std::snprintf(banner, sizeof banner, "Computing a step: %.1f s so far", s.busySeconds);
  else if (s.running && s.behind)
    std::snprintf(banner, sizeof banner, "Physics behind: %.0f%% of real time", 100 * s.speed);
  float y = static_cast<float>(area.min.y) + 8;
  if (*banner) y = centredBanner(banner, IM_COL32(200, 60, 40, 230), area, y, draw);
  if (s.running && s.qpIterationCap > 0) {
    char capped[256];
    std::snprintf(capped, sizeof capped,
                  "Dragging: each contact solve stops at %d iterations to keep up (residual "
                  "%.1e, tolerance %.0e).\nThe substeps scheme (Simulation > Time stepping) "
                  "drags large scenes at full speed.",
                  s.qpIterationCap, facts.world.lastStep.timestep.worstResidual,
                  facts.world.settings.qpTolerance);
    centredBanner(capped, IM_COL32(170, 100, 20, 230), area, y, draw);
  }
  if (state.tool != WorldTool::Select) {
    char line[192];
    std::snprintf(line, sizeof line, "%s tool: %s  (Esc: Select)", worldToolName(state.tool),
                  worldToolHint(state.tool));
    const float em = ImGui::GetFontSize();
    const ImVec2 at(static_cast<float>(area.min.x) + 3 * em, static_cast<float>(area.min.y) + 8);
    const ImVec2 size = ImGui::CalcTextSize(line);
    draw->AddRectFilled(ImVec2(at.x - 6, at.y - 3), ImVec2(at.x + size.x + 6, at.y + size.y + 3),
                        IM_COL32(255, 240, 215, 235), 4);
    draw->AddText(at, IM_COL32(150, 75, 0, 255), line);
  }
  draw->PopClipRect();
}

}  // namespace contactlab
