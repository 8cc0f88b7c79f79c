// Scene files and share strings written before the settings said what they are (the substeps were
// qp_method substep, whole numbers were doubles) load to the same world today. The data in
// tests/data/old_formats was captured with the program of that time: a copy of every preset, scenes
// using each QP method, and the share string `contactlab-cli share encode` printed for each
// (shares.txt). The expected settings and bodies are read from the scene text here by a reader of
// the old format's meaning, independent of the library's tables.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "contactlab/scene.h"
#include "contactlab/world.h"
#include "scene_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

const std::filesystem::path kData = std::filesystem::path(CONTACTLAB_TEST_DATA) / "old_formats";

std::string readFile(const std::filesystem::path& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

double number(const std::string& text) {
  return std::strtod(text.c_str(), nullptr);
}

// The old meaning of each setting statement, applied to `s`.
void applyOldSetting(const std::string& key, const std::string& value, WorldSettings& s) {
  const std::map<std::string, double WorldSettings::*> numbers = {
      {"gravity", &WorldSettings::gravity},
      {"damping", &WorldSettings::damping},
      {"rotate_ratio", &WorldSettings::rotateRatio},
      {"elasticity", &WorldSettings::elasticity},
      {"friction", &WorldSettings::friction},
      {"dt", &WorldSettings::dt},
      {"distance_tol", &WorldSettings::distanceTol},
      {"velocity_tol", &WorldSettings::velocityTol},
      {"gap_recovery_steps", &WorldSettings::gapRecoverySteps},
      {"qp_tolerance", &WorldSettings::qpTolerance},
      {"gap_stabilization", &WorldSettings::gapStabilization},
      {"contact_margin", &WorldSettings::contactMargin},
      {"restitution_threshold", &WorldSettings::restitutionThreshold}};
  if (auto found = numbers.find(key); found != numbers.end()) {
    s.*found->second = number(value);
  } else if (key == "qp_iterations") {
    s.qpIterations = static_cast<int>(number(value));
    REQUIRE(s.qpIterations == number(value));  // the old format's whole numbers
  } else if (key == "substeps") {
    s.substeps = static_cast<int>(number(value));
    REQUIRE(s.substeps == number(value));
  } else if (key == "integrator") {
    s.integrator = value == "euler"      ? IntegratorKind::Euler
                   : value == "midpoint" ? IntegratorKind::Midpoint
                                         : IntegratorKind::Rk4;
  } else if (key == "collisions") {
    s.collisions =
        value == "simultaneous" ? CollisionHandling::Simultaneous : CollisionHandling::Serial;
  } else if (key == "solver") {
    s.solver = value == "timestep" ? SolverKind::Timestep : SolverKind::Contact;
  } else if (key == "qp_method" && value == "substep") {
    s.timestepScheme = TimestepScheme::Substeps;  // the QP method stays at its default
  } else if (key == "qp_method") {
    s.qpMethod = value == "pgs"     ? QpSolverKind::Pgs
                 : value == "mprgp" ? QpSolverKind::Mprgp
                                    : QpSolverKind::Apgd;
  } else {
    FAIL("a setting the old format did not have: " << key);
  }
}

std::vector<Vec2> points(const std::string& list) {
  std::vector<double> coordinates;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');) coordinates.push_back(number(item));
  std::vector<Vec2> corners;
  for (std::size_t i = 0; i + 1 < coordinates.size(); i += 2)
    corners.push_back({coordinates[i], coordinates[i + 1]});
  return corners;
}

// The old meaning of a body statement: SHAPE NAME key=value ... [fixed].
BodyDef oldBody(const std::vector<std::string>& words) {
  BodyDef def;
  def.shape = words[0] == "disc"      ? ShapeKind::Disc
              : words[0] == "polygon" ? ShapeKind::Polygon
                                      : ShapeKind::Box;
  def.name = words[1];
  const std::map<std::string, std::function<void(double)>> keys = {
      {"w", [&](double v) { def.width = v; }},
      {"h", [&](double v) { def.height = v; }},
      {"r", [&](double v) { def.radius = v; }},
      {"x", [&](double v) { def.state.position.x = v; }},
      {"y", [&](double v) { def.state.position.y = v; }},
      {"angle", [&](double v) { def.state.angle = v; }},
      {"mass", [&](double v) { def.mass = v; }},
      {"density", [&](double v) { def.density = v; }},
      {"vx", [&](double v) { def.state.velocity.x = v; }},
      {"vy", [&](double v) { def.state.velocity.y = v; }},
      {"omega", [&](double v) { def.state.omega = v; }},
      {"elasticity", [&](double v) { def.elasticity = v; }},
      {"friction", [&](double v) { def.friction = v; }}};
  for (std::size_t i = 2; i < words.size(); ++i) {
    if (words[i] == "fixed") {
      def.fixed = true;
      continue;
    }
    const std::size_t equals = words[i].find('=');
    const std::string key = words[i].substr(0, equals), value = words[i].substr(equals + 1);
    if (key == "points") {
      def.points = points(value);
    } else {
      REQUIRE(keys.count(key) == 1);
      keys.at(key)(number(value));
    }
  }
  return def;
}

// What an old scene file meant, read statement by statement.
Scene oldMeaning(const std::string& text) {
  Scene scene;
  std::stringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::stringstream in(line.substr(0, line.find('#')));
    std::vector<std::string> words;
    for (std::string word; in >> word;) words.push_back(word);
    if (words.empty()) continue;
    if (words[0] == "box" || words[0] == "disc" || words[0] == "polygon") {
      scene.bodies.push_back(oldBody(words));
    } else {
      REQUIRE(words.size() == 2);
      applyOldSetting(words[0], words[1], scene.settings);
    }
  }
  return scene;
}

struct OldScene {
  std::string name;
  std::string text;
  std::string share;  // what the old program's share encode printed for it
};

std::vector<OldScene> oldScenes() {
  std::vector<OldScene> scenes;
  std::ifstream shares(kData / "shares.txt");
  for (std::string name, share; shares >> name >> share;)
    scenes.push_back({name, readFile(kData / "scenes" / (name + ".scene")), share});
  return scenes;
}

// The world a scene builds, captured back as a scene.
Scene worldOf(const Scene& scene) {
  Result<World> world = buildWorld(scene);
  REQUIRE(world.ok());
  return captureScene(world.value());
}

}  // namespace

TEST_CASE(
    "the captured old formats pair each scene file with its share string and use every "
    "old qp_method") {
  const std::vector<OldScene> scenes = oldScenes();
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kData / "scenes"))
    files += entry.path().extension() == ".scene";
  CHECK(files >= 15);  // the 15 presets of the time and the scenes of each qp_method
  CHECK(scenes.size() == files);
  for (const char* method : {"pgs", "mprgp", "apgd", "substep"}) {
    CAPTURE(method);
    bool used = false;
    for (const OldScene& scene : scenes)
      used |= scene.text.find(std::string("qp_method ") + method) != std::string::npos;
    CHECK(used);
  }
}

TEST_CASE("old scene files load to the settings and bodies their text meant") {
  for (const OldScene& old : oldScenes()) {
    CAPTURE(old.name);
    Result<LoadedScene> loaded = parseScene(old.text, old.name);
    REQUIRE(loaded.ok());
    CHECK(sceneDifference(loaded->scene, oldMeaning(old.text)) == "");
  }
}

TEST_CASE("qp_method substep loads as the substeps scheme with its substeps, in either format") {
  for (const char* name : {"method-substep", "method-substep-spelled", "method-substep-contact"}) {
    CAPTURE(name);
    const OldScene old = [&] {
      for (const OldScene& scene : oldScenes())
        if (scene.name == name) return scene;
      FAIL("missing old scene");
      return OldScene{};
    }();
    Result<LoadedScene> loaded = parseScene(old.text, old.name);
    Result<Scene> decoded = decodeShare(old.share);
    REQUIRE(loaded.ok());
    REQUIRE(decoded.ok());
    for (const WorldSettings& s : {loaded->scene.settings, decoded->settings}) {
      CHECK(s.timestepScheme == TimestepScheme::Substeps);
      CHECK(s.qpMethod == QpSolverKind::Apgd);
    }
  }
  Result<LoadedScene> four = parseScene("solver timestep\nqp_method substep\nsubsteps 4\n", "s");
  REQUIRE(four.ok());
  CHECK(four->scene.settings.timestepScheme == TimestepScheme::Substeps);
  CHECK(four->scene.settings.substeps == 4);
}

TEST_CASE("old share strings decode to the same world as the old scene files they were made of") {
  for (const OldScene& old : oldScenes()) {
    CAPTURE(old.name);
    Result<LoadedScene> loaded = parseScene(old.text, old.name);
    Result<Scene> decoded = decodeShare(old.share);
    REQUIRE(loaded.ok());
    REQUIRE(decoded.ok());
    CHECK(sceneDifference(decoded.value(), loaded->scene) == "");
    CHECK(sceneDifference(worldOf(decoded.value()), worldOf(loaded->scene)) == "");
  }
}

TEST_CASE("old scenes written again in today's formats read back to the same world") {
  for (const OldScene& old : oldScenes()) {
    CAPTURE(old.name);
    Result<LoadedScene> loaded = parseScene(old.text, old.name);
    REQUIRE(loaded.ok());
    const Scene& scene = loaded->scene;
    Result<LoadedScene> text = parseScene(writeScene(scene), "written");
    Result<Scene> share = decodeShare(encodeShare(scene));
    REQUIRE(text.ok());
    REQUIRE(share.ok());
    CHECK(sceneDifference(text->scene, scene) == "");
    CHECK(sceneDifference(share.value(), scene) == "");
    // A share string that needed no legacy word is written exactly as before.
    if (old.share.find("msubstep") == std::string::npos) CHECK(encodeShare(scene) == old.share);
  }
}
