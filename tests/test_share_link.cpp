// Share links (scenes/share_link.h): a link is the page's address, '#' and a share string (or
// preset=NAME); addresses are checked, file paths become file:// addresses, and a link's fragment
// gives back exactly the share string that was put in.
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>

#include "contactlab/scene.h"
#include "presets.h"
#include "scene_source.h"
#include "share_link.h"

using namespace contactlab;

TEST_CASE("a link carries the share string after '#', and gives it back unchanged") {
  const std::string share = "cl1~Bfloor,w20,y-0.5~bbox,y0.505";
  const std::string link = shareLink("https://school.example/lab/index.html", share);
  CHECK(link == "https://school.example/lab/index.html#" + share);
  const std::optional<LinkTarget> target = linkTarget(link);
  REQUIRE(target.has_value());
  CHECK(target->kind == LinkTarget::Kind::Share);
  CHECK(target->value == share);
  const std::optional<LinkTarget> preset = linkTarget("file:///p/index.html#preset=pyramid");
  REQUIRE(preset.has_value());
  CHECK(preset->kind == LinkTarget::Kind::Preset);
  CHECK(preset->value == "pyramid");
  CHECK_FALSE(linkTarget("https://school.example/lab/").has_value());
}

TEST_CASE("page addresses are checked") {
  CHECK(checkWebBase("https://school.example/lab/").ok());
  CHECK(checkWebBase("http://127.0.0.1:8000/index.html").ok());
  CHECK(checkWebBase("file:///home/t/contactlab/build/web/index.html").ok());
  CHECK(checkWebBase("ftp://school.example/").error().message.find("http://") != std::string::npos);
  CHECK(checkWebBase("https://x/#old").error().message.find("'#'") != std::string::npos);
  CHECK(checkWebBase("https://x/a page").error().message.find("spaces") != std::string::npos);
  CHECK_FALSE(checkWebBase("").ok());
}

TEST_CASE("a file path becomes a file:// address with what a URL cannot hold encoded") {
  CHECK(fileUrl("/home/t/build/web/index.html") == "file:///home/t/build/web/index.html");
  CHECK(fileUrl("/home/t/My Lab/index.html") == "file:///home/t/My%20Lab/index.html");
  CHECK(fileUrl("/tmp/a#b") == "file:///tmp/a%23b");
  CHECK(checkWebBase(fileUrl("/home/t/My Lab #2/index.html")).ok());
}

TEST_CASE("the default page is this build's, unless CONTACTLAB_WEB_BASE names another") {
  unsetenv("CONTACTLAB_WEB_BASE");
  const std::string base = webPageBase();
  CHECK(base.starts_with("file://"));
  CHECK(base.ends_with("/build/web/index.html"));
  CHECK(checkWebBase(base).ok());
  setenv("CONTACTLAB_WEB_BASE", "https://school.example/lab/", 1);
  CHECK(webPageBase() == "https://school.example/lab/");
  unsetenv("CONTACTLAB_WEB_BASE");
}

TEST_CASE("a link opens as its scene wherever a scene is named, and a broken one says why") {
  Result<LoadedScene> byName = loadSceneArgument("tapering-stack");
  REQUIRE(byName.ok());
  const std::string share = encodeShare(byName->scene);
  Result<LoadedScene> byLink = loadSceneArgument(shareLink("https://x/lab/", share));
  REQUIRE(byLink.ok());
  CHECK(encodeShare(byLink->scene) == share);
  Result<LoadedScene> byPreset = loadSceneArgument("file:///x/index.html#preset=tapering-stack");
  REQUIRE(byPreset.ok());
  CHECK(encodeShare(byPreset->scene) == share);
  std::string tampered = share;
  tampered[5] = '!';
  Result<LoadedScene> broken = loadSceneArgument(shareLink("https://x/lab/", tampered));
  REQUIRE_FALSE(broken.ok());
  CHECK(broken.error().message == decodeShare(tampered).error().message);
  CHECK(loadSceneArgument("https://x/#preset=no-such").error().message.find("does not exist") !=
        std::string::npos);
  CHECK(loadSceneArgument("https://x/lab/").error().message.find("without '#'") !=
        std::string::npos);
}
