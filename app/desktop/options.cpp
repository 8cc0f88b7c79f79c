// Command line of the desktop program (options.h), with CLI11.
#include "options.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <map>
#include <tuple>

#include "persistence.h"

namespace contactlab {
namespace {

// An existing device or pipe (/dev/stdout, /dev/full, a FIFO): written as it is, whatever its name.
bool isSpecialFile(const std::string& path) {
  std::error_code error;
  std::filesystem::file_status status = std::filesystem::status(path, error);
  return std::filesystem::exists(status) && !std::filesystem::is_regular_file(status) &&
         !std::filesystem::is_directory(status);
}

// Why the file an option names cannot be written, checked before the window opens; empty if it
// looks fine. Pictures are PNG: another extension would put PNG data under a misleading name.
std::string outputProblem(const std::string& path, bool picture) {
  if (isSpecialFile(path)) return "";
  if (picture && !hasPngExtension(path))
    return "pictures are written as PNG: the file name must end in .png";
  return unwritablePathReason(path);
}

}  // namespace

std::optional<int> parseDesktopOptions(int argc, char** argv, DesktopOptions& options) {
  CLI::App app{
      "ContactLab: an interactive 2D rigid-body sandbox with exact contact forces.\n"
      "SCENE is a scene file, a share string (cl1~...) or a preset name; without it the scene of "
      "the last session comes back (else the preset tapering-stack)."};
  app.add_option("scene", options.scene, "scene file, share string or preset name");
  app.add_flag("--paused", options.paused, "start paused");
  app.add_option("--time", options.time, "run the simulation to T seconds before the first frame")
      ->check(CLI::NonNegativeNumber);
  app.add_option(
      "--screenshot", options.screenshot,
      "render --frames frames, write this PNG and exit (the last session is left alone); the "
      "name must end in .png");
  app.add_option("--frames", options.frames, "frames to render before the screenshot")
      ->check(CLI::Range(1, 100000));
  app.add_option("--quit-after", options.quitAfter, "quit by itself after SECONDS of wall time")
      ->check(CLI::NonNegativeNumber);
  app.add_option(
      "--report", options.report,
      "write the state as JSON (the CLI's run output plus view and frame rate) after the "
      "third frame and at exit");
  std::string size;
  app.add_option("--size", size, "window size WxH in pixels (default 1280x800)");
  app.add_option("--max-fps", options.maxFps, "frame cap when swaps are not paced (0: none)")
      ->check(CLI::Range(0, 1000));
  app.add_option("--msaa", options.msaa,
                 "multisampling, samples per pixel (default 0: lines are anti-aliased anyway)")
      ->check(CLI::IsMember({0, 2, 4, 8}));
  app.add_flag(
      "--no-shaders", options.noShaders,
      "draw discs and boxes as polygons with OpenGL 1.1 alone, as where the driver has no shaders");
  const std::map<std::string, ForceLabels> labels{{"none", ForceLabels::None},
                                                  {"newtons", ForceLabels::Newtons},
                                                  {"weights", ForceLabels::Weights}};
  app.add_option("--force-labels", options.forceLabels,
                 "label the force arrows with their value: none (default), newtons, or weights "
                 "(multiples of m g of the body acted on)")
      ->transform(CLI::CheckedTransformer(labels, CLI::ignore_case));
  std::optional<int> textPercent;
  app.add_option("--text-size", textPercent,
                 "text size in percent, 100 to 300 (default: as last chosen, else 100)")
      ->check(CLI::Range(100, 300));
  app.add_flag("--lesson", options.lesson,
               "start in the lesson view: the world alone with the force legend and a clock (L)");
  app.add_flag("--graph", options.graph,
               "open the Graph panel plotting the first moving body's y and the normal force at "
               "each point of its first contact");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    int code = app.exit(error);
    return code == 0 ? 0 : 2;
  }
  for (auto [option, path, picture] : {std::tuple{"--screenshot", &options.screenshot, true},
                                       std::tuple{"--report", &options.report, false}}) {
    if (path->empty() || *path == "-") continue;
    std::string problem = outputProblem(*path, picture);
    if (problem.empty()) continue;
    std::fprintf(stderr, "contactlab: %s: '%s' cannot be written: %s\n", option, path->c_str(),
                 problem.c_str());
    return 2;
  }
  if (!size.empty()) {
    int w = 0, h = 0;
    if (std::sscanf(size.c_str(), "%dx%d", &w, &h) != 2 || w < 200 || h < 200 || w > 16384 ||
        h > 16384) {
      std::fprintf(stderr,
                   "contactlab: --size: expected WxH with both from 200 to 16384, found '%s'\n",
                   size.c_str());
      return 2;
    }
    options.width = w;
    options.height = h;
  }
  if (textPercent) options.textScale = *textPercent / 100.0;
  return std::nullopt;
}

}  // namespace contactlab
