// libFuzzer target: scene text and share strings from arbitrary bytes. Either input must load
// whole or fail with a message; a loaded scene must write, re-read and build without trouble.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "contactlab/scene.h"

using namespace contactlab;

namespace {

void mustRoundTrip(const Scene& scene) {
  Result<LoadedScene> again = parseScene(writeScene(scene), "fuzz");
  if (!again.ok()) __builtin_trap();
  Result<Scene> shared = decodeShare(encodeShare(scene));
  if (!shared.ok()) __builtin_trap();
  if (encodeShare(shared.value()) != encodeShare(scene)) __builtin_trap();
  (void)buildWorld(scene);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  Result<LoadedScene> loaded = parseScene(text, "fuzz");
  if (loaded.ok()) mustRoundTrip(loaded->scene);
  Result<Scene> decoded = decodeShare(text);
  if (decoded.ok()) mustRoundTrip(decoded.value());
  return 0;
}
