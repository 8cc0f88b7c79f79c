// The Graph panel (View > Graph, G): the recorded series against time or against one of them (a
// phase plot), with a colour key, round ticks with units, a readout of the values under the
// cursor, and Pause and Clear. Drawn with ImGui's draw list; every size follows the font
// (GetFontSize, GetTextLineHeight), so the panel scales with the text.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "energy_history.h"
#include "graph_axis.h"
#include "panels.h"

namespace contactlab {
namespace {

// Colours apart from one another and from the red of the force arrows, readable on white.
const ImU32 kSeriesColors[GraphRecord::kMaxSeries] = {
    IM_COL32(31, 100, 200, 255), IM_COL32(230, 130, 20, 255), IM_COL32(40, 150, 60, 255),
    IM_COL32(140, 70, 180, 255), IM_COL32(120, 80, 40, 255),  IM_COL32(20, 160, 170, 255)};
const ImU32 kAxisText = IM_COL32(60, 60, 70, 255);
const ImU32 kGridLine = IM_COL32(225, 225, 230, 255);

// A pair of bodies in contact now, with its number of contact points.
struct TouchingPair {
  std::string first, second;
  int points = 0;
  std::string label() const { return first + "/" + second; }
};

std::vector<TouchingPair> touchingPairs(const WorldSnapshot& world) {
  std::vector<TouchingPair> pairs;
  for (const ContactReport& c : world.contacts) {
    const std::string& a = world.nameOf(c.body1);
    const std::string& b = world.nameOf(c.body2);
    auto same = [&](const TouchingPair& p) {
      return (p.first == a && p.second == b) || (p.first == b && p.second == a);
    };
    auto found = std::find_if(pairs.begin(), pairs.end(), same);
    if (found == pairs.end()) {
      // The moving body first: "block/floor" rather than "floor/block".
      const SnapshotBody* body1 = world.find(c.body1);
      const bool swap = body1 && body1->def.fixed;
      pairs.push_back({swap ? b : a, swap ? a : b, 1});
    } else {
      ++found->points;
    }
  }
  return pairs;
}

template <class Item, class Label>
void combo(const char* id, float width, const std::vector<Item>& items, int* current, Label label) {
  ImGui::SetNextItemWidth(width);
  const std::string shown = *current >= 0 && *current < static_cast<int>(items.size())
                                ? label(items[*current])
                                : std::string("(none)");
  if (!ImGui::BeginCombo(id, shown.c_str())) return;
  for (int i = 0; i < static_cast<int>(items.size()); ++i)
    if (ImGui::Selectable(label(items[i]).c_str(), i == *current)) *current = i;
  ImGui::EndCombo();
}

std::vector<Quantity> quantitiesOf(QuantityOf of) {
  std::vector<Quantity> quantities;
  for (int q = 0; q <= static_cast<int>(Quantity::JointTension); ++q)
    if (quantityOf(static_cast<Quantity>(q)) == of) quantities.push_back(static_cast<Quantity>(q));
  return quantities;
}

void quantityCombo(GraphChoice& choice, float width) {
  std::vector<Quantity> quantities = quantitiesOf(choice.of);
  auto at = std::find(quantities.begin(), quantities.end(), choice.quantity);
  int current = at == quantities.end() ? 0 : static_cast<int>(at - quantities.begin());
  combo("##quantity", width, quantities, &current,
        [](Quantity q) { return std::string(quantityName(q)) + " (" + quantityUnit(q) + ")"; });
  choice.quantity = quantities[current];
}

// The row that chooses a series and adds it.
void addRow(const WorldSnapshot& world, GraphState& graph) {
  GraphChoice& choice = graph.choice;
  const float em = ImGui::GetFontSize();
  static const std::vector<const char*> kOf = {"Body", "Contact", "World", "Joint"};
  int of = static_cast<int>(choice.of);
  combo("##of", 6 * em, kOf, &of, [](const char* name) { return std::string(name); });
  choice.of = static_cast<QuantityOf>(of);
  ImGui::SameLine();
  std::optional<GraphSeries> series;
  if (choice.of == QuantityOf::Body) {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < world.bodyCount(); ++i) names.push_back(world.body(i).def.name);
    int current =
        static_cast<int>(std::find(names.begin(), names.end(), choice.body) - names.begin());
    if (current == static_cast<int>(names.size())) current = 0;
    combo("##body", 8 * em, names, &current, [](const std::string& name) { return name; });
    if (!names.empty()) choice.body = names[current];
    ImGui::SameLine();
    quantityCombo(choice, 10 * em);
    if (!names.empty())
      series = GraphSeries{.quantity = choice.quantity, .body = choice.body, .other = {}};
  } else if (choice.of == QuantityOf::Pair) {
    std::vector<TouchingPair> pairs = touchingPairs(world);
    auto at = std::find_if(pairs.begin(), pairs.end(),
                           [&](const TouchingPair& p) { return p.label() == choice.pair; });
    int current = at == pairs.end() ? 0 : static_cast<int>(at - pairs.begin());
    if (pairs.empty()) {
      ImGui::TextDisabled("(no contacts now)");
    } else {
      combo("##pair", 10 * em, pairs, &current, [](const TouchingPair& p) { return p.label(); });
      const TouchingPair& pair = pairs[current];
      choice.pair = pair.label();
      ImGui::SameLine();
      std::vector<int> points(pair.points + 1);
      for (int k = 0; k <= pair.points; ++k) points[k] = k;
      choice.point = std::min(choice.point, pair.points);
      combo("##point", 7 * em, points, &choice.point, [&](int k) {
        return k == 0 ? std::string("all points")
                      : "point " + std::to_string(k) + " of " + std::to_string(pair.points);
      });
      ImGui::SameLine();
      quantityCombo(choice, 9 * em);
      series = GraphSeries{.quantity = choice.quantity,
                           .body = pair.first,
                           .other = pair.second,
                           .point = choice.point,
                           .points = choice.point > 0 ? pair.points : 0};
    }
  } else if (choice.of == QuantityOf::Joint) {
    std::vector<std::string> names;
    for (const JointReport& joint : world.joints) names.push_back(joint.name);
    int current =
        static_cast<int>(std::find(names.begin(), names.end(), choice.joint) - names.begin());
    if (current == static_cast<int>(names.size())) current = 0;
    if (names.empty()) {
      ImGui::TextDisabled("(no joints)");
    } else {
      combo("##joint", 8 * em, names, &current, [](const std::string& name) { return name; });
      choice.joint = names[current];
      ImGui::SameLine();
      quantityCombo(choice, 10 * em);
      series = GraphSeries{.quantity = choice.quantity, .body = choice.joint, .other = {}};
    }
  } else {
    quantityCombo(choice, 12 * em);
    series = GraphSeries{.quantity = choice.quantity, .body = {}, .other = {}};
  }
  ImGui::SameLine();
  const bool full = static_cast<int>(graph.record.series().size()) >= GraphRecord::kMaxSeries;
  if (full || !series) ImGui::BeginDisabled();
  if (ImGui::Button("Add") && series) graph.record.addSeries(*series);
  if (full || !series) ImGui::EndDisabled();
  if (full && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("At most %d series: remove one first.", GraphRecord::kMaxSeries);
}

// The colour key: one line per series with its colour, and a button that removes it.
void seriesKey(GraphState& graph) {
  const float em = ImGui::GetFontSize();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (int s = 0; s < static_cast<int>(graph.record.series().size()); ++s) {
    ImGui::PushID(s);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float mid = at.y + ImGui::GetFrameHeight() / 2;
    draw->AddLine(ImVec2(at.x, mid), ImVec2(at.x + 1.5f * em, mid), kSeriesColors[s], 3);
    ImGui::Dummy(ImVec2(1.8f * em, ImGui::GetFrameHeight()));
    ImGui::SameLine();
    if (ImGui::SmallButton("x")) {
      graph.record.removeSeries(s);
      if (graph.xAxis == s) graph.xAxis = -1;
      if (graph.xAxis > s) --graph.xAxis;
      ImGui::PopID();
      break;
    }
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(seriesLabel(graph.record.series()[s]).c_str());
    ImGui::PopID();
  }
}

void toolbar(GraphState& graph) {
  GraphRecord& record = graph.record;
  if (ImGui::Button(record.paused() ? "Resume" : "Pause")) record.setPaused(!record.paused());
  ImGui::SameLine();
  if (ImGui::Button("Clear")) record.clear();
  ImGui::SameLine();
  ImGui::TextUnformatted("x axis");
  ImGui::SameLine();
  std::vector<int> axes{-1};
  for (int s = 0; s < static_cast<int>(record.series().size()); ++s) axes.push_back(s);
  int current = graph.xAxis + 1;
  combo("##xaxis", 14 * ImGui::GetFontSize(), axes, &current,
        [&](int s) { return s < 0 ? std::string("time (s)") : seriesLabel(record.series()[s]); });
  graph.xAxis = axes[std::min<int>(current, static_cast<int>(axes.size()) - 1)];
  ImGui::SameLine();
  if (record.size() > 0)
    ImGui::TextDisabled("%d samples, %.3g s apart%s", record.size(), record.spacing(),
                        record.paused() ? " (paused)" : "");
  else
    ImGui::TextDisabled(record.paused() ? "paused" : "recording starts when time moves on");
}

struct Range {
  double low = std::numeric_limits<double>::infinity();
  double high = -std::numeric_limits<double>::infinity();
  void add(double v) {
    if (!std::isfinite(v)) return;
    low = std::min(low, v);
    high = std::max(high, v);
  }
  bool empty() const { return low > high; }
};

// The x value of sample i: its time, or the x series' value.
double xOf(const GraphRecord& record, int xAxis, int i) {
  return xAxis < 0 ? record.time(i) : record.value(xAxis, i);
}

// The units of the plotted series, "N" or "m, m/s".
std::string yUnits(const GraphRecord& record, int xAxis) {
  std::string units;
  for (int s = 0; s < static_cast<int>(record.series().size()); ++s) {
    if (s == xAxis) continue;
    const std::string unit = quantityUnit(record.series()[s].quantity);
    if (units == unit || units.find(unit + ",") == 0 ||
        units.find(", " + unit) != std::string::npos)
      continue;
    units += units.empty() ? unit : ", " + unit;
  }
  return units;
}

// The sample nearest the mouse: along x for time, in the plane for a phase plot.
int nearestSample(const GraphRecord& record, int xAxis, ImVec2 mouse,
                  const std::function<ImVec2(double, double)>& toScreen) {
  int best = -1;
  double bestDistance = std::numeric_limits<double>::infinity();
  for (int i = 0; i < record.size(); ++i) {
    const double x = xOf(record, xAxis, i);
    if (!std::isfinite(x)) continue;
    for (int s = 0; s < static_cast<int>(record.series().size()); ++s) {
      if (s == xAxis && xAxis >= 0) continue;
      const ImVec2 p = toScreen(x, xAxis < 0 ? 0 : record.value(s, i));
      const double dx = p.x - mouse.x, dy = xAxis < 0 ? 0 : p.y - mouse.y;
      const double distance = dx * dx + dy * dy;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = i;
      }
      if (xAxis < 0) break;
    }
  }
  return best;
}

void readout(const GraphRecord& record, int xAxis, int i, const AxisTicks& xTicks,
             const AxisTicks& yTicks) {
  const double xScale = std::max(std::abs(xTicks.low), std::abs(xTicks.high));
  const double yScale = std::max(std::abs(yTicks.low), std::abs(yTicks.high));
  ImGui::BeginTooltip();
  ImGui::Text("t = %.6g s", record.time(i));
  if (xAxis >= 0)
    ImGui::Text("%s = %.6g", seriesLabel(record.series()[xAxis]).c_str(),
                shownValue(record.value(xAxis, i), xScale));
  for (int s = 0; s < static_cast<int>(record.series().size()); ++s) {
    if (s == xAxis) continue;
    const double v = record.value(s, i);
    ImGui::PushStyleColor(ImGuiCol_Text, kSeriesColors[s]);
    if (std::isfinite(v))
      ImGui::Text("%s: %.6g", seriesLabel(record.series()[s]).c_str(), shownValue(v, yScale));
    else
      ImGui::Text("%s: none", seriesLabel(record.series()[s]).c_str());
    ImGui::PopStyleColor();
  }
  ImGui::EndTooltip();
}

void plot(const GraphState& graph) {
  const GraphRecord& record = graph.record;
  const int xAxis = graph.xAxis;
  const float line = ImGui::GetTextLineHeight();
  ImVec2 size = ImGui::GetContentRegionAvail();
  size.y = std::max(size.y, 8 * line);
  size.x = std::max(size.x, 12 * line);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("plot", size);
  const bool hovered = ImGui::IsItemHovered();

  Range xRange, yRange;
  for (int i = 0; i < record.size(); ++i) {
    xRange.add(xOf(record, xAxis, i));
    for (int s = 0; s < static_cast<int>(record.series().size()); ++s)
      if (s != xAxis) yRange.add(record.value(s, i));
  }
  const AxisTicks xTicks = xRange.empty() ? axisTicks(0, 1) : axisTicks(xRange.low, xRange.high);
  const AxisTicks yTicks = yRange.empty() ? axisTicks(0, 1) : axisTicks(yRange.low, yRange.high);
  float labelWidth = 0;
  for (double v : yTicks.values)
    labelWidth = std::max(labelWidth, ImGui::CalcTextSize(tickLabel(v, yTicks).c_str()).x);

  const ImVec2 p0(origin.x + labelWidth + 0.6f * line, origin.y + 1.6f * line);
  const ImVec2 p1(origin.x + size.x - 0.8f * line, origin.y + size.y - 2.4f * line);
  if (p1.x <= p0.x || p1.y <= p0.y) return;
  auto toScreen = [&](double x, double y) {
    return ImVec2(
        p0.x + static_cast<float>((x - xTicks.low) / (xTicks.high - xTicks.low)) * (p1.x - p0.x),
        p1.y - static_cast<float>((y - yTicks.low) / (yTicks.high - yTicks.low)) * (p1.y - p0.y));
  };
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(p0, p1, IM_COL32(255, 255, 255, 255));
  for (double v : xTicks.values) {
    const float x = toScreen(v, 0).x;
    draw->AddLine(ImVec2(x, p0.y), ImVec2(x, p1.y), kGridLine);
    const std::string label = tickLabel(v, xTicks);
    const float w = ImGui::CalcTextSize(label.c_str()).x;
    draw->AddText(ImVec2(x - w / 2, p1.y + 0.2f * line), kAxisText, label.c_str());
  }
  for (double v : yTicks.values) {
    const float y = toScreen(0, v).y;
    draw->AddLine(ImVec2(p0.x, y), ImVec2(p1.x, y), kGridLine);
    const std::string label = tickLabel(v, yTicks);
    const float w = ImGui::CalcTextSize(label.c_str()).x;
    draw->AddText(ImVec2(p0.x - 0.3f * line - w, y - line / 2), kAxisText, label.c_str());
  }
  draw->AddRect(p0, p1, IM_COL32(150, 150, 160, 255));
  const std::string xTitle = xAxis < 0 ? "time (s)" : seriesLabel(record.series()[xAxis]);
  const float xTitleWidth = ImGui::CalcTextSize(xTitle.c_str()).x;
  draw->AddText(ImVec2((p0.x + p1.x - xTitleWidth) / 2, p1.y + 1.3f * line), kAxisText,
                xTitle.c_str());
  draw->AddText(ImVec2(origin.x, origin.y + 0.2f * line), kAxisText, yUnits(record, xAxis).c_str());

  draw->PushClipRect(p0, p1, true);
  static std::vector<ImVec2> points;  // reused: no allocation per frame once grown
  for (int s = 0; s < static_cast<int>(record.series().size()); ++s) {
    if (s == xAxis) continue;
    points.clear();
    auto flush = [&] {
      if (points.size() >= 2)
        draw->AddPolyline(points.data(), static_cast<int>(points.size()), kSeriesColors[s],
                          ImDrawFlags_None, 2.0f);
      else if (points.size() == 1)
        draw->AddCircleFilled(points[0], 2.0f, kSeriesColors[s]);
      points.clear();
    };
    for (int i = 0; i < record.size(); ++i) {
      const double x = xOf(record, xAxis, i), y = record.value(s, i);
      if (std::isfinite(x) && std::isfinite(y))
        points.push_back(toScreen(x, y));
      else
        flush();  // a gap: the body or pair was not there
    }
    flush();
  }
  if (hovered && record.size() > 0) {
    const int i = nearestSample(record, xAxis, ImGui::GetIO().MousePos, toScreen);
    if (i >= 0) {
      const double x = xOf(record, xAxis, i);
      if (xAxis < 0)
        draw->AddLine(toScreen(x, yTicks.low), toScreen(x, yTicks.high),
                      IM_COL32(120, 120, 130, 255), 1.0f);
      for (int s = 0; s < static_cast<int>(record.series().size()); ++s)
        if (s != xAxis && std::isfinite(record.value(s, i)))
          draw->AddCircle(toScreen(x, record.value(s, i)), 0.3f * line, kSeriesColors[s], 0, 2);
      readout(record, xAxis, i, xTicks, yTicks);
    }
  }
  draw->PopClipRect();
}

}  // namespace

void graphPanel(const UiFacts& facts, UiState& state) {
  GraphState& graph = state.graph;
  state.itemRects.erase("graph window");
  if (!graph.open || state.hideGraph) return;
  const float em = ImGui::GetFontSize();
  // At first in the top right of the world, where a scene (which sits low in the view) has least
  // to hide, and no larger than fits there (a projector at 200 %).
  const Rect world = freeArea(state, facts.camera.viewport);
  const ImVec2 size(std::min(40 * em, 0.8f * static_cast<float>(world.size().x)),
                    std::min(24 * em, 0.5f * static_cast<float>(world.size().y)));
  ImGui::SetNextWindowPos(
      ImVec2(static_cast<float>(world.max.x) - 8, static_cast<float>(world.min.y) + 8),
      ImGuiCond_FirstUseEver, ImVec2(1, 0));
  ImGui::SetNextWindowSize(size, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSizeConstraints(ImVec2(std::min(24 * em, size.x), std::min(16 * em, size.y)),
                                      ImVec2(FLT_MAX, FLT_MAX));
  if (ImGui::Begin("Graph", &graph.open)) {
    toolbar(graph);
    // The choice of a new series folds away, leaving the plot the room (large text, a projector).
    const bool empty = graph.record.series().empty();
    ImGui::SetNextItemOpen(empty, empty ? ImGuiCond_Always : ImGuiCond_Once);
    if (ImGui::TreeNode("Add a series")) {
      addRow(facts.world, graph);
      ImGui::TreePop();
    }
    seriesKey(graph);
    plot(graph);
  }
  const ImVec2 at = ImGui::GetWindowPos(), extent = ImGui::GetWindowSize();
  state.itemRects["graph window"] = {{at.x, at.y}, {at.x + extent.x, at.y + extent.y}};
  ImGui::End();
}

}  // namespace contactlab
