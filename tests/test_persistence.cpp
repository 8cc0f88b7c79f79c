// What the desktop program keeps between runs and how it writes files: the last sessions are kept
// in rotation with their content intact, a new session never replaces an earlier one, a damaged
// last.scene is set aside byte for byte instead of being overwritten, and a write that fails leaves
// the file it would have replaced as it was, with no temporary file behind.
#include <doctest/doctest.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>

#include "persistence.h"
#include "session_store.h"

using namespace contactlab;
namespace fs = std::filesystem;

namespace {

// A fresh folder, removed with everything in it at the end of the test.
struct TemporaryFolder {
  fs::path path;
  TemporaryFolder() {
    std::string pattern = (fs::temp_directory_path() / "contactlab-test-XXXXXX").string();
    REQUIRE(::mkdtemp(pattern.data()) != nullptr);
    path = pattern;
  }
  ~TemporaryFolder() {
    std::error_code error;
    fs::remove_all(path, error);
  }
};

void writeBytes(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
}

std::string readBytes(const fs::path& path) {
  Result<std::string> text = readWholeFile(path.string());
  REQUIRE(text.ok());
  return text.value();
}

bool endsWith(const std::string& text, const std::string& tail) {
  return text.size() >= tail.size() &&
         text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

std::string sceneText(int n) {  // a valid scene that differs with n
  return "gravity " + std::to_string(1 + n) + "\nbox block" + std::to_string(n) + " w=1 h=1\n";
}

// One program run: start, recover, save its scene.
RecoveredSession runSession(const fs::path& folder, std::time_t start, const std::string& text,
                            const std::string& origin) {
  SessionStore store(folder.string(), start);
  RecoveredSession recovered = store.recover();
  REQUIRE(store.save(text, origin, 1).ok());
  return recovered;
}

std::size_t filesIn(const fs::path& folder) {
  std::size_t count = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(folder)) ++count;
  return count;
}

// Limits the size of any file this process writes, as a full disk would (RLIMIT_FSIZE: a write
// past the limit fails with EFBIG), for as long as it lives.
struct FileSizeLimit {
  rlimit before{};
  explicit FileSizeLimit(rlim_t bytes) {
    std::signal(SIGXFSZ, SIG_IGN);
    getrlimit(RLIMIT_FSIZE, &before);
    rlimit limited = before;
    limited.rlim_cur = bytes;
    setrlimit(RLIMIT_FSIZE, &limited);
  }
  ~FileSizeLimit() { setrlimit(RLIMIT_FSIZE, &before); }
};

}  // namespace

TEST_CASE("the last ten sessions are kept whole, newest first, and the oldest are dropped") {
  TemporaryFolder state;
  const std::time_t start = 1'700'000'000;
  for (int n = 0; n < 13; ++n)
    runSession(state.path, start + 60 * n, sceneText(n), "scene " + std::to_string(n));
  SessionStore store(state.path.string(), start + 3600);
  std::vector<SessionInfo> sessions = store.list();
  REQUIRE(sessions.size() == kKeptSessions);
  CHECK(filesIn(store.sessionsFolder()) == kKeptSessions);
  for (int i = 0; i < kKeptSessions; ++i) {
    int n = 12 - i;  // newest first: sessions 12 down to 3 are kept, 0 to 2 dropped
    CHECK(sessions[i].origin == "scene " + std::to_string(n));
    CHECK(sessions[i].bodies == 1);
    CHECK(endsWith(readBytes(sessions[i].path), sceneText(n)));
    Result<RecoveredSession> opened = store.open(sessions[i].path);
    REQUIRE(opened.ok());
    CHECK(opened->scene->scene.bodies.at(0).name == "block" + std::to_string(n));
  }
  CHECK(readBytes(store.lastScenePath()) == readBytes(sessions[0].path));
}

TEST_CASE("sessions started in the same second are all kept, in the order they started") {
  TemporaryFolder state;
  for (int n = 0; n < 3; ++n)
    runSession(state.path, 1'700'000'000, sceneText(n), std::to_string(n));
  std::vector<SessionInfo> sessions = SessionStore(state.path.string(), 0).list();
  REQUIRE(sessions.size() == 3);
  for (int i = 0; i < 3; ++i) CHECK(endsWith(readBytes(sessions[i].path), sceneText(2 - i)));
}

TEST_CASE("a session started on another scene keeps the previous session") {
  TemporaryFolder state;
  runSession(state.path, 1'700'000'000, sceneText(1), "my work");
  RecoveredSession recovered = runSession(state.path, 1'700'000'100, sceneText(2), "pyramid");
  REQUIRE(recovered.scene.has_value());  // offered back, though this run opened something else
  CHECK(recovered.origin == "my work");
  SessionStore store(state.path.string(), 1'700'000'200);
  std::vector<SessionInfo> sessions = store.list();
  REQUIRE(sessions.size() == 2);
  CHECK(endsWith(readBytes(sessions[1].path), sceneText(1)));
  CHECK(endsWith(readBytes(store.lastScenePath()), sceneText(2)));
}

TEST_CASE("a session saved again replaces only its own file") {
  TemporaryFolder state;
  runSession(state.path, 1'700'000'000, sceneText(1), "first");
  SessionStore store(state.path.string(), 1'700'000'100);
  store.recover();
  for (int n = 2; n < 6; ++n) REQUIRE(store.save(sceneText(n), "second", 1).ok());
  std::vector<SessionInfo> sessions = store.list();
  REQUIRE(sessions.size() == 2);
  CHECK(sessions[0].current);
  CHECK(endsWith(readBytes(sessions[0].path), sceneText(5)));
  CHECK(endsWith(readBytes(sessions[1].path), sceneText(1)));
}

TEST_CASE("a session closed with the newest session's scene unchanged adds no copy of it") {
  TemporaryFolder state;
  runSession(state.path, 1'700'000'000, sceneText(1), "before");
  runSession(state.path, 1'700'000'000, sceneText(2), "work");
  RecoveredSession recovered = runSession(state.path, 1'700'000'100, sceneText(2), "work");
  REQUIRE(recovered.scene.has_value());
  std::vector<SessionInfo> sessions = SessionStore(state.path.string(), 0).list();
  REQUIRE(sessions.size() == 2);
  CHECK(endsWith(readBytes(sessions[1].path), sceneText(1)));
}

TEST_CASE("a last.scene from before sessions were kept becomes a session before it is replaced") {
  TemporaryFolder state;
  writeBytes(state.path / "last.scene", sceneText(7));
  // The old file's time is explicit: a file system's fine-grained modification time may lie a tick
  // ahead of time(), which would make the old scene look newer than the session that replaces it.
  const std::time_t written = 1'700'000'000;
  const struct timeval times[2] = {{written, 0}, {written, 0}};
  REQUIRE(utimes((state.path / "last.scene").c_str(), times) == 0);
  RecoveredSession recovered = runSession(state.path, written + 100, sceneText(8), "new");
  REQUIRE(recovered.scene.has_value());
  std::vector<SessionInfo> sessions = SessionStore(state.path.string(), 0).list();
  REQUIRE(sessions.size() == 2);
  CHECK(readBytes(sessions[1].path) == sceneText(7));
}

TEST_CASE("a last.scene that cannot be kept among the sessions is not replaced") {
  TemporaryFolder state;
  writeBytes(state.path / "last.scene", sceneText(3));
  writeBytes(state.path / "sessions", "a file where the sessions folder should be");
  SessionStore store(state.path.string(), 1'700'000'000);
  RecoveredSession recovered = store.recover();
  CHECK(recovered.scene.has_value());
  CHECK(recovered.problem.find("sessions") != std::string::npos);
  CHECK_FALSE(store.save(sceneText(4), "other", 1).ok());
  CHECK(readBytes(state.path / "last.scene") == sceneText(3));
}

TEST_CASE("a damaged last.scene is set aside byte for byte and never overwritten") {
  for (std::string damage : {std::string("gravity 9.81\nbox A w=1 h=1 bogus=3\n"),
                             std::string("\x7f\x45\x4c\x46\x00\xff\xfe garbage", 15)}) {
    TemporaryFolder state;
    writeBytes(state.path / "last.scene", damage);
    SessionStore store(state.path.string(), 1'700'000'000);
    RecoveredSession recovered = store.recover();
    CHECK_FALSE(recovered.scene.has_value());
    REQUIRE(recovered.damaged.has_value());
    CHECK(recovered.damaged->reason.find("last.scene:") != std::string::npos);
    // The parser quotes the file's bytes: no control byte reaches the window or the terminal.
    CHECK(std::none_of(recovered.damaged->reason.begin(), recovered.damaged->reason.end(),
                       [](unsigned char c) { return c < 0x20 || c == 0x7f; }));
    REQUIRE_FALSE(recovered.damaged->keptAs.empty());
    CHECK(fs::path(recovered.damaged->keptAs).filename().string().rfind("last.scene.damaged-", 0) ==
          0);
    REQUIRE(store.save(sceneText(1), "tapering-stack", 1).ok());
    CHECK(readBytes(recovered.damaged->keptAs) == damage);
    CHECK(endsWith(readBytes(store.lastScenePath()), sceneText(1)));
    CHECK(store.list().size() == 1);  // the damaged file is not offered as a session
  }
}

TEST_CASE("an unknown key in last.scene is reported with its line and column") {
  TemporaryFolder state;
  writeBytes(state.path / "last.scene", "gravity 9.81\nbox A w=1 h=1 bogus=3\n");
  RecoveredSession recovered = SessionStore(state.path.string(), 0).recover();
  REQUIRE(recovered.damaged.has_value());
  CHECK(recovered.damaged->reason.find("last.scene:2:") != std::string::npos);
  CHECK(recovered.damaged->reason.find("bogus") != std::string::npos);
}

TEST_CASE("a write that fails leaves the old file as it was and no temporary file") {
  TemporaryFolder folder;
  fs::path target = folder.path / "scene.scene";
  writeBytes(target, "old content\n");
  Status written;
  {
    FileSizeLimit full(64);  // the disk fills up after 64 bytes
    written = writeFileAtomically(target.string(), std::string(4096, 'x'));
  }
  CHECK_FALSE(written.ok());
  CHECK(written.error().message.find(target.string()) != std::string::npos);
  CHECK(readBytes(target) == "old content\n");
  CHECK(filesIn(folder.path) == 1);
}

TEST_CASE("a write replaces the file whole and keeps its permissions") {
  TemporaryFolder folder;
  fs::path target = folder.path / "scene.scene";
  writeBytes(target, std::string(10000, 'o'));
  fs::permissions(target, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  REQUIRE(writeFileAtomically(target.string(), "new\n").ok());
  CHECK(readBytes(target) == "new\n");
  CHECK(fs::status(target).permissions() ==
        (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
  CHECK(filesIn(folder.path) == 1);
}

TEST_CASE("writing to /dev/full fails and leaves the device in place") {
  if (!fs::is_character_file("/dev/full")) return;
  Status written = writeFileAtomically("/dev/full", "scene\n");
  CHECK_FALSE(written.ok());
  CHECK(written.error().message.find("/dev/full") != std::string::npos);
  CHECK(fs::is_character_file("/dev/full"));
}

TEST_CASE("a file under a regular file or in a missing folder cannot be written, and says where") {
  TemporaryFolder folder;
  writeBytes(folder.path / "plain", "not a folder");
  std::string underFile = (folder.path / "plain" / "x.scene").string();
  Status written = writeFileAtomically(underFile, "scene\n");
  CHECK_FALSE(written.ok());
  CHECK(written.error().message.find(underFile) != std::string::npos);
  CHECK(unwritablePathReason(underFile).find("is not a folder") != std::string::npos);
  std::string missing = (folder.path / "missing" / "x.png").string();
  CHECK(unwritablePathReason(missing).find("does not exist") != std::string::npos);
  CHECK_FALSE(writeFileAtomically(missing, "png").ok());
  CHECK(unwritablePathReason(folder.path.string()) == "it is a folder");
  CHECK(unwritablePathReason((folder.path / "new.png").string()).empty());
  CHECK(filesIn(folder.path) == 1);
}
