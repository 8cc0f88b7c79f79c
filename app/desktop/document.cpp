// Undoable changes to the edited scene (document.h).
#include "document.h"

#include <utility>

namespace contactlab {
namespace {

// The world becomes `scene`'s; the spring died with the old world.
Status replaceWorld(Document& doc, const Scene& scene) {
  Result<World> world = buildWorld(scene);
  if (!world) return world.error();
  doc.world = std::move(world.value());
  doc.drag = DragSpring{};
  ++doc.epoch;
  ++doc.edits;
  return {};
}

}  // namespace

Result<Document> openDocument(const Scene& scene, std::string source) {
  Result<World> world = buildWorld(scene);
  if (!world) return world.error();
  Document doc;
  doc.world = std::move(world.value());
  doc.start = scene;
  doc.source = std::move(source);
  return doc;
}

Status loadScene(Document& doc, const Scene& scene, std::string source) {
  Scene before = captureScene(doc.world);
  Status status = replaceWorld(doc, scene);
  if (!status) return status;
  doc.history.record(std::move(before));
  doc.start = scene;
  doc.source = std::move(source);
  return {};
}

Status applyEdit(Document& doc, const std::function<Status(World&)>& change) {
  if (doc.history.inGesture()) {
    Status status = change(doc.world);
    if (status) {
      doc.history.gestureChanged();
      ++doc.edits;
    }
    return status;
  }
  Scene before = captureScene(doc.world);
  Status status = change(doc.world);
  if (!status) return status;
  doc.history.record(std::move(before));
  ++doc.edits;
  return {};
}

Status editScene(Document& doc, const std::function<Status(Scene&)>& change) {
  Scene before = captureScene(doc.world);
  Scene edited = before;
  Status status = change(edited);
  if (!status) return status;
  status = replaceWorld(doc, edited);
  if (!status) return status;
  doc.history.record(std::move(before));
  return {};
}

void beginGesture(Document& doc) {
  doc.history.beginGesture(captureScene(doc.world));
}

void endGesture(Document& doc) {
  doc.history.endGesture();
}

bool undo(Document& doc) {
  std::optional<Scene> target = doc.history.undo(captureScene(doc.world));
  return target && replaceWorld(doc, *target).ok();
}

bool redo(Document& doc) {
  std::optional<Scene> target = doc.history.redo(captureScene(doc.world));
  return target && replaceWorld(doc, *target).ok();
}

Status resetToStart(Document& doc) {
  Scene before = captureScene(doc.world);
  Status status = replaceWorld(doc, doc.start);
  if (status) doc.history.record(std::move(before));
  return status;
}

void markStart(Document& doc) {
  doc.start = captureScene(doc.world);
}

}  // namespace contactlab
