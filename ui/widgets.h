// Small ImGui helpers the panels share: numeric fields with units that report when the user grabs
// and lets go of them (so a slider held for a second is one undo step), and hover help.
#pragma once

#include <span>

#include "camera.h"
#include "ui_model.h"

namespace contactlab {

// Collects, over a panel's widgets, whether one was grabbed, let go or is held this frame.
struct EditTracker {
  bool began = false, ended = false, active = false;
  void track();  // call right after a widget
  void report(Commands& out) const {
    out.editBegan |= began;
    out.editEnded |= ended;
  }
};

// A slider over doubles, `unit` shown after the value; logarithmic when `logarithmic`.
// The frame of the item just drawn, `width` wide from its left edge (a slider's frame without its
// label: pass ImGui::CalcItemWidth() taken before drawing it).
Rect itemFrame(float width);

bool sliderDouble(const char* label, double* value, double min, double max, const char* format,
                  EditTracker& tracker, bool logarithmic = false);
// A logarithmic slider over a whole number held in a double (a setting that scene files store as a
// number), clamped to [min, max] also when typed.
bool sliderWholeNumber(const char* label, int* value, int min, int max, EditTracker& tracker);
// A drag field over doubles (unbounded when min == max).
bool dragDouble(const char* label, double* value, double speed, double min, double max,
                const char* format, EditTracker& tracker);

// A drop-down choosing index `*current` of `names`.
bool comboIndex(const char* label, int* current, std::span<const char* const> names,
                EditTracker& tracker);
// A drop-down over an enum whose values are 0, 1, ... in the order of `names`.
template <class Enum>
bool enumCombo(const char* label, Enum* value, std::span<const char* const> names,
               EditTracker& tracker) {
  int current = static_cast<int>(*value);
  if (!comboIndex(label, &current, names, tracker)) return false;
  *value = static_cast<Enum>(current);
  return true;
}

// Widths of widgets before they are drawn, px: a button (small or not), a check box or radio
// button followed by a "(?)" marker when `help`.
float buttonWidth(const char* label);
float checkWidth(const char* label, bool help = false);
// ImGui::SameLine when a widget `nextWidth` px wide still fits on the line, so that rows of
// buttons and check boxes wrap in a narrow column (large text) instead of being cut off.
void sameLineIfRoom(float nextWidth);

// A "(?)" marker whose tooltip is `text`.
void helpMarker(const char* text);

// Text in a colour that says "warning".
void warningText(const char* text);

}  // namespace contactlab
