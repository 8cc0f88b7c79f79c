// Box2D v3.1.1's figures from issue 17, printed by contactlab-bench-box2d when it was built without
// -DCONTACTLAB_BOX2D_V3_DIR: measured on this project's 2-core machine (one thread, v3 built
// Release with its default SSE2, b2DefaultWorldDef, 4 substeps, sleeping off, load average 2-3.5),
// so a ratio against them mixes two runs under different loads: a hint, not a result.
#pragma once

#include <optional>
#include <string>

namespace contactlab::bench {

struct V3Reference {
  const char* scene;
  double msPerStep;
};

inline constexpr V3Reference kV3Reference[] = {
    {"pyramid20", 0.190}, {"pyramid40", 0.769}, {"column20", 0.009}, {"rain1000", 0.541},
    {"pyramid70", 2.35},  {"pyramid100", 5.09}, {"rain4000", 2.63},  {"rain10000", 8.57},
};

inline std::optional<double> v3ReferenceMs(const std::string& scene) {
  for (const V3Reference& r : kV3Reference)
    if (scene == r.scene) return r.msPerStep;
  return std::nullopt;
}

}  // namespace contactlab::bench
