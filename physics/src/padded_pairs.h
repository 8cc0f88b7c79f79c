// PaddedPairs: the broad phase of a solver that asks for the pairs of every step (the substeps'
// ContactFinder::findReusing). Each body keeps a padded box, its box grown by kPadding times its
// bounding radius, and the pairs of overlapping padded boxes are kept between calls. A call
// re-pads only the bodies whose box has left its padded box and finds their candidates again
// (all of them, by BroadPhase, when many have); the pairs it returns are the candidates whose own
// boxes overlap: exactly BroadPhase::findPairs's answer (the same test, the same order), at a cost
// close to linear in the number of bodies while bodies stay within their padding, as a resting
// pile's do (Box2D v3 keeps its pairs the same way, with "fat" boxes in a dynamic tree).
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "broad_phase.h"

namespace contactlab {

inline constexpr double kPadding = 0.1;  // of a body's bounding radius

class PaddedPairs {
 public:
  // BroadPhase::findPairs's pairs for `boxes` (each body's box) grown by `margin`, with
  // radius[i] each body's bounding radius (> 0).
  void findPairs(const std::vector<Aabb>& boxes, const std::vector<bool>& isStatic,
                 std::span<const double> radius, double margin,
                 std::vector<std::pair<int, int>>& pairs);
  // Forgets the padded boxes and pairs (the next call pads every body afresh).
  void reset() { padded_.clear(); }

 private:
  void padAll(const std::vector<Aabb>& boxes, std::span<const double> radius);
  std::vector<Aabb> padded_;
  std::vector<bool> isStatic_;
  double margin_ = 0;
  std::vector<std::pair<int, int>> candidates_;  // overlapping padded boxes, sorted
  // Workspace.
  BroadPhase broadPhase_;
  std::vector<int> left_;  // bodies whose box left its padded box this call
  std::vector<char> hasLeft_;
  std::vector<std::pair<int, int>> found_;
};

}  // namespace contactlab
