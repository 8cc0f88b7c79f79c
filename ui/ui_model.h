// What the panels read and what they ask for. The program fills UiFacts each frame from the latest
// snapshot of the simulation (never the World the physics worker steps), keeps UiState from frame
// to frame, and applies the Commands the panels return after the frame's UI is built. No ImGui
// here: plain data.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "camera.h"
#include "contactlab/scene.h"
#include "energy_history.h"
#include "graph_state.h"
#include "panel_layout.h"
#include "presets.h"
#include "view_options.h"
#include "world_snapshot.h"

struct ImFont;

namespace contactlab {

struct SimulationStatus {
  bool running = false;
  double timeRate = 1;
  double speed = 1;     // simulated time achieved / (real time * rate), over the last half second
  bool behind = false;  // the physics cannot keep up
  double busySeconds = 0;  // how long the step under way has taken so far
  // The iterations each contact solve stops at while the mouse spring pulls a body under time
  // stepping to a tolerance, so that the steps keep up (0: none; RunnerStatus::qpIterationCap).
  int qpIterationCap = 0;
  bool canUndo = false;
  bool canRedo = false;
  std::string error;
  std::string source;
};

// The Statistics panel's numbers (PerfMeter fills them once a second).
struct PerfNumbers {
  bool measured = false;        // a whole second of frames went into the rates below
  double fps = 0;               // frames drawn per second
  double frameMs = 0;           // average time from one frame to the next
  double frameWorkMs = 0;       // average time to build and draw a frame (without waiting)
  double physicsMsPerStep = 0;  // wall time of a step, every stage included
  double lcpMsPerStep = 0;      // of which solving the contact LCPs (or QPs)
  double lcpSolvesPerStep = 0;
  double pivotsPerStep = 0;
  double qpSolvesPerStep = 0;  // time stepping: QP/CCP solves and their iterations
  double qpIterationsPerStep = 0;
  double qpApgdInPlaceOfMprgpPerStep = 0;  // QP solves MPRGP was asked for that APGD ran (friction)
  double stepsPerSecond = 0;
  double collisionsPerSecond = 0;
  double worstResidual = 0;  // of any solve since the world was built
  int largestGroup = 0;
  int contacts = 0;  // resting contacts now
  std::int64_t steps = 0;
};

// A session the program kept (File > Recent sessions).
struct RecentSession {
  std::string path;
  std::string label;     // when it was saved and what scene it holds
  bool current = false;  // this program's own session
};

struct UiFacts {
  const WorldSnapshot& world;  // the latest snapshot
  const SimulationStatus& status;
  const PerfNumbers& perf;
  const std::vector<Preset>& presets;
  const Camera& camera;
  const std::vector<RecentSession>& sessions;  // newest first
  const std::string& sessionsFolder;           // where they are kept; empty when none are
};

// Changes to some of a body's state; the others keep their current values.
struct BodyStateEdit {
  std::optional<double> x, y, angle, vx, vy, omega;
  bool any() const { return x || y || angle || vx || vy || omega; }
  BodyState appliedTo(BodyState state) const;
};

// Changes to a body's definition: the mass and fixedness are set in place (World::setBodyMass,
// World::setBodyFixed), the elasticity by rebuilding the world.
struct BodyDefEdit {
  std::optional<double> mass;
  std::optional<bool> fixed;
  std::optional<double> elasticity;
  bool any() const { return mass || fixed || elasticity; }
};

// What a left click or drag on the world does: select and move bodies (select joints), or add a
// joint or a spring (app/desktop/joint_tool.h). Chosen in the Joints panel, the Add menu or with
// the keys 1 to 6; Escape goes back to Select.
enum class WorldTool : int { Select, Pin, Hinge, Rod, Rope, Spring };
inline constexpr int kWorldToolCount = 6;

// "Select", "Pin", ...: the tools' names in the menu and the panel.
const char* worldToolName(WorldTool tool);
// What to do with the tool, one line.
const char* worldToolHint(WorldTool tool);

// Changes to the selected joint: a rod's or a rope's length, a rope's elasticity.
struct JointEdit {
  std::string name;
  std::optional<double> length;
  std::optional<double> elasticity;
};

// Changes to the selected spring (its place among the scene's springs).
struct SpringEdit {
  int index = -1;
  std::optional<double> stiffness, restLength, damping;
};

// What File > Save picture shows: the world view alone, the world with the graph window, or the
// whole window with its panels.
enum class PictureKind : int { World, WorldAndGraph, Window };

struct PictureRequest {
  std::string path;  // a .png file
  PictureKind kind = PictureKind::World;
};

struct Commands {
  bool togglePlay = false, step = false, reset = false;
  std::optional<double> timeRate;
  std::optional<double> textScale;  // View > Text size: applied between frames
  bool undo = false, redo = false;
  std::optional<WorldSettings> settings;
  std::optional<BodyDef> addBody;
  std::optional<BodyStateEdit> selectedState;
  std::optional<BodyDefEdit> selectedDef;
  bool deleteSelected = false;  // the selected body, joint or spring
  std::optional<BodyId> select;
  std::optional<std::string> selectJoint;
  std::optional<JointEdit> jointEdit;
  std::optional<int> selectSpring;
  std::optional<SpringEdit> springEdit;
  std::optional<std::string> openPreset, openShare, openFile, saveFile, openSession;
  bool newScene = false;  // File > New
  std::optional<PictureRequest> savePicture;
  bool copyShare = false, copyLink = false, pasteShare = false, fitView = false, quit = false;
  bool refreshShareText = false;  // the Share panel wants the scene's share string (shareText)
  bool editBegan = false, editEnded = false;  // a widget that edits the scene was grabbed / let go
  std::optional<DataExport> exportData;       // File > Export data...
};

struct AddBodyForm {
  int shape = 0;  // 0 box, 1 disc, 2 polygon (regular)
  double width = 1, height = 1, radius = 0.5;
  int sides = 5;
  double mass = 1;
  bool fixed = false;
};

// What the panels show that changes with every step: the simulated time, the statistics and the
// last step's report. While the simulation runs they are taken afresh every `period` seconds of
// the wall clock (0: every frame), so that the numbers can be read and the columns of panels, which
// then draw the same from one frame to the next, are put back from a kept picture
// (panel_pictures.h).
inline constexpr double kReadoutSeconds = 0.25;
struct Readouts {
  double time = 0;  // s, simulated
  PerfNumbers perf;
  double speed = 0;     // simulated over real time
  bool behind = false;  // the simulation falls behind real time
  StepReport lastStep;
  double takenAt = -1;  // s, wall clock (-1: never)
  double period = 0;
  // Whether to take them afresh in a frame at wall time `now` showing simulated time
  // `simulatedTime`: always while paused, when the time went back (a reset, an undo, another
  // scene), else once `period` has passed.
  bool due(bool running, double now, double simulatedTime) const;
};

struct UiState {
  // Screen rectangles of a few widgets as last drawn (the parameters' slider frames, by name), for
  // the --report JSON: the end-to-end test drags them with a real mouse.
  std::map<std::string, Rect> itemRects;
  PanelLayout layout;
  double textScale = 1;         // the text's size, 1 to 3 (View > Text size)
  float em = 15;                // px: the text's height at that size
  float menuHeight = 21;        // px: the main menu bar's
  ImFont* largeFont = nullptr;  // the lesson view's clock (ImGui's type, only declared here)
  bool openHelp = false;        // F1: open the Help section
  ViewOptions view;
  BodyId selected;
  std::string selectedName;
  std::string selectedJoint;  // a joint's name
  int selectedSpring = -1;    // a spring's place in WorldSnapshot::springs; -1: none
  // (at most one of a body, a joint and a spring is selected)
  WorldTool tool = WorldTool::Select;
  AddBodyForm addForm;
  // Buffers that hold a value while its widget is held (the world shows it a frame late).
  WorldSettings settingsBuffer;
  bool settingsEditing = false;     // a settings widget is held this frame
  bool settingsWasEditing = false;  // ...was held last frame
  bool settingsRefreshed = false;
  BodyState stateBuffer;
  bool stateEditing = false;
  std::string shareText;
  std::string webBase;  // the web page that links open (share_link.h, webPageBase)
  double shareRefreshAt = 0;
  std::string pasteText;
  std::string message;  // the last outcome worth telling (saved, copied, errors)
  double messageUntil = 0;
  std::string notice;  // what must not go unseen (a session that could not be restored or kept),
                       // shown in a box over the world until dismissed
  std::string filePath;
  bool fileDialogOpen = false;
  bool fileDialogSave = false;
  bool pictureDialogOpen = false;
  std::string picturePath;
  PictureKind pictureKind = PictureKind::World;
  bool hideGraph = false;  // this frame is a picture of the world alone
  EnergyHistory energy;
  GraphState graph;  // the Graph panel, its recording and the Export dialog
  double now = 0;    // s, wall clock of this frame
  Readouts readouts;
};

// The text sizes View > Text size offers (1 is 15 px text).
inline constexpr std::array<double, 6> kTextScales{1, 1.25, 1.5, 2, 2.5, 3};

// The text size one step larger (`steps` > 0) or smaller than `current`, within kTextScales.
double steppedTextScale(double current, int steps);

// Says `text` in the status line for a few seconds.
void tell(UiState& state, std::string text, double seconds = 4);

}  // namespace contactlab
