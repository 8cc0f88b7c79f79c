// What ImGui's OpenGL backend draws of some draw lists, as bytes: two lists that give the same
// bytes draw the same pixels over the same background (panel_pictures.h puts a column of panels
// back from a kept picture while it does).
#pragma once

#include <span>
#include <vector>

struct ImDrawList;

namespace contactlab {

// Where drawn triangles reach (their boxes cut to their clip rectangles), in window coordinates.
struct DrawnBounds {
  float minX = 0, minY = 0, maxX = 0, maxY = 0;
  bool any = false;
  bool within(float x0, float y0, float x1, float y1) const {
    return !any || (minX >= x0 && minY >= y0 && maxX <= x1 && maxY <= y1);
  }
};

// Appends to `out`, list by list and command by command, each command's clip rectangle, texture
// and callback, and the corners (position, texture coordinate, colour) of its triangles that
// reach into its clip rectangle. A triangle wholly outside it draws nothing and is left out: a
// column of panels holds its whole content, most of which may lie scrolled out of its window and
// change there (an energy plot below the fold). Returns where the triangles appended reach.
DrawnBounds describeDrawing(std::span<ImDrawList* const> lists, std::vector<char>& out);

}  // namespace contactlab
