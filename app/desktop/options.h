// The desktop program's command line:
//   contactlab [SCENE | SHARE_STRING | PRESET] [--paused] [--time T] [--screenshot FILE.png]
//              [--frames N] [--quit-after SECONDS] [--report FILE] [--size WxH] [--max-fps N]
//              [--msaa N] [--no-shaders] [--force-labels none|newtons|weights]
//              [--text-size PERCENT] [--lesson] [--graph]
#pragma once

#include <optional>
#include <string>

#include "view_options.h"

namespace contactlab {

struct DesktopOptions {
  std::string scene;  // empty: the last session's scene, else the default preset
  bool paused = false;
  std::optional<double> time;  // run the simulation to this time before the first frame
  std::string screenshot;      // render `frames` frames, write this PNG, exit
  int frames = 3;
  double quitAfter = 0;  // s of wall time after the first frame; 0: run until closed
  std::string report;    // JSON state written after the third frame (layout settled) and at exit
  int width = 1280;
  int height = 800;
  int maxFps = 60;         // frame cap when the display does not pace the swaps; 0: none
  int msaa = 0;            // multisampling samples per pixel (costly with software GL)
  bool noShaders = false;  // discs and boxes as polygons even where the sprites' shader runs
  ForceLabels forceLabels = ForceLabels::None;  // what the force arrows start labelled with
  std::optional<double> textScale;  // 1 to 3; none: the last run's (ui_preferences.h), else 1
  bool lesson = false;              // start in the lesson view
  bool graph = false;  // open the Graph panel with its default series (addDefaultSeries)
};

inline constexpr const char* kDefaultPreset = "tapering-stack";

// Fills `options` from the command line. Returns an exit code to stop with (0 after --help, 2
// for bad input, with the message printed), or nothing to go on.
std::optional<int> parseDesktopOptions(int argc, char** argv, DesktopOptions& options);

}  // namespace contactlab
