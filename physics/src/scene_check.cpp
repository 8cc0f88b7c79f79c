// Scene checks: the library's validateSettings and makeBody over the whole scene, names, and a
// probe of each given value on its own to find the one to blame; warnings about mass ratios and
// fast bodies; overlaps from the broad and narrow phases.
#include "scene_check.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "body_validation.h"
#include "broad_phase.h"
#include "contactlab/limits.h"
#include "name_list.h"
#include "narrow_phase.h"
#include "number_text.h"

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

// ContactSim splits a step into substeps so that no body moves more than half the smallest
// inradius in the world in one, up to this many (stepper.cpp); the time-stepping solver takes
// the step whole.
constexpr double kContactSimSubsteps = 1000;

std::optional<SceneWarning> massRatioWarning(const Scene& scene, const std::vector<Body>& bodies) {
  std::optional<std::size_t> lightest, heaviest;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (bodies[i].fixed()) continue;
    if (!lightest || bodies[i].mass < bodies[*lightest].mass) lightest = i;
    if (!heaviest || bodies[i].mass > bodies[*heaviest].mass) heaviest = i;
  }
  if (!lightest) return std::nullopt;
  const double ratio = bodies[*heaviest].mass / bodies[*lightest].mass;
  const double limit = scene.settings.solver == SolverKind::Contact ? limits::kMassRatioContact
                                                                    : limits::kMassRatioTimestep;
  if (ratio <= limit) return std::nullopt;
  return SceneWarning{
      *lightest,
      concat({"body ", quoted(scene.bodies[*heaviest].name), " (",
              numberText(bodies[*heaviest].mass), " kg) is ", numberText(ratio),
              " times heavier than ", quoted(scene.bodies[*lightest].name), " (",
              numberText(bodies[*lightest].mass), " kg), beyond the mass ratio of ",
              numberText(limit),
              " this solver holds: where such bodies press on each other, the light one may sink "
              "into or pass through the heavy one"})};
}

std::optional<SceneWarning> fastBodiesWarning(const Scene& scene, const std::vector<Body>& bodies) {
  double thinnest = INFINITY;
  std::size_t thinnestBody = 0;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (bodies[i].shape.inradius < thinnest) {
      thinnest = bodies[i].shape.inradius;
      thinnestBody = i;
    }
  }
  const WorldSettings& settings = scene.settings;
  const double substeps = settings.solver == SolverKind::Contact ? kContactSimSubsteps : 1;
  // Beyond this travel in one (sub)step a body can cross the thinnest body between two checks.
  const double safeTravel = 2 * thinnest;
  std::vector<std::size_t> fast;
  double fastest = 0;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (bodies[i].fixed()) continue;
    const BodyState& s = scene.bodies[i].state;
    const double speed =
        std::hypot(s.velocity.x, s.velocity.y) + std::abs(s.omega) * bodies[i].shape.boundingRadius;
    if (speed * settings.dt / substeps <= safeTravel) continue;
    fast.push_back(i);
    fastest = std::max(fastest, speed);
  }
  if (fast.empty()) return std::nullopt;
  const std::string names =
      bodyList(fast, [&](std::size_t i) -> const std::string& { return scene.bodies[i].name; });
  return SceneWarning{
      fast.front(),
      concat({names, " move", fast.size() == 1 ? "s" : "", " up to ",
              numberText(fastest * settings.dt), " m in a step of ", numberText(settings.dt), " s",
              settings.solver == SolverKind::Contact ? " (split into at most 1000 substeps)" : "",
              ", more than the thinnest body, ", quoted(scene.bodies[thinnestBody].name),
              ", is thick (", numberText(2 * thinnest), " m): ", fast.size() == 1 ? "it" : "they",
              " may pass through bodies without touching them; use a smaller dt"})};
}

}  // namespace

std::optional<SceneProblem> applyLegacyWords(std::span<const LegacyWordRead> read,
                                             WorldSettings& settings, SceneMarks& marks) {
  for (const LegacyWordRead& legacy : read) {
    const SettingKey& meant = *findSetting(legacy.word->setting);
    std::optional<std::size_t>& mark = marks.settings[settingIndex(meant)];
    if (mark) {
      return SceneProblem{legacy.offset,
                          concat({quoted(concat({legacy.key->name, " ", legacy.word->word})),
                                  " is the old spelling of ",
                                  quoted(concat({meant.name, " ", legacy.word->meaning})), ", and ",
                                  quoted(meant.name), " is given too; with it, expected ",
                                  legacy.key->name, " ", wordChoices(*legacy.key)})};
    }
    const auto word = std::find(meant.words.begin(), meant.words.end(), legacy.word->meaning);
    meant.setWord(settings, static_cast<int>(word - meant.words.begin()));
    mark = legacy.offset;
  }
  return std::nullopt;
}

std::optional<std::string> mprgpFrictionWarning(const Scene& scene) {
  const WorldSettings& s = scene.settings;
  if (s.solver != SolverKind::Timestep || s.timestepScheme != TimestepScheme::Qp ||
      s.qpMethod != QpSolverKind::Mprgp)
    return std::nullopt;
  int withFriction = 0;
  bool movableWithFriction = false;
  for (const BodyDef& def : scene.bodies) {
    if (!(def.friction.value_or(s.friction) > 0)) continue;
    ++withFriction;
    movableWithFriction |= !def.fixed;
  }
  if (withFriction < 2 || !movableWithFriction) return std::nullopt;
  return "qp_method mprgp solves frictionless problems only: groups of contacts with friction are "
         "solved by APGD (the statistics count those solves); set friction 0 for MPRGP to solve "
         "them all";
}

std::vector<SceneWarning> findLimitWarnings(const Scene& scene) {
  std::vector<Body> bodies;
  bodies.reserve(scene.bodies.size());
  for (const BodyDef& def : scene.bodies) bodies.push_back(makeBody(def, scene.settings).value());
  std::vector<SceneWarning> warnings;
  if (std::optional<SceneWarning> warning = massRatioWarning(scene, bodies))
    warnings.push_back(*warning);
  if (std::optional<SceneWarning> warning = fastBodiesWarning(scene, bodies))
    warnings.push_back(*warning);
  return warnings;
}

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
  if (std::optional<SceneProblem> problem = checkJoints(scene, marks)) return problem;
  return checkSprings(scene, marks);
}

std::vector<Overlap> findOverlaps(const Scene& scene) {
  std::unordered_map<std::string_view, int> indices;
  for (std::size_t i = 0; i < scene.bodies.size(); ++i)
    indices.emplace(scene.bodies[i].name, static_cast<int>(i));
  std::set<std::pair<int, int>> jointed;
  for (const SceneJoint& joint : scene.joints) {
    if (joint.bodyB.empty()) continue;
    const int a = indices.at(joint.bodyA), b = indices.at(joint.bodyB);
    jointed.insert({std::min(a, b), std::max(a, b)});
  }
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
    if (jointed.contains({std::min(i, j), std::max(i, j)})) continue;
    contacts.clear();
    collideShapes(shapes[i], transforms[i], shapes[j], transforms[j], 0, contacts);
    double depth = 0;
    for (const ContactGeometry& contact : contacts) depth = std::max(depth, -contact.distance);
    if (depth > 0) overlaps.push_back({std::size_t(i), std::size_t(j), depth});
  }
  return overlaps;
}

}  // namespace contactlab
