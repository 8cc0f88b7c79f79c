// What the world view draws, in screen pixels: coloured triangles (fills, wide lines, arrows,
// rings) and one-pixel lines (grids, hatching), gathered in layers (grid, fixed bodies, bodies,
// centre marks, arrows and joints) that are drawn in order. Within a layer, opaque triangles come
// first, then one-pixel lines, then blended triangles: one draw call each, a dozen a frame.
// Software OpenGL (llvmpipe under Xvfb) pays for every draw call, every triangle and every blended
// pixel, so opaque triangles are drawn without blending, one-pixel lines stay lines, and blended
// triangles read their alpha from the coverage atlas (coverage_atlas.h): an anti-aliased line is
// one quad, a closed outline one strip of two triangles a side, the centre-of-mass mark one quad;
// all drawn by index, so a quad stores four corners. Where the canvas can shade them
// (setSprites), a filled and outlined circle is one quad whose pixels compute their coverage
// from their distance to its centre (two triangles instead of about forty for a disc of 7 pixels);
// elsewhere it is a polygon and a strip. Pure C++; buffers are reused, so a frame allocates nothing
// once they have grown.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "contactlab/vec2.h"

namespace contactlab {

struct Rgba {
  std::uint8_t r = 0, g = 0, b = 0, a = 255;
  Rgba withAlpha(double alpha) const;
};

// An arrow's head is this many times its length wide on either side of the shaft.
inline constexpr double kArrowHeadSpread = 0.45;

struct DrawVertex {
  float x, y;  // pixels, y down
  float u, v;  // coverage atlas (blended triangles only): alpha = color.a x the texel's
  Rgba color;
};

enum class Primitive {
  OpaqueTriangles,   // 3 vertices each, every vertex fully opaque: drawn without blending
  BlendedTriangles,  // 3 vertices each, some translucent, textured by the coverage atlas
  Lines,             // 2 vertices each, one pixel wide, blended
  Sprites,           // 6 sprite vertices each (two triangles of a quad), blended by a shader
};

// A corner of a sprite's quad: a disc's or a box's, filled and outlined. The pixels between the
// corners are coloured by their signed distance d (pixels, negative inside) to the shape's edge,
// from `local`, their place in the shape's frame (its centre at 0, its axes those of the box):
// d = |local| - radius for a disc (radius > 0), max(|lx| - halfX, |ly| - halfY) for a box (radius
// 0; square corners, as the mitred strip of a polygon's outline). The fill where d < 0, over it
// the outline, a line centred on the edge with line()'s profile: alpha 1 where |d| <= core,
// falling linearly to 0 at `outer`. A disc may have a spoke, the radius that shows its turn: a
// line of the outline's profile and colour from its centre to (halfX, halfY), over the fill and
// under the outline.
struct SpriteVertex {
  float x, y;            // pixels, y down
  float localX, localY;  // pixels, in the shape's frame
  float halfX, halfY;    // a box's half sides; a disc's spoke's end, (0, 0) for none (pixels)
  float radius;          // a disc's radius (pixels; 0 for a box)
  float core, outer;
  Rgba fill, outline;
};

// A run of indices (into the vertices, or the sprite vertices for Sprites) of one kind.
struct DrawBatch {
  Primitive primitive = Primitive::OpaqueTriangles;
  std::size_t first = 0;
  std::size_t count = 0;
};

class DrawList {
 public:
  void clear();
  // Closes the layer being gathered: what comes next is drawn over it.
  void endLayer();
  // The vertices, indices and batches of the closed layers. Triangles and lines are drawn by
  // index, so that the corners a quad or a strip shares are stored (and transformed) once.
  const std::vector<DrawVertex>& vertices() const { return vertices_; }
  const std::vector<std::uint32_t>& indices() const { return indices_; }
  const std::vector<SpriteVertex>& spriteVertices() const { return spriteVertices_; }
  const std::vector<DrawBatch>& batches() const { return batches_; }
  // Whether the canvas shades sprites (its drawer then draws discs and boxes with discSprite()
  // and boxSprite(), else as polygons); kept by clear().
  void setSprites(bool on) { useSprites_ = on; }
  bool sprites() const { return useSprites_; }
  // Whether two lists draw the same picture: the same batches of the same vertices and indices,
  // bit for bit.
  bool sameDrawing(const DrawList& other) const;

  void triangle(Vec2 a, Vec2 b, Vec2 c, Rgba color);
  // A convex polygon, filled (a fan from its first corner).
  void fillConvex(std::span<const Vec2> corners, Rgba color);
  // A straight line `width` pixels wide, anti-aliased by a one-pixel fringe; its ends extend by
  // `width / 2` so polylines join.
  void line(Vec2 a, Vec2 b, float width, Rgba color);
  // A one-pixel line without the fringe: cheap, for grids and hatching.
  void hairline(Vec2 a, Vec2 b, Rgba color);
  // An axis-aligned filled rectangle between two corners.
  void rect(Vec2 a, Vec2 b, Rgba color);
  // Open: a line() per segment. Closed: one strip around the polygon, mitred at its corners.
  void polyline(std::span<const Vec2> points, bool closed, float width, Rgba color);
  void disc(Vec2 center, float radius, Rgba color, int segments = 16);
  void ring(Vec2 center, float radius, float width, Rgba color, int segments = 16);
  // A circle filled with `fill` (opaque) and outlined like polyline(..., closed, outlineWidth,
  // outline), with a spoke like line(center, center + spoke, outlineWidth, outline) under the
  // outline ((0, 0): none): one quad of the Sprites primitive, for canvases that shade them
  // (sprites()).
  void discSprite(Vec2 center, float radius, Vec2 spoke, Rgba fill, float outlineWidth,
                  Rgba outline);
  // Likewise a rectangle of corners a, b, c, d (in order around it; its sides need not be
  // upright): one quad, its sides those of the rectangle moved out by the outline's fringe.
  void boxSprite(const Vec2 (&corners)[4], Rgba fill, float outlineWidth, Rgba outline);
  // A line from `from` to `to` with a filled triangular head of length `head` pixels at `to`, and
  // kArrowHeadSpread x that length wide on either side. An arrow no longer than its head is the
  // head alone (one triangle), of the arrow's length. The shaft of an opaque arrow at least two
  // pixels wide within half a pixel of horizontal or vertical is an opaque rectangle, any other
  // shaft an anti-aliased line.
  void arrow(Vec2 from, Vec2 to, float width, float head, Rgba color);
  // The centre-of-mass mark (coverage_atlas.h) at `center`, snapped to the nearest pixel corner.
  void centreMark(Vec2 center, Rgba color);

 private:
  // A vertex of the open layer's bucket of `primitive`, and its index in that bucket.
  std::uint32_t vertex(Primitive primitive, Vec2 p, float u, float v, Rgba color);
  void index(Primitive primitive, std::uint32_t i) {
    layer_[static_cast<int>(primitive)].indices.push_back(i);
  }
  // Two triangles a, b, c and a, c, d of the atlas' texels (ua, va) at a ... (ud, vd) at d.
  void texturedQuad(const Vec2 (&corners)[4], const float (&u)[4], const float (&v)[4], Rgba color);
  void closedOutline(std::span<const Vec2> points, float width, Rgba color);
  // A sprite centred at `center` whose frame has the unit axes axisX and axisY (screen), the
  // shape's half sides `half` (a disc: its radius both ways, and `radius`, and `spoke`).
  void sprite(Vec2 center, Vec2 axisX, Vec2 axisY, Vec2 half, float radius, Vec2 spoke,
              float outlineWidth, Rgba fill, Rgba outline);

  struct Bucket {
    std::vector<DrawVertex> vertices;
    std::vector<std::uint32_t> indices;  // into `vertices`
  };
  std::vector<DrawVertex> vertices_;
  std::vector<std::uint32_t> indices_;
  std::vector<DrawBatch> batches_;
  struct SpriteBucket {
    std::vector<SpriteVertex> vertices;
    std::vector<std::uint32_t> indices;
  };
  std::vector<SpriteVertex> spriteVertices_;
  Bucket layer_[3];           // the open layer, by Primitive (but Sprites)
  SpriteBucket openSprites_;  // the open layer's sprites
  bool useSprites_ = false;
  std::vector<Vec2> ring_;  // closedOutline's corners (scratch)
};

}  // namespace contactlab
