// The broad phase's uniform grid (broad_phase.h): square cells about as wide as the median box,
// over the boxes of ordinary size, each box listed in the cells its grown box covers, and each pair
// of boxes that share a cell tested once, in the one cell that holds the lower-left corner of the
// two grown boxes' overlap (a cell both cover: its column is the larger of their first columns, its
// row the larger of their first rows). Boxes that would cover more than kMostCells cells (a floor,
// a wall) are kept out of the cells and tested against every box. Cost: linear in the boxes and the
// pairs while the boxes are of similar sizes, as in a pile or a rain, whatever their layout (the
// sweep's cost grows with the boxes that share an x-interval).
#include <algorithm>
#include <cmath>
#include <limits>

#include "broad_phase.h"

namespace contactlab {
namespace {

constexpr long long kMostCells = 64;
// Boxes up to this many times the median side span the grid.
constexpr double kOrdinarySides = 8;

}  // namespace

bool BroadPhase::gridPairs(const std::vector<Aabb>& boxes, const std::vector<bool>& isStatic,
                           double margin, std::vector<std::pair<int, int>>& pairs) {
  const int n = static_cast<int>(boxes.size());
  if (n == 0) return false;
  const Vec2 grow{margin, margin};
  sides_.resize(n);
  for (int i = 0; i < n; ++i) {
    const Vec2 side = boxes[i].upper - boxes[i].lower + 2.0 * grow;
    sides_[i] = std::max(side.x, side.y);
  }
  median_.assign(sides_.begin(), sides_.end());
  std::nth_element(median_.begin(), median_.begin() + n / 2, median_.end());
  const double cell = median_[n / 2];
  if (!(cell > 0)) return false;  // boxes of no size: the sweep
  // The grid spans the boxes of ordinary size, less any flung far from the rest: from the 1st to
  // the 99th percentile of their corners, widened by half that span on each side, within their
  // extremes. A floor, a wall or a far box does not stretch it: boxes reaching beyond it are
  // clamped to its border cells, which keeps every shared cell shared.
  Vec2 low{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
  Vec2 high = -low;
  for (int axis = 0; axis < 2; ++axis) {
    lowers_.clear();
    uppers_.clear();
    for (int i = 0; i < n; ++i) {
      if (sides_[i] > kOrdinarySides * cell) continue;
      lowers_.push_back(boxes[i].lower[axis] - margin);
      uppers_.push_back(boxes[i].upper[axis] + margin);
    }
    const size_t count = lowers_.size(), tail = count / 100;
    std::nth_element(lowers_.begin(), lowers_.begin() + tail, lowers_.end());
    std::nth_element(uppers_.begin(), uppers_.end() - 1 - tail, uppers_.end());
    const double first = lowers_[tail], last = uppers_[count - 1 - tail];
    const double least = *std::min_element(lowers_.begin(), lowers_.begin() + tail + 1);
    const double most = *std::max_element(uppers_.end() - 1 - tail, uppers_.end());
    low[axis] = std::max(least, first - (last - first) / 2);
    high[axis] = std::min(most, last + (last - first) / 2);
  }
  const Vec2 extent = high - low;
  if (!std::isfinite(extent.x) || !std::isfinite(extent.y)) return false;
  // At most about four cells per box: boxes spread so thin that there would be more (two piles
  // far apart, say) go to the sweep, which such a spread suits.
  auto across = [&](double length) { return std::floor(length / cell) + 1; };
  if (!(across(extent.x) * across(extent.y) <= 4.0 * n + 1024)) return false;
  const int columns = static_cast<int>(across(extent.x));
  const int rows = static_cast<int>(across(extent.y));
  auto column = [&](double x) {
    return static_cast<int>(std::clamp(std::floor((x - low.x) / cell), 0.0, columns - 1.0));
  };
  auto row = [&](double y) {
    return static_cast<int>(std::clamp(std::floor((y - low.y) / cell), 0.0, rows - 1.0));
  };

  // Each box's cells, counted per cell, then listed per cell (a counting sort, boxes in order).
  ranges_.resize(n);
  big_.clear();
  cellStart_.assign(static_cast<size_t>(columns) * rows + 1, 0);
  for (int i = 0; i < n; ++i) {
    const Vec2 lower = boxes[i].lower - grow, upper = boxes[i].upper + grow;
    CellRange r{column(lower.x), row(lower.y), column(upper.x), row(upper.y)};
    if (static_cast<long long>(r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1) > kMostCells) {
      big_.push_back(i);
      r.x1 = r.x0 - 1;  // in no cell
    }
    ranges_[i] = r;
    for (int y = r.y0; y <= r.y1 && r.x1 >= r.x0; ++y)
      for (int x = r.x0; x <= r.x1; ++x) ++cellStart_[static_cast<size_t>(y) * columns + x + 1];
  }
  for (size_t c = 1; c < cellStart_.size(); ++c) cellStart_[c] += cellStart_[c - 1];
  cellBoxes_.resize(cellStart_.back());
  start_.assign(cellStart_.begin(), cellStart_.end() - 1);  // each cell's next free slot
  for (int i = 0; i < n; ++i) {
    const CellRange& r = ranges_[i];
    for (int y = r.y0; y <= r.y1 && r.x1 >= r.x0; ++y)
      for (int x = r.x0; x <= r.x1; ++x)
        cellBoxes_[start_[static_cast<size_t>(y) * columns + x]++] = i;
  }

  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < columns; ++x) {
      const size_t c = static_cast<size_t>(y) * columns + x;
      for (int a = cellStart_[c]; a < cellStart_[c + 1]; ++a)
        for (int b = a + 1; b < cellStart_[c + 1]; ++b) {
          const int i = cellBoxes_[a], j = cellBoxes_[b];
          const CellRange &ri = ranges_[i], &rj = ranges_[j];
          if (std::max(ri.x0, rj.x0) != x || std::max(ri.y0, rj.y0) != y) continue;
          if (isStatic[i] && isStatic[j]) continue;
          if (grownOverlap(boxes[i], boxes[j], margin)) pairs.emplace_back(i, j);
        }
    }
  // The big boxes against every box; two big ones once.
  for (const int i : big_)
    for (int j = 0; j < n; ++j) {
      const bool jBig = ranges_[j].x1 < ranges_[j].x0;
      if (j == i || (jBig && j < i) || (isStatic[i] && isStatic[j])) continue;
      if (grownOverlap(boxes[i], boxes[j], margin))
        pairs.emplace_back(std::min(i, j), std::max(i, j));
    }
  return true;
}

}  // namespace contactlab
