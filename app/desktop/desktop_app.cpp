// Start, frame loop and shutdown of the desktop program (desktop_app.h).
#include "desktop_app.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <thread>
#include <utility>

#include "exit_codes.h"
#include "framing.h"
#include "gl_canvas.h"
#include "panels.h"
#include "persistence.h"
#include "png_capture.h"
#include "report.h"
#include "scene_source.h"
#include "share_link.h"
#include "world_drawing.h"

namespace contactlab {
namespace {

double nowSeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

constexpr double kMarkLifetime = 0.4;  // s of simulated time a collision mark is shown

// The scene to start with: the argument, else the last session's, else the default preset; and
// what the person must be told about the last session.
struct InitialScene {
  Result<LoadedScene> loaded = Error{""};
  std::string source;  // for the title and the report
  std::string origin;  // for the session's header
  std::string notice;
};

std::string noticeFor(const RecoveredSession& recovered, const std::string& opened) {
  if (recovered.damaged) {
    std::string notice = "The last session could not be opened:\n" + recovered.damaged->reason;
    notice += recovered.damaged->keptAs.empty()
                  ? "\n\nThe file could not be moved aside; it is left as it was and this "
                    "session will not replace it.\n"
                  : "\n\nThe file was kept as " + recovered.damaged->keptAs +
                        " (nothing was written over it).\n";
    return notice + opened + " is open instead. Earlier sessions: File > Recent sessions.";
  }
  if (!recovered.problem.empty())
    return "The last session could not be copied among the kept sessions:\n" + recovered.problem +
           "\n\nIts file is left as it was and this session will not replace it; keep your work "
           "with File > Save as...";
  return "";
}

InitialScene initialScene(const DesktopOptions& options, SessionStore* sessions) {
  RecoveredSession recovered = sessions ? sessions->recover() : RecoveredSession{};
  InitialScene initial;
  if (!options.scene.empty()) {
    initial.source = looksLikeShareString(options.scene) ? "share string" : options.scene;
    initial.loaded = loadSceneArgument(options.scene);
  } else if (recovered.scene) {
    initial.source = "last session";
    initial.loaded = std::move(*recovered.scene);
  } else {
    initial.source = kDefaultPreset;
    initial.loaded = loadSceneArgument(kDefaultPreset);
  }
  initial.origin = recovered.scene && options.scene.empty() && !recovered.origin.empty()
                       ? recovered.origin
                       : initial.source;
  std::string opened = options.scene.empty() ? std::string("The default scene ") + kDefaultPreset
                                             : "The scene " + initial.source;
  initial.notice = noticeFor(recovered, opened);
  return initial;
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
  if (options_.screenshot.empty()) {
    sessions_ = std::make_unique<SessionStore>(stateDirectory(), std::time(nullptr));
    sessionsFolder_ = sessions_->sessionsFolder();
  }
  InitialScene initial = initialScene(options_, sessions_.get());
  if (!initial.notice.empty()) std::fprintf(stderr, "contactlab: %s\n", initial.notice.c_str());
  if (!initial.loaded) {
    std::fprintf(stderr, "contactlab: %s\n", initial.loaded.error().message.c_str());
    exitCode_ = 2;
    return false;
  }
  const LoadedScene& loaded = initial.loaded.value();
  for (const std::string& warning : loaded.warnings) std::fprintf(stderr, "%s\n", warning.c_str());
  Result<Document> doc = openDocument(loaded.scene, initial.source);
  if (!doc) {
    std::fprintf(stderr, "contactlab: %s\n", doc.error().message.c_str());
    exitCode_ = 2;
    return false;
  }
  origin_ = initial.origin;
  ui_.notice = initial.notice;
  ui_.webBase = webPageBase();
  refreshRecentSessions();
  auto window = AppWindow::open("ContactLab", options_.width, options_.height, options_.msaa, "");
  if (!window) {
    std::fprintf(stderr, "contactlab: %s\n", window.error().message.c_str());
    exitCode_ = 1;
    return false;
  }
  window_ = std::move(window.value());
  const bool sprites = !options_.noShaders && canvasShadesSprites();
  drawList_.setSprites(sprites);
  shownList_.setSprites(sprites);
  UiPreferences preferences = loadPreferences();
  ui_.layout = preferences.layout;
  ui_.layout.lesson = options_.lesson;
  ui_.graph.open = preferences.graphOpen;
  applyTextScale(options_.textScale.value_or(preferences.textScale));
  presets_ = listPresets();
  ui_.view.forceLabels = options_.forceLabels;
  runner_ = std::make_unique<PhysicsRunner>(std::move(doc.value()), !options_.paused);
  controller_ = std::make_unique<Controller>(*runner_);
  if (options_.time) runner_->runUntil(*options_.time);
  if (options_.screenshot.empty()) runner_->startThread();
  // A few times a second while the simulation runs on its thread; a screenshot's frames are
  // scripted and show every step's numbers.
  ui_.readouts.period = runner_->threaded() ? kReadoutSeconds : 0;
  ui_.now = nowSeconds();
  takeFrame();
  fitBesideGraph_ = ui_.graph.open || options_.graph;
  if (options_.graph) {
    ui_.graph.open = true;
    addDefaultSeries(world(), ui_.graph.record);
  }
  camera_.viewport = window_->size();
  fitView();
  savedEdits_ = runStatus().edits;
  lastSave_ = nowSeconds();
  return true;
}

void DesktopApp::frame() {
  double frameStart = nowSeconds();
  controller_->setFrame(static_cast<std::uint64_t>(frames_) + 1);
  handleEvents();
  if (!runner_->threaded()) runner_->pump(1.0 / 60);  // scripted runs: deterministic frames
  ui_.now = frameStart;
  takeFrame();
  camera_.viewport = window_->size();

  if (pendingTextScale_) {
    applyTextScale(*pendingTextScale_);
    pendingTextScale_.reset();
  }
  // A picture asked for last frame is taken of this one, drawn with the dialog closed.
  const std::optional<PictureRequest> picture = std::exchange(pendingPicture_, std::nullopt);
  ui_.hideGraph = picture && picture->kind == PictureKind::World;
  window_->beginUiFrame();
  if (closeMenus_) {
    // ImGui closes popups on Escape only with keyboard navigation on (it is off: the keys are the
    // program's shortcuts), so an open menu stayed open and swallowed the next click.
    ImGui::ClosePopupsExceptModals();
    closeMenus_ = false;
  }
  handleWorldInput();
  SimulationStatus status = simulationStatus();
  UiFacts facts{world(), status, perf_.numbers(), presets_, camera_, recent_, sessionsFolder_};
  Commands commands = drawUi(facts, ui_);
  apply(keyCommands_);
  keyCommands_ = Commands{};
  apply(commands);
  if (fitBesideGraph_ && ui_.itemRects.contains("graph window")) {
    fitBesideGraph_ = false;
    fitView();
  }

  // A frame that would draw what the screen already shows (the same world's drawing and the same
  // panels, as while the physics runs behind the frames or is paused) is not drawn again: under
  // software OpenGL that costs milliseconds the physics and the next new frame can use. Drawn
  // anyway: the first frames, after the window was exposed or resized, for a screenshot or
  // picture, and uncapped (--max-fps 0, which measures the drawing).
  const bool mayKeepScreen = frames_ >= kFramesAlwaysDrawn && !screenExposed_ && !picture &&
                             options_.screenshot.empty() && options_.maxFps > 0;
  const bool drawn = draw(mayKeepScreen);
  ++frames_;
  if (!options_.screenshot.empty() && frames_ >= options_.frames) {
    writeScreenshot();
    quit_ = true;
  }
  if (picture) writePicture(*picture);
  if (drawn) {
    window_->present();
    screenExposed_ = false;
    perf_.frameDrawn();
  }

  double now = nowSeconds();
  if (firstFrameTime_ < 0) firstFrameTime_ = now;
  // The first report waits for the panels' layout to settle (ImGui sizes windows over their first
  // frames), so that the widget rectangles it gives are where the widgets stay.
  if (frames_ == kFirstReportFrame && !options_.report.empty()) writeReport(world());
  // The interval that ended as this frame began is the previous frame's whole time; it is paired
  // with that frame's own work, so the drawing time can never exceed the frame time it is part of.
  perf_.frame(lastFrameStart_ < 0 ? 0 : frameStart - lastFrameStart_, lastFrameWork_, now, world());
  lastFrameStart_ = frameStart;
  lastFrameWork_ = now - frameStart;
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
  const double start = nowSeconds();
  const bool taken = runner_->takeFrame(frame_);
  perf_.frameTaken(nowSeconds() - start);
  if (!taken) return;
  const RunnerStatus& status = runStatus();
  controller_->setEpoch(status.epoch);
  if (status.dragFrame > shownDragFrame_) {  // a drag move reached the screen: its lag in frames
    perf_.dragShown(frames_ + 1 - static_cast<std::int64_t>(status.dragFrame));
    shownDragFrame_ = status.dragFrame;
  }
  if (status.epoch != shownEpoch_) {
    shownEpoch_ = status.epoch;
    if (mouse_.holding()) mouse_.cancel(*controller_);
    if (fitPending_ && shownEpoch_ > fitAfterEpoch_) {
      fitPending_ = false;
      fitView();
    }
  }
  if (status.lostSerial != shownLostSerial_) {
    shownLostSerial_ = status.lostSerial;
    tell(ui_, status.lost, 10);
  }
  resolveSelection();
  for (const CapturedScene& captured : frame_.captures) deliver(captured);
  keepCollisions();
  std::string title = "ContactLab - " + status.source;
  if (title != title_) {
    title_ = title;
    window_->setTitle(title);
  }
}

bool DesktopApp::draw(bool mayKeepScreen) {
  int w = 0, h = 0;
  window_->drawableSize(w, h);
  const int vw = static_cast<int>(camera_.viewport.x), vh = static_cast<int>(camera_.viewport.y);
  Overlay overlay;
  overlay.selected = ui_.selected;
  overlay.selectedJoint = ui_.selectedJoint;
  overlay.selectedSpring = ui_.selectedSpring;
  overlay.spring = mouse_.springLine(world());
  overlay.link = mouse_.linkLine();
  overlay.impulses = bursts_.sift(marks_, camera_);
  Rect free = freeArea(ui_, camera_.viewport);
  if (ui_.view.autoForceScale) {
    const double side = std::min(free.max.x - free.min.x, free.max.y - free.min.y);
    ui_.view.forceScale = automaticForceScale(largestContactForce(world()),
                                              side / camera_.pixelsPerMeter, ui_.view.forceScale);
  }
  drawList_.clear();
  drawWorld(world(), camera_, ui_.view, overlay, drawList_);
  const bool worldSame = drawList_.sameDrawing(shownList_);
  const bool uiSame = window_->endUiFrame();
  if (mayKeepScreen && worldSame && uiSame) return false;
  // One clear paints the world's background and the side columns' (they share its colour and are
  // drawn without a background of their own), then the world is drawn between the columns, or
  // the picture kept of the last frame's if it drew the same (drawings repeat while the physics
  // runs slower than the frames, or is paused).
  clearCanvas(w, h, palette::kBackground);
  clipToWindowRect(free.min.x, 0, free.max.x, vh, vw, vh, w, h);
  drawThroughPicture(PictureSlot::World, free.min.x, 0, free.max.x, vh, vw, vh, w, h, worldSame,
                     worldPicture_, [&] { drawCanvas(drawList_, vw, vh, w, h); });
  std::swap(drawList_, shownList_);
  clearClip();
  window_->drawUi();
  return true;
}

// Text, widget spacing and the force arrows' strokes at `scale` (1 to 3). The font atlas cannot
// change inside a frame: View > Text size asks for this through pendingTextScale_.
void DesktopApp::applyTextScale(double scale) {
  if (!window_->setTextScale(scale))
    tell(ui_,
         "The font DejaVu Sans (package fonts-dejavu-core) is missing: the text is drawn "
         "stretched",
         12);
  ui_.textScale = scale;
  ui_.em = window_->textPixels();
  ui_.menuHeight = window_->menuBarHeight();
  ui_.largeFont = window_->largeFont();
  ui_.view.strokeScale = scale;
}

// The look the last run left (none in screenshot mode, whose pictures must not depend on it).
UiPreferences DesktopApp::loadPreferences() const {
  if (!sessions_) return {};
  const std::string path = stateDirectory() + "/preferences.json";
  Result<std::string> text = readWholeFile(path);
  if (!text) return {};  // the first run
  Result<UiPreferences> read = readPreferences(text.value());
  if (read) return read.value();
  std::fprintf(stderr, "contactlab: %s: %s; the default look is used\n", path.c_str(),
               read.error().message.c_str());
  return {};
}

void DesktopApp::keepPreferences() const {
  if (!sessions_) return;
  const std::string folder = stateDirectory();
  Status kept = createFolder(folder);
  if (kept)
    kept = writeFileAtomically(folder + "/preferences.json",
                               preferencesJson({ui_.textScale, ui_.layout, ui_.graph.open}));
  if (!kept)
    std::fprintf(stderr, "contactlab: the look of the window was not kept: %s\n",
                 kept.error().message.c_str());
}

void DesktopApp::fitView() {
  Rect area = freeArea(ui_, camera_.viewport);
  // The Graph window at the top of the world leaves the scene the room below it, if that is at
  // least 40 % of the world's height.
  if (auto graph = ui_.itemRects.find("graph window"); graph != ui_.itemRects.end()) {
    const double below = area.max.y - graph->second.max.y;
    if (graph->second.min.y <= area.min.y + 0.25 * area.size().y && below >= 0.4 * area.size().y)
      area.min.y = graph->second.max.y;
  }
  area.min += Vec2{20, 20};
  area.max -= Vec2{20, 30};
  Rect box = sceneFraming(world());
  camera_.fit(box, area);
  // Room to spare above and below goes mostly above: the floor sits low, as on a desk.
  double slack = area.size().y - camera_.toPixels(box.size().y);
  if (slack > 0) camera_.panByPixels({0, slack * 0.35});
}

void DesktopApp::resolveSelection() {
  if (world().find(ui_.selected)) return;
  ui_.selected = BodyId{};
  if (!ui_.selectedName.empty())
    if (std::optional<BodyId> id = world().findBody(ui_.selectedName)) ui_.selected = *id;
}

// The snapshot's collisions not seen before join those of the last kMarkLifetime of simulated
// time, which the view draws as fading bursts (none from the future: after a reset or a replaced
// world, time has gone back).
void DesktopApp::keepCollisions() {
  const FrameSnapshot& frame = *frame_.snapshot;
  for (std::uint64_t k = std::max(nextCollision_, frame.firstCollision); k < frame.collisionsEnd();
       ++k)
    collisions_.push_back(frame.collisions[k - frame.firstCollision]);
  nextCollision_ = std::max(nextCollision_, frame.collisionsEnd());
  const double now = frame.world.time;
  std::erase_if(collisions_, [&](const CollisionMark& m) {
    return m.time > now || m.time < now - kMarkLifetime;
  });
  marks_.clear();
  for (const CollisionMark& mark : collisions_)
    marks_.push_back({mark.point, mark.impulse, (now - mark.time) / kMarkLifetime});
}

SimulationStatus DesktopApp::simulationStatus() const {
  const RunnerStatus& r = runStatus();
  SimulationStatus s;
  s.running = r.running;
  s.timeRate = r.timeRate;
  s.speed = r.speed;
  s.behind = r.behind;
  s.busySeconds = runner_->busySeconds();
  s.qpIterationCap = r.qpIterationCap;
  s.canUndo = r.canUndo;
  s.canRedo = r.canRedo;
  s.error = r.error;
  s.source = r.source;
  return s;
}

// --screenshot: a write that fails at the end (a full disk, /dev/full) is exit 4 with the path and
// the reason (a path that cannot be written at all was refused with exit 2 before the window).
void DesktopApp::writeScreenshot() {
  int w = 0, h = 0;
  window_->drawableSize(w, h);
  Result<std::string> png = encodeBackBufferPng(w, h);
  Status saved = png ? writeFileAtomically(options_.screenshot, png.value()) : Status(png.error());
  if (!saved) {
    std::fprintf(stderr, "contactlab: --screenshot: %s\n", saved.error().message.c_str());
    exitCode_ = kExitWriteFailed;
  }
}

// File > Save picture (F12): the world view, the world with the graph window, or the whole
// window, as PNG, for a handout or a slide. Failures are told in the status line.
void DesktopApp::writePicture(const PictureRequest& request) {
  if (!hasPngExtension(request.path)) {
    tell(ui_, "The picture was not saved: pictures are written as PNG, the name must end in .png",
         12);
    return;
  }
  int w = 0, h = 0;
  window_->drawableSize(w, h);
  Rect area{{0, 0}, camera_.viewport};
  if (request.kind != PictureKind::Window) area = freeArea(ui_, camera_.viewport);
  if (request.kind == PictureKind::WorldAndGraph) {
    auto graph = ui_.itemRects.find("graph window");
    if (graph != ui_.itemRects.end()) {
      area.min = glm::min(area.min, graph->second.min);
      area.max = glm::max(area.max, graph->second.max);
    }
  }
  // Window coordinates to the drawable's pixels (they differ on high-density displays).
  const double sx = w / camera_.viewport.x, sy = h / camera_.viewport.y;
  const PixelRect part{static_cast<int>(area.min.x * sx), static_cast<int>(area.min.y * sy),
                       static_cast<int>(area.size().x * sx), static_cast<int>(area.size().y * sy)};
  Result<std::string> png = encodeBackBufferPng(w, h, part);
  Status saved = png ? writeFileAtomically(request.path, png.value()) : Status(png.error());
  if (saved)
    tell(ui_, "Saved the picture " + request.path);
  else
    tell(ui_, "The picture was not saved: " + saved.error().message, 12);
}

Status DesktopApp::saveSession(const Scene& scene) {
  Status saved = sessions_->save(writeScene(scene), origin_, static_cast<int>(scene.bodies.size()));
  refreshRecentSessions();
  return saved;
}

void DesktopApp::refreshRecentSessions() {
  recent_.clear();
  if (!sessions_) return;
  keptSessions_ = sessions_->list();
  for (const SessionInfo& info : keptSessions_) {
    std::string label = info.savedAt;
    if (!info.origin.empty()) label += "   " + info.origin;
    if (info.bodies >= 0)
      label += " (" + std::to_string(info.bodies) + (info.bodies == 1 ? " body)" : " bodies)");
    recent_.push_back({info.path, label, info.current});
  }
}

// A few seconds after edits, the worker is asked for the scene; it is kept when it comes back
// (keepSession).
void DesktopApp::autosave() {
  if (!sessions_ || autosaveAsked_ || runStatus().edits == savedEdits_) return;
  if (ui_.now - lastSave_ < 5) return;
  controller_->capture(CapturedScene::Use::Autosave);
  autosaveAsked_ = true;
  savedEdits_ = runStatus().edits;
  lastSave_ = ui_.now;
}

// A failure is told in the notice box once, not at every retry.
void DesktopApp::keepSession(const Scene& scene) {
  autosaveAsked_ = false;
  Status saved = saveSession(scene);
  if (saved) return;
  std::fprintf(stderr, "contactlab: %s\n", saved.error().message.c_str());
  std::string notice = "This session cannot be kept:\n" + saved.error().message +
                       "\n\nKeep your scene with File > Save as... in another folder.";
  if (notice != lastSaveNotice_) ui_.notice = lastSaveNotice_ = notice;
}

// After the first frame and at exit. A failed write is an error of the --report option: exit 2.
void DesktopApp::writeReport(const WorldSnapshot& world) {
  SimulationStatus status = simulationStatus();
  std::string message = ui_.now < ui_.messageUntil ? ui_.message : std::string();
  ReportInputs in{world,         camera_,
                  ui_.view,      perf_,
                  status,        ui_.selectedName,
                  ui_.notice,    message,
                  ui_.itemRects, nowSeconds() - startTime_};
  // Messages may quote a damaged file's bytes: what is not UTF-8 becomes U+FFFD, not an abort.
  std::string text =
      desktopReport(in).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  Status written;
  if (options_.report == "-") {
    if (std::fputs(text.c_str(), stdout) < 0 || std::fflush(stdout) != 0)
      written = Error{"the standard output cannot be written"};
  } else {
    written = writeFileAtomically(options_.report, text);
  }
  if (written) return;
  std::fprintf(stderr, "contactlab: --report: %s\n", written.error().message.c_str());
  exitCode_ = kExitWriteFailed;
}

void DesktopApp::finish() {
  if (mouse_.holding()) mouse_.cancel(*controller_);
  keepPreferences();
  Document doc = runner_->finish();
  if (sessions_) {
    Status saved = saveSession(sceneOf(doc));
    if (!saved) {
      std::fprintf(stderr, "contactlab: this session was not kept: %s\n",
                   saved.error().message.c_str());
      if (exitCode_ == 0) exitCode_ = kExitWriteFailed;
    }
  }
  if (!options_.report.empty()) {
    WorldSnapshot last;
    snapshotWorld(doc.world, bodyDefinitions(doc.world, nullptr), last);
    writeReport(last);
  }
}

}  // namespace contactlab
