// The web page's simulation (web_simulation.h).
#include "web_simulation.h"

#include <chrono>
#include <cmath>
#include <nlohmann/json.hpp>

#include "contactlab/body_frame.h"
#include "contactlab/shape_query.h"
#include "presets.h"
#include "scene_source.h"

namespace contactlab {
namespace {

using Json = nlohmann::json;

Json vec(Vec2 v) {
  return Json::array({v.x, v.y});
}

const char* shapeName(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::Box:
      return "box";
    case ShapeKind::Disc:
      return "disc";
    case ShapeKind::Polygon:
      return "polygon";
  }
  return "?";
}

// The page's name of the solver of `s`: the three choices of its solver menu.
const char* solverName(const WorldSettings& s) {
  if (s.solver == SolverKind::Contact) return "contact";
  return s.timestepScheme == TimestepScheme::Substeps ? "substeps" : "timestep";
}

}  // namespace

WebSimulation::WebSimulation() : loaded_(newScene()), world_(buildWorld(loaded_).value()) {}

std::string WebSimulation::load(const std::string& source) {
  Result<Scene> scene = Error{""};
  if (looksLikeShareString(source)) {
    scene = decodeShare(source);
  } else if (std::optional<Preset> preset = findPreset(source)) {
    Result<std::string> text = readTextFile(preset->path);
    if (!text) return text.error().message;
    Result<LoadedScene> parsed = parseScene(text.value(), preset->name + ".scene");
    if (!parsed) return parsed.error().message;
    scene = parsed.value().scene;
  } else {
    return "expected a share string (cl1~...) or the name of a preset, found '" +
           source.substr(0, 40) + (source.size() > 40 ? "...'" : "'");
  }
  if (!scene) return scene.error().message;
  Result<World> built = buildWorld(scene.value());
  if (!built) return built.error().message;
  loaded_ = std::move(scene.value());
  world_ = std::move(built.value());
  drag_ = {};
  return "";
}

std::string WebSimulation::presetsJson() const {
  Json list = Json::array();
  for (const Preset& preset : listPresets())
    list.push_back({{"name", preset.name}, {"description", preset.description}});
  return list.dump();
}

std::string WebSimulation::bodiesJson() const {
  Json list = Json::array();
  BodyOutline outline;
  for (BodyId id : world_.bodies()) {
    const BodyView body = *world_.body(id);
    Json entry = {{"name", body.def.name},
                  {"shape", shapeName(body.def.shape)},
                  {"fixed", body.def.fixed}};
    (void)world_.outline(id, outline);
    if (body.def.shape == ShapeKind::Disc) {
      entry["radius"] = outline.radius;
    } else {
      Json corners = Json::array();
      for (Vec2 corner : outline.corners) {
        const Vec2 local = toBodyFrame(body.state, corner);
        corners.push_back(local.x);
        corners.push_back(local.y);
      }
      entry["corners"] = corners;
    }
    list.push_back(entry);
  }
  return list.dump();
}

std::string WebSimulation::settingsJson() const {
  const WorldSettings& s = world_.settings();
  return Json{{"gravity", s.gravity},
              {"damping", s.damping},
              {"elasticity", s.elasticity},
              {"friction", s.friction},
              {"dt", s.dt},
              {"solver", solverName(s)}}
      .dump();
}

std::string WebSimulation::step(int count) {
  for (int i = 0; i < count; ++i) {
    dragCap_.apply(world_, drag_.active(), lastStepSeconds_);
    const auto start = std::chrono::steady_clock::now();
    Status stepped = world_.step();
    lastStepSeconds_ =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!stepped) return stepped.error().message;
  }
  return "";
}

double WebSimulation::time() const {
  return world_.time();
}

void WebSimulation::reset() {
  world_ = buildWorld(loaded_).value();  // it was built from this scene before
  drag_ = {};
}

const std::vector<double>& WebSimulation::states() {
  states_.clear();
  for (BodyId id : world_.bodies()) {
    const BodyState s = world_.body(id)->state;
    states_.insert(states_.end(),
                   {s.position.x, s.position.y, s.angle, s.velocity.x, s.velocity.y, s.omega});
  }
  return states_;
}

const std::vector<double>& WebSimulation::contacts() {
  contacts_.clear();
  for (const ContactReport& c : world_.contacts())
    contacts_.insert(contacts_.end(),
                     {c.point.x, c.point.y, c.normal.x, c.normal.y, c.force, c.friction});
  return contacts_;
}

const std::vector<int>& WebSimulation::contactBodies() {
  const std::vector<BodyId> ids = world_.bodies();
  indexOfSlot_.clear();
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (ids[i].index >= indexOfSlot_.size()) indexOfSlot_.resize(ids[i].index + 1, -1);
    indexOfSlot_[ids[i].index] = static_cast<int>(i);
  }
  const auto indexOf = [&](BodyId id) {
    return id.index < indexOfSlot_.size() ? indexOfSlot_[id.index] : -1;
  };
  contactBodies_.clear();
  for (const ContactReport& c : world_.contacts())
    contactBodies_.insert(contactBodies_.end(), {indexOf(c.body1), indexOf(c.body2)});
  return contactBodies_;
}

std::string WebSimulation::jointsJson() {
  Json list = Json::array();
  for (const JointReport& j : world_.joints())
    list.push_back({{"name", j.name},
                    {"kind", jointKindName(j.kind)},
                    {"a", vec(j.pointA)},
                    {"b", vec(j.pointB)},
                    {"force", vec(j.force)},
                    {"tension", j.tension},
                    {"length", j.length}});
  return list.dump();
}

std::string WebSimulation::energyJson() const {
  const Energy e = world_.energy();
  return Json{{"kinetic", e.kinetic}, {"potential", e.potential}, {"total", e.total}}.dump();
}

std::string WebSimulation::setSetting(const std::string& name, double value) {
  WorldSettings settings = world_.settings();
  if (name == "gravity") {
    settings.gravity = value;
  } else if (name == "damping") {
    settings.damping = value;
  } else if (name == "elasticity") {
    settings.elasticity = value;
  } else if (name == "friction") {
    settings.friction = value;
  } else if (name == "dt") {
    settings.dt = value;
  } else {
    return "unknown setting '" + name + "'; expected gravity, damping, elasticity, friction or dt";
  }
  Status set = world_.setSettings(settings);
  return set ? "" : set.error().message;
}

std::string WebSimulation::setSolver(const std::string& name) {
  WorldSettings settings = world_.settings();
  if (name == "contact") {
    settings.solver = SolverKind::Contact;
  } else if (name == "timestep" || name == "substeps") {
    settings.solver = SolverKind::Timestep;
    settings.timestepScheme = name == "substeps" ? TimestepScheme::Substeps : TimestepScheme::Qp;
  } else {
    return "unknown solver '" + name + "'; expected contact, timestep or substeps";
  }
  Status set = world_.setSettings(settings);
  return set ? "" : set.error().message;
}

std::optional<BodyId> WebSimulation::idOf(int body) const {
  const std::vector<BodyId> ids = world_.bodies();
  if (body < 0 || static_cast<std::size_t>(body) >= ids.size()) return std::nullopt;
  return ids[body];
}

int WebSimulation::bodyAt(double x, double y, double tolerance) const {
  const std::vector<BodyId> ids = world_.bodies();
  // Movable bodies first (a block on the floor is picked a little into the floor), the last drawn
  // (on top) first among them.
  for (bool fixed : {false, true}) {
    for (std::size_t i = ids.size(); i-- > 0;) {
      if (world_.body(ids[i])->def.fixed != fixed) continue;
      Result<bool> inside = world_.containsPoint(ids[i], {x, y}, tolerance);
      if (inside && inside.value()) return static_cast<int>(i);
    }
  }
  return -1;
}

std::string WebSimulation::grab(int body, double x, double y) {
  const std::optional<BodyId> id = idOf(body);
  if (!id) return "no body " + std::to_string(body);
  Status begun = drag_.begin(world_, *id, {x, y});
  return begun ? "" : begun.error().message;
}

void WebSimulation::dragTo(double x, double y) {
  if (drag_.active()) (void)drag_.moveTo(world_, {x, y});
}

void WebSimulation::release() {
  drag_.end(world_);
}

std::string WebSimulation::moveBody(int body, double x, double y) {
  const std::optional<BodyId> id = idOf(body);
  if (!id) return "no body " + std::to_string(body);
  if (!std::isfinite(x) || !std::isfinite(y)) return "a body's position must be finite";
  BodyState state = world_.body(*id)->state;
  state.position = {x, y};
  state.velocity = {0, 0};
  state.omega = 0;
  Status moved = world_.setBodyState(*id, state);
  if (!moved) return moved.error().message;
  loaded_ = sceneWithoutDrag(world_, drag_);
  return "";
}

std::string WebSimulation::share() const {
  return encodeShare(sceneWithoutDrag(world_, drag_));
}

}  // namespace contactlab
