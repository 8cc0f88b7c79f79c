// Input echoed in messages, made safe to print: a file name, a token of a scene file or a command
// line argument may hold terminal escape sequences or be a megabyte long. Every parser and the
// programs quote what the user gave through these two functions.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace contactlab {

// Cut input longer than this many printed characters (an escape such as \x1b counts as four).
constexpr std::size_t kQuotedInputLength = 60;
// File names get more room: their end (the file's own name) says the most.
constexpr std::size_t kQuotedPathLength = 240;

// The text with every byte that is not printable written as an escape: control characters and DEL
// as \xNN (\t, \n, \r as themselves escaped), '\' as \\, bytes that are not valid UTF-8 as \xNN,
// and the Unicode controls that reorder or hide text (C1 controls U+0080 to U+009F, bidirectional
// marks and overrides, zero-width characters) as \u{NNNN}. Printable ASCII and other valid UTF-8
// stay as they are. When the escaped text is longer than `length`, its start and its end are
// kept around "...", followed by the input's size: "aaaa...aaaa (1048576 bytes)".
std::string escapeInput(std::string_view text, std::size_t length = kQuotedInputLength);

// escapeInput in single quotes, or "nothing" for empty text: "unknown key 'w\x1b'".
std::string quoteInput(std::string_view text, std::size_t length = kQuotedInputLength);

}  // namespace contactlab
