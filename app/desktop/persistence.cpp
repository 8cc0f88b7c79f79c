// State folder and atomic writes (persistence.h).
#include "persistence.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace contactlab {

std::string stateDirectory() {
  const char* state = std::getenv("XDG_STATE_HOME");
  if (state && *state) return (std::filesystem::path(state) / "contactlab").string();
  const char* home = std::getenv("HOME");
  std::filesystem::path base = home && *home ? home : ".";
  return (base / ".local" / "state" / "contactlab").string();
}

std::string lastScenePath() {
  return (std::filesystem::path(stateDirectory()) / "last.scene").string();
}

Status writeFileAtomically(const std::string& path, const std::string& text) {
  std::filesystem::path target(path);
  std::error_code error;
  if (target.has_parent_path()) std::filesystem::create_directories(target.parent_path(), error);
  if (error)
    return Error{target.parent_path().string() + ": cannot be created: " + error.message()};
  std::filesystem::path temporary = target;
  temporary += ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) return Error{temporary.string() + ": cannot be written"};
    out << text;
    out.flush();
    if (!out) return Error{temporary.string() + ": write failed"};
  }
  std::filesystem::rename(temporary, target, error);
  if (error) return Error{path + ": cannot be replaced: " + error.message()};
  return {};
}

}  // namespace contactlab
