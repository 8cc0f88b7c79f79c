// The program's window: SDL2 with an OpenGL compatibility context (multisampled on request, when
// the driver offers it; the world's lines are anti-aliased without it), and Dear ImGui set up on it
// with the SDL2 and OpenGL3 backends (Debian's libimgui-dev 1.86: imgui_impl_sdl.h). Owns their
// lifetimes; everything else draws into it.
#pragma once

#include <SDL.h>

#include <memory>
#include <string>

#include "contactlab/result.h"
#include "contactlab/vec2.h"

namespace contactlab {

class AppWindow {
 public:
  // `samples` per pixel for multisampling (0: none; falls back to none if refused); `iniPath`
  // keeps ImGui's settings between runs (empty: not kept).
  static Result<std::unique_ptr<AppWindow>> open(const std::string& title, int width, int height,
                                                 int samples, const std::string& iniPath);
  ~AppWindow();
  AppWindow(const AppWindow&) = delete;
  AppWindow& operator=(const AppWindow&) = delete;

  SDL_Window* sdl() const { return window_; }
  Vec2 size() const;                                 // window coordinates (the mouse's)
  void drawableSize(int& width, int& height) const;  // pixels
  void setTitle(const std::string& title);

  void beginUiFrame();  // the backends' NewFrame and ImGui::NewFrame
  void renderUi();      // ImGui::Render and the OpenGL3 backend's draw
  void present();       // swap buffers

 private:
  AppWindow() = default;
  SDL_Window* window_ = nullptr;
  SDL_GLContext context_ = nullptr;
  std::string iniPath_;
};

}  // namespace contactlab
