// The coverage atlas' texels (coverage_atlas.h).
#include "coverage_atlas.h"

#include <algorithm>
#include <cmath>

namespace contactlab {
namespace {

std::uint8_t toByte(double alpha) {
  return static_cast<std::uint8_t>(std::lround(255 * std::clamp(alpha, 0.0, 1.0)));
}

// The mark at a point (x, y) in pixels from its centre, screen y down: 1 inside, else 0.
bool onMark(double x, double y) {
  const double r = std::hypot(x, y);
  if (std::abs(r - kMarkRadius) <= 0.5) return true;  // the ring
  return r <= kMarkRadius && ((x >= 0 && y <= 0) || (x <= 0 && y >= 0));
}

}  // namespace

std::vector<std::uint8_t> coverageAtlas() {
  std::vector<std::uint8_t> texels(static_cast<std::size_t>(kAtlasWidth) * kAtlasHeight, 0);
  for (int j = 0; j < kProfileRows; ++j) {
    const double core = double(j) / (kProfileRows - 1);
    for (int i = 0; i < kAtlasWidth; ++i) {
      const double d = std::abs(2 * (i + 0.5) / kAtlasWidth - 1);
      texels[j * kAtlasWidth + i] = core >= 1 ? 255 : toByte((1 - d) / (1 - core));
    }
  }
  // The mark, one sample at each texel's centre: crisp, as a one-pixel line and triangles drawn
  // without anti-aliasing are.
  for (int row = 0; row < kMarkSize; ++row)
    for (int column = 0; column < kMarkSize; ++column)
      if (onMark(column + 0.5 - kMarkSize / 2, row + 0.5 - kMarkSize / 2))
        texels[(kProfileRows + row) * kAtlasWidth + column] = 255;
  return texels;
}

float profileRowV(double coreFraction) {
  const double j = std::round(std::clamp(coreFraction, 0.0, 1.0) * (kProfileRows - 1));
  return static_cast<float>((j + 0.5) / kAtlasHeight);
}

}  // namespace contactlab
