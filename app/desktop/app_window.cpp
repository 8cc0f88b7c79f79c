// SDL2 window, OpenGL context and Dear ImGui backends (app_window.h).
#include "app_window.h"

#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>
#include <imgui.h>

#include <cfloat>
#include <fstream>

#include "drawn_triangles.h"

namespace contactlab {
namespace {

// Debian's fonts-dejavu-core (scripts/install-deps.sh installs it).
constexpr const char* kFontFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr float kTextPixels = 15;  // the text's height at scale 1
constexpr float kLargeTextFactor = 2.5f;

SDL_Window* createWindow(const std::string& title, int width, int height, int samples) {
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_MULTISAMPLEBUFFERS, samples > 0 ? 1 : 0);
  SDL_GL_SetAttribute(SDL_GL_MULTISAMPLESAMPLES, samples);
  return SDL_CreateWindow(title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width,
                          height, SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE);
}

}  // namespace

Result<std::unique_ptr<AppWindow>> AppWindow::open(const std::string& title, int width, int height,
                                                   int samples, const std::string& iniPath) {
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0)
    return Error{std::string("cannot start SDL video: ") + SDL_GetError()};
  std::unique_ptr<AppWindow> app(new AppWindow);
  app->iniPath_ = iniPath;
  if (samples > 0) app->window_ = createWindow(title, width, height, samples);
  if (!app->window_) app->window_ = createWindow(title, width, height, 0);
  if (!app->window_) return Error{std::string("cannot open a window: ") + SDL_GetError()};
  app->context_ = SDL_GL_CreateContext(app->window_);
  if (!app->context_)
    return Error{std::string("cannot create an OpenGL context: ") + SDL_GetError()};
  SDL_GL_MakeCurrent(app->window_, app->context_);
  SDL_GL_SetSwapInterval(1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = app->iniPath_.empty() ? nullptr : app->iniPath_.c_str();
  ImGui::StyleColorsLight();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 0;
  // The side columns share the world's background colour: the frame's one clear paints both.
  style.Colors[ImGuiCol_WindowBg] = ImVec4(246 / 255.0f, 245 / 255.0f, 240 / 255.0f, 1.0f);
  style.Colors[ImGuiCol_MenuBarBg] = ImVec4(0.88f, 0.88f, 0.86f, 1.0f);
  style.Colors[ImGuiCol_Border] = ImVec4(0.70f, 0.70f, 0.70f, 1.0f);
  // Frames (fields, check boxes, radio buttons) get a border: on the pale background an unselected
  // radio button was otherwise nearly invisible.
  style.FrameBorderSize = 1.0f;
  app->baseStyle_ = style;
  ImGui_ImplSDL2_InitForOpenGL(app->window_, app->context_);
  ImGui_ImplOpenGL3_Init("#version 130");
  return app;
}

AppWindow::~AppWindow() {
  if (context_) {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    SDL_GL_DeleteContext(context_);
  }
  if (window_) SDL_DestroyWindow(window_);
  SDL_Quit();
}

Vec2 AppWindow::size() const {
  int w = 0, h = 0;
  SDL_GetWindowSize(window_, &w, &h);
  return {w, h};
}

void AppWindow::drawableSize(int& width, int& height) const {
  SDL_GL_GetDrawableSize(window_, &width, &height);
}

void AppWindow::setTitle(const std::string& title) {
  SDL_SetWindowTitle(window_, title.c_str());
}

bool AppWindow::setTextScale(double scale) {
  const float s = static_cast<float>(scale);
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  const bool haveFile = std::ifstream(kFontFile).good();
  if (haveFile) {
    io.Fonts->AddFontFromFileTTF(kFontFile, kTextPixels * s);
    largeFont_ = io.Fonts->AddFontFromFileTTF(kFontFile, kTextPixels * s * kLargeTextFactor);
  } else {
    ImFontConfig config;
    config.SizePixels = 13 * s;
    io.Fonts->AddFontDefault(&config);
    config.SizePixels = 13 * s * kLargeTextFactor;
    largeFont_ = io.Fonts->AddFontDefault(&config);
  }
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
  ImGuiStyle& style = ImGui::GetStyle();
  style = baseStyle_;
  style.ScaleAllSizes(s);
  return haveFile;
}

float AppWindow::textPixels() const {
  return ImGui::GetIO().Fonts->Fonts[0]->FontSize;
}

float AppWindow::menuBarHeight() const {
  return textPixels() + 2 * ImGui::GetStyle().FramePadding.y;
}

void AppWindow::beginUiFrame() {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  // ImGui 1.86's SDL backend reads the pointer from the X server (SDL_GetGlobalMouseState minus the
  // window's position) while the mouse is captured, which under Xvfb (no window manager) did not
  // follow a held mouse: slider drags stood still. SDL's own window-relative state, kept from the
  // events it delivered, is what the world view's drags use; ImGui gets the same.
  ImGuiIO& io = ImGui::GetIO();
  if (io.MousePos.x != -FLT_MAX) {
    int x = 0, y = 0;
    SDL_GetMouseState(&x, &y);
    io.MousePos = ImVec2(static_cast<float>(x), static_cast<float>(y));
  }
  ImGui::NewFrame();
}

bool AppWindow::endUiFrame() {
  ImGui::Render();
  const ImDrawData& data = *ImGui::GetDrawData();
  uiNext_.clear();
  describeDrawing({data.CmdLists, static_cast<std::size_t>(data.CmdListsCount)}, uiNext_);
  int size[2] = {0, 0};
  drawableSize(size[0], size[1]);
  const char* bytes = reinterpret_cast<const char*>(size);
  uiNext_.insert(uiNext_.end(), bytes, bytes + sizeof size);
  return uiNext_ == uiDrawn_;
}

void AppWindow::drawUi() {
  const Vec2 window = size();
  int width = 0, height = 0;
  drawableSize(width, height);
  panels_.render(*ImGui::GetDrawData(), static_cast<int>(window.x), static_cast<int>(window.y),
                 width, height);
  uiDrawn_.swap(uiNext_);
}

void AppWindow::present() {
  SDL_GL_SwapWindow(window_);
}

}  // namespace contactlab
