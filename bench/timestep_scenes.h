// The four scenes of the Box2D comparison (DESIGN.md, "Reference numbers"), as plain data so that
// ContactLab and Box2D build exactly the same work: gravity (0, -10), dt 1/60, a fixed 200 x 1
// ground with its top at y = 0, unit boxes of density 1 and friction 0.6 (pyramids, column), and
// 1000 discs of radius 0.25 poured into a container 20 m wide inside with 40 m walls. `gap` is the
// engine's own resting gap: boxes are placed at a pitch of 1 m + gap, the bottom row at 0.5 + gap.
#pragma once

#include <string>
#include <vector>

namespace contactlab::bench {

struct SceneBox {
  double x = 0, y = 0, w = 1, h = 1;
  bool fixed = false;
};
struct SceneDisc {
  double x = 0, y = 0, r = 0.25;
};

struct BenchScene {
  std::string name;
  std::vector<SceneBox> boxes;  // fixed ones first
  std::vector<SceneDisc> discs;
  int steps = 600;
  double restitution = 0;  // Box2D's default; the discs' scene sets it explicitly
  double friction = 0.6;
  bool tracksTopBox = false;  // pyramids and the column: report the top box's height loss
};

inline constexpr double kBenchGravity = 10;
inline constexpr double kBenchDt = 1.0 / 60;

inline SceneBox benchGround() {
  return {0, -0.5, 200, 1, true};
}

// Row i (0 at the bottom) has base - i boxes centred on x = 0.
inline BenchScene pyramidScene(int base, double gap) {
  BenchScene scene{"pyramid" + std::to_string(base), {benchGround()}, {}, 600};
  const double pitch = 1 + gap;
  for (int row = 0; row < base; ++row) {
    const int count = base - row;
    for (int i = 0; i < count; ++i)
      scene.boxes.push_back({(i - (count - 1) / 2.0) * pitch, 0.5 + gap + row * pitch});
  }
  scene.tracksTopBox = true;
  return scene;
}

inline BenchScene columnScene(int count, double gap) {
  BenchScene scene{"column" + std::to_string(count), {benchGround()}, {}, 600};
  for (int i = 0; i < count; ++i) scene.boxes.push_back({0, 0.5 + gap + i * (1 + gap)});
  scene.tracksTopBox = true;
  return scene;
}

// A 25 x 40 grid of discs (pitch 0.75 m, odd rows shifted +0.2 m, lowest row at y = 2) dropped into
// a container: walls 1 m thick and 40 m high standing on the ground, 20 m apart inside.
inline BenchScene rainScene() {
  BenchScene scene{"rain1000", {benchGround()}, {}, 1200};
  scene.boxes.push_back({-10.5, 20, 1, 40, true});
  scene.boxes.push_back({10.5, 20, 1, 40, true});
  for (int row = 0; row < 40; ++row)
    for (int column = 0; column < 25; ++column)
      scene.discs.push_back({-9 + 0.75 * column + (row % 2 ? 0.2 : 0.0), 2 + 0.75 * row});
  return scene;
}

}  // namespace contactlab::bench
