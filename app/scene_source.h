// Where a scene comes from on a command line: a scene file, a share string or a preset name.
#pragma once

#include <string>

#include "contactlab/result.h"
#include "contactlab/scene.h"

namespace contactlab {

// Reads the scene named by `argument`: a share string if it looks like one, else an existing file,
// else a preset. Errors name the file with line and column, or the character of the share string.
Result<LoadedScene> loadSceneArgument(const std::string& argument);

// Reads a whole text file, or says why it cannot.
Result<std::string> readTextFile(const std::string& path);

}  // namespace contactlab
