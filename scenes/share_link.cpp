// Share links (share_link.h).
#include "share_link.h"

#include <cstdlib>

namespace contactlab {
namespace {

bool startsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// RFC 3986 unreserved characters and '/', which a path keeps as they are.
bool keptInPath(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.' || c == '_' || c == '~' || c == '/';
}

}  // namespace

std::string webPageBase() {
  if (const char* base = std::getenv("CONTACTLAB_WEB_BASE"); base && *base) return base;
  return fileUrl(CONTACTLAB_DEFAULT_WEB_PAGE);
}

Status checkWebBase(std::string_view base) {
  if (!looksLikeLink(base)) return Error{"a page address starts with http://, https:// or file://"};
  for (char c : base) {
    if (c == '#') return Error{"a page address has no '#': the link adds it"};
    if (static_cast<unsigned char>(c) <= ' ' || c == 0x7f)
      return Error{"a page address has no spaces or control characters (write a space as %20)"};
  }
  return {};
}

bool looksLikeLink(std::string_view text) {
  return startsWith(text, "http://") || startsWith(text, "https://") || startsWith(text, "file://");
}

std::string shareLink(std::string_view base, std::string_view shareString) {
  return std::string(base) + "#" + std::string(shareString);
}

std::optional<LinkTarget> linkTarget(std::string_view text) {
  const std::size_t hash = text.find('#');
  if (hash == std::string_view::npos) return std::nullopt;
  const std::string_view fragment = text.substr(hash + 1);
  if (startsWith(fragment, "preset="))
    return LinkTarget{LinkTarget::Kind::Preset, std::string(fragment.substr(7))};
  return LinkTarget{LinkTarget::Kind::Share, std::string(fragment)};
}

std::string fileUrl(std::string_view absolutePath) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string url = "file://";
  for (char c : absolutePath) {
    if (keptInPath(c)) {
      url += c;
    } else {
      const auto byte = static_cast<unsigned char>(c);
      url += {'%', kHex[byte >> 4], kHex[byte & 15]};
    }
  }
  return url;
}

}  // namespace contactlab
