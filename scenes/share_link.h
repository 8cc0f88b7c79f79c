// Share links: the web page's address, '#', then a share string ("BASE#cl1~..."), which the page
// (web/, docs/web.md) opens; or "BASE#preset=NAME". The fragment never reaches a web server.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "contactlab/result.h"

namespace contactlab {

// The page links point to: $CONTACTLAB_WEB_BASE when it is set, else the page in this build
// (a file:// address of build/web/index.html) until a site is configured.
std::string webPageBase();

// Whether `base` can start a link: an http://, https:// or file:// address without '#', spaces or
// control characters; the error says which rule it breaks.
Status checkWebBase(std::string_view base);

std::string shareLink(std::string_view base, std::string_view shareString);

// Whether `text` starts with an http://, https:// or file:// address (a file path or scene text
// never does).
bool looksLikeLink(std::string_view text);

// What a link opens: the share string after its '#', or the preset after "#preset=". Text without
// a '#' is no link (nothing).
struct LinkTarget {
  enum class Kind { Share, Preset };
  Kind kind = Kind::Share;
  std::string value;
};
std::optional<LinkTarget> linkTarget(std::string_view text);

// A file path as a file:// address, with the characters a URL cannot hold percent-encoded.
std::string fileUrl(std::string_view absolutePath);

}  // namespace contactlab
