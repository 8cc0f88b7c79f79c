// Tests of message_quote.h: input shown in messages cannot drive a terminal and cannot flood it.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "contactlab/message_quote.h"

using namespace contactlab;

namespace {

// True when every byte is printable ASCII or part of a multi-byte UTF-8 character.
bool hasNoControlBytes(const std::string& text) {
  for (unsigned char c : text)
    if (c < 0x20 || c == 0x7f) return false;
  return true;
}

// True when the text is a sequence of "\x1b" and "ü", nothing cut in between.
bool isWholeUnits(std::string_view text) {
  while (!text.empty()) {
    if (text.starts_with("\\x1b")) {
      text.remove_prefix(4);
    } else if (text.starts_with("ü")) {
      text.remove_prefix(std::string_view("ü").size());
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace

TEST_CASE("printable text is quoted as it is; empty text is 'nothing'") {
  CHECK(quoteInput("w=abc") == "'w=abc'");
  CHECK(quoteInput("Bücher.scene") == "'Bücher.scene'");
  CHECK(quoteInput("") == "nothing");
  CHECK(escapeInput("") == "");
}

TEST_CASE("control characters, DEL and backslashes are escaped") {
  CHECK(quoteInput("\x1b[2J") == "'\\x1b[2J'");
  CHECK(quoteInput("a\tb\nc\rd") == "'a\\tb\\nc\\rd'");
  CHECK(quoteInput(std::string("a\0b", 3)) == "'a\\x00b'");
  CHECK(quoteInput("\x7f") == "'\\x7f'");
  CHECK(quoteInput("C:\\x1b") == "'C:\\\\x1b'");  // a real backslash cannot pass for an escape
}

TEST_CASE("bytes that are not UTF-8 and invisible Unicode controls are escaped") {
  CHECK(quoteInput("\xff\xfe") == "'\\xff\\xfe'");
  CHECK(quoteInput("\xc3") == "'\\xc3'");                    // a cut sequence
  CHECK(quoteInput("\xc0\xaf") == "'\\xc0\\xaf'");           // an overlong '/'
  CHECK(quoteInput("\xed\xa0\x80") == "'\\xed\\xa0\\x80'");  // a surrogate
  CHECK(quoteInput("\xc2\x9b"
                   "31m") == "'\\u{009b}31m'");  // C1 CSI, an escape on some terminals
  CHECK(quoteInput("abc\xe2\x80\xae"
                   "txt.exe") == "'abc\\u{202e}txt.exe'");  // right-to-left override
  CHECK(quoteInput("\xef\xbb\xbf"
                   "x") == "'\\u{feff}x'");
}

TEST_CASE("long input keeps its start and its end around '...' and gives its size") {
  const std::string token = "start" + std::string(1 << 20, 'x') + "end";
  const std::string quoted = quoteInput(token);
  CAPTURE(quoted);
  CHECK(quoted.size() < 100);
  CHECK(quoted.starts_with("'startxxx"));
  CHECK(quoted.find("...") != std::string::npos);
  CHECK(quoted.ends_with("xxend' (" + std::to_string(token.size()) + " bytes)"));
  const std::string escaped = escapeInput(token, 30);
  CHECK(escaped.ends_with("end (" + std::to_string(token.size()) + " bytes)"));
  CHECK(escaped.size() <= 30 + std::string(" (1048584 bytes)").size());
}

TEST_CASE("cutting never splits an escape or a UTF-8 character") {
  std::string token;
  for (int i = 0; i < 100; ++i) token += "\x1b\xc3\xbc";
  const std::string quoted = quoteInput(token);
  CAPTURE(quoted);
  CHECK(hasNoControlBytes(quoted));
  const std::size_t cut = quoted.find("...");
  REQUIRE(cut != std::string::npos);
  // Before and after the cut, the text is made of whole units: "\x1b" and "ü".
  CHECK(isWholeUnits(quoted.substr(1, cut - 1)));
  CHECK(isWholeUnits(quoted.substr(cut + 3, quoted.find('\'', cut) - cut - 3)));
  CHECK(quoteInput(std::string(60, 'a')) ==
        "'" + std::string(60, 'a') + "'");  // at the limit: whole
}
