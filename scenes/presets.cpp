#include "presets.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace contactlab {

std::string presetDirectory() {
  if (const char* folder = std::getenv("CONTACTLAB_SCENES"); folder && *folder) return folder;
  return CONTACTLAB_DEFAULT_SCENES;
}

std::vector<Preset> listPresets() {
  std::vector<Preset> presets;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(presetDirectory(), error)) {
    if (entry.path().extension() != ".scene") continue;
    Preset preset{entry.path().stem().string(), "", entry.path().string()};
    std::ifstream file(entry.path());
    std::string first;
    if (std::getline(file, first) && first.rfind("# ", 0) == 0)
      preset.description = first.substr(2);
    presets.push_back(preset);
  }
  std::sort(presets.begin(), presets.end(),
            [](const Preset& a, const Preset& b) { return a.name < b.name; });
  return presets;
}

std::optional<Preset> findPreset(const std::string& name) {
  for (Preset& preset : listPresets())
    if (preset.name == name) return preset;
  return std::nullopt;
}

Scene newScene() {
  BodyDef floor;
  floor.name = "floor";
  floor.shape = ShapeKind::Box;
  floor.width = 40;
  floor.height = 1;
  floor.fixed = true;
  floor.state.position = {0, -0.5};
  Scene scene;
  scene.bodies.push_back(floor);
  return scene;
}

}  // namespace contactlab
