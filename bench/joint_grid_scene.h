// Box2D v3's own joint benchmark (CreateJointGrid in its shared/benchmarks.c) as plain data, so
// that contactlab-bench-joints builds the same grid in ContactLab and in v3
// (box2d_v3_joint_grid.h): n x n discs of radius 0.4 m a metre apart, disc (k, i) at (k, -i), each
// hinged to the one above (anchors 0.5 m below and above the centres) and the one to its left (0.5
// m right and left), the middle seven of the top row fixed. v3 also hinges those seven to each
// other; ContactLab refuses a joint that holds nothing movable, so the grid leaves those hinges out
// for both.
#pragma once

#include <vector>

namespace contactlab::bench {

struct GridDisc {
  double x = 0, y = 0;
  bool fixed = false;
};
struct GridHinge {
  int a = 0, b = 0;  // disc indices
  double ax = 0, ay = 0, bx = 0, by = 0;
};
struct JointGrid {
  std::vector<GridDisc> discs;
  std::vector<GridHinge> hinges;
};
inline constexpr double kGridDiscRadius = 0.4;
inline constexpr double kGridDt = 1.0 / 60;  // v3's benchmark steps at 60 Hz

inline JointGrid jointGrid(int n) {
  JointGrid grid;
  auto isFixed = [n](int k, int i) { return i == 0 && k >= n / 2 - 3 && k <= n / 2 + 3; };
  for (int k = 0; k < n; ++k)
    for (int i = 0; i < n; ++i) {
      const int index = static_cast<int>(grid.discs.size());
      grid.discs.push_back({static_cast<double>(k), static_cast<double>(-i), isFixed(k, i)});
      if (i > 0) grid.hinges.push_back({index - 1, index, 0, -0.5, 0, 0.5});
      if (k > 0 && !(isFixed(k - 1, i) && isFixed(k, i)))
        grid.hinges.push_back({index - n, index, 0.5, 0, -0.5, 0});
    }
  return grid;
}

}  // namespace contactlab::bench
