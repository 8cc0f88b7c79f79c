// The world view's triangles (render/draw_list.h, coverage_atlas.h, world_drawing.h): an
// anti-aliased line is one quad (four vertices) whose texels give the alpha profile of its solid
// core and fading fringe; a closed outline is one strip around the polygon sharing its corners; the
// centre mark is one quad of a crisp picture; a disc or box sprite is one quad reaching the end of
// its outline's fringe, with the outline's profile a line's, a disc's carrying its spoke instead of
// a line of its own; with sprites, movable discs and boxes
// are sprites and fixed bodies polygons; a body gets its centre mark only where it has room for
// it; a world of many bodies is drawn in a fixed handful of batches; and two drawings of the same
// snapshot are the same bit for bit, another snapshot's not.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "coverage_atlas.h"
#include "draw_list.h"
#include "snapshot_fixtures.h"
#include "world_drawing.h"
#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

// The atlas' alpha (0 to 1) at texture coordinates (u, v), nearest texel, as OpenGL samples it.
double alphaAt(const std::vector<std::uint8_t>& atlas, double u, double v) {
  const int i = std::clamp(static_cast<int>(std::floor(u * kAtlasWidth)), 0, kAtlasWidth - 1);
  const int j = std::clamp(static_cast<int>(std::floor(v * kAtlasHeight)), 0, kAtlasHeight - 1);
  return atlas[j * kAtlasWidth + i] / 255.0;
}

// The alpha a blended quad's texels give at the fraction `t` (0 to 1) of the way across it.
double alphaAcross(const std::vector<std::uint8_t>& atlas, const DrawVertex& a, const DrawVertex& b,
                   double t) {
  return alphaAt(atlas, a.u + t * (b.u - a.u), a.v + t * (b.v - a.v));
}

}  // namespace

TEST_CASE("a line is one quad: solid across its core, fading to nothing over a pixel beyond") {
  const std::vector<std::uint8_t> atlas = coverageAtlas();
  for (float width : {1.5f, 3.0f, 7.0f}) {
    CAPTURE(width);
    DrawList list;
    list.line({10, 20}, {110, 20}, width, {200, 0, 0, 255});
    list.endLayer();
    REQUIRE(list.batches().size() == 1);
    CHECK(list.batches()[0].primitive == Primitive::BlendedTriangles);
    REQUIRE(list.vertices().size() == 4);
    CHECK(list.indices().size() == 6);
    // Corners 0 and 1 are on one side, 2 on the other: the quad spans the core and the fringes.
    const DrawVertex &side = list.vertices()[0], &other = list.vertices()[2];
    const double core = width > 2 ? width / 2 - 0.5 : 0;
    const double outer = core + (core > 0 ? 1.0 : std::max(1.0, width / 2 + 0.5));
    CHECK(std::abs(side.y - other.y) == doctest::Approx(2 * outer));
    // Across: alpha 1 on the centre line and within the core, falling linearly to 0 at the edge,
    // to within the change over half a texel (the texel nearest a point is sampled) and half a
    // row's step of the core's fraction (the nearest row is read).
    const double slope = outer / (outer - core);  // alpha per unit of d / outer
    const double tolerance = (1.0 / kAtlasWidth + 0.5 / (kProfileRows - 1)) * slope;
    for (double d : {0.0, 0.5 * core, core, core + 0.5 * (outer - core), outer}) {
      CAPTURE(d);
      const double expected = d <= core ? 1.0 : (outer - d) / (outer - core);
      CHECK(std::abs(alphaAcross(atlas, side, other, 0.5 + 0.5 * d / outer) - expected) <=
            tolerance + 1.0 / 255);
    }
  }
}

TEST_CASE("a closed outline is one strip, two triangles a side, whose edges are the polygon's") {
  DrawList list;
  const std::vector<Vec2> square{{0, 0}, {10, 0}, {10, 10}, {0, 10}};
  list.polyline(square, true, 2.0f, {0, 0, 0, 255});
  list.endLayer();
  REQUIRE(list.vertices().size() == 4 * 2);  // outside and inside each corner
  CHECK(list.indices().size() == 4 * 6);
  // Every corner of the strip lies on the square's corners' diagonals at the mitre distance.
  const double outer = std::max(1.0, 2.0 / 2 + 0.5);
  for (const DrawVertex& v : list.vertices()) {
    const double dx = std::min(std::abs(v.x - 0.0), std::abs(v.x - 10.0));
    const double dy = std::min(std::abs(v.y - 0.0), std::abs(v.y - 10.0));
    CHECK(dx == doctest::Approx(outer));
    CHECK(dy == doctest::Approx(outer));
  }
}

TEST_CASE("the centre mark is one quad of a crisp ring with two opposite quarters filled") {
  const std::vector<std::uint8_t> atlas = coverageAtlas();
  DrawList list;
  list.centreMark({100.3, 50.6}, {25, 25, 30, 255});
  list.endLayer();
  REQUIRE(list.vertices().size() == 4);
  const DrawVertex &topLeft = list.vertices()[0], &bottomRight = list.vertices()[2];
  // Snapped to the pixel corner (100, 51), kMarkQuad pixels on a side.
  CHECK(topLeft.x == 100 - kMarkQuad / 2);
  CHECK(topLeft.y == 51 - kMarkQuad / 2);
  CHECK(bottomRight.x - topLeft.x == kMarkQuad);
  // The alpha at a pixel centre (dx, dy) from the mark's centre, y down.
  auto at = [&](double dx, double dy) {
    const double tx = (dx + kMarkQuad / 2.0) / kMarkQuad, ty = (dy + kMarkQuad / 2.0) / kMarkQuad;
    return alphaAt(atlas, topLeft.u + tx * (bottomRight.u - topLeft.u),
                   topLeft.v + ty * (bottomRight.v - topLeft.v));
  };
  for (std::size_t k = kProfileRows * kAtlasWidth; k < atlas.size(); ++k)
    CHECK((atlas[k] == 0 || atlas[k] == 255));  // crisp: no partial texels
  CHECK(at(2.5, -2.5) == 1);                    // upper right quarter: filled
  CHECK(at(-2.5, 2.5) == 1);                    // lower left: filled
  CHECK(at(-2.5, -2.5) == 0);                   // upper left: open
  CHECK(at(2.5, 2.5) == 0);                     // lower right: open
  CHECK(at(4.5, 0.5) == 1);                     // the ring, radius 5, in the open quarters too
  CHECK(at(0.5, 4.5) == 1);
  CHECK(at(5.5, 5.5) == 0);  // outside
}

TEST_CASE("a disc sprite is one quad reaching the end of its outline's fringe") {
  for (float width : {0.5f, 1.5f, 3.0f}) {
    CAPTURE(width);
    DrawList list;
    list.setSprites(true);
    list.discSprite({100, 50}, 7, {0, 0}, {10, 20, 30, 255}, width, {45, 45, 55, 255});
    list.endLayer();
    REQUIRE(list.batches().size() == 1);
    CHECK(list.batches()[0].primitive == Primitive::Sprites);
    CHECK(list.batches()[0].count == 6);
    CHECK(list.vertices().empty());
    REQUIRE(list.spriteVertices().size() == 4);
    // The profile of line() of that width (see the first case).
    const double core = width > 2 ? width / 2 - 0.5 : 0;
    const double outer = core + (core > 0 ? 1.0 : std::max(1.0, width / 2 + 0.5));
    double minX = 1e9, maxX = -1e9, minY = 1e9, maxY = -1e9;
    for (const SpriteVertex& v : list.spriteVertices()) {
      CHECK(v.radius == 7);
      CHECK(v.halfX == 0);
      CHECK(v.halfY == 0);
      CHECK(v.core == doctest::Approx(core));
      CHECK(v.outer == doctest::Approx(outer));
      CHECK(v.x - v.localX == doctest::Approx(100));  // local: from the centre
      CHECK(v.y - v.localY == doctest::Approx(50));
      CHECK(v.fill.b == 30);
      // An outline thinner than a pixel fades as a line does.
      CHECK(v.outline.a == (width < 1 ? 127 : 255));
      minX = std::min<double>(minX, v.x), maxX = std::max<double>(maxX, v.x);
      minY = std::min<double>(minY, v.y), maxY = std::max<double>(maxY, v.y);
    }
    // Every pixel the fringe reaches, |d - r| < outer, lies in the quad, and no more.
    CHECK(minX == doctest::Approx(100 - 7 - outer));
    CHECK(maxX == doctest::Approx(100 + 7 + outer));
    CHECK(minY == doctest::Approx(50 - 7 - outer));
    CHECK(maxY == doctest::Approx(50 + 7 + outer));
    // Drawn by index as two triangles sharing a diagonal.
    std::vector<std::uint32_t> indices(list.indices().begin(), list.indices().end());
    CHECK(indices == std::vector<std::uint32_t>{0, 1, 2, 0, 2, 3});
  }
}

TEST_CASE("a box sprite is one quad: the box's sides moved out by its outline's fringe") {
  // A 40 x 20 box turned by 30 degrees about (200, 100).
  const double angle = std::numbers::pi / 6;
  const Vec2 ax{std::cos(angle), std::sin(angle)}, ay{-std::sin(angle), std::cos(angle)};
  const Vec2 c{200, 100};
  const Vec2 corners[4] = {c - ax * 20.0 - ay * 10.0, c + ax * 20.0 - ay * 10.0,
                           c + ax * 20.0 + ay * 10.0, c - ax * 20.0 + ay * 10.0};
  DrawList list;
  list.setSprites(true);
  list.boxSprite(corners, {10, 20, 30, 255}, 1.5f, {45, 45, 55, 255});
  list.endLayer();
  REQUIRE(list.batches().size() == 1);
  CHECK(list.batches()[0].primitive == Primitive::Sprites);
  REQUIRE(list.spriteVertices().size() == 4);
  const double outer = 1.25;  // line()'s profile at 1.5 pixels: no core
  for (const SpriteVertex& v : list.spriteVertices()) {
    CHECK(v.radius == 0);
    CHECK(v.halfX == doctest::Approx(20));
    CHECK(v.halfY == doctest::Approx(10));
    CHECK(v.core == 0);
    CHECK(v.outer == doctest::Approx(outer));
    // A corner of the box pushed out by `outer` along both its axes, its frame coordinates the
    // same distances.
    CHECK(std::abs(v.localX) == doctest::Approx(20 + outer));
    CHECK(std::abs(v.localY) == doctest::Approx(10 + outer));
    const Vec2 expected = c + ax * double(v.localX) + ay * double(v.localY);
    CHECK(v.x == doctest::Approx(expected.x).epsilon(1e-5));
    CHECK(v.y == doctest::Approx(expected.y).epsilon(1e-5));
  }
  // A box without area draws nothing.
  DrawList flat;
  flat.setSprites(true);
  const Vec2 line[4] = {c, c + ax * 20.0, c + ax * 20.0, c};
  flat.boxSprite(line, {10, 20, 30, 255}, 1.5f, {45, 45, 55, 255});
  flat.endLayer();
  CHECK(flat.spriteVertices().empty());
}

namespace {

// The world's bodies (no centre marks, no forces) drawn at 50 pixels a metre about (0, 2), once
// as sprites and once as polygons.
std::pair<DrawList, DrawList> drawnBothWays(World& world) {
  const WorldSnapshot snapshot = snapshotOf(world);
  Camera camera;
  camera.center = {0, 2};
  camera.pixelsPerMeter = 50;
  ViewOptions options;
  options.centres = false;
  options.forces = false;
  DrawList sprites, polygons;
  sprites.setSprites(true);
  drawWorld(snapshot, camera, options, Overlay{}, sprites);
  drawWorld(snapshot, camera, options, Overlay{}, polygons);
  return {std::move(sprites), std::move(polygons)};
}

}  // namespace

TEST_CASE("a disc sprite carries its spoke, along the disc's angle, instead of a line of its own") {
  World world = makeWorld();
  BodyDef wheel = discDef("wheel", 0.2, 1, 2);
  wheel.state.angle = 0.7;
  add(world, wheel);
  const auto [sprites, polygons] = drawnBothWays(world);
  // The spoke's end from the centre, in pixels with y down: 10 px along 0.7 rad counter-clockwise.
  REQUIRE(sprites.spriteVertices().size() == 4);
  for (const SpriteVertex& v : sprites.spriteVertices()) {
    CHECK(v.radius == doctest::Approx(10));
    CHECK(v.halfX == doctest::Approx(10 * std::cos(0.7)));
    CHECK(v.halfY == doctest::Approx(-10 * std::sin(0.7)));
  }
  // No anti-aliased line besides: the sprite is the whole disc. As polygons, the spoke is a line.
  const auto blended = [](const DrawList& list) {
    std::size_t count = 0;
    for (const DrawBatch& batch : list.batches())
      count += batch.primitive == Primitive::BlendedTriangles ? batch.count : 0;
    return count;
  };
  CHECK(blended(sprites) == 0);
  CHECK(blended(polygons) > 0);
  // A box sprite's shape is its half sides, as before.
  DrawList box;
  box.setSprites(true);
  const Vec2 corners[4] = {{0, 0}, {8, 0}, {8, 4}, {0, 4}};
  box.boxSprite(corners, {10, 20, 30, 255}, 1.5f, {45, 45, 55, 255});
  box.endLayer();
  REQUIRE(box.spriteVertices().size() == 4);
  CHECK(box.spriteVertices()[0].halfX == doctest::Approx(4));
  CHECK(box.spriteVertices()[0].halfY == doctest::Approx(2));
}

TEST_CASE("with sprites, movable discs and boxes are sprites and fixed bodies polygons") {
  World world = makeWorld();
  addFloor(world);
  BodyDef post = discDef("post", 0.3, -2, 1);
  post.fixed = true;
  add(world, post);
  for (int i = 0; i < 5; ++i) add(world, discDef("d" + std::to_string(i), 0.2, i, 1));
  add(world, boxDef("block", 0.4, 0.4, 4, 3));
  const auto [sprites, polygons] = drawnBothWays(world);
  // Five discs and the block; not the fixed post nor the floor.
  REQUIRE(sprites.spriteVertices().size() == 6 * 4);
  CHECK(polygons.spriteVertices().empty());
  int discs = 0, boxes = 0;
  for (const SpriteVertex& v : sprites.spriteVertices()) {
    if (v.radius > 0) {
      CHECK(v.radius == doctest::Approx(0.2 * 50));
      ++discs;
    } else {
      CHECK(v.halfX == doctest::Approx(0.2 * 50));
      ++boxes;
    }
  }
  CHECK(discs == 5 * 4);
  CHECK(boxes == 4);
  // Each sprite's six indices take the place of a polygon's fill and outline: for a disc at least
  // 8 corners, a fan of 6 triangles and a strip of 16, 66 indices; for a box 6 and 24.
  CHECK(polygons.indices().size() - sprites.indices().size() >= 5 * (66 - 6) + (30 - 6));
  std::size_t spriteBatches = 0;
  for (const DrawBatch& batch : sprites.batches())
    spriteBatches += batch.primitive == Primitive::Sprites ? 1 : 0;
  CHECK(spriteBatches == 1);
}

TEST_CASE(
    "a movable body gets its centre mark only when the mark's square is at most a quarter of it") {
  // The marks' quads, told by their texels (the mark's corner of the atlas).
  auto marks = [](const DrawList& list) {
    int corners = 0;
    for (const DrawVertex& v : list.vertices())
      if (v.u >= kMarkU0 && v.u <= kMarkU1 && v.v >= kMarkV0 && v.v <= kMarkV1) ++corners;
    CHECK(corners % 4 == 0);
    return corners / 4;
  };
  ViewOptions options;
  options.forces = false;
  options.grid = false;
  auto marksAt = [&](const WorldSnapshot& snapshot, double pixelsPerMeter) {
    Camera camera;
    camera.center = {0, 3};
    camera.pixelsPerMeter = pixelsPerMeter;
    DrawList list;
    drawWorld(snapshot, camera, options, Overlay{}, list);
    return marks(list);
  };
  // 576 square pixels (four times the mark's 12 x 12) or more: the mark has room.
  CHECK(hasRoomForMark(4 * kMarkQuad * kMarkQuad));
  CHECK_FALSE(hasRoomForMark(4 * kMarkQuad * kMarkQuad - 0.01));
  World world = makeWorld();
  addFloor(world);
  add(world, boxDef("block", 1, 1, 0, 3));     // 1 m^2
  add(world, discDef("ball", 0.5, 3, 3));      // pi / 4 = 0.785 m^2
  add(world, boxDef("plank", 4, 0.3, -4, 3));  // 1.2 m^2
  const WorldSnapshot snapshot = snapshotOf(world);
  CHECK(marksAt(snapshot, 28) == 3);  // 784 px^2 the block, 616 the ball, 941 the plank
  CHECK(marksAt(snapshot, 26) == 2);  // the ball 531 px^2: not the ball
  CHECK(marksAt(snapshot, 23) == 1);  // the block 529 px^2: the plank alone (635)
  CHECK(marksAt(snapshot, 20) == 0);  // the plank 480 px^2: a mark would cover most of each body
  // A seesaw's board 10 px thick still has room along its length: its mark stays.
  World seesaw = makeWorld();
  add(seesaw, boxDef("board", 4, 0.1, 0, 3));
  CHECK(marksAt(snapshotOf(seesaw), 100) == 1);
  options.centres = false;
  CHECK(marksAt(snapshot, 200) == 0);  // and none when they are switched off
}

TEST_CASE("a world's drawing takes the same few batches for 3 bodies as for 300") {
  auto batchesFor = [](int bodies, bool sprites) {
    World world = makeWorld();
    addFloor(world);
    for (int i = 0; i < bodies; ++i)
      add(world, i % 2 ? discDef("d" + std::to_string(i), 0.2, (i % 30) - 15.0, 1 + i / 30)
                       : boxDef("b" + std::to_string(i), 0.4, 0.4, (i % 30) - 15.0, 1 + i / 30));
    const WorldSnapshot snapshot = snapshotOf(world);
    Camera camera;
    camera.center = {0, 5};
    camera.pixelsPerMeter = 30;
    DrawList list;
    list.setSprites(sprites);
    drawWorld(snapshot, camera, ViewOptions{}, Overlay{}, list);
    return list.batches().size();
  };
  for (bool sprites : {false, true}) {
    CAPTURE(sprites);
    const std::size_t few = batchesFor(3, sprites), many = batchesFor(300, sprites);
    CHECK(few == many);
    CHECK(many <= 12);
  }
}

TEST_CASE("two drawings of one snapshot are the same; a moved body makes another") {
  for (bool sprites : {false, true}) {
    CAPTURE(sprites);
    World world = makeWorld();
    addFloor(world);
    add(world, boxDef("block", 1, 1, 0, 2));
    add(world, discDef("ball", 0.5, 3, 2));
    Camera camera;
    camera.center = {0, 1};
    DrawList first, second, third;
    for (DrawList* list : {&first, &second, &third}) list->setSprites(sprites);
    drawWorld(snapshotOf(world), camera, ViewOptions{}, Overlay{}, first);
    drawWorld(snapshotOf(world), camera, ViewOptions{}, Overlay{}, second);
    CHECK(first.sameDrawing(second));
    REQUIRE(world.step());  // the block and the ball fall
    drawWorld(snapshotOf(world), camera, ViewOptions{}, Overlay{}, third);
    CHECK_FALSE(first.sameDrawing(third));
  }
}

TEST_CASE("a disc sprite moved by a pixel is another drawing") {
  auto drawn = [](double x) {
    DrawList list;
    list.setSprites(true);
    list.discSprite({x, 50}, 7, {0, 0}, {10, 20, 30, 255}, 1.5f, {45, 45, 55, 255});
    list.endLayer();
    return list;
  };
  CHECK(drawn(100).sameDrawing(drawn(100)));
  CHECK_FALSE(drawn(100).sameDrawing(drawn(101)));
}

TEST_CASE("an arrow is a shaft and a head; one no longer than its head is the head alone") {
  DrawList list;
  list.arrow({10, 50}, {110, 50}, 3.0f, 11.0f, {200, 0, 0, 255});
  list.endLayer();
  std::size_t triangles = 0;
  for (const DrawBatch& batch : list.batches()) triangles += batch.count / 3;
  CHECK(triangles == 3);  // the shaft's quad and the head
  // The head: its tip at the arrow's end, its base 11 pixels back and 0.45 x 11 either side.
  const auto& v = list.vertices();
  const bool tip = std::any_of(v.begin(), v.end(), [](const DrawVertex& p) {
    return std::abs(p.x - 110) < 1e-4 && std::abs(p.y - 50) < 1e-4;
  });
  CHECK(tip);
  list.clear();
  list.arrow({10, 50}, {16, 50}, 3.0f, 11.0f, {200, 0, 0, 255});
  list.endLayer();
  REQUIRE(list.batches().size() == 1);
  CHECK(list.batches()[0].count == 3);
  float left = 1e9f, right = -1e9f, top = 1e9f, bottom = -1e9f;
  for (const DrawVertex& p : list.vertices()) {
    left = std::min(left, p.x);
    right = std::max(right, p.x);
    top = std::min(top, p.y);
    bottom = std::max(bottom, p.y);
  }
  CHECK(left == doctest::Approx(10));  // the head as long as the arrow
  CHECK(right == doctest::Approx(16));
  CHECK(bottom - top == doctest::Approx(2 * kArrowHeadSpread * 6));
}

TEST_CASE("an arrow's shaft along a row or column of pixels is opaque; a slanted one is blended") {
  auto primitives = [](Vec2 from, Vec2 to, Rgba color, float width = 3.0f) {
    DrawList list;
    list.arrow(from, to, width, 11.0f, color);
    list.endLayer();
    std::vector<Primitive> kinds;
    for (const DrawBatch& batch : list.batches()) kinds.push_back(batch.primitive);
    return kinds;
  };
  const Rgba red{200, 0, 0, 255};
  const std::vector<Primitive> opaque{Primitive::OpaqueTriangles};
  CHECK(primitives({10, 50}, {110, 50}, red) == opaque);
  CHECK(primitives({40, 10}, {40, 90}, red) == opaque);
  CHECK(primitives({10, 50}, {110, 50.4}, red) == opaque);  // 0.4 px across over its length
  const std::vector<Primitive> both{Primitive::OpaqueTriangles, Primitive::BlendedTriangles};
  CHECK(primitives({10, 50}, {110, 51}, red) == both);  // the head opaque, the shaft blended
  CHECK(primitives({10, 10}, {80, 80}, red) == both);
  const std::vector<Primitive> blended{Primitive::BlendedTriangles};
  CHECK(primitives({10, 50}, {110, 50}, red.withAlpha(0.5)) == blended);
  CHECK(primitives({10, 50}, {110, 50}, red, 1.5f) == both);  // too thin to stay one width
  CHECK(primitives({10, 50}, {110, 50}, red, 2.0f) == opaque);
}

TEST_CASE("an opaque shaft is as wide as the line, centred on it, with the line's square cap") {
  DrawList list;
  list.arrow({10.25, 50.5}, {110.25, 50.5}, 3.0f, 11.0f, {200, 0, 0, 255});
  list.endLayer();
  float top = 1e9f, bottom = -1e9f, left = 1e9f;
  for (const DrawVertex& p : list.vertices()) {
    if (p.x > 99) continue;  // the head's corners and the shaft's end under the head
    top = std::min(top, p.y);
    bottom = std::max(bottom, p.y);
    left = std::min(left, p.x);
  }
  CHECK(bottom - top == doctest::Approx(3));
  CHECK((top + bottom) / 2 == doctest::Approx(50.5));
  CHECK(left == doctest::Approx(10.25 - 1.5));
}
