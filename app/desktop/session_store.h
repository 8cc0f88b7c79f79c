// The sessions the desktop program keeps, so that no scene a person worked on is lost:
//
//   STATE/last.scene                       the newest session's scene, opened by a start without
//                                          an argument
//   STATE/sessions/YYYYmmdd-HHMMSS.scene   one file per session (named by its start, local time;
//                                          "-2", "-3" ... when two start in the same second), the
//                                          last kKeptSessions of them, each starting with
//                                          "# saved: ...", "# scene: ...", "# bodies: ..." lines
//   STATE/last.scene.damaged-YYYYmmdd-HHMMSS   a last.scene that could not be read, set aside
//
// A session writes only its own file and last.scene, never an earlier session's file; before
// last.scene is first replaced its content is kept as a session of its own if no kept session
// holds it (a last.scene from before sessions were kept, or after a crash between the two writes).
#pragma once

#include <ctime>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "contactlab/result.h"
#include "contactlab/scene.h"

namespace contactlab {

inline constexpr int kKeptSessions = 10;

struct SessionInfo {
  std::string path;
  std::string savedAt;   // "2026-12-03 13:20:01" (local time), from the file's header or name
  std::string origin;    // what its scene was first opened from; empty when unknown
  int bodies = -1;       // -1 when unknown
  bool current = false;  // this program's own session
};

// A last.scene that could not be read.
struct DamagedSession {
  std::string reason;  // "PATH:LINE:COLUMN: what was wrong", its input quoted (message_quote.h)
  std::string keptAs;  // where it was set aside; empty if it could not be moved (then it is left
                       // in place and last.scene is not written by this session)
};

struct RecoveredSession {
  std::optional<LoadedScene> scene;  // last.scene, when it reads as a scene
  std::string origin;                // from its header
  std::optional<DamagedSession> damaged;
  std::string problem;  // last.scene could not be kept among the sessions (then this session does
                        // not replace it)
};

class SessionStore {
 public:
  // `folder`: the state folder; `start`: this session's start (its file's name).
  SessionStore(std::string folder, std::time_t start, int kept = kKeptSessions);

  // Call once at start, before save(): reads last.scene, sets it aside if it is damaged, and keeps
  // its content among the sessions if no kept session holds it.
  RecoveredSession recover();

  // Writes `sceneText` as this session's scene (its own file, created on the first save, and
  // last.scene), then drops the oldest sessions beyond the kept count. A session whose scene is
  // still the newest kept session's (restored and closed unchanged) adds no file of its own.
  Status save(std::string_view sceneText, const std::string& origin, int bodies);

  // The kept sessions, newest first.
  std::vector<SessionInfo> list() const;

  // Reads a kept session's scene (for File > Recent sessions), with the origin from its header.
  Result<RecoveredSession> open(const std::string& path) const;

  std::string lastScenePath() const;
  std::string sessionsFolder() const;

 private:
  DamagedSession setAside(const std::string& reason);
  Status claimSessionFile();
  bool sameAsNewestSession(std::string_view sceneText) const;
  Status keepAsSession(const std::string& text, std::time_t time);
  void dropOldSessions();

  std::string folder_;
  std::time_t start_;
  int kept_;
  std::string current_;            // this session's file, once claimed
  bool lastSceneBlocked_ = false;  // last.scene could not be set aside or kept: left alone
};

}  // namespace contactlab
