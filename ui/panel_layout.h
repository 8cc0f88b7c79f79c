// Where the side columns of panels go, and how much of the window the world keeps: plain data and
// the rule that places the columns, no ImGui (unit-tested).
//
// The rule: the columns together never take more than 40 % of the window's width, so the world
// keeps at least 60 % of it at any text size. Two columns that would take more (a 1024 px
// projector, large text) fold into one, on the left, holding every panel. Widths are kept in text
// heights (em), so a column keeps its proportions when the text size changes.
#pragma once

#include <set>
#include <string>

#include "camera.h"

namespace contactlab {

inline constexpr double kColumnsShare = 0.4;  // of the window's width, at most
inline constexpr float kColumnMinimumEm = 14;

struct PanelLayout {
  bool showControls = true;  // the left column: Simulation, Parameters, Bodies, Presets, Share
  bool showReadouts = true;  // the right column: Statistics, Energy, Contacts, Help
  bool oneColumn = false;    // every panel in one column even when two would fit
  bool lesson = false;       // the lesson view: the world alone, with the force legend and a clock
  float leftEm = 20;         // the columns' widths as the user last sized them, in em
  float rightEm = 21.5f;
  std::set<std::string> openSections{"Simulation", "Parameters", "Statistics", "Energy"};
};

struct ColumnPlacement {
  bool menu = true;       // the main menu bar is shown
  bool left = false;      // a column on the left...
  bool right = false;     // ...and one on the right
  bool merged = false;    // the left column holds every panel
  float leftWidth = 0;    // px
  float rightWidth = 0;   // px
  float leftMaximum = 0;  // px: how wide the user may make each column
  float rightMaximum = 0;
  Rect world{{0, 0}, {0, 0}};  // what the columns and the menu leave for the world
};

// The columns of `layout` in a window `window` px wide and high, for text `em` px high and a menu
// bar `menuHeight` px high.
ColumnPlacement placeColumns(const PanelLayout& layout, Vec2 window, float em, float menuHeight);

}  // namespace contactlab
