// The camera: world points go to the right pixels and back, zooming keeps the point under the
// cursor still, panning moves the world with the mouse, and fitting shows the whole rectangle.
#include <doctest/doctest.h>

#include <initializer_list>

#include "camera.h"

using namespace contactlab;

namespace {

Camera makeCamera() {
  Camera camera;
  camera.center = {1.5, -2};
  camera.pixelsPerMeter = 40;
  camera.viewport = {800, 600};
  return camera;
}

void checkNear(Vec2 a, Vec2 b, double tolerance) {
  CHECK(a.x == doctest::Approx(b.x).epsilon(0).scale(1).epsilon(tolerance));
  CHECK(a.y == doctest::Approx(b.y).epsilon(0).scale(1).epsilon(tolerance));
}

}  // namespace

TEST_CASE("the centre of the view is the middle of the window, and y points up") {
  Camera camera = makeCamera();
  checkNear(camera.worldToScreen(camera.center), {400, 300}, 1e-12);
  // One metre right is 40 pixels right; one metre up is 40 pixels *up* (smaller screen y).
  checkNear(camera.worldToScreen(camera.center + Vec2{1, 0}), {440, 300}, 1e-12);
  checkNear(camera.worldToScreen(camera.center + Vec2{0, 1}), {400, 260}, 1e-12);
}

TEST_CASE("world to screen and back gives the same point") {
  Camera camera = makeCamera();
  for (Vec2 p : {Vec2{0, 0}, Vec2{-7.25, 3.5}, Vec2{1e3, -1e3}, Vec2{0.001, 0.002}}) {
    Vec2 back = camera.screenToWorld(camera.worldToScreen(p));
    checkNear(back, p, 1e-9);
  }
  for (Vec2 s : {Vec2{0, 0}, Vec2{800, 600}, Vec2{13.5, 599}}) {
    checkNear(camera.worldToScreen(camera.screenToWorld(s)), s, 1e-9);
  }
}

TEST_CASE("the visible world spans the viewport divided by the zoom") {
  Camera camera = makeCamera();
  Rect visible = camera.visibleWorld();
  CHECK(visible.size().x == doctest::Approx(800.0 / 40));
  CHECK(visible.size().y == doctest::Approx(600.0 / 40));
  checkNear(visible.center(), camera.center, 1e-12);
}

TEST_CASE("zooming about the cursor keeps the world point under it in place") {
  Camera camera = makeCamera();
  Vec2 cursor{123, 456};
  Vec2 underCursor = camera.screenToWorld(cursor);
  camera.zoomAbout(cursor, 1.15);
  CHECK(camera.pixelsPerMeter == doctest::Approx(46));
  checkNear(camera.worldToScreen(underCursor), cursor, 1e-9);
  camera.zoomAbout(cursor, 1 / 1.15 / 1.15);
  checkNear(camera.worldToScreen(underCursor), cursor, 1e-9);
}

TEST_CASE("zoom stays within its limits, and nonsense factors are ignored") {
  Camera camera = makeCamera();
  camera.zoomAbout({0, 0}, 1e9);
  CHECK(camera.pixelsPerMeter == Camera::kMaxPixelsPerMeter);
  camera.zoomAbout({0, 0}, 1e-12);
  CHECK(camera.pixelsPerMeter == Camera::kMinPixelsPerMeter);
  double before = camera.pixelsPerMeter;
  camera.zoomAbout({0, 0}, -2);
  camera.zoomAbout({0, 0}, 0);
  CHECK(camera.pixelsPerMeter == before);
}

TEST_CASE("panning moves the world with the mouse") {
  Camera camera = makeCamera();
  Vec2 grabbed = camera.screenToWorld({300, 200});
  camera.panByPixels({25, -10});
  checkNear(camera.worldToScreen(grabbed), {325, 190}, 1e-9);
}

TEST_CASE("fitting shows the whole rectangle inside the screen area, centred") {
  Camera camera = makeCamera();
  Rect world{{-2, 0}, {2, 1}};       // 4 m x 1 m: the width decides
  Rect area{{100, 50}, {500, 550}};  // 400 x 500 pixels
  camera.fit(world, area);
  CHECK(camera.pixelsPerMeter == doctest::Approx(100));
  checkNear(camera.worldToScreen(world.center()), area.center(), 1e-9);
  checkNear(camera.worldToScreen({-2, 0}), {100, 350}, 1e-9);
  checkNear(camera.worldToScreen({2, 1}), {500, 250}, 1e-9);
}
