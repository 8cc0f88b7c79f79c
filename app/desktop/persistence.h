// Where the program keeps what must survive a restart: the scene being edited (saved on exit and
// after edits, restored on the next start) and the panel layout. $XDG_STATE_HOME/contactlab, or
// ~/.local/state/contactlab when XDG_STATE_HOME is unset or empty.
#pragma once

#include <string>

#include "contactlab/result.h"

namespace contactlab {

std::string stateDirectory();
std::string lastScenePath();  // stateDirectory()/last.scene

// Writes `text` to `path` whole or not at all (a temporary file renamed over it), creating the
// folders on the way.
Status writeFileAtomically(const std::string& path, const std::string& text);

}  // namespace contactlab
