// Writes what is on the OpenGL back buffer to a PNG file (for --screenshot): reads the pixels back,
// turns them right way up and encodes them with stb_image_write.
#pragma once

#include <string>

#include "contactlab/result.h"

namespace contactlab {

// Call after drawing a frame and before swapping buffers.
Status writeBackBufferPng(const std::string& path, int widthPixels, int heightPixels);

}  // namespace contactlab
