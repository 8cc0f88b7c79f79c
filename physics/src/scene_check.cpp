// Scene checks: the library's validateSettings and makeBody over the whole scene, names, and a
// probe of each given value on its own to find the one to blame; overlaps from the broad and
// narrow phases.
#include "scene_check.h"

#include <algorithm>
#include <string_view>
#include <unordered_set>

#include "body_validation.h"
#include "broad_phase.h"
#include "narrow_phase.h"

namespace contactlab {
namespace {

// The first given setting that fails validateSettings with every other setting at its default;
// else the last given setting.
std::size_t settingCulprit(const WorldSettings& settings, const SceneMarks& marks) {
  std::size_t culprit = 0;
  for (const SettingKey& key : settingKeys()) {
    const std::optional<std::size_t>& mark = marks.settings[settingIndex(key)];
    if (!mark) continue;
    WorldSettings probe;
    copySetting(key, settings, probe);
    if (!validateSettings(probe)) return *mark;
    culprit = std::max(culprit, *mark);
  }
  return culprit;
}

// The first given value (sizes first) that fails makeBody on a body that has only that value
// (with the same name, shape, flag and, for a polygon, points), and that check's message; else the
// name and the whole body's message.
SceneProblem bodyCulprit(const BodyDef& def, const WorldSettings& settings, const BodyMarks& marks,
                         const std::string& message) {
  BodyDef base;
  base.name = def.name;
  base.shape = def.shape;
  base.fixed = def.fixed;
  if (def.shape == ShapeKind::Polygon) base.points = def.points;
  for (const BodyKey& key : bodyKeys()) {
    const std::optional<std::size_t>& mark = marks.fields[static_cast<std::size_t>(key.field)];
    if (!mark) continue;
    BodyDef probe = base;
    copyField(key.field, def, probe);
    Result<Body> made = makeBody(probe, settings);
    if (!made) return {*mark, made.error().message};
  }
  return {marks.name, message};
}

}  // namespace

std::optional<SceneProblem> checkScene(const Scene& scene, const SceneMarks* marks) {
  Status settings = validateSettings(scene.settings);
  if (!settings) {
    return SceneProblem{marks ? settingCulprit(scene.settings, *marks) : 0,
                        settings.error().message};
  }
  std::unordered_set<std::string_view> names;
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    const BodyDef& def = scene.bodies[i];
    const std::size_t nameAt = marks ? marks->bodies[i].name : 0;
    if (def.name.empty()) return SceneProblem{nameAt, "a body needs a name"};
    if (!isValidBodyName(def.name)) {
      return SceneProblem{nameAt, concat({"expected a body name of letters, digits, '_', '-' and "
                                          "'.', found ",
                                          quoted(def.name)})};
    }
    if (!names.insert(def.name).second) {
      return SceneProblem{nameAt, concat({"a body named ", quoted(def.name),
                                          " already exists; expected a new name"})};
    }
    Result<Body> made = makeBody(def, scene.settings);
    if (!made) {
      if (!marks) return SceneProblem{0, made.error().message};
      return bodyCulprit(def, scene.settings, marks->bodies[i], made.error().message);
    }
  }
  return std::nullopt;
}

std::vector<Overlap> findOverlaps(const Scene& scene) {
  std::vector<Shape> shapes;
  std::vector<Transform> transforms;
  std::vector<Aabb> boxes;
  std::vector<bool> fixed;
  for (const BodyDef& def : scene.bodies) {
    shapes.push_back(makeShape(def).value());
    transforms.emplace_back(def.state.position, def.state.angle);
    const Vec2 reach{shapes.back().boundingRadius, shapes.back().boundingRadius};
    boxes.push_back({def.state.position - reach, def.state.position + reach});
    fixed.push_back(def.fixed);
  }
  std::vector<std::pair<int, int>> pairs;
  BroadPhase().findPairs(boxes, fixed, 0, pairs);
  std::vector<Overlap> overlaps;
  std::vector<ContactGeometry> contacts;
  for (auto [i, j] : pairs) {
    contacts.clear();
    collideShapes(shapes[i], transforms[i], shapes[j], transforms[j], 0, contacts);
    double depth = 0;
    for (const ContactGeometry& contact : contacts) depth = std::max(depth, -contact.distance);
    if (depth > 0) overlaps.push_back({std::size_t(i), std::size_t(j), depth});
  }
  return overlaps;
}

}  // namespace contactlab
