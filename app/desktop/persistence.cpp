// State folder and atomic writes (persistence.h), on POSIX calls: the standard streams cannot
// fsync nor tell why a write failed.
#include "persistence.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace contactlab {
namespace {

namespace fs = std::filesystem;

std::string failure(const std::string& path, const std::string& what, int error) {
  return path + ": " + what + ": " + std::strerror(error);
}

// Writes all of `bytes` to `fd`; 0 or the errno of the write that failed.
int writeAll(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    ssize_t written = ::write(fd, bytes.data(), bytes.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
  return 0;
}

// An existing device or pipe: written in place, nothing to rename.
Status writeSpecialFile(const std::string& path, std::string_view bytes) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return Error{failure(path, "cannot be opened for writing", errno)};
  int error = writeAll(fd, bytes);
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error) return Error{failure(path, "cannot be written", error)};
  return {};
}

// Permissions for a new file: an existing file's, else what the umask leaves of rw-rw-rw-.
mode_t modeFor(const std::string& path) {
  struct stat existing;
  if (::stat(path.c_str(), &existing) == 0) return existing.st_mode & 07777;
  mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

// Flushes the folder's entries (the rename) to disk. Some file systems cannot (EINVAL): fine.
int syncFolder(const fs::path& folder) {
  int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return errno;
  int error = ::fsync(fd) != 0 && errno != EINVAL ? errno : 0;
  ::close(fd);
  return error;
}

}  // namespace

std::string stateDirectory() {
  const char* state = std::getenv("XDG_STATE_HOME");
  if (state && *state) return (fs::path(state) / "contactlab").string();
  const char* home = std::getenv("HOME");
  fs::path base = home && *home ? home : ".";
  return (base / ".local" / "state" / "contactlab").string();
}

Status createFolder(const std::string& folder) {
  std::error_code error;
  fs::create_directories(folder, error);
  if (error) return Error{folder + ": the folder cannot be created: " + error.message()};
  return {};
}

Status writeFileAtomically(const std::string& path, std::string_view bytes) {
  if (path.empty()) return Error{"cannot write a file with an empty name"};
  std::error_code error;
  fs::path target = path;
  if (fs::is_symlink(target, error)) target = fs::weakly_canonical(target, error);
  fs::file_status status = fs::status(target, error);
  if (fs::is_directory(status)) return Error{path + ": cannot be written: it is a folder"};
  if (fs::exists(status) && !fs::is_regular_file(status)) return writeSpecialFile(path, bytes);

  fs::path folder = target.parent_path();
  std::string hiddenName = ".";
  hiddenName += target.filename().string();
  hiddenName += ".XXXXXX";
  std::string temporary = ((folder.empty() ? fs::path(".") : folder) / hiddenName).string();
  int fd = ::mkstemp(temporary.data());
  if (fd < 0) return Error{failure(path, "cannot be written", errno)};
  int failed = writeAll(fd, bytes);
  if (!failed && ::fchmod(fd, modeFor(target.string())) != 0) failed = errno;
  if (!failed && ::fsync(fd) != 0) failed = errno;
  if (::close(fd) != 0 && !failed) failed = errno;
  if (!failed && ::rename(temporary.c_str(), target.c_str()) != 0) failed = errno;
  if (failed) {
    ::unlink(temporary.c_str());
    return Error{failure(path, "cannot be written (the file is unchanged)", failed)};
  }
  if (int unsynced = syncFolder(folder))
    return Error{failure(path, "was written but its folder cannot be flushed to disk", unsynced)};
  return {};
}

Result<std::string> readWholeFile(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Error{failure(path, "cannot be read", errno)};
  std::string text;
  char buffer[65536];
  for (;;) {
    ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      int error = errno;
      ::close(fd);
      return Error{failure(path, "cannot be read", error)};
    }
    if (got == 0) break;
    text.append(buffer, static_cast<std::size_t>(got));
  }
  ::close(fd);
  return text;
}

std::string unwritablePathReason(const std::string& path) {
  if (path.empty()) return "the file name is empty";
  std::error_code error;
  fs::path target = path;
  fs::file_status status = fs::status(target, error);
  if (fs::is_directory(status)) return "it is a folder";
  if (fs::exists(status))
    return ::access(path.c_str(), W_OK) == 0
               ? ""
               : std::string("it cannot be written to: ") + std::strerror(errno);
  fs::path folder = target.parent_path();
  if (folder.empty()) folder = ".";
  fs::file_status folderStatus = fs::status(folder, error);
  if (!fs::exists(folderStatus)) return "the folder " + folder.string() + " does not exist";
  if (!fs::is_directory(folderStatus)) return folder.string() + " is not a folder";
  if (::access(folder.c_str(), W_OK) != 0)
    return "the folder " + folder.string() + " cannot be written to: " + std::strerror(errno);
  return "";
}

bool hasPngExtension(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension == ".png";
}

}  // namespace contactlab
