// Kept sessions, their rotation and damaged last.scene files (session_store.h).
#include "session_store.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "persistence.h"

namespace contactlab {
namespace {

namespace fs = std::filesystem;

std::string localTime(std::time_t time, const char* format) {
  std::tm parts{};
  localtime_r(&time, &parts);
  char text[64];
  std::strftime(text, sizeof text, format, &parts);
  return text;
}

// A session file's name, "YYYYmmdd-HHMMSS" or "YYYYmmdd-HHMMSS-N" then ".scene", as its place in
// time: the stamp, then N (1 without one). Nothing for any other name.
struct SessionName {
  std::string stamp;
  int sequence = 1;
  bool operator<(const SessionName& other) const {
    return stamp != other.stamp ? stamp < other.stamp : sequence < other.sequence;
  }
};

std::optional<SessionName> parseSessionName(const fs::path& path) {
  if (path.extension() != ".scene") return std::nullopt;
  std::string stem = path.stem().string();
  auto digits = [&](std::size_t from, std::size_t count) {
    if (stem.size() < from + count) return false;
    return std::all_of(stem.begin() + from, stem.begin() + from + count,
                       [](unsigned char c) { return std::isdigit(c) != 0; });
  };
  if (!digits(0, 8) || stem.size() < 15 || stem[8] != '-' || !digits(9, 6)) return std::nullopt;
  SessionName name{stem.substr(0, 15)};
  if (stem.size() == 15) return name;
  if (stem[15] != '-' || stem.size() > 20 || !digits(16, stem.size() - 16)) return std::nullopt;
  name.sequence = std::stoi(stem.substr(16));
  return name;
}

// The session files in `folder`, oldest first.
std::vector<fs::path> sessionFiles(const std::string& folder) {
  std::vector<std::pair<SessionName, fs::path>> found;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(folder, error))
    if (std::optional<SessionName> name = parseSessionName(entry.path()))
      if (entry.is_regular_file(error)) found.emplace_back(*name, entry.path());
  std::sort(found.begin(), found.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<fs::path> files;
  for (auto& [name, path] : found) files.push_back(std::move(path));
  return files;
}

// "BASE", then "BASE-2", "BASE-3", ...
std::string numbered(const std::string& base, int sequence) {
  std::string name = base;
  if (sequence > 1) name += '-' + std::to_string(sequence);
  return name;
}

// Creates a new, empty file "BASE.scene" (or "BASE-2.scene", ...) in `folder`, never touching an
// existing one, and returns its path.
Result<std::string> createUniqueFile(const std::string& folder, const std::string& base,
                                     const std::string& extension) {
  for (int sequence = 1; sequence < 1000; ++sequence) {
    std::string path = (fs::path(folder) / numbered(base, sequence)).string() + extension;
    int fd = ::open(path.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0666);
    if (fd >= 0) {
      ::close(fd);
      return path;
    }
    if (errno != EEXIST) return Error{path + ": cannot be created: " + std::strerror(errno)};
  }
  return Error{folder + ": too many files named " + base};
}

// One header line's value: control characters shown as '?', at most 200 characters.
std::string headerValue(const std::string& text) {
  std::string value = text.substr(0, 200);
  for (char& c : value)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  return value;
}

// The "# key: value" lines at the top of a session file.
SessionInfo readHeader(const fs::path& path) {
  SessionInfo info;
  info.path = path.string();
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line) && line.rfind("# ", 0) == 0) {
    std::size_t colon = line.find(": ");
    if (colon == std::string::npos) continue;
    std::string key = line.substr(2, colon - 2), value = line.substr(colon + 2);
    if (key == "saved") info.savedAt = value;
    if (key == "scene") info.origin = value;
    if (key == "bodies") info.bodies = std::atoi(value.c_str());
  }
  return info;
}

// The scene text after the "# " lines at the top.
std::string_view withoutHeader(std::string_view text) {
  while (text.substr(0, 2) == "# ") {
    std::size_t end = text.find('\n');
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
  }
  return text;
}

std::string stampAsTime(const std::string& stamp) {  // YYYYmmdd-HHMMSS to YYYY-mm-dd HH:MM:SS
  return stamp.substr(0, 4) + "-" + stamp.substr(4, 2) + "-" + stamp.substr(6, 2) + " " +
         stamp.substr(9, 2) + ":" + stamp.substr(11, 2) + ":" + stamp.substr(13, 2);
}

bool sameContent(const fs::path& path, const std::string& text) {
  std::error_code error;
  if (fs::file_size(path, error) != text.size() || error) return false;
  Result<std::string> content = readWholeFile(path.string());
  return content && content.value() == text;
}

}  // namespace

SessionStore::SessionStore(std::string folder, std::time_t start, int kept)
    : folder_(std::move(folder)), start_(start), kept_(std::max(kept, 1)) {}

std::string SessionStore::lastScenePath() const {
  return (fs::path(folder_) / "last.scene").string();
}

std::string SessionStore::sessionsFolder() const {
  return (fs::path(folder_) / "sessions").string();
}

RecoveredSession SessionStore::recover() {
  RecoveredSession recovered;
  const std::string last = lastScenePath();
  std::error_code error;
  fs::file_status status = fs::symlink_status(last, error);
  if (!fs::exists(status)) return recovered;

  std::string reason;
  Result<std::string> text = fs::is_regular_file(fs::status(last, error))
                                 ? readWholeFile(last)
                                 : Result<std::string>(Error{last + ": is not a regular file"});
  if (text) {
    Result<LoadedScene> scene = parseScene(text.value(), last);
    if (scene) {
      recovered.scene = std::move(scene.value());
      recovered.origin = readHeader(last).origin;
      std::vector<fs::path> kept = sessionFiles(sessionsFolder());
      bool alreadyKept = std::any_of(kept.begin(), kept.end(), [&](const fs::path& file) {
        return sameContent(file, text.value());
      });
      if (!alreadyKept) {
        struct stat info;
        std::time_t modified = ::stat(last.c_str(), &info) == 0 ? info.st_mtime : start_;
        Status saved = keepAsSession(text.value(), modified);
        if (!saved) {
          recovered.problem = saved.error().message;
          lastSceneBlocked_ = true;
        }
      }
      return recovered;
    }
    reason = scene.error().message;
  } else {
    reason = text.error().message;
  }

  recovered.damaged = setAside(reason);
  return recovered;
}

// Renames a damaged last.scene to last.scene.damaged-YYYYmmdd-HHMMSS (never over another file).
DamagedSession SessionStore::setAside(const std::string& reason) {
  DamagedSession damaged{reason, ""};
  const std::string last = lastScenePath();
  std::string base = "last.scene.damaged-" + localTime(std::time(nullptr), "%Y%m%d-%H%M%S");
  std::error_code error;
  for (int sequence = 1; sequence < 1000 && damaged.keptAs.empty(); ++sequence) {
    fs::path aside = fs::path(folder_) / numbered(base, sequence);
    if (fs::exists(fs::symlink_status(aside, error))) continue;
    if (::rename(last.c_str(), aside.c_str()) != 0) break;
    damaged.keptAs = aside.string();
  }
  if (damaged.keptAs.empty()) lastSceneBlocked_ = true;
  return damaged;
}

Status SessionStore::keepAsSession(const std::string& text, std::time_t time) {
  if (Status made = createFolder(sessionsFolder()); !made) return made;
  Result<std::string> path =
      createUniqueFile(sessionsFolder(), localTime(time, "%Y%m%d-%H%M%S"), ".scene");
  if (!path) return path.error();
  Status written = writeFileAtomically(path.value(), text);
  if (!written) ::unlink(path.value().c_str());
  return written;
}

Status SessionStore::claimSessionFile() {
  if (!current_.empty()) return {};
  if (Status made = createFolder(sessionsFolder()); !made) return made;
  Result<std::string> path =
      createUniqueFile(sessionsFolder(), localTime(start_, "%Y%m%d-%H%M%S"), ".scene");
  if (!path) return path.error();
  current_ = path.value();
  return {};
}

Status SessionStore::save(std::string_view sceneText, const std::string& origin, int bodies) {
  if (current_.empty() && sameAsNewestSession(sceneText)) return {};
  if (Status claimed = claimSessionFile(); !claimed) return claimed;
  std::string text =
      "# ContactLab session\n# saved: " + localTime(std::time(nullptr), "%Y-%m-%d %H:%M:%S") +
      "\n# scene: " + headerValue(origin) + "\n# bodies: " + std::to_string(bodies) + "\n";
  text += sceneText;
  Status session = writeFileAtomically(current_, text);
  Status last = lastSceneBlocked_ ? Status{} : writeFileAtomically(lastScenePath(), text);
  dropOldSessions();
  return !session ? session : last;
}

bool SessionStore::sameAsNewestSession(std::string_view sceneText) const {
  std::vector<fs::path> files = sessionFiles(sessionsFolder());
  if (files.empty()) return false;
  Result<std::string> newest = readWholeFile(files.back().string());
  return newest && withoutHeader(newest.value()) == sceneText;
}

void SessionStore::dropOldSessions() {
  std::vector<fs::path> files = sessionFiles(sessionsFolder());
  std::size_t count = files.size();
  std::error_code error;
  for (const fs::path& file : files) {
    if (count <= static_cast<std::size_t>(kept_)) break;
    if (file.string() == current_) continue;
    if (fs::remove(file, error)) --count;
  }
}

std::vector<SessionInfo> SessionStore::list() const {
  std::vector<SessionInfo> sessions;
  std::vector<fs::path> files = sessionFiles(sessionsFolder());
  std::error_code error;
  for (auto file = files.rbegin(); file != files.rend(); ++file) {
    if (fs::file_size(*file, error) == 0 || error) continue;  // claimed, not yet written
    SessionInfo info = readHeader(*file);
    if (info.savedAt.empty()) info.savedAt = stampAsTime(parseSessionName(*file)->stamp);
    info.current = info.path == current_;
    sessions.push_back(std::move(info));
  }
  return sessions;
}

Result<RecoveredSession> SessionStore::open(const std::string& path) const {
  Result<std::string> text = readWholeFile(path);
  if (!text) return text.error();
  Result<LoadedScene> scene = parseScene(text.value(), path);
  if (!scene) return scene.error();
  RecoveredSession session;
  session.scene = std::move(scene.value());
  session.origin = readHeader(path).origin;
  return session;
}

}  // namespace contactlab
