// The program's window: SDL2 with an OpenGL compatibility context (multisampled on request, when
// the driver offers it; the world's lines are anti-aliased without it), and Dear ImGui set up on it
// with the SDL2 and OpenGL3 backends (Debian's libimgui-dev 1.86: imgui_impl_sdl.h). Owns their
// lifetimes; everything else draws into it.
#pragma once

#include <SDL.h>
#include <imgui.h>

#include <memory>
#include <string>
#include <vector>

#include "contactlab/result.h"
#include "contactlab/vec2.h"
#include "panel_pictures.h"

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

  // The UI's text drawn from Debian's DejaVu Sans (fonts-dejavu-core) rasterized at `scale` times
  // its normal size (1 to 3), not stretched, and the spacing of the widgets scaled alike. Call
  // between frames. False when the font file is missing: ImGui's own bitmap font is then drawn
  // stretched to the size, and the caller says so.
  bool setTextScale(double scale);
  // The font for big readouts (the lesson view's clock): 2.5 times the text size.
  ImFont* largeFont() const { return largeFont_; }
  float textPixels() const;     // the text's height at the current scale
  float menuBarHeight() const;  // the main menu bar's

  void beginUiFrame();  // the backends' NewFrame and ImGui::NewFrame
  // ImGui::Render. Returns whether the frame's panels, menus and windows draw byte for byte what
  // the last drawUi() drew, in a window of the same size.
  bool endUiFrame();
  // Draws the frame endUiFrame() ended: the OpenGL3 backend's draw, the columns of panels from
  // kept pictures while they draw the same (panel_pictures.h).
  void drawUi();
  void present();  // swap buffers

 private:
  AppWindow() = default;
  SDL_Window* window_ = nullptr;
  SDL_GLContext context_ = nullptr;
  std::string iniPath_;
  ImGuiStyle baseStyle_;  // the style at text scale 1
  ImFont* largeFont_ = nullptr;
  PanelPictures panels_;
  std::vector<char> uiDrawn_, uiNext_;  // describeDrawing of the last frame drawn and of this one
};

}  // namespace contactlab
