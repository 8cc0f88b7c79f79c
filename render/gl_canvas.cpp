// OpenGL drawing of a DrawList (gl_canvas.h).
#include "gl_canvas.h"

#include <SDL_opengl.h>
#include <SDL_video.h>

#include <algorithm>
#include <array>
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

KeptPicture& keptPicture(PictureSlot slot) {
  static std::array<KeptPicture, 3> pictures;
  return pictures.at(static_cast<std::size_t>(slot));
}

// [SECTION] sprites: OpenGL 2.0's shaders, loaded from the driver.
//
// A sprite's pixel at signed distance d from the shape's edge (draw_list.h: SpriteVertex) takes the
// outline's alpha a = clamp((outer - |d|) / (outer - core), 0, 1) x its colour's alpha, and inside
// the shape (d < 0) the fill under it: rgb = mix(fill, outline, a), alpha 1; outside, the outline's
// colour at alpha a (zero: the pixel is left alone).
// The sprites' shaders are written once for two GLSL versions, told apart by the declarations'
// macros (kSpriteVersions): 1.30 takes a sprite's shape, profile and colours as flat inputs (the
// same at its four corners: llvmpipe then sets up and interpolates only its place in the shape,
// 0.3 to 0.7 ms less a frame for rain1000's thousand discs or pyramid40's 820 boxes), and 1.20,
// where only OpenGL 2.0 is, interpolates them all.
constexpr const char* kSpriteVertexShader = R"(
ATTRIBUTE vec2 position;
ATTRIBUTE vec2 local;
ATTRIBUTE vec3 shape;
ATTRIBUTE vec2 profile;
ATTRIBUTE vec4 fill;
ATTRIBUTE vec4 outline;
uniform vec2 viewport;
VARYING_OUT vec2 vLocal;
FLAT_OUT vec3 vShape;
FLAT_OUT vec2 vProfile;
FLAT_OUT vec4 vFill;
FLAT_OUT vec4 vOutline;
void main() {
  vLocal = local;
  vShape = shape;
  vProfile = profile;
  vFill = fill;
  vOutline = outline;
  gl_Position = vec4(2.0 * position.x / viewport.x - 1.0, 1.0 - 2.0 * position.y / viewport.y,
                     0.0, 1.0);
}
)";

// A disc's spoke (shape.xy, draw_list.h) is a line of the outline's profile and colour from its
// centre to that point, over the fill and under the outline.
constexpr const char* kSpriteFragmentShader = R"(
VARYING_IN vec2 vLocal;
FLAT_IN vec3 vShape;
FLAT_IN vec2 vProfile;
FLAT_IN vec4 vFill;
FLAT_IN vec4 vOutline;
float coverage(float distance) {
  return clamp((vProfile.y - distance) / (vProfile.y - vProfile.x), 0.0, 1.0) * vOutline.a;
}
void main() {
  vec2 q = abs(vLocal) - vShape.xy;
  float d = vShape.z > 0.0 ? length(vLocal) - vShape.z : max(q.x, q.y);
  float a = coverage(abs(d));
  float inside = step(d, 0.0);
  if (max(inside, a) <= 0.0) discard;
  vec3 under = vFill.rgb;
  float spokeLength = dot(vShape.xy, vShape.xy);
  if (vShape.z > 0.0 && spokeLength > 0.0) {
    float t = clamp(dot(vLocal, vShape.xy) / spokeLength, 0.0, 1.0);
    under = mix(under, vOutline.rgb, coverage(length(vLocal - t * vShape.xy)));
  }
  gl_FragColor = vec4(mix(vOutline.rgb, mix(under, vOutline.rgb, a), inside), max(inside, a));
}
)";

struct SpriteVersion {
  const char* vertex;
  const char* fragment;
};
constexpr SpriteVersion kSpriteVersions[] = {
    {"#version 130\n#define ATTRIBUTE in\n#define VARYING_OUT out\n#define FLAT_OUT flat out\n",
     "#version 130\n#define VARYING_IN in\n#define FLAT_IN flat in\n"},
    {"#version 120\n#define ATTRIBUTE attribute\n#define VARYING_OUT varying\n"
     "#define FLAT_OUT varying\n",
     "#version 120\n#define VARYING_IN varying\n#define FLAT_IN varying\n"},
};

// The attributes' locations, bound before linking (from 1: location 0 may alias the fixed
// function's vertex array).
enum SpriteAttribute : GLuint { kPosition = 1, kLocal, kShape, kProfile, kFill, kOutline };

struct SpriteShader {
  bool tried = false;
  GLuint program = 0;
  GLint viewport = -1;
  PFNGLUSEPROGRAMPROC useProgram = nullptr;
  PFNGLUNIFORM2FPROC uniform2f = nullptr;
  PFNGLVERTEXATTRIBPOINTERPROC attribPointer = nullptr;
  PFNGLENABLEVERTEXATTRIBARRAYPROC enableArray = nullptr;
  PFNGLDISABLEVERTEXATTRIBARRAYPROC disableArray = nullptr;
};

template <typename F>
bool load(F& f, const char* name) {
  f = reinterpret_cast<F>(SDL_GL_GetProcAddress(name));
  return f != nullptr;
}

// The program of the sprites, made at the first use; 0 where the driver lacks OpenGL 2.0's
// shaders or refuses these (then discs and boxes are drawn as polygons).
SpriteShader& spriteShader() {
  static SpriteShader shader;
  if (shader.tried) return shader;
  shader.tried = true;
  PFNGLCREATESHADERPROC createShader;
  PFNGLSHADERSOURCEPROC shaderSource;
  PFNGLCOMPILESHADERPROC compileShader;
  PFNGLGETSHADERIVPROC getShaderiv;
  PFNGLDELETESHADERPROC deleteShader;
  PFNGLCREATEPROGRAMPROC createProgram;
  PFNGLATTACHSHADERPROC attachShader;
  PFNGLBINDATTRIBLOCATIONPROC bindAttribLocation;
  PFNGLLINKPROGRAMPROC linkProgram;
  PFNGLGETPROGRAMIVPROC getProgramiv;
  PFNGLDELETEPROGRAMPROC deleteProgram;
  PFNGLGETUNIFORMLOCATIONPROC getUniformLocation;
  const bool loaded =
      load(createShader, "glCreateShader") && load(shaderSource, "glShaderSource") &&
      load(compileShader, "glCompileShader") && load(getShaderiv, "glGetShaderiv") &&
      load(deleteShader, "glDeleteShader") && load(createProgram, "glCreateProgram") &&
      load(attachShader, "glAttachShader") && load(bindAttribLocation, "glBindAttribLocation") &&
      load(linkProgram, "glLinkProgram") && load(getProgramiv, "glGetProgramiv") &&
      load(deleteProgram, "glDeleteProgram") && load(getUniformLocation, "glGetUniformLocation") &&
      load(shader.useProgram, "glUseProgram") && load(shader.uniform2f, "glUniform2f") &&
      load(shader.attribPointer, "glVertexAttribPointer") &&
      load(shader.enableArray, "glEnableVertexAttribArray") &&
      load(shader.disableArray, "glDisableVertexAttribArray");
  const char* version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
  if (!loaded || !version || version[0] < '2') return shader;
  auto compile = [&](GLenum kind, const char* declarations, const char* body) -> GLuint {
    const GLuint s = createShader(kind);
    const char* sources[2] = {declarations, body};
    shaderSource(s, 2, sources, nullptr);
    compileShader(s);
    GLint ok = GL_FALSE;
    getShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (ok == GL_TRUE) return s;
    deleteShader(s);
    return 0;
  };
  // The program of one version, or 0 where the driver refuses it.
  auto link = [&](const SpriteVersion& glsl) -> GLuint {
    const GLuint vertex = compile(GL_VERTEX_SHADER, glsl.vertex, kSpriteVertexShader);
    const GLuint fragment = compile(GL_FRAGMENT_SHADER, glsl.fragment, kSpriteFragmentShader);
    GLuint program = 0;
    if (vertex != 0 && fragment != 0) {
      program = createProgram();
      attachShader(program, vertex);
      attachShader(program, fragment);
      bindAttribLocation(program, kPosition, "position");
      bindAttribLocation(program, kLocal, "local");
      bindAttribLocation(program, kShape, "shape");
      bindAttribLocation(program, kProfile, "profile");
      bindAttribLocation(program, kFill, "fill");
      bindAttribLocation(program, kOutline, "outline");
      linkProgram(program);
      GLint ok = GL_FALSE;
      getProgramiv(program, GL_LINK_STATUS, &ok);
      if (ok != GL_TRUE) {
        deleteProgram(program);
        program = 0;
      }
    }
    if (vertex != 0) deleteShader(vertex);
    if (fragment != 0) deleteShader(fragment);
    return program;
  };
  for (const SpriteVersion& glsl : kSpriteVersions) {
    shader.program = link(glsl);
    if (shader.program == 0) continue;
    shader.viewport = getUniformLocation(shader.program, "viewport");
    break;
  }
  return shader;
}

// Draws a batch of the list's sprites with the sprite program, blended.
void drawSprites(const DrawList& list, const DrawBatch& batch, int width, int height) {
  const SpriteShader& shader = spriteShader();
  const auto* v = reinterpret_cast<const std::uint8_t*>(list.spriteVertices().data());
  constexpr GLsizei stride = sizeof(SpriteVertex);
  shader.useProgram(shader.program);
  shader.uniform2f(shader.viewport, static_cast<float>(width), static_cast<float>(height));
  for (GLuint a : {kPosition, kLocal, kShape, kProfile, kFill, kOutline}) shader.enableArray(a);
  shader.attribPointer(kPosition, 2, GL_FLOAT, GL_FALSE, stride, v + offsetof(SpriteVertex, x));
  shader.attribPointer(kLocal, 2, GL_FLOAT, GL_FALSE, stride, v + offsetof(SpriteVertex, localX));
  shader.attribPointer(kShape, 3, GL_FLOAT, GL_FALSE, stride, v + offsetof(SpriteVertex, halfX));
  shader.attribPointer(kProfile, 2, GL_FLOAT, GL_FALSE, stride, v + offsetof(SpriteVertex, core));
  shader.attribPointer(kFill, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                       v + offsetof(SpriteVertex, fill));
  shader.attribPointer(kOutline, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                       v + offsetof(SpriteVertex, outline));
  glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(batch.count), GL_UNSIGNED_INT,
                 list.indices().data() + batch.first);
  for (GLuint a : {kPosition, kLocal, kShape, kProfile, kFill, kOutline}) shader.disableArray(a);
  shader.useProgram(0);
}

}  // namespace

bool canvasShadesSprites() {
  return spriteShader().program != 0;
}

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
  if (vertices.empty() && list.spriteVertices().empty()) return;
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
  glLineWidth(1.0f);
  glBindTexture(GL_TEXTURE_2D, atlasTexture());
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
  for (const DrawBatch& batch : list.batches()) {
    if (batch.primitive == Primitive::Sprites) {
      glEnable(GL_BLEND);
      glDisable(GL_TEXTURE_2D);
      drawSprites(list, batch, width, height);
      continue;
    }
    // The fixed function's arrays, set again for each batch: the sprites' generic attributes may
    // share their slots.
    glEnableClientState(GL_VERTEX_ARRAY);
    glEnableClientState(GL_COLOR_ARRAY);
    glEnableClientState(GL_TEXTURE_COORD_ARRAY);
    const auto* base = reinterpret_cast<const std::uint8_t*>(vertices.data());
    glVertexPointer(2, GL_FLOAT, sizeof(DrawVertex), base + offsetof(DrawVertex, x));
    glTexCoordPointer(2, GL_FLOAT, sizeof(DrawVertex), base + offsetof(DrawVertex, u));
    glColorPointer(4, GL_UNSIGNED_BYTE, sizeof(DrawVertex), base + offsetof(DrawVertex, color));
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

void keepPicture(PictureSlot slot, double x0, double y0, double x1, double y1, int width,
                 int height, int drawableWidth, int drawableHeight) {
  KeptPicture& kept = keptPicture(slot);
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

bool drawKeptPicture(PictureSlot slot, double x0, double y0, double x1, double y1, int width,
                     int height, int drawableWidth, int drawableHeight) {
  KeptPicture& kept = keptPicture(slot);
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
