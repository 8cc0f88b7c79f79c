#include "panel_pictures.h"

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <cstring>

#include "drawn_triangles.h"

namespace contactlab {
namespace {

// Whether `list` is drawn by window `name` or one of its child windows ("name/child").
bool drawnBy(const ImDrawList& list, const char* name) {
  const char* owner = list._OwnerName;
  if (owner == nullptr) return false;
  const std::size_t length = std::strlen(name);
  return std::strncmp(owner, name, length) == 0 && (owner[length] == '\0' || owner[length] == '/');
}

void draw(const ImDrawData& data, std::vector<ImDrawList*>& lists) {
  if (lists.empty()) return;
  ImDrawData part = data;
  part.CmdLists = lists.data();
  part.CmdListsCount = static_cast<int>(lists.size());
  part.TotalVtxCount = part.TotalIdxCount = 0;
  for (const ImDrawList* list : lists) {
    part.TotalVtxCount += list->VtxBuffer.Size;
    part.TotalIdxCount += list->IdxBuffer.Size;
  }
  ImGui_ImplOpenGL3_RenderDrawData(&part);
}

}  // namespace

void PanelPictures::render(const ImDrawData& data, int width, int height, int drawableWidth,
                           int drawableHeight) {
  before_.clear();
  after_.clear();
  bool columnSeen = false;
  for (int i = 0; i < data.CmdListsCount; ++i) {
    ImDrawList* list = data.CmdLists[i];
    Column* owner = nullptr;
    for (Column& column : columns_)
      if (drawnBy(*list, column.name)) owner = &column;
    if (owner) {
      owner->lists.push_back(list);
      columnSeen = true;
    } else {
      (columnSeen ? after_ : before_).push_back(list);
    }
  }
  draw(data, before_);
  for (Column& column : columns_) {
    const ImGuiWindow* window = ImGui::FindWindowByName(column.name);
    if (column.lists.empty() || window == nullptr) {
      column.drawing.clear();
      column.picture = {};
      continue;
    }
    const ImRect r = window->Rect();
    column.next.clear();
    const DrawnBounds drawn = describeDrawing(column.lists, column.next);
    const char* rect = reinterpret_cast<const char*>(&r);
    column.next.insert(column.next.end(), rect, rect + sizeof r);
    // A picture holds the window's rectangle only: a drawing that reaches past it (a highlighted
    // edge) is drawn afresh.
    const bool same =
        column.next == column.drawing && drawn.within(r.Min.x, r.Min.y, r.Max.x, r.Max.y);
    drawThroughPicture(column.slot, r.Min.x, r.Min.y, r.Max.x, r.Max.y, width, height,
                       drawableWidth, drawableHeight, same, column.picture,
                       [&] { draw(data, column.lists); });
    column.drawing.swap(column.next);
    column.lists.clear();
  }
  draw(data, after_);
}

}  // namespace contactlab
