// Escaping and cutting of outside text (printable_text.h).
#include "printable_text.h"

#include <cstdio>

namespace contactlab {
namespace {

// The length of the valid UTF-8 sequence at the start of `text`, or 0.
std::size_t utf8SequenceLength(std::string_view text) {
  unsigned char lead = static_cast<unsigned char>(text[0]);
  std::size_t length = lead < 0x80           ? 1
                       : (lead >> 5) == 0x6  ? 2
                       : (lead >> 4) == 0xe  ? 3
                       : (lead >> 3) == 0x1e ? 4
                                             : 0;
  if (length == 0 || length > text.size()) return 0;
  for (std::size_t i = 1; i < length; ++i)
    if ((static_cast<unsigned char>(text[i]) >> 6) != 0x2) return 0;
  return length;
}

}  // namespace

std::string printableText(std::string_view text, std::size_t maxBytes) {
  std::string out;
  while (!text.empty()) {
    if (out.size() >= maxBytes) {
      out += "...";
      break;
    }
    unsigned char c = static_cast<unsigned char>(text[0]);
    std::size_t length = utf8SequenceLength(text);
    if (length == 0 || (c < 0x20 && c != '\n') || c == 0x7f) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02X", c);
      out += escaped;
      length = 1;
    } else {
      out.append(text.substr(0, length));
    }
    text.remove_prefix(length);
  }
  return out;
}

}  // namespace contactlab
