// The placement of the side columns (panel_layout.h).
#include "panel_layout.h"

#include <algorithm>

namespace contactlab {
namespace {

// A column `wanted` px wide within [minimum, maximum], the maximum winning when they cross.
float clampWidth(float wanted, float minimum, float maximum) {
  return std::min(std::max(wanted, minimum), maximum);
}

}  // namespace

ColumnPlacement placeColumns(const PanelLayout& layout, Vec2 window, float em, float menuHeight) {
  ColumnPlacement p;
  const float width = static_cast<float>(window.x);
  if (layout.lesson) {
    p.menu = false;
    p.world = {{0, 0}, window};
    return p;
  }
  const float share = static_cast<float>(kColumnsShare) * width;
  const float minimum = kColumnMinimumEm * em;
  const float left = std::max(layout.leftEm * em, minimum);
  const float right = std::max(layout.rightEm * em, minimum);
  if (layout.showControls && layout.showReadouts) {
    p.merged = layout.oneColumn || left + right > share;
    if (p.merged) {
      p.left = true;
      p.leftMaximum = share;
      p.leftWidth = clampWidth(left, minimum, share);
    } else {
      p.left = p.right = true;
      p.leftMaximum = share - right;
      p.rightMaximum = share - left;
      p.leftWidth = left;
      p.rightWidth = right;
    }
  } else if (layout.showControls) {
    p.left = true;
    p.leftMaximum = share;
    p.leftWidth = clampWidth(left, minimum, share);
  } else if (layout.showReadouts) {
    p.right = true;
    p.rightMaximum = share;
    p.rightWidth = clampWidth(right, minimum, share);
  }
  p.world = {{p.leftWidth, menuHeight}, {window.x - p.rightWidth, window.y}};
  return p;
}

}  // namespace contactlab
