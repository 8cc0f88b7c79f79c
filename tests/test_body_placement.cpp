// Where Add puts a new body (ui/body_placement.h): in the view, never inside another body, and
// repeated adds fill the view's middle row before they stack up out of sight.
#include <doctest/doctest.h>

#include "body_outline.h"
#include "body_placement.h"
#include "snapshot_fixtures.h"
#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

bool overlap(const Rect& a, const Rect& b) {
  return a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y;
}

}  // namespace

TEST_CASE("five boxes added one after another stay in the view and apart") {
  World world = makeWorld();
  addFloor(world);
  const Rect visible{{-6, -1}, {6, 7}};
  AddBodyForm form;  // a 1 m box
  for (int i = 0; i < 5; ++i) {
    const BodyDef def = newBodyDef(form, snapshotOf(world), visible);
    CHECK(def.name == "box" + std::to_string(i + 1));
    add(world, def);
  }
  const WorldSnapshot snapshot = snapshotOf(world);
  for (std::size_t i = 1; i < snapshot.bodyCount(); ++i) {
    const Rect box = boundsRect(snapshot.bounds[i]);
    CAPTURE(snapshot.body(i).def.name);
    CHECK(visible.contains(box.min));
    CHECK(visible.contains(box.max));
    for (std::size_t j = 0; j < snapshot.bodyCount(); ++j)
      if (j != i) CHECK_FALSE(overlap(box, boundsRect(snapshot.bounds[j])));
    CHECK(snapshot.states[i].position.y == doctest::Approx(visible.center().y));  // one row
  }
}

TEST_CASE("with the row full, a new body goes above where it lands lowest, still apart") {
  World world = makeWorld();
  addFloor(world);
  const Rect visible{{-1.5, 0}, {1.5, 6}};  // room for one column of 1 m boxes
  AddBodyForm form;
  for (int i = 0; i < 3; ++i) add(world, newBodyDef(form, snapshotOf(world), visible));
  const WorldSnapshot snapshot = snapshotOf(world);
  for (std::size_t i = 1; i < snapshot.bodyCount(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      CHECK_FALSE(overlap(boundsRect(snapshot.bounds[i]), boundsRect(snapshot.bounds[j])));
  CHECK(snapshot.states[3].position.y > snapshot.states[1].position.y);  // stacked
}
