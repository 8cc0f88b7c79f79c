// Back buffer to PNG bytes (png_capture.h).
#include "png_capture.h"

#include <SDL_opengl.h>
#include <stb_image_write.h>

#include <cstring>
#include <vector>

namespace contactlab {
namespace {

void appendBytes(void* context, void* data, int size) {
  static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                             static_cast<std::size_t>(size));
}

}  // namespace

Result<std::string> encodeBackBufferPng(int widthPixels, int heightPixels) {
  if (widthPixels <= 0 || heightPixels <= 0) return Error{"screenshot: the window has no pixels"};
  const std::size_t row = static_cast<std::size_t>(widthPixels) * 3;
  std::vector<unsigned char> pixels(row * heightPixels);
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, widthPixels, heightPixels, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  if (glGetError() != GL_NO_ERROR) return Error{"screenshot: reading the frame back failed"};
  std::vector<unsigned char> flipped(pixels.size());  // OpenGL's rows run bottom to top
  for (int y = 0; y < heightPixels; ++y)
    std::memcpy(&flipped[row * y], &pixels[row * (heightPixels - 1 - y)], row);
  std::string png;
  if (!stbi_write_png_to_func(appendBytes, &png, widthPixels, heightPixels, 3, flipped.data(),
                              static_cast<int>(row)))
    return Error{"screenshot: the picture cannot be encoded as PNG"};
  return png;
}

}  // namespace contactlab
