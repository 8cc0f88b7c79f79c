// Encodes what is on the OpenGL back buffer as a PNG file's bytes (for --screenshot and File > Save
// picture): reads the pixels back, turns them right way up and encodes them with stb_image_write.
// The program writes the bytes with its atomic file writer, so a failed write is reported and never
// leaves a half-written picture.
#pragma once

#include <string>

#include "contactlab/result.h"

namespace contactlab {

// A rectangle of the window's pixels, counted from its top left corner.
struct PixelRect {
  int x = 0, y = 0, width = 0, height = 0;
};

// Call after drawing a frame and before swapping buffers: the whole back buffer, or the part of it
// in `part` (cut to the buffer).
Result<std::string> encodeBackBufferPng(int bufferWidth, int bufferHeight);
Result<std::string> encodeBackBufferPng(int bufferWidth, int bufferHeight, PixelRect part);

}  // namespace contactlab
