// The background grid that gives distances a scale: line spacing from the 1-2-5 sequence chosen so
// that lines stay at least a set number of pixels apart at any zoom, with a major line every few.
#pragma once

namespace contactlab {

struct GridSpacing {
  double minor = 1;  // m between neighbouring lines
  double major = 5;  // m between emphasised (and labelled) lines, a multiple of minor
};

// The finest spacing of 1, 2 or 5 times a power of ten that is at least `minPixels` apart at
// `pixelsPerMeter`; major lines every 5 (for 1 and 2) or 2 (for 5) minor steps, so majors fall on
// 1, 10, 100... or 5, 50, ... multiples.
GridSpacing gridSpacing(double pixelsPerMeter, double minPixels = 24);

// "1 m", "20 cm", "5 mm", "2 km": a length for labels, in the unit that reads best.
const char* formatLength(double meters, char* buffer, int size);

}  // namespace contactlab
