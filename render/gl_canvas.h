// Puts a DrawList on the screen with OpenGL: an orthographic projection in pixels (y down) and one
// draw call per batch from client-side vertex arrays (OpenGL 1.1, a compatibility context), opaque
// batches without blending, blended ones modulated by the coverage atlas (coverage_atlas.h, an
// alpha texture made once per context), sprites by a small shader program (OpenGL 2.0, made once
// per context) that colours each pixel by its distance to the disc's or box's edge. Leaves the
// state Dear ImGui's OpenGL3 backend expects (no program, no array buffer, no texture bound).
#pragma once

#include "draw_list.h"

namespace contactlab {

// Whether the current context shades sprites (DrawList::setSprites): OpenGL 2.0 and the sprite
// program compiled. Without, draw discs and boxes as polygons.
bool canvasShadesSprites();

// Clears the whole drawable to `color`.
void clearCanvas(int widthPixels, int heightPixels, Rgba color);

// Clears the window rectangle from (x0, y0) to (x1, y1) (window coordinates, y down) of a `width`
// x `height` window whose drawable is `drawableWidth` x `drawableHeight`. Filling opaque panels
// this way costs next to nothing, even with software rendering.
void clearWindowRect(double x0, double y0, double x1, double y1, int width, int height,
                     int drawableWidth, int drawableHeight, Rgba color);

// Draw only inside that rectangle from now on (until the next clip or clearClip).
void clipToWindowRect(double x0, double y0, double x1, double y1, int width, int height,
                      int drawableWidth, int drawableHeight);
void clearClip();

// Draws the triangles of `list`, given in window coordinates of a `width` x `height` window, onto
// its drawable of `drawableWidth` x `drawableHeight` pixels (larger on high-DPI screens).
void drawCanvas(const DrawList& list, int width, int height, int drawableWidth, int drawableHeight);

// The picture drawn in the window rectangle from (x0, y0) to (x1, y1), kept as a texture
// (keepPicture) and put back in a later frame whose drawing is the same (drawKeptPicture: false,
// drawing nothing, if no picture of that rectangle is kept in that slot). Software OpenGL draws a
// thousand bodies in several milliseconds, or a column of panels in a few, and puts a picture back
// in a fraction of that; while the physics runs behind the frame rate most frames show the same
// snapshot, and the panels' readouts change a few times a second.
enum class PictureSlot { World, LeftColumn, RightColumn };
void keepPicture(PictureSlot slot, double x0, double y0, double x1, double y1, int width,
                 int height, int drawableWidth, int drawableHeight);
bool drawKeptPicture(PictureSlot slot, double x0, double y0, double x1, double y1, int width,
                     int height, int drawableWidth, int drawableHeight);

// Whether a slot's picture is kept, and whether the last frame drew what the one before it drew.
struct PictureState {
  bool kept = false;
  bool repeated = false;
};
// Draws the rectangle from (x0, y0) to (x1, y1): the slot's kept picture put back when this
// frame's drawing is the last one's (`same`) and one is kept, else `draw()`, whose picture is kept
// once the drawings repeat (while every frame brings a new drawing, keeping one would only cost
// time).
template <typename Draw>
void drawThroughPicture(PictureSlot slot, double x0, double y0, double x1, double y1, int width,
                        int height, int drawableWidth, int drawableHeight, bool same,
                        PictureState& state, Draw&& draw) {
  if (!(same && state.kept &&
        drawKeptPicture(slot, x0, y0, x1, y1, width, height, drawableWidth, drawableHeight))) {
    draw();
    state.kept = same || state.repeated;
    if (state.kept) keepPicture(slot, x0, y0, x1, y1, width, height, drawableWidth, drawableHeight);
  }
  state.repeated = same;
}

}  // namespace contactlab
