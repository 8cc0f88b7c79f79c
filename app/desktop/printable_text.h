// Text from outside (a damaged file's bytes quoted in an error message) made safe to show in the
// window, on a terminal and in JSON: control characters other than line breaks and bytes that are
// not UTF-8 are written as \xNN, and text longer than a limit is cut with an ellipsis.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace contactlab {

std::string printableText(std::string_view text, std::size_t maxBytes = 2000);

}  // namespace contactlab
