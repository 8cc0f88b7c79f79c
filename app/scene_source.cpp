#include "scene_source.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "presets.h"

namespace contactlab {

Result<std::string> readTextFile(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return Error{path + ": cannot be read"};
  std::ostringstream text;
  text << file.rdbuf();
  if (file.bad()) return Error{path + ": read failed"};
  return text.str();
}

Result<LoadedScene> loadSceneArgument(const std::string& argument) {
  if (looksLikeShareString(argument)) {
    Result<Scene> scene = decodeShare(argument);
    if (!scene) return scene.error();
    return LoadedScene{scene.value(), {}};
  }
  std::string path = argument;
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) {
    std::optional<Preset> preset = findPreset(argument);
    if (!preset) {
      return Error{"'" + argument +
                   "' is not a scene file, a share string or a preset name (see 'contactlab-cli "
                   "presets')"};
    }
    path = preset->path;
  }
  Result<std::string> text = readTextFile(path);
  if (!text) return text.error();
  return parseScene(text.value(), path);
}

}  // namespace contactlab
