// Greedy graph colouring of constraints between pairs of bodies: constraints of one colour share
// no movable body, so a Gauss-Seidel sweep may take them in any order, or side by side (lanes.h),
// and reach the same velocities. Fixed bodies take no colour (their velocity never changes). Each
// constraint, from the last to the first, takes the lowest colour its two bodies have not taken
// yet; a constraint whose bodies have taken all kMaxColours colours is left to kOverflowColour,
// whose constraints are solved one at a time after the others. Deterministic: the colours depend
// only on the order and the bodies.
// Why from the last: the substeps list contacts by pair of bodies, and bodies of a pile are
// usually listed from the bottom up. Measured on pyramid40 at 4 substeps (bench/box2d_bench.cpp):
// coloured from the last, it settles as the contacts swept one by one did (2 mm moved from 5 s
// to 10 s, top 5.5 cm lower); coloured from the first, it keeps rocking (0.9 m).
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace contactlab {

inline constexpr int kMaxColours = 63;
inline constexpr int kOverflowColour = kMaxColours;

class ConstraintColouring {
 public:
  // colours[k] for constraint k between bodies[k].first and bodies[k].second (indices below
  // movable.size(); movable[b] is false for a fixed body).
  void colour(std::span<const std::pair<int, int>> bodies, std::span<const char> movable,
              std::vector<int>& colours);

 private:
  std::vector<std::uint64_t> taken_;  // per body, a bit per colour its constraints took
};

}  // namespace contactlab
