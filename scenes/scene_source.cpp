#include "scene_source.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "contactlab/message_quote.h"
#include "presets.h"
#include "share_link.h"

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

// Closes a file descriptor when it goes out of scope.
struct FileCloser {
  int fd;
  ~FileCloser() { close(fd); }
};

std::string megabytes(std::uintmax_t bytes) {
  return std::to_string(bytes >> 20) + " MB";
}

}  // namespace

Result<std::string> readTextFile(const std::string& path) {
  // Opened without blocking (a FIFO would wait for a writer), then checked on the open file.
  const int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return Error{shown(path) + ": cannot be read: " + std::strerror(errno)};
  const FileCloser closer{fd};
  struct stat info;
  if (fstat(fd, &info) != 0)
    return Error{shown(path) + ": cannot be read: " + std::strerror(errno)};
  if (!S_ISREG(info.st_mode)) return Error{notRegular(path, info)};
  const std::string tooLarge = shown(path) + ": is larger than " + megabytes(kMaxSceneFileBytes) +
                               ", the largest scene file read";
  if (static_cast<std::uintmax_t>(info.st_size) > kMaxSceneFileBytes)
    return Error{tooLarge + " (" + std::to_string(info.st_size) + " bytes)"};
  std::string text;
  text.reserve(static_cast<std::size_t>(info.st_size));
  char chunk[1 << 16];
  for (;;) {
    const ssize_t count = read(fd, chunk, sizeof chunk);
    if (count < 0 && errno == EINTR) continue;
    if (count < 0) return Error{shown(path) + ": read failed: " + std::strerror(errno)};
    if (count == 0) return text;
    text.append(chunk, static_cast<std::size_t>(count));
    if (text.size() > kMaxSceneFileBytes) return Error{tooLarge};  // it grew while being read
  }
}

Result<LoadedScene> loadSceneArgument(const std::string& argument) {
  if (looksLikeLink(argument)) {
    const std::optional<LinkTarget> target = linkTarget(argument);
    if (!target) {
      return Error{quoteInput(argument, kQuotedPathLength) +
                   " is a link without '#': expected #cl1~... or #preset=NAME after the address"};
    }
    if (target->kind == LinkTarget::Kind::Share) {
      Result<Scene> scene = decodeShare(target->value);
      if (!scene) return scene.error();
      return LoadedScene{scene.value(), {}};
    }
    if (!findPreset(target->value))
      return Error{"the link's preset " + quoteInput(target->value) + " does not exist"};
    return loadSceneArgument(target->value);
  }
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
