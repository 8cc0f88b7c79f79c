// SDL events to the world: ImGui sees every event first; the mouse acts on the world only when
// ImGui does not want it (io.WantCaptureMouse) or a gesture begun on the world is under way, and
// the shortcuts only when no text field or slider has the keyboard (io.WantCaptureKeyboard). The
// world's share of the events waits for ImGui::NewFrame, so those flags are this frame's.
#include <backends/imgui_impl_sdl.h>
#include <imgui.h>

#include "desktop_app.h"

namespace contactlab {
namespace {

std::optional<MouseButton> buttonOf(Uint8 sdlButton) {
  switch (sdlButton) {
    case SDL_BUTTON_LEFT:
      return MouseButton::Left;
    case SDL_BUTTON_MIDDLE:
      return MouseButton::Middle;
    case SDL_BUTTON_RIGHT:
      return MouseButton::Right;
    default:
      return std::nullopt;
  }
}

}  // namespace

void DesktopApp::handleEvents() {
  SDL_Event event;
  while (SDL_PollEvent(&event)) {
    ImGui_ImplSDL2_ProcessEvent(&event);
    switch (event.type) {
      case SDL_QUIT:
        quit_ = true;
        break;
      case SDL_WINDOWEVENT:
        if (event.window.event == SDL_WINDOWEVENT_CLOSE) quit_ = true;
        if (event.window.event == SDL_WINDOWEVENT_SHOWN ||
            event.window.event == SDL_WINDOWEVENT_EXPOSED ||
            event.window.event == SDL_WINDOWEVENT_SIZE_CHANGED ||
            event.window.event == SDL_WINDOWEVENT_RESTORED)
          screenExposed_ = true;
        break;
      case SDL_MOUSEBUTTONDOWN:
      case SDL_MOUSEBUTTONUP:
      case SDL_MOUSEMOTION:
      case SDL_MOUSEWHEEL:
      case SDL_KEYDOWN:
        pendingInput_.push_back(event);
        break;
      default:
        break;
    }
  }
}

// After ImGui::NewFrame, whose capture flags then describe where the mouse is now (a click that
// arrives with the move onto a panel goes to the panel, not the world behind it).
void DesktopApp::handleWorldInput() {
  ImGuiIO& io = ImGui::GetIO();
  PointerContext pointer{world(), runStatus().running, camera_, ui_, *controller_};
  for (const SDL_Event& event : pendingInput_) {
    switch (event.type) {
      case SDL_MOUSEBUTTONDOWN:
        if (!io.WantCaptureMouse)
          if (auto button = buttonOf(event.button.button))
            mouse_.press(*button, {event.button.x, event.button.y},
                         (SDL_GetModState() & KMOD_SHIFT) != 0, pointer);
        break;
      case SDL_MOUSEMOTION:
        if (mouse_.holding()) mouse_.move({event.motion.x, event.motion.y}, pointer);
        break;
      case SDL_MOUSEBUTTONUP:
        if (mouse_.holding())
          if (auto button = buttonOf(event.button.button))
            mouse_.release(*button, {event.button.x, event.button.y}, pointer);
        break;
      case SDL_MOUSEWHEEL:
        if (!io.WantCaptureMouse && event.wheel.y != 0) {
          int x = 0, y = 0;
          SDL_GetMouseState(&x, &y);
          mouse_.wheel(event.wheel.y, {x, y}, camera_);
        }
        break;
      case SDL_KEYDOWN:
        if (!io.WantCaptureKeyboard) handleKey(event.key);
        break;
      default:
        break;
    }
  }
  pendingInput_.clear();
}

void DesktopApp::handleKey(const SDL_KeyboardEvent& key) {
  const bool ctrl = (key.keysym.mod & KMOD_CTRL) != 0;
  const bool shift = (key.keysym.mod & KMOD_SHIFT) != 0;
  const bool repeat = key.repeat != 0;
  Commands& c = keyCommands_;
  switch (key.keysym.sym) {
    case SDLK_SPACE:
      if (!repeat) c.togglePlay = true;
      break;
    case SDLK_s:
      if (ctrl && !repeat) {
        if (ui_.filePath.empty()) {
          ui_.fileDialogOpen = true;
          ui_.fileDialogSave = true;
        } else {
          c.saveFile = ui_.filePath;
        }
      } else if (!ctrl) {
        c.step = true;  // held down: keeps stepping
      }
      break;
    case SDLK_r:
      if (!ctrl && !repeat) c.reset = true;
      break;
    case SDLK_DELETE:
    case SDLK_BACKSPACE:
      if (!repeat) c.deleteSelected = true;
      break;
    case SDLK_z:
      if (ctrl) (shift ? c.redo : c.undo) = true;
      break;
    case SDLK_y:
      if (ctrl) c.redo = true;
      break;
    case SDLK_c:
      if (ctrl && !repeat) c.copyShare = true;
      break;
    case SDLK_v:
      if (ctrl && !repeat) c.pasteShare = true;
      break;
    case SDLK_n:
      if (ctrl && !repeat) c.newScene = true;
      break;
    case SDLK_o:
      if (ctrl && !repeat) {
        ui_.fileDialogOpen = true;
        ui_.fileDialogSave = false;
      }
      break;
    case SDLK_q:
      if (ctrl) c.quit = true;
      break;
    case SDLK_f:
      if (!ctrl) c.fitView = true;
      break;
    case SDLK_g:
      if (!ctrl && !repeat) ui_.graph.open = !ui_.graph.open;
      break;
    case SDLK_TAB: {
      PanelLayout& layout = ui_.layout;
      bool show = !(layout.showControls || layout.showReadouts);
      layout.showControls = layout.showReadouts = show;
      layout.lesson = false;
      break;
    }
    case SDLK_l:
      if (!ctrl && !repeat) ui_.layout.lesson = !ui_.layout.lesson;
      break;
    case SDLK_EQUALS:
    case SDLK_PLUS:
    case SDLK_KP_PLUS:
      if (ctrl) c.textScale = steppedTextScale(ui_.textScale, 1);
      break;
    case SDLK_MINUS:
    case SDLK_KP_MINUS:
      if (ctrl) c.textScale = steppedTextScale(ui_.textScale, -1);
      break;
    case SDLK_0:
    case SDLK_KP_0:
      if (ctrl) c.textScale = 1;
      break;
    case SDLK_F12:
      ui_.pictureDialogOpen = true;
      break;
    case SDLK_F1:
      ui_.layout.showReadouts = true;
      ui_.layout.lesson = false;
      ui_.openHelp = true;
      break;
    case SDLK_ESCAPE:
      closeMenus_ = true;
      mouse_.cancel(*controller_);
      ui_.selected = BodyId{};
      ui_.selectedName.clear();
      ui_.selectedJoint.clear();
      ui_.selectedSpring = -1;
      ui_.tool = WorldTool::Select;
      break;
    case SDLK_1:
    case SDLK_2:
    case SDLK_3:
    case SDLK_4:
    case SDLK_5:
    case SDLK_6:
      if (!ctrl && !repeat && !mouse_.holding())
        ui_.tool = static_cast<WorldTool>(key.keysym.sym - SDLK_1);
      break;
    default:
      break;
  }
}

}  // namespace contactlab
