// What lets the desktop put a column of panels back from a kept picture
// (app/desktop/panel_pictures.h): the readouts that change with every step are taken a few times a
// second while the simulation runs (ui/ui_model.h: Readouts), and two frames' draw lists count as
// the same drawing exactly when the triangles they draw inside their clip rectangles are the same
// (ui/drawn_triangles.h).
#include <doctest/doctest.h>
#include <imgui.h>

#include <array>

#include "drawn_triangles.h"
#include "ui_model.h"

using namespace contactlab;

TEST_CASE(
    "the readouts are taken afresh while paused, once a period has passed, and when time goes "
    "back") {
  Readouts shown;
  shown.period = 0.25;
  CHECK(shown.due(true, 10.0, 1.0));  // never taken
  shown.takenAt = 10.0;
  shown.time = 1.0;
  CHECK_FALSE(shown.due(true, 10.1, 1.1));
  CHECK_FALSE(shown.due(true, 10.249, 1.249));
  CHECK(shown.due(true, 10.25, 1.25));
  CHECK(shown.due(false, 10.1, 1.0));  // paused: every frame, so a step shows at once
  CHECK(shown.due(true, 10.1, 0.0));   // reset while running
  shown.period = 0;                    // scripted frames (a screenshot): every frame
  CHECK(shown.due(true, 10.0, 1.0));
}

namespace {

// One command clipped to (0, 0) - (100, 100) drawing two triangles: the first inside the clip
// rectangle, the second wholly outside it (below, as a panel's content scrolled away).
struct TwoTriangles {
  ImDrawList list{nullptr};
  TwoTriangles() {
    const ImVec2 corners[6] = {{10, 10}, {20, 10}, {10, 20}, {10, 200}, {20, 200}, {10, 210}};
    for (const ImVec2& at : corners) list.VtxBuffer.push_back({at, ImVec2(0.5f, 0.5f), 0xff0000ff});
    for (ImDrawIdx i = 0; i < 6; ++i) list.IdxBuffer.push_back(i);
    ImDrawCmd cmd;
    cmd.ClipRect = ImVec4(0, 0, 100, 100);
    cmd.TextureId = reinterpret_cast<ImTextureID>(1);
    cmd.ElemCount = 6;
    list.CmdBuffer.push_back(cmd);
  }
  std::vector<char> drawing() {
    const std::array<ImDrawList*, 1> lists{&list};
    std::vector<char> out;
    bounds = describeDrawing(lists, out);
    return out;
  }
  DrawnBounds bounds;
};

}  // namespace

TEST_CASE("a drawing is the same while only what lies outside its clip rectangle changes") {
  TwoTriangles a;
  const std::vector<char> first = a.drawing();
  CHECK(a.drawing() == first);
  CHECK(a.bounds.any);  // the triangle inside only
  CHECK(a.bounds.minX == 10);
  CHECK(a.bounds.maxY == 20);
  CHECK(a.bounds.within(0, 0, 100, 100));
  CHECK_FALSE(a.bounds.within(15, 0, 100, 100));

  SUBCASE("a triangle outside moves, still outside: the same") {
    a.list.VtxBuffer[4].pos.y = 300;
    CHECK(a.drawing() == first);
  }
  SUBCASE("a triangle outside changes colour: the same") {
    a.list.VtxBuffer[3].col = 0xff00ff00;
    CHECK(a.drawing() == first);
  }
  SUBCASE("a triangle outside reaches into the rectangle: another drawing, reaching farther") {
    a.list.VtxBuffer[3].pos.y = 90;
    CHECK(a.drawing() != first);
    CHECK(a.bounds.maxY == 100);  // cut to the clip rectangle
  }
  SUBCASE("a triangle inside moves by a pixel: another drawing") {
    a.list.VtxBuffer[1].pos.x = 21;
    CHECK(a.drawing() != first);
  }
  SUBCASE("a triangle inside changes colour or texture coordinate: another drawing") {
    a.list.VtxBuffer[0].col = 0xff00ff00;
    CHECK(a.drawing() != first);
    a.list.VtxBuffer[0].col = 0xff0000ff;
    a.list.VtxBuffer[2].uv.x = 0.25f;
    CHECK(a.drawing() != first);
  }
  SUBCASE("the clip rectangle or the texture changes: another drawing") {
    a.list.CmdBuffer[0].ClipRect.z = 99;
    CHECK(a.drawing() != first);
    a.list.CmdBuffer[0].ClipRect.z = 100;
    a.list.CmdBuffer[0].TextureId = reinterpret_cast<ImTextureID>(2);
    CHECK(a.drawing() != first);
  }
}
