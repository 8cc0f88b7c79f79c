// The scenes of the Box2D comparison (DESIGN.md, "Reference numbers"; issue 17's eight), as plain
// data so that ContactLab and both Box2D versions build exactly the same work: gravity (0, -10),
// dt 1/60, a fixed 200 x 1 ground with its top at y = 0, unit boxes of density 1 and friction 0.6
// (pyramids, column), and discs of radius 0.25 poured into a container with 1 m thick walls. `gap`
// is the engine's own resting gap: boxes are placed at a pitch of 1 m + gap, the bottom row at
// 0.5 + gap.
//
// The rain scenes keep one density of discs across the container: rain1000 is 25 columns x 40 rows
// in 20 m (walls 40 m high, as in DESIGN.md), rain4000 50 x 80 in 39 m and rain10000 100 x 100 in
// 76 m (issue 17), both with walls 80 m high, above their grids' top rows (61 m and 76 m).
#pragma once

#include <algorithm>
#include <cmath>
#include <optional>
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

// A grid of discs, `columns` x `rows` (pitch 0.75 m, odd rows shifted +0.2 m, lowest row at y = 2,
// the first column 1 m from the left wall) dropped into a container: walls 1 m thick and
// `wallHeight` high standing on the ground, `innerWidth` apart inside.
inline BenchScene rainScene(int columns = 25, int rows = 40, double innerWidth = 20,
                            double wallHeight = 40) {
  BenchScene scene{"rain" + std::to_string(columns * rows), {benchGround()}, {}, 1200};
  const double wallX = innerWidth / 2 + 0.5;
  scene.boxes.push_back({-wallX, wallHeight / 2, 1, wallHeight, true});
  scene.boxes.push_back({wallX, wallHeight / 2, 1, wallHeight, true});
  const double left = -innerWidth / 2 + 1;
  for (int row = 0; row < rows; ++row)
    for (int column = 0; column < columns; ++column)
      scene.discs.push_back({left + 0.75 * column + (row % 2 ? 0.2 : 0.0), 2 + 0.75 * row});
  return scene;
}

// The first disc of `scene` that starts overlapping one of its boxes (-1: none): a scene's bodies
// must start apart, or every engine starts by pushing them out. (rain4000 in a container 38 m
// wide started with its last column's shifted discs 0.2 m into the right wall.)
inline int discOverlappingABox(const BenchScene& scene) {
  for (size_t k = 0; k < scene.discs.size(); ++k) {
    const SceneDisc& d = scene.discs[k];
    for (const SceneBox& b : scene.boxes) {
      const double dx = std::max(std::abs(d.x - b.x) - b.w / 2, 0.0);
      const double dy = std::max(std::abs(d.y - b.y) - b.h / 2, 0.0);
      if (dx * dx + dy * dy < d.r * d.r) return static_cast<int>(k);
    }
  }
  return -1;
}

// `scene` with every movable body's x moved by `step` times a whole number from -6 to 6 that
// follows from the body's place in the scene ((7919 k mod 13) - 6): a start that differs from
// the scene by round-off-sized amounts, for the spread of outcomes that chaos alone gives (a
// pyramid's boxes sit 5 mm apart; a few nanometres change no contact, only the trajectory's
// later digits). step 0 is the scene itself.
inline BenchScene jitteredScene(BenchScene scene, double step) {
  size_t k = 0;
  auto shift = [&] { return step * (static_cast<double>((7919 * k++) % 13) - 6); };
  for (SceneBox& b : scene.boxes)
    if (!b.fixed) b.x += shift();
  for (SceneDisc& d : scene.discs) d.x += shift();
  return scene;
}

// The comparison's scenes by name, the four of DESIGN.md first, then the four large ones of
// issue 17.
inline const std::vector<std::string>& smallSceneNames() {
  static const std::vector<std::string> names{"pyramid20", "pyramid40", "column20", "rain1000"};
  return names;
}
inline const std::vector<std::string>& largeSceneNames() {
  static const std::vector<std::string> names{"pyramid70", "pyramid100", "rain4000", "rain10000"};
  return names;
}

// The scene called `name` with resting gap `gap`; none when no scene has that name.
inline std::optional<BenchScene> comparisonScene(const std::string& name, double gap) {
  if (name == "pyramid20") return pyramidScene(20, gap);
  if (name == "pyramid40") return pyramidScene(40, gap);
  if (name == "pyramid70") return pyramidScene(70, gap);
  if (name == "pyramid100") return pyramidScene(100, gap);
  if (name == "column20") return columnScene(20, gap);
  if (name == "rain1000") return rainScene();
  if (name == "rain4000") return rainScene(50, 80, 39, 80);
  if (name == "rain10000") return rainScene(100, 100, 76, 80);
  return std::nullopt;
}

}  // namespace contactlab::bench
