#include "scene_source.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "contactlab/message_quote.h"
#include "presets.h"

namespace contactlab {
namespace {

std::string shown(const std::string& path) {
  return escapeInput(path, kQuotedPathLength);
}

// What a path names when it is not a regular file, in words: "a folder", "a FIFO (named pipe)".
std::string kindOf(const struct stat& info) {
  if (S_ISDIR(info.st_mode)) return "a folder";
  if (S_ISCHR(info.st_mode)) return "a character device";
  if (S_ISBLK(info.st_mode)) return "a block device";
  if (S_ISFIFO(info.st_mode)) return "a FIFO (named pipe)";
  if (S_ISSOCK(info.st_mode)) return "a socket";
  return "not a regular file";
}

std::string notRegular(const std::string& path, const struct stat& info) {
  return shown(path) + ": is " + kindOf(info) +
         ", not a scene file; scenes are read from regular files only";
}

std::string megabytes(std::uintmax_t bytes) {
  return std::to_string(bytes >> 20) + " MB";
}

}  // namespace

Result<std::string> readTextFile(const std::string& path) {
  struct stat info;
  if (stat(path.c_str(), &info) != 0)
    return Error{shown(path) + ": cannot be read: " + std::strerror(errno)};
  if (!S_ISREG(info.st_mode)) return Error{notRegular(path, info)};
  const auto size = static_cast<std::uintmax_t>(info.st_size);
  const std::string tooLarge = shown(path) + ": is larger than " + megabytes(kMaxSceneFileBytes) +
                               ", the largest scene file read";
  if (size > kMaxSceneFileBytes) return Error{tooLarge + " (" + std::to_string(size) + " bytes)"};
  std::ifstream file(path, std::ios::binary);
  if (!file) return Error{shown(path) + ": cannot be read: " + std::strerror(errno)};
  std::string text;
  text.reserve(static_cast<std::size_t>(size));
  char chunk[1 << 16];
  while (file.read(chunk, sizeof chunk) || file.gcount() > 0) {
    text.append(chunk, static_cast<std::size_t>(file.gcount()));
    if (text.size() > kMaxSceneFileBytes) return Error{tooLarge};  // it grew while being read
  }
  if (file.bad()) return Error{shown(path) + ": read failed: " + std::strerror(errno)};
  return text;
}

Result<LoadedScene> loadSceneArgument(const std::string& argument) {
  if (looksLikeShareString(argument)) {
    Result<Scene> scene = decodeShare(argument);
    if (!scene) return scene.error();
    return LoadedScene{scene.value(), {}};
  }
  std::string path = argument;
  struct stat info;
  const bool exists = stat(path.c_str(), &info) == 0;
  if (!exists || !S_ISREG(info.st_mode)) {
    std::optional<Preset> preset = findPreset(argument);
    if (!preset && exists) return Error{notRegular(path, info)};
    if (!preset) {
      return Error{quoteInput(argument, kQuotedPathLength) +
                   " is not a scene file, a share string or a preset name (see 'contactlab-cli "
                   "presets')"};
    }
    path = preset->path;
  }
  Result<std::string> text = readTextFile(path);
  if (!text) return text.error();
  if (text->empty()) {
    return Error{shown(path) + ": the file is empty; a scene file has at least one statement"};
  }
  return parseScene(text.value(), path);
}

}  // namespace contactlab
