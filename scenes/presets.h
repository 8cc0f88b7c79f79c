// The preset scenes: one file each in assets/scenes/, the first line a "# " comment with a
// one-line description. The app's menu, the CLI, the tests and the benchmarks all read them here.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "contactlab/scene.h"

namespace contactlab {

struct Preset {
  std::string name;         // the file name without ".scene"
  std::string description;  // the first line's comment
  std::string path;
};

// The folder of the preset files: $CONTACTLAB_SCENES if set, else the source tree's
// assets/scenes (fixed at build time).
std::string presetDirectory();

// Every preset, sorted by name.
std::vector<Preset> listPresets();

// What File > New opens: the default settings and a fixed floor 40 m wide whose top is y = 0.
Scene newScene();

std::optional<Preset> findPreset(const std::string& name);

}  // namespace contactlab
