// Files the desktop program writes, written so that a failure loses nothing: the state folder
// ($XDG_STATE_HOME/contactlab, or ~/.local/state/contactlab when XDG_STATE_HOME is unset or
// empty) and the atomic write every file goes through (scene saves, sessions, reports, pictures).
#pragma once

#include <string>
#include <string_view>

#include "contactlab/result.h"

namespace contactlab {

std::string stateDirectory();

// Creates `folder` and its parents if missing, or says why it cannot.
Status createFolder(const std::string& folder);

// Writes `bytes` to `path` whole or not at all: a temporary file in the same folder, written,
// flushed to disk (fsync), renamed over `path`, and the folder flushed. A failure leaves an
// existing file as it was and no temporary file behind. The folder must exist. A path that names
// an existing device or pipe (/dev/stdout, /dev/null, /dev/full, a FIFO) cannot be replaced by a
// rename: it is written directly, every write and the close checked. A symbolic link is followed.
Status writeFileAtomically(const std::string& path, std::string_view bytes);

// Reads a whole file, or says why it cannot.
Result<std::string> readWholeFile(const std::string& path);

// Whether `path` ends in ".png", in any case (pictures are PNG: another extension would put PNG
// data under a misleading name).
bool hasPngExtension(const std::string& path);

// Why `path` cannot take a new file, checked before any work is done (for command-line options):
// its folder is missing or not a folder, or it names a folder. Empty when it looks writable.
std::string unwritablePathReason(const std::string& path);

}  // namespace contactlab
