// Input made safe to print in messages (message_quote.h): one pass measures the escaped text, a
// second writes it whole, or only its start and its end when it is too long.
#include "contactlab/message_quote.h"

#include <cstdint>
#include <deque>

namespace contactlab {
namespace {

constexpr char kHex[] = "0123456789abcdef";

std::string hexByte(unsigned char byte) {
  return {'\\', 'x', kHex[byte >> 4], kHex[byte & 15]};
}

// Code points that a terminal does not show as themselves: C1 controls (0x9b starts an escape
// sequence on some terminals), the soft hyphen, zero-width characters, the line and paragraph
// separators, bidirectional marks, embeddings, overrides and isolates, and the byte order mark.
bool isHidden(std::uint32_t c) {
  return (c >= 0x80 && c <= 0x9f) || c == 0xad || (c >= 0x200b && c <= 0x200f) ||
         (c >= 0x2028 && c <= 0x202e) || (c >= 0x2060 && c <= 0x206f) || c == 0xfeff;
}

// The valid UTF-8 sequence starting at text[i]: its length (2 to 4) and its code point; length 0
// when the bytes there are not one (a stray continuation byte, an overlong form, a surrogate, a
// value beyond U+10FFFF or a cut sequence).
struct Utf8 {
  std::size_t length = 0;
  std::uint32_t codePoint = 0;
};

Utf8 decodeUtf8(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
  const unsigned char lead = byte(0);
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xbf;  // the allowed range of the second byte
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead == 0xe0) low = 0xa0;
    if (lead == 0xed) high = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead == 0xf0) low = 0x90;
    if (lead == 0xf4) high = 0x8f;
  }
  if (length == 0 || i + length > text.size()) return {};
  if (byte(1) < low || byte(1) > high) return {};
  std::uint32_t codePoint = lead & (0x7f >> length);
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(k) & 0xc0) != 0x80) return {};
    codePoint = codePoint << 6 | (byte(k) & 0x3f);
  }
  return {length, codePoint};
}

// One character of the input as printed, and how many input bytes it took.
struct Unit {
  std::size_t consumed = 1;
  std::string printed;
};

Unit unitAt(std::string_view text, std::size_t i) {
  const auto byte = static_cast<unsigned char>(text[i]);
  switch (byte) {
    case '\\':
      return {1, "\\\\"};
    case '\t':
      return {1, "\\t"};
    case '\n':
      return {1, "\\n"};
    case '\r':
      return {1, "\\r"};
  }
  if (byte >= 0x20 && byte < 0x7f) return {1, std::string(1, text[i])};
  if (byte < 0x80) return {1, hexByte(byte)};
  const Utf8 sequence = decodeUtf8(text, i);
  if (sequence.length == 0) return {1, hexByte(byte)};
  if (!isHidden(sequence.codePoint))
    return {sequence.length, std::string(text.substr(i, sequence.length))};
  std::string printed = "\\u{";
  for (int shift = 12; shift >= 0; shift -= 4) printed += kHex[(sequence.codePoint >> shift) & 15];
  return {sequence.length, printed + "}"};
}

std::size_t printedLength(std::string_view text) {
  std::size_t length = 0;
  for (std::size_t i = 0; i < text.size();) {
    const Unit unit = unitAt(text, i);
    length += unit.printed.size();
    i += unit.consumed;
  }
  return length;
}

struct Escaped {
  std::string text;
  bool cut = false;
};

Escaped escape(std::string_view text, std::size_t length) {
  Escaped escaped;
  if (printedLength(text) <= length) {
    for (std::size_t i = 0; i < text.size();) {
      const Unit unit = unitAt(text, i);
      escaped.text += unit.printed;
      i += unit.consumed;
    }
    return escaped;
  }
  escaped.cut = true;
  const std::size_t headLength = length * 2 / 3;
  const std::size_t tailLength = length > headLength + 3 ? length - headLength - 3 : 0;
  std::size_t i = 0;
  for (; i < text.size();) {
    const Unit unit = unitAt(text, i);
    if (escaped.text.size() + unit.printed.size() > headLength) break;
    escaped.text += unit.printed;
    i += unit.consumed;
  }
  std::deque<std::string> tail;
  std::size_t tailSize = 0;
  for (; i < text.size();) {
    Unit unit = unitAt(text, i);
    i += unit.consumed;
    tailSize += unit.printed.size();
    tail.push_back(std::move(unit.printed));
    while (tailSize > tailLength) {
      tailSize -= tail.front().size();
      tail.pop_front();
    }
  }
  escaped.text += "...";
  for (const std::string& piece : tail) escaped.text += piece;
  return escaped;
}

std::string sizeNote(std::string_view text) {
  return " (" + std::to_string(text.size()) + " bytes)";
}

}  // namespace

std::string escapeInput(std::string_view text, std::size_t length) {
  Escaped escaped = escape(text, length);
  return escaped.cut ? escaped.text + sizeNote(text) : escaped.text;
}

std::string quoteInput(std::string_view text, std::size_t length) {
  if (text.empty()) return "nothing";
  Escaped escaped = escape(text, length);
  return "'" + escaped.text + "'" + (escaped.cut ? sizeNote(text) : "");
}

}  // namespace contactlab
