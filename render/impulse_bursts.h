// The collision bursts the world view draws (world_drawing.h): each an eight-rayed star whose
// radius grows with the impulse, fading as it ages. A pile being poured reports thousands of
// collisions in the 0.4 s a burst lasts, most of them a few pixels from others whose stars cover
// theirs; drawn one by one they cost software OpenGL more than the bodies themselves. So the view
// keeps one burst per square cell of the screen, the most visible one (largest radius x remaining
// alpha): the stars a cell's others would have added lie under it, and a pour of a thousand discs
// draws a few hundred stars instead of three thousand. Pure: no OpenGL here.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "camera.h"
#include "view_options.h"

namespace contactlab {

// The side of a cell in pixels: a burst's radius is at least 8 pixels, so a star of a cell covers
// most of the cell's others.
inline constexpr double kBurstCellPixels = 12;

// The radius in pixels of the burst of an impulse (N s).
double burstRadius(double impulse);

// One burst per cell: reuses its buffers, so a frame allocates nothing once they have grown.
class BurstSieve {
 public:
  // The marks to draw: of those whose points (world) fall in one cell of `cellPixels` on the
  // screen, the one of the largest burstRadius x (1 - fade), the first of equals; in the order of
  // `marks`. Valid until the next call.
  std::span<const ImpulseMark> sift(std::span<const ImpulseMark> marks, const Camera& camera,
                                    double cellPixels = kBurstCellPixels);

 private:
  struct Keyed {
    std::int64_t cellX, cellY;
    double visibility;
    std::uint32_t index;
  };
  std::vector<Keyed> keyed_;
  std::vector<std::uint32_t> chosen_;
  std::vector<ImpulseMark> kept_;
};

}  // namespace contactlab
