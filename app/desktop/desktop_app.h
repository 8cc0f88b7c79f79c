// The desktop program: opens the scene named on the command line (or the last session's, or the
// default preset), runs the physics worker, and each frame handles input, builds the panels,
// applies what they ask, and draws the world and the UI. Keeps the scene as this session's
// (session_store.h): a few seconds after edits and on exit.
//
// Its parts, one file each: desktop_app.cpp (start, the frame loop, shutdown), desktop_input.cpp
// (SDL events to mouse gestures and shortcuts), desktop_commands.cpp (panel and shortcut requests
// to edits, files and the clipboard).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "app_window.h"
#include "camera.h"
#include "controller.h"
#include "draw_list.h"
#include "impulse_bursts.h"
#include "mouse_tool.h"
#include "options.h"
#include "perf_meter.h"
#include "physics_runner.h"
#include "presets.h"
#include "session_store.h"
#include "ui_model.h"
#include "ui_preferences.h"

namespace contactlab {

class DesktopApp {
 public:
  explicit DesktopApp(DesktopOptions options) : options_(std::move(options)) {}
  int run();  // the exit code

 private:
  // desktop_app.cpp
  bool start();
  void frame();
  void takeFrame();
  // Builds the frame's drawing and draws it, unless `mayKeepScreen` and it is what the screen
  // shows already; returns whether it drew.
  bool draw(bool mayKeepScreen);
  void fitView();
  void resolveSelection();
  void keepCollisions();
  void autosave();
  void keepSession(const Scene& scene);
  Status saveSession(const Scene& scene);
  void refreshRecentSessions();
  void writeScreenshot();
  void writePicture(const PictureRequest& request);
  void finish();
  void writeReport(const WorldSnapshot& world);
  void applyTextScale(double scale);
  UiPreferences loadPreferences() const;
  void keepPreferences() const;
  SimulationStatus simulationStatus() const;
  // The snapshot on screen (there always is one: the runner publishes one when it starts).
  const WorldSnapshot& world() const { return frame_.snapshot->world; }
  const RunnerStatus& runStatus() const { return frame_.snapshot->status; }

  // desktop_input.cpp
  void handleEvents();
  void handleWorldInput();
  void handleKey(const SDL_KeyboardEvent& key);

  // desktop_commands.cpp
  void apply(const Commands& commands);
  void openArgument(const std::string& argument);
  void openSceneText(const std::string& path);
  void openShareText(const std::string& text);
  void openSession(const std::string& path);
  void opened(const Scene& scene, const std::string& source, const std::string& origin);
  void saveSceneFile(const std::string& path);
  void deliver(const CapturedScene& captured);
  void exportData(const DataExport& request);

  DesktopOptions options_;
  std::unique_ptr<AppWindow> window_;
  std::unique_ptr<PhysicsRunner> runner_;
  std::unique_ptr<Controller> controller_;
  PhysicsFrame frame_;
  std::vector<CollisionMark> collisions_;  // those of the last moment of simulated time
  std::uint64_t nextCollision_ = 0;        // the number of the first collision not yet seen
  Camera camera_;
  UiState ui_;
  MouseTool mouse_;
  PerfMeter perf_;
  DrawList drawList_;
  DrawList shownList_;                      // the drawing on screen
  PictureState worldPicture_{false, true};  // the drawing on screen kept as a picture (gl_canvas.h)
  std::vector<ImpulseMark> marks_;
  BurstSieve bursts_;  // one burst per screen cell of marks_
  std::vector<Preset> presets_;
  std::vector<SDL_Event> pendingInput_;  // this frame's mouse and keys, for after NewFrame
  Commands keyCommands_;  // from shortcuts, applied with the panels' after the UI is built

  bool quit_ = false;
  int exitCode_ = 0;
  std::int64_t frames_ = 0;
  static constexpr std::int64_t kFirstReportFrame = 3;   // --report's first writing
  static constexpr std::int64_t kFramesAlwaysDrawn = 3;  // while ImGui sizes its windows
  bool screenExposed_ = true;  // the window was shown, exposed or resized: draw the next frame
  double startTime_ = 0;
  double firstFrameTime_ = -1;
  double lastFrameStart_ = -1;
  double lastFrameWork_ = 0;  // s the previous frame took to build and draw
  double nextDeadline_ = 0;   // s: when the next frame may start (frame cap)
  std::uint64_t shownEpoch_ = 0;
  std::uint64_t shownLostSerial_ = 0;  // RunnerStatus::lostSerial last told
  std::uint64_t shownDragFrame_ = 0;   // RunnerStatus::dragFrame last shown
  bool closeMenus_ = false;            // Escape was pressed: close open menus and popups next frame
  std::optional<double> pendingTextScale_;  // View > Text size, applied before the next frame
  bool fitPending_ = false;
  bool fitBesideGraph_ = false;  // the Graph window opens with the program: fit once it is placed
  std::optional<PictureRequest> pendingPicture_;  // File > Save picture: taken of the next frame
  std::uint64_t fitAfterEpoch_ = 0;
  std::uint64_t savedEdits_ = 0;
  bool autosaveAsked_ = false;  // a capture for the session is on its way
  double lastSave_ = 0;
  std::string title_;
  std::unique_ptr<SessionStore> sessions_;  // none in screenshot mode: the state is left alone
  std::string origin_;  // what the scene on screen was first opened from, for the session's header
  std::vector<SessionInfo> keptSessions_;
  std::vector<RecentSession> recent_;  // keptSessions_ as the menu shows them
  std::string sessionsFolder_;
  std::string lastSaveNotice_;  // the last failure to keep the session, told once
};

}  // namespace contactlab
