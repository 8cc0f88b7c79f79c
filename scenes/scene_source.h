// Where a scene comes from on a command line: a scene file, a share string or a preset name.
#pragma once

#include <cstdint>
#include <string>

#include "contactlab/result.h"
#include "contactlab/scene.h"

namespace contactlab {

// The largest scene file read (docs/scene-format.md): 100,000 bodies take about 3 MB.
constexpr std::uintmax_t kMaxSceneFileBytes = 64u << 20;

// Reads the scene named by `argument`: a share link (an http://, https:// or file:// address with
// #cl1~... or #preset=NAME, share_link.h), a share string if it looks like one, else an existing
// regular file, else a preset. Errors name the file with line and column, or the character of the
// share string; an empty file, and a path that names something other than a regular file (a
// folder, a device such as /dev/null or /dev/zero, a FIFO) are refused saying so.
Result<LoadedScene> loadSceneArgument(const std::string& argument);

// Reads a whole regular file of at most kMaxSceneFileBytes, or says why it cannot (with the
// system's reason). Devices and FIFOs are refused without being opened.
Result<std::string> readTextFile(const std::string& path);

}  // namespace contactlab
