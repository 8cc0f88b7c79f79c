#include "drawn_triangles.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cstdint>

namespace contactlab {
namespace {

void append(std::vector<char>& out, const void* bytes, std::size_t size) {
  const char* first = static_cast<const char*>(bytes);
  out.insert(out.end(), first, first + size);
}

}  // namespace

DrawnBounds describeDrawing(std::span<ImDrawList* const> lists, std::vector<char>& out) {
  DrawnBounds bounds;
  for (const ImDrawList* list : lists) {
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      const ImVec4& clip = cmd.ClipRect;
      const auto texture = reinterpret_cast<std::uintptr_t>(cmd.TextureId);
      const auto callback = reinterpret_cast<std::uintptr_t>(cmd.UserCallback);
      append(out, &clip, sizeof clip);
      append(out, &texture, sizeof texture);
      append(out, &callback, sizeof callback);
      for (unsigned i = 0; i + 3 <= cmd.ElemCount; i += 3) {
        const ImDrawIdx* index = list->IdxBuffer.Data + cmd.IdxOffset + i;
        const ImDrawVert* corner[3];
        ImVec2 low(FLT_MAX, FLT_MAX), high(-FLT_MAX, -FLT_MAX);
        for (int k = 0; k < 3; ++k) {
          corner[k] = list->VtxBuffer.Data + cmd.VtxOffset + index[k];
          low = ImVec2(std::min(low.x, corner[k]->pos.x), std::min(low.y, corner[k]->pos.y));
          high = ImVec2(std::max(high.x, corner[k]->pos.x), std::max(high.y, corner[k]->pos.y));
        }
        if (high.x <= clip.x || low.x >= clip.z || high.y <= clip.y || low.y >= clip.w) continue;
        for (const ImDrawVert* v : corner) append(out, v, sizeof *v);
        const float x0 = std::max(low.x, clip.x), y0 = std::max(low.y, clip.y);
        const float x1 = std::min(high.x, clip.z), y1 = std::min(high.y, clip.w);
        if (!bounds.any) bounds = {x0, y0, x1, y1, true};
        bounds = {std::min(bounds.minX, x0), std::min(bounds.minY, y0), std::max(bounds.maxX, x1),
                  std::max(bounds.maxY, y1), true};
      }
    }
  }
  return bounds;
}

}  // namespace contactlab
