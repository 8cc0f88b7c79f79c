// Start, frame loop and shutdown of the desktop program (desktop_app.h).
#include "desktop_app.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <thread>

#include "framing.h"
#include "gl_canvas.h"
#include "panels.h"
#include "persistence.h"
#include "png_capture.h"
#include "report.h"
#include "scene_source.h"
#include "world_drawing.h"

namespace contactlab {
namespace {

double nowSeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

constexpr double kMarkLifetime = 0.4;  // s of simulated time, as the worker keeps them

// The scene to start with: the argument, else the last session's, else the default preset.
Result<LoadedScene> initialScene(const DesktopOptions& options, std::string& source) {
  if (!options.scene.empty()) {
    source = looksLikeShareString(options.scene) ? "share string" : options.scene;
    return loadSceneArgument(options.scene);
  }
  std::string last = lastScenePath();
  std::error_code error;
  if (options.screenshot.empty() && std::filesystem::is_regular_file(last, error)) {
    Result<std::string> text = readTextFile(last);
    if (text) {
      Result<LoadedScene> scene = parseScene(text.value(), last);
      if (scene) {
        source = "last session";
        return scene;
      }
      std::fprintf(stderr, "contactlab: the last session's scene cannot be read (%s); opening %s\n",
                   scene.error().message.c_str(), kDefaultPreset);
    }
  }
  source = kDefaultPreset;
  return loadSceneArgument(kDefaultPreset);
}

}  // namespace

int DesktopApp::run() {
  if (!start()) return exitCode_;
  while (!quit_) frame();
  finish();
  return exitCode_;
}

bool DesktopApp::start() {
  startTime_ = nowSeconds();
  std::string source;
  Result<LoadedScene> loaded = initialScene(options_, source);
  if (!loaded) {
    std::fprintf(stderr, "contactlab: %s\n", loaded.error().message.c_str());
    exitCode_ = 2;
    return false;
  }
  for (const std::string& warning : loaded->warnings) std::fprintf(stderr, "%s\n", warning.c_str());
  Result<Document> doc = openDocument(loaded->scene, source);
  if (!doc) {
    std::fprintf(stderr, "contactlab: %s\n", doc.error().message.c_str());
    exitCode_ = 2;
    return false;
  }
  auto window = AppWindow::open("ContactLab", options_.width, options_.height, options_.msaa, "");
  if (!window) {
    std::fprintf(stderr, "contactlab: %s\n", window.error().message.c_str());
    exitCode_ = 1;
    return false;
  }
  window_ = std::move(window.value());
  presets_ = listPresets();
  runner_ = std::make_unique<PhysicsRunner>(std::move(doc.value()), !options_.paused);
  controller_ = std::make_unique<Controller>(*runner_);
  if (options_.time) runner_->runUntil(*options_.time);
  if (options_.screenshot.empty()) runner_->startThread();
  takeFrame();
  camera_.viewport = window_->size();
  fitView();
  savedEdits_ = frame_.status.edits;
  lastSave_ = nowSeconds();
  return true;
}

void DesktopApp::frame() {
  double frameStart = nowSeconds();
  handleEvents();
  if (!runner_->threaded()) runner_->pump(1.0 / 60);  // scripted runs: deterministic frames
  takeFrame();
  ui_.now = frameStart;
  camera_.viewport = window_->size();

  window_->beginUiFrame();
  handleWorldInput();
  SimulationStatus status = simulationStatus();
  UiFacts facts{frame_.world, status, perf_.numbers(), presets_, camera_};
  Commands commands = drawUi(facts, ui_);
  apply(keyCommands_);
  keyCommands_ = Commands{};
  apply(commands);

  draw();
  ++frames_;
  if (!options_.screenshot.empty() && frames_ >= options_.frames) {
    int w = 0, h = 0;
    window_->drawableSize(w, h);
    Status saved = writeBackBufferPng(options_.screenshot, w, h);
    if (!saved) {
      std::fprintf(stderr, "contactlab: %s\n", saved.error().message.c_str());
      exitCode_ = 1;
    }
    quit_ = true;
  }
  if (snapshotRequested_) {  // F12: a picture of the window, for handouts
    snapshotRequested_ = false;
    int w = 0, h = 0;
    window_->drawableSize(w, h);
    char name[64];
    std::time_t t = std::time(nullptr);
    std::strftime(name, sizeof name, "contactlab-%Y%m%d-%H%M%S.png", std::localtime(&t));
    Status saved = writeBackBufferPng(name, w, h);
    tell(ui_, saved ? std::string("Saved the picture ") + name : saved.error().message);
  }
  window_->present();

  double now = nowSeconds();
  if (firstFrameTime_ < 0) {
    firstFrameTime_ = now;
    if (!options_.report.empty()) writeReport(frame_.world);
  }
  perf_.frame(lastFrameStart_ < 0 ? 0 : frameStart - lastFrameStart_, now - frameStart, now,
              frame_.world);
  lastFrameStart_ = frameStart;
  if (options_.quitAfter > 0 && now - firstFrameTime_ >= options_.quitAfter) quit_ = true;
  autosave();
  if (options_.maxFps > 0) {
    // Deadlines a fixed period apart, so a late wake-up or a slow frame is made up by the next
    // ones; more than a period behind, the count starts again rather than rushing to catch up.
    double period = 1.0 / options_.maxFps, end = nowSeconds();
    nextDeadline_ = nextDeadline_ > 0 ? nextDeadline_ + period : end + period;
    if (end - nextDeadline_ > period) nextDeadline_ = end;
    double wait = nextDeadline_ - end;
    if (wait > 0) std::this_thread::sleep_for(std::chrono::duration<double>(wait));
  }
}

void DesktopApp::takeFrame() {
  if (!runner_->takeFrame(frame_)) return;
  controller_->setEpoch(frame_.status.epoch);
  if (frame_.status.epoch != shownEpoch_) {
    shownEpoch_ = frame_.status.epoch;
    if (mouse_.holding()) mouse_.cancel(*controller_);
    if (fitPending_ && shownEpoch_ > fitAfterEpoch_) {
      fitPending_ = false;
      fitView();
    }
  }
  resolveSelection();
  for (const CapturedScene& captured : frame_.captures) deliver(captured);
  marks_.clear();
  for (const CollisionMark& mark : frame_.marks)
    marks_.push_back({mark.point, mark.impulse, (frame_.world.time() - mark.time) / kMarkLifetime});
  std::string title = "ContactLab - " + frame_.status.source;
  if (title != title_) {
    title_ = title;
    window_->setTitle(title);
  }
}

void DesktopApp::draw() {
  int w = 0, h = 0;
  window_->drawableSize(w, h);
  const int vw = static_cast<int>(camera_.viewport.x), vh = static_cast<int>(camera_.viewport.y);
  Overlay overlay;
  overlay.selected = ui_.selected;
  overlay.spring = mouse_.springLine(frame_.world);
  overlay.impulses = marks_;
  drawList_.clear();
  drawWorld(frame_.world, camera_, ui_.view, overlay, drawList_);
  // One clear paints the world's background and the side columns' (they share its colour and are
  // drawn without a background of their own), then the world is drawn between the columns.
  clearCanvas(w, h, palette::kBackground);
  Rect free = freeArea(ui_, camera_.viewport);
  clipToWindowRect(free.min.x, 0, free.max.x, vh, vw, vh, w, h);
  drawCanvas(drawList_, vw, vh, w, h);
  clearClip();
  window_->renderUi();
}

void DesktopApp::fitView() {
  Rect area = freeArea(ui_, camera_.viewport);
  area.min += Vec2{20, 20};
  area.max -= Vec2{20, 30};
  Rect box = sceneFraming(frame_.world);
  camera_.fit(box, area);
  // Room to spare above and below goes mostly above: the floor sits low, as on a desk.
  double slack = area.size().y - camera_.toPixels(box.size().y);
  if (slack > 0) camera_.panByPixels({0, slack * 0.35});
}

void DesktopApp::resolveSelection() {
  if (frame_.world.body(ui_.selected)) return;
  ui_.selected = BodyId{};
  if (!ui_.selectedName.empty())
    if (std::optional<BodyId> id = frame_.world.findBody(ui_.selectedName)) ui_.selected = *id;
}

SimulationStatus DesktopApp::simulationStatus() const {
  const RunnerStatus& r = frame_.status;
  SimulationStatus s;
  s.running = r.running;
  s.timeRate = r.timeRate;
  s.speed = r.speed;
  s.behind = r.behind;
  s.busySeconds = runner_->busySeconds();
  s.canUndo = r.canUndo;
  s.canRedo = r.canRedo;
  s.error = r.error;
  s.source = r.source;
  return s;
}

void DesktopApp::autosave() {
  if (!options_.screenshot.empty() || frame_.status.edits == savedEdits_) return;
  if (ui_.now - lastSave_ < 5) return;
  Status saved = writeFileAtomically(lastScenePath(), writeScene(captureScene(frame_.world)));
  if (!saved) std::fprintf(stderr, "contactlab: %s\n", saved.error().message.c_str());
  savedEdits_ = frame_.status.edits;
  lastSave_ = ui_.now;
}

void DesktopApp::writeReport(const World& world) {
  SimulationStatus status = simulationStatus();
  ReportInputs in{
      world, camera_, ui_.view, perf_, status, ui_.selectedName, nowSeconds() - startTime_};
  std::string text = desktopReport(in).dump(2) + "\n";
  if (options_.report == "-") {
    std::fputs(text.c_str(), stdout);
    std::fflush(stdout);
    return;
  }
  Status written = writeFileAtomically(options_.report, text);
  if (!written) std::fprintf(stderr, "contactlab: %s\n", written.error().message.c_str());
}

void DesktopApp::finish() {
  if (mouse_.holding()) mouse_.cancel(*controller_);
  Document doc = runner_->finish();
  if (options_.screenshot.empty()) {
    Status saved = writeFileAtomically(lastScenePath(), writeScene(captureScene(doc.world)));
    if (!saved) std::fprintf(stderr, "contactlab: %s\n", saved.error().message.c_str());
  }
  if (!options_.report.empty()) writeReport(doc.world);
}

}  // namespace contactlab
