// Undoable changes to the edited scene (document.h).
#include "document.h"

#include <algorithm>
#include <cmath>
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

// The document as it is now, for the history.
Moment moment(const Document& doc) {
  return {sceneOf(doc), doc.start};
}

// Back to a moment from the history: its scene and its start.
bool restore(Document& doc, std::optional<Moment> target) {
  if (!target || !replaceWorld(doc, target->scene)) return false;
  doc.start = std::move(target->start);
  return true;
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
  Moment before = moment(doc);
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
  Moment before = moment(doc);
  Status status = change(doc.world);
  if (!status) return status;
  doc.history.record(std::move(before));
  ++doc.edits;
  return {};
}

Status editScene(Document& doc, const std::function<Status(Scene&)>& change) {
  Moment before = moment(doc);
  Scene edited = before.scene;
  Status status = change(edited);
  if (!status) return status;
  status = replaceWorld(doc, edited);
  if (!status) return status;
  doc.history.record(std::move(before));
  return {};
}

void beginGesture(Document& doc) {
  doc.history.beginGesture(moment(doc));
}

void endGesture(Document& doc) {
  doc.history.endGesture();
}

bool undo(Document& doc) {
  return restore(doc, doc.history.undo(moment(doc)));
}

bool redo(Document& doc) {
  return restore(doc, doc.history.redo(moment(doc)));
}

Status beginDrag(Document& doc, BodyId body, Vec2 grab) {
  Moment before = moment(doc);
  Status status = doc.drag.begin(doc.world, body, grab);
  if (!status) return status;
  doc.history.record(std::move(before));
  ++doc.edits;
  return {};
}

Status resetToStart(Document& doc) {
  Moment before = moment(doc);
  Scene target = doc.start;
  target.settings = before.scene.settings;
  Status status = replaceWorld(doc, target);
  if (status) doc.history.record(std::move(before));
  return status;
}

std::vector<std::string> removeLostBodies(Document& doc) {
  const World& world = doc.world;
  Bounds fixedBox{{INFINITY, INFINITY}, {-INFINITY, -INFINITY}};
  for (BodyId id : world.bodies()) {
    if (!world.body(id)->def.fixed) continue;
    const Bounds b = world.bounds(id).value();
    fixedBox.min = glm::min(fixedBox.min, b.min);
    fixedBox.max = glm::max(fixedBox.max, b.max);
  }
  std::vector<BodyId> lost;
  std::vector<std::string> names;
  if (!(fixedBox.min.x <= fixedBox.max.x)) return names;  // no fixed body
  for (BodyId id : world.bodies()) {
    std::optional<BodyView> body = world.body(id);
    if (body->def.fixed) continue;
    const Bounds b = world.bounds(id).value();
    const Vec2 c = body->state.position;
    const bool below = b.max.y < fixedBox.min.y - kLostDepth;
    const bool away = c.x < fixedBox.min.x - kLostDistance ||
                      c.x > fixedBox.max.x + kLostDistance ||
                      c.y < fixedBox.min.y - kLostDistance || c.y > fixedBox.max.y + kLostDistance;
    if (!below && !away) continue;
    lost.push_back(id);
    names.push_back(body->def.name);
  }
  if (lost.empty()) return names;
  if (doc.drag.active() && std::find(lost.begin(), lost.end(), doc.drag.body()) != lost.end())
    doc.drag.end(doc.world);
  Status status = applyEdit(doc, [&](World& w) -> Status {
    for (BodyId id : lost)
      if (Status removed = w.removeBody(id); !removed) return removed;
    return {};
  });
  if (!status) names.clear();
  return names;
}

void markStart(Document& doc) {
  doc.start = sceneOf(doc);
}

Scene sceneOf(const Document& doc) {
  return sceneWithoutDrag(doc.world, doc.drag);
}

}  // namespace contactlab
