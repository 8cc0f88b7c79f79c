// Encodes what is on the OpenGL back buffer as a PNG file's bytes (for --screenshot and F12): reads
// the pixels back, turns them right way up and encodes them with stb_image_write. The program
// writes the bytes with its atomic file writer, so a failed write is reported and never leaves a
// half-written picture.
#pragma once

#include <string>

#include "contactlab/result.h"

namespace contactlab {

// Call after drawing a frame and before swapping buffers.
Result<std::string> encodeBackBufferPng(int widthPixels, int heightPixels);

}  // namespace contactlab
