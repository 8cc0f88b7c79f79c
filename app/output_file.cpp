#include "output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "contactlab/message_quote.h"

namespace contactlab {
namespace {

std::string reason(int error) {
  return std::strerror(error);
}

// The file a path names after following symbolic links, so that the rename replaces the file a
// link points to and not the link; the path itself when it names no file yet.
std::string linkTarget(const std::string& path) {
  struct stat link;
  if (lstat(path.c_str(), &link) != 0 || !S_ISLNK(link.st_mode)) return path;
  char resolved[PATH_MAX];
  return realpath(path.c_str(), resolved) ? std::string(resolved) : path;
}

unsigned newFileMode() {
  const mode_t mask = umask(0);
  umask(mask);
  return 0666 & ~mask;
}

}  // namespace

OutputFile::OutputFile() = default;

OutputFile::OutputFile(int fd, std::string name, std::string path, std::string temporary,
                       unsigned mode)
    : fd_(fd),
      path_(std::move(path)),
      temporary_(std::move(temporary)),
      mode_(mode),
      name_(std::move(name)) {}

OutputFile::OutputFile(OutputFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      path_(std::move(other.path_)),
      temporary_(std::exchange(other.temporary_, {})),
      mode_(other.mode_),
      name_(std::move(other.name_)),
      failure_(std::move(other.failure_)) {}

OutputFile::~OutputFile() {
  if (fd_ > 2) ::close(fd_);
  if (!temporary_.empty()) unlink(temporary_.c_str());
}

Result<OutputFile> OutputFile::open(const std::string& requested) {
  const std::string name = "--out " + escapeInput(requested, kQuotedPathLength);
  const std::string path = linkTarget(requested);
  struct stat existing;
  const bool exists = stat(path.c_str(), &existing) == 0;
  if (exists && !S_ISREG(existing.st_mode)) {
    if (S_ISDIR(existing.st_mode)) return Error{name + ": is a folder, not a file"};
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return Error{name + ": cannot be opened for writing: " + reason(errno)};
    return OutputFile(fd, name, path, "", 0);
  }
  if (exists && access(path.c_str(), W_OK) != 0)
    return Error{name + ": cannot be written: " + reason(errno)};
  std::string temporary = path + ".contactlab-XXXXXX";
  const int fd = mkostemp(temporary.data(), O_CLOEXEC);
  if (fd < 0) {
    return Error{name + ": cannot create a temporary file beside it (" + reason(errno) +
                 "); the output is written there first, then renamed"};
  }
  const unsigned mode = exists ? existing.st_mode & 07777 : newFileMode();
  return OutputFile(fd, name, path, temporary, mode);
}

void OutputFile::fail(const std::string& what, int error) {
  failure_ = what + ": " + reason(error);
  if (!temporary_.empty()) {
    unlink(temporary_.c_str());
    temporary_.clear();
    failure_ += "; the file was left as it was";
  }
}

bool OutputFile::write(std::string_view text) {
  if (!failure_.empty()) return false;
  while (!text.empty()) {
    const ssize_t written = ::write(fd_, text.data(), text.size());
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) {
      fail("write failed", written < 0 ? errno : EIO);
      return false;
    }
    text.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

bool OutputFile::close() {
  if (!failure_.empty()) return false;
  if (temporary_.empty()) {
    // Standard output or a special file: a delayed error (NFS, a full disk behind a
    // redirection) shows up at close.
    const int fd = std::exchange(fd_, -1);
    if (::close(fd) != 0 && errno != EINTR) {
      fail("write failed", errno);
      return false;
    }
    return true;
  }
  if (fchmod(fd_, mode_) != 0 || fsync(fd_) != 0) {
    fail("write failed", errno);
    return false;
  }
  const int fd = std::exchange(fd_, -1);
  if (::close(fd) != 0) {
    fail("write failed", errno);
    return false;
  }
  if (rename(temporary_.c_str(), path_.c_str()) != 0) {
    fail("cannot put the written file in place", errno);
    return false;
  }
  temporary_.clear();
  return true;
}

}  // namespace contactlab
