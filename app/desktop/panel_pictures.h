// ImGui's frame drawn with its columns of panels put back from kept pictures while they draw the
// same as in the frames before (gl_canvas.h: keepPicture). Software OpenGL spends milliseconds a
// frame on the panels' text and widgets (about 1.5 ms of pyramid40's 19.5 on a 2 GHz AMD Zen 1
// under Xvfb, docs/app.md); a kept picture is one textured rectangle. Their readouts change a few
// times a second (ui_model.h: Readouts), so while the simulation runs most frames draw the columns
// as the frame before did.
//
// The draw data is drawn in ImGui's order, in three parts: what comes before the columns (the
// background list: the world's labels, clipped to the world), each column (its window and its
// child windows, compared byte for byte with the last frame's), and the rest (the menu bar,
// popups, dialogs, the graph), which may lie over a column. The columns stay behind every other
// window (layout.cpp), so nothing else is drawn under them.
#pragma once

#include <vector>

#include "gl_canvas.h"

struct ImDrawData;
struct ImDrawList;

namespace contactlab {

class PanelPictures {
 public:
  // Draws `data` (ImGui::Render's) into a window of `width` x `height`, whose drawable has
  // `drawableWidth` x `drawableHeight` pixels.
  void render(const ImDrawData& data, int width, int height, int drawableWidth, int drawableHeight);

 private:
  struct Column {
    Column(const char* window, PictureSlot place) : name(window), slot(place) {}
    const char* name;  // its ImGui window (layout.cpp)
    PictureSlot slot;
    std::vector<ImDrawList*> lists;  // this frame's
    std::vector<char> drawing;       // the last frame's lists and rectangle, byte for byte
    std::vector<char> next;
    PictureState picture;
  };
  Column columns_[3] = {{"Panels", PictureSlot::LeftColumn},
                        {"Controls", PictureSlot::LeftColumn},
                        {"Readouts", PictureSlot::RightColumn}};
  std::vector<ImDrawList*> before_, after_;
};

}  // namespace contactlab
