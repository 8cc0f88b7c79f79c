// The side columns' placement (the world keeps at least 60 % of the window's width at any text
// size), the text sizes offered, and the remembered look read back from its JSON.
#include <doctest/doctest.h>

#include "panel_layout.h"
#include "ui_model.h"
#include "ui_preferences.h"

namespace contactlab {
namespace {

constexpr float kMenu = 21;

double worldShare(const ColumnPlacement& p, Vec2 window) {
  return (p.world.max.x - p.world.min.x) / window.x;
}

}  // namespace

TEST_CASE("a 1024 x 768 projector at 200 % text folds the columns into one and keeps the world") {
  const Vec2 window{1024, 768};
  for (float em : {15.0f, 22.5f, 30.0f, 37.5f, 45.0f}) {  // 100 % to 300 %
    CAPTURE(em);
    const ColumnPlacement p = placeColumns(PanelLayout{}, window, em, kMenu * em / 15);
    CHECK(p.merged);
    CHECK(p.left);
    CHECK_FALSE(p.right);
    CHECK(worldShare(p, window) >= 0.6 - 1e-6);  // px are floats
    CHECK(p.leftWidth <= p.leftMaximum);
    CHECK(p.world.min.x == doctest::Approx(p.leftWidth));
    CHECK(p.world.min.y == doctest::Approx(kMenu * em / 15));
  }
}

TEST_CASE("a wide window at 100 % keeps two columns at their widths") {
  const Vec2 window{1600, 1000};
  const PanelLayout layout;
  const ColumnPlacement p = placeColumns(layout, window, 15, kMenu);
  CHECK_FALSE(p.merged);
  CHECK(p.left);
  CHECK(p.right);
  CHECK(p.leftWidth == doctest::Approx(layout.leftEm * 15));
  CHECK(p.rightWidth == doctest::Approx(layout.rightEm * 15));
  CHECK(p.world.max.x == doctest::Approx(1600 - p.rightWidth));
  CHECK(worldShare(p, window) >= 0.6);
  // Each column may grow only as far as leaves the world its 60 %.
  CHECK(p.leftMaximum + p.rightWidth == doctest::Approx(0.4 * 1600));
  CHECK(p.rightMaximum + p.leftWidth == doctest::Approx(0.4 * 1600));
}

TEST_CASE("one column on request, one column alone, none, and the lesson view") {
  const Vec2 window{1600, 1000};
  PanelLayout layout;
  layout.oneColumn = true;
  CHECK(placeColumns(layout, window, 15, kMenu).merged);

  layout = PanelLayout{};
  layout.showControls = false;
  ColumnPlacement p = placeColumns(layout, window, 15, kMenu);
  CHECK(p.right);
  CHECK_FALSE(p.left);
  CHECK(p.world.min.x == 0);

  layout.showReadouts = false;
  p = placeColumns(layout, window, 15, kMenu);
  CHECK_FALSE(p.left);
  CHECK_FALSE(p.right);
  CHECK(p.world.max.x == 1600);
  CHECK(p.world.min.y == kMenu);

  layout = PanelLayout{};
  layout.lesson = true;
  p = placeColumns(layout, window, 15, kMenu);
  CHECK_FALSE(p.menu);
  CHECK_FALSE(p.left);
  CHECK_FALSE(p.right);
  CHECK(p.world.min == Vec2{0, 0});
  CHECK(p.world.max == window);
}

TEST_CASE("a column sized wider than the window allows is held to 40 %") {
  PanelLayout layout;
  layout.showReadouts = false;
  layout.leftEm = 100;
  const ColumnPlacement p = placeColumns(layout, {800, 600}, 15, kMenu);
  CHECK(p.leftWidth == doctest::Approx(320));
}

TEST_CASE("text sizes step along the offered list and stop at its ends") {
  CHECK(steppedTextScale(1, 1) == 1.25);
  CHECK(steppedTextScale(2, -1) == 1.5);
  CHECK(steppedTextScale(3, 1) == 3);
  CHECK(steppedTextScale(1, -1) == 1);
  CHECK(steppedTextScale(1.9, 1) == 2.5);  // from the nearest offered size
}

TEST_CASE("the remembered look reads back what was written") {
  UiPreferences p;
  p.textScale = 2;
  p.layout.showReadouts = false;
  p.layout.oneColumn = true;
  p.layout.leftEm = 25;
  p.layout.openSections = {"Bodies", "Contacts"};
  p.graphOpen = true;
  Result<UiPreferences> read = readPreferences(preferencesJson(p));
  REQUIRE(read);
  CHECK(read.value().textScale == 2);
  CHECK_FALSE(read.value().layout.showReadouts);
  CHECK(read.value().layout.oneColumn);
  CHECK(read.value().layout.leftEm == 25);
  CHECK(read.value().layout.openSections == p.layout.openSections);
  CHECK(read.value().graphOpen);
}

TEST_CASE("a damaged preferences file is an error naming the key; missing keys keep defaults") {
  CHECK_FALSE(readPreferences("not json"));
  CHECK_FALSE(readPreferences("[1, 2]"));
  Result<UiPreferences> bad = readPreferences(R"({"text_scale": 9})");
  REQUIRE_FALSE(bad);
  CHECK(bad.error().message.find("text_scale") != std::string::npos);
  CHECK_FALSE(readPreferences(R"({"one_column": "yes"})"));
  CHECK_FALSE(readPreferences(R"({"open_sections": [1]})"));
  CHECK_FALSE(readPreferences(R"({"left_width_em": 1e400})"));
  Result<UiPreferences> partial = readPreferences(R"({"text_scale": 1.5, "future_key": 3})");
  REQUIRE(partial);
  CHECK(partial.value().textScale == 1.5);
  CHECK(partial.value().layout.openSections == PanelLayout{}.openSections);
}

}  // namespace contactlab
