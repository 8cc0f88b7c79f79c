// Panel widgets with edit tracking (widgets.h).
#include "widgets.h"

#include <imgui.h>

namespace contactlab {

void EditTracker::track() {
  began |= ImGui::IsItemActivated();
  ended |= ImGui::IsItemDeactivated();
  active |= ImGui::IsItemActive();
}

Rect itemFrame(float width) {
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 max = ImGui::GetItemRectMax();
  return {{min.x, min.y}, {min.x + width, max.y}};
}

bool sliderDouble(const char* label, double* value, double min, double max, const char* format,
                  EditTracker& tracker, bool logarithmic) {
  ImGuiSliderFlags flags = logarithmic ? ImGuiSliderFlags_Logarithmic : ImGuiSliderFlags_None;
  bool changed = ImGui::SliderScalar(label, ImGuiDataType_Double, value, &min, &max, format, flags);
  tracker.track();
  return changed;
}

bool sliderWholeNumber(const char* label, int* value, int min, int max, EditTracker& tracker) {
  const bool changed = ImGui::SliderInt(
      label, value, min, max, "%d", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  tracker.track();
  return changed;
}

bool dragDouble(const char* label, double* value, double speed, double min, double max,
                const char* format, EditTracker& tracker) {
  bool changed =
      ImGui::DragScalar(label, ImGuiDataType_Double, value, static_cast<float>(speed),
                        min == max ? nullptr : &min, min == max ? nullptr : &max, format);
  tracker.track();
  return changed;
}

bool comboIndex(const char* label, int* current, std::span<const char* const> names,
                EditTracker& tracker) {
  bool changed = ImGui::Combo(label, current, names.data(), static_cast<int>(names.size()));
  tracker.track();
  return changed;
}

namespace {

float helpWidth() {
  return ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize("(?)").x;
}

}  // namespace

float buttonWidth(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x;
}

float checkWidth(const char* label, bool help) {
  const float box = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x;
  return box + ImGui::CalcTextSize(label, nullptr, true).x + (help ? helpWidth() : 0);
}

void sameLineIfRoom(float nextWidth) {
  const float end = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + nextWidth;
  if (end <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
}

void helpMarker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

void warningText(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.3f, 1.0f));
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

}  // namespace contactlab
