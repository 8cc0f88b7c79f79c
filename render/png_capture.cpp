// Back buffer to PNG bytes (png_capture.h).
#include "png_capture.h"

#include <SDL_opengl.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cstring>
#include <vector>

namespace contactlab {
namespace {

void appendBytes(void* context, void* data, int size) {
  static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                             static_cast<std::size_t>(size));
}

}  // namespace

Result<std::string> encodeBackBufferPng(int bufferWidth, int bufferHeight, PixelRect part) {
  if (bufferWidth <= 0 || bufferHeight <= 0) return Error{"the window has no pixels"};
  // The part within the buffer (a graph window dragged half off the window is cut at its edge).
  const int left = std::max(part.x, 0), top = std::max(part.y, 0);
  const int width = std::min(part.x + part.width, bufferWidth) - left;
  const int height = std::min(part.y + part.height, bufferHeight) - top;
  if (width <= 0 || height <= 0) return Error{"the part of the window to save is empty"};
  const std::size_t row = static_cast<std::size_t>(width) * 3;
  std::vector<unsigned char> pixels(row * height);
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  // OpenGL counts rows from the bottom.
  glReadPixels(left, bufferHeight - top - height, width, height, GL_RGB, GL_UNSIGNED_BYTE,
               pixels.data());
  if (glGetError() != GL_NO_ERROR) return Error{"reading the frame back failed"};
  std::vector<unsigned char> flipped(pixels.size());
  for (int y = 0; y < height; ++y)
    std::memcpy(&flipped[row * y], &pixels[row * (height - 1 - y)], row);
  std::string png;
  if (!stbi_write_png_to_func(appendBytes, &png, width, height, 3, flipped.data(),
                              static_cast<int>(row)))
    return Error{"the picture cannot be encoded as PNG"};
  return png;
}

Result<std::string> encodeBackBufferPng(int bufferWidth, int bufferHeight) {
  return encodeBackBufferPng(bufferWidth, bufferHeight, {0, 0, bufferWidth, bufferHeight});
}

}  // namespace contactlab
