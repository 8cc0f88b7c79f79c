// Box2D v3's side of contactlab-bench-joints' grid (joint_bench.cpp), built only when CMake is
// given -DCONTACTLAB_BOX2D_V3_DIR (bench/CMakeLists.txt): v3's own joint benchmark (CreateJointGrid
// in its shared/benchmarks.c) at n x n, made as ContactLab's grid is (no hinge between two fixed
// discs, and the discs may collide, as ContactLab's do: v3's benchmark masks their collisions, and
// none touch in the first 300 steps either way).
#pragma once

namespace contactlab::bench {

struct JointGridRun {
  double msPerStep = 0;  // wall time
  double drift = 0;      // m: the largest distance between a hinge's two anchors at the end
};

// The grid in a world of b2DefaultWorldDef (sleeping off, one thread), `steps` steps of 1/60 s with
// 4 substeps.
JointGridRun runBox2dV3JointGrid(int n, int steps);

}  // namespace contactlab::bench
