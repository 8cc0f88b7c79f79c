// How both programs print a double in their outputs (the CLI's JSON messages and CSV, the desktop
// program's exported CSV): the shortest decimal that reads back as the same double.
#pragma once

#include <string>

namespace contactlab {

// "0.1", "1e+300", "inf", "nan".
std::string compactNumber(double value);

}  // namespace contactlab
