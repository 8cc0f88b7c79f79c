// OpenGL drawing of a DrawList (gl_canvas.h).
#include "gl_canvas.h"

#include <SDL_opengl.h>
#include <SDL_video.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "coverage_atlas.h"

namespace contactlab {
namespace {

using UseProgram = void (*)(GLuint);
using BindBuffer = void (*)(GLenum, GLuint);

// Functions past OpenGL 1.1 come from the driver (the ImGui backend may leave a program bound).
void unbindShadersAndBuffers() {
  static UseProgram useProgram =
      reinterpret_cast<UseProgram>(SDL_GL_GetProcAddress("glUseProgram"));
  static BindBuffer bindBuffer =
      reinterpret_cast<BindBuffer>(SDL_GL_GetProcAddress("glBindBuffer"));
  if (useProgram) useProgram(0);
  if (bindBuffer) bindBuffer(GL_ARRAY_BUFFER, 0);
}

// The coverage atlas (coverage_atlas.h) as an alpha texture, made at the first use in a context.
GLuint atlasTexture() {
  static GLuint texture = 0;
  if (texture != 0 && glIsTexture(texture)) return texture;
  const std::vector<std::uint8_t> texels = coverageAtlas();
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA, kAtlasWidth, kAtlasHeight, 0, GL_ALPHA, GL_UNSIGNED_BYTE,
               texels.data());
  return texture;
}

// The rectangle in the drawable's pixels (origin bottom left, as OpenGL counts them) of a window
// rectangle.
struct DrawableRect {
  int left = 0, bottom = 0, width = 0, height = 0;
  bool operator==(const DrawableRect&) const = default;
};

DrawableRect drawableRect(double x0, double y0, double x1, double y1, int width, int height,
                          int drawableWidth, int drawableHeight) {
  double sx = static_cast<double>(drawableWidth) / std::max(width, 1);
  double sy = static_cast<double>(drawableHeight) / std::max(height, 1);
  int left = static_cast<int>(std::lround(x0 * sx)), right = static_cast<int>(std::lround(x1 * sx));
  int top = static_cast<int>(std::lround(y0 * sy)), bottom = static_cast<int>(std::lround(y1 * sy));
  return {left, drawableHeight - bottom, std::max(0, right - left), std::max(0, bottom - top)};
}

// The kept picture (keepPicture): its texture and where it was taken.
struct KeptPicture {
  GLuint texture = 0;
  int textureWidth = 0, textureHeight = 0;
  DrawableRect rect;
  bool valid = false;
};

KeptPicture& keptPicture() {
  static KeptPicture picture;
  return picture;
}

}  // namespace

void clearCanvas(int widthPixels, int heightPixels, Rgba color) {
  glViewport(0, 0, widthPixels, heightPixels);
  glDisable(GL_SCISSOR_TEST);
  glClearColor(color.r / 255.0f, color.g / 255.0f, color.b / 255.0f, color.a / 255.0f);
  glClear(GL_COLOR_BUFFER_BIT);
}

void clipToWindowRect(double x0, double y0, double x1, double y1, int width, int height,
                      int drawableWidth, int drawableHeight) {
  const DrawableRect r = drawableRect(x0, y0, x1, y1, width, height, drawableWidth, drawableHeight);
  glEnable(GL_SCISSOR_TEST);
  glScissor(r.left, r.bottom, r.width, r.height);
}

void clearClip() {
  glDisable(GL_SCISSOR_TEST);
}

void clearWindowRect(double x0, double y0, double x1, double y1, int width, int height,
                     int drawableWidth, int drawableHeight, Rgba color) {
  clipToWindowRect(x0, y0, x1, y1, width, height, drawableWidth, drawableHeight);
  glClearColor(color.r / 255.0f, color.g / 255.0f, color.b / 255.0f, color.a / 255.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  clearClip();
}

void drawCanvas(const DrawList& list, int width, int height, int drawableWidth,
                int drawableHeight) {
  const auto& vertices = list.vertices();
  if (vertices.empty()) return;
  unbindShadersAndBuffers();
  glViewport(0, 0, drawableWidth, drawableHeight);
  glMatrixMode(GL_PROJECTION);
  glLoadIdentity();
  glOrtho(0, width, height, 0, -1, 1);
  glMatrixMode(GL_MODELVIEW);
  glLoadIdentity();
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glDisable(GL_TEXTURE_2D);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glEnableClientState(GL_VERTEX_ARRAY);
  glEnableClientState(GL_COLOR_ARRAY);
  glEnableClientState(GL_TEXTURE_COORD_ARRAY);
  glVertexPointer(2, GL_FLOAT, sizeof(DrawVertex), &vertices[0].x);
  glTexCoordPointer(2, GL_FLOAT, sizeof(DrawVertex), &vertices[0].u);
  glColorPointer(4, GL_UNSIGNED_BYTE, sizeof(DrawVertex), &vertices[0].color);
  glLineWidth(1.0f);
  glBindTexture(GL_TEXTURE_2D, atlasTexture());
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
  for (const DrawBatch& batch : list.batches()) {
    // Blended triangles take their alpha from the atlas; the others are plain coloured.
    const bool blended = batch.primitive == Primitive::BlendedTriangles;
    if (batch.primitive == Primitive::OpaqueTriangles)
      glDisable(GL_BLEND);
    else
      glEnable(GL_BLEND);
    if (blended)
      glEnable(GL_TEXTURE_2D);
    else
      glDisable(GL_TEXTURE_2D);
    glDrawElements(batch.primitive == Primitive::Lines ? GL_LINES : GL_TRIANGLES,
                   static_cast<GLsizei>(batch.count), GL_UNSIGNED_INT,
                   list.indices().data() + batch.first);
  }
  glDisable(GL_TEXTURE_2D);
  glBindTexture(GL_TEXTURE_2D, 0);
  glDisableClientState(GL_TEXTURE_COORD_ARRAY);
  glDisableClientState(GL_COLOR_ARRAY);
  glDisableClientState(GL_VERTEX_ARRAY);
  glEnable(GL_BLEND);
}

void keepPicture(double x0, double y0, double x1, double y1, int width, int height,
                 int drawableWidth, int drawableHeight) {
  KeptPicture& kept = keptPicture();
  const DrawableRect r = drawableRect(x0, y0, x1, y1, width, height, drawableWidth, drawableHeight);
  kept.valid = false;
  if (r.width <= 0 || r.height <= 0) return;
  if (kept.texture == 0 || !glIsTexture(kept.texture)) {
    glGenTextures(1, &kept.texture);
    kept.textureWidth = kept.textureHeight = 0;
  }
  glBindTexture(GL_TEXTURE_2D, kept.texture);
  if (kept.textureWidth != r.width || kept.textureHeight != r.height) {
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, r.width, r.height, 0, GL_RGB, GL_UNSIGNED_BYTE, nullptr);
    kept.textureWidth = r.width;
    kept.textureHeight = r.height;
  }
  glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, r.left, r.bottom, r.width, r.height);
  glBindTexture(GL_TEXTURE_2D, 0);
  kept.rect = r;
  kept.valid = true;
}

bool drawKeptPicture(double x0, double y0, double x1, double y1, int width, int height,
                     int drawableWidth, int drawableHeight) {
  KeptPicture& kept = keptPicture();
  const DrawableRect r = drawableRect(x0, y0, x1, y1, width, height, drawableWidth, drawableHeight);
  if (!kept.valid || !(r == kept.rect) || !glIsTexture(kept.texture)) return false;
  unbindShadersAndBuffers();
  // In the drawable's pixels, origin bottom left: texel (i, j) lands on pixel (left + i,
  // bottom + j), as it was taken.
  glViewport(0, 0, drawableWidth, drawableHeight);
  glMatrixMode(GL_PROJECTION);
  glLoadIdentity();
  glOrtho(0, drawableWidth, 0, drawableHeight, -1, 1);
  glMatrixMode(GL_MODELVIEW);
  glLoadIdentity();
  glDisable(GL_BLEND);
  glBindTexture(GL_TEXTURE_2D, kept.texture);
  glEnable(GL_TEXTURE_2D);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
  const float x[2] = {float(r.left), float(r.left + r.width)};
  const float y[2] = {float(r.bottom), float(r.bottom + r.height)};
  const float corners[8] = {x[0], y[0], x[1], y[0], x[1], y[1], x[0], y[1]};
  const float texels[8] = {0, 0, 1, 0, 1, 1, 0, 1};
  glEnableClientState(GL_VERTEX_ARRAY);
  glEnableClientState(GL_TEXTURE_COORD_ARRAY);
  glVertexPointer(2, GL_FLOAT, 0, corners);
  glTexCoordPointer(2, GL_FLOAT, 0, texels);
  glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
  glDisableClientState(GL_TEXTURE_COORD_ARRAY);
  glDisableClientState(GL_VERTEX_ARRAY);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
  glDisable(GL_TEXTURE_2D);
  glBindTexture(GL_TEXTURE_2D, 0);
  glEnable(GL_BLEND);
  return true;
}

}  // namespace contactlab
