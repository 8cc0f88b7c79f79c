// Every preset scene runs for 5 s without NaN, without penetrating deeper than the distance
// tolerance, and (where every elasticity is <= 1 and nothing drives the scene) without gaining
// energy; after every step the world is valid (World::validate).
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "contactlab/scene.h"
#include "presets.h"
#include "scene_source.h"
#include "world_fixtures.h"

using namespace contactlab;

namespace {

bool dissipative(const Scene& scene) {
  if (scene.settings.elasticity > 1) return false;
  for (const BodyDef& body : scene.bodies)
    if (body.elasticity.value_or(0) > 1) return false;
  return true;
}

bool finite(const BodyState& s) {
  return std::isfinite(s.position.x) && std::isfinite(s.position.y) && std::isfinite(s.angle) &&
         std::isfinite(s.velocity.x) && std::isfinite(s.velocity.y) && std::isfinite(s.omega);
}

}  // namespace

TEST_CASE("every preset runs 5 s: no NaN, no deep penetration, no energy gained") {
  const auto presets = listPresets();
  REQUIRE(presets.size() >= 11);
  for (const Preset& preset : presets) {
    CAPTURE(preset.name);
    CHECK_FALSE(preset.description.empty());
    Result<LoadedScene> loaded = loadSceneArgument(preset.path);
    REQUIRE_MESSAGE(loaded.ok(), (loaded.ok() ? "" : loaded.error().message));
    CHECK(loaded->warnings.empty());
    Result<World> built = buildWorld(loaded->scene);
    REQUIRE(built.ok());
    World world = built.value();
    const double startEnergy = world.energy().total;
    // Energy is compared on the scale of the scene's energy terms: the integration of changing
    // contact sets may add up to 1e-5 of it, and the gap correction lifts a body by the drift of
    // its gap, adding m g times that drift of potential energy: a block tipping about a corner at
    // 1.3 rad/s drifts about 1 micrometre a step (tipping-block: 4e-4 J over its fall, 2e-5 of its
    // scale). 5e-5 of the scale bounds both; a push-out that went into the velocities adds orders
    // of magnitude more (issue 12: 1e-3 J for two touching 1 kg blocks).
    double scale = std::abs(startEnergy) + world.energy().kinetic;
    for (BodyId id : world.bodies()) {
      BodyView b = *world.body(id);
      if (!b.def.fixed) scale += std::abs(b.mass * world.settings().gravity * b.state.position.y);
    }
    const bool checkEnergy = dissipative(loaded->scene);
    double worstGain = 0;
    const int steps = static_cast<int>(std::lround(5.0 / world.settings().dt));
    for (int i = 0; i < steps; ++i) {
      Status status = world.step();
      REQUIRE_MESSAGE(status.ok(), (status.ok() ? "" : status.error().message));
      testing::requireValid(world);
      if (checkEnergy) worstGain = std::max(worstGain, world.energy().total - startEnergy);
    }
    for (BodyId id : world.bodies()) CHECK(finite(world.body(id)->state));
    CHECK(world.statistics().deepestPenetration <= world.settings().distanceTol);
    if (checkEnergy) CHECK(worstGain <= 5e-5 * scale);
  }
}

TEST_CASE("File > New's scene is a fixed floor whose top is y = 0, with the default settings") {
  const Scene scene = newScene();
  Result<World> built = buildWorld(scene);
  REQUIRE(built.ok());
  World& world = built.value();
  REQUIRE(world.bodyCount() == 1);
  const BodyId floor = world.bodies().front();
  CHECK(world.body(floor)->def.fixed);
  CHECK(world.bounds(floor).value().max.y == doctest::Approx(0));
  CHECK(writeScene(captureScene(world)) == writeScene(scene));
  CHECK(world.settings().gravity == WorldSettings{}.gravity);
}

TEST_CASE("off-centre-load: the knife edges carry 0.8 m g and 1.2 m g, by the balance of moments") {
  // Plank (m, its middle at x = 0) and load (m, at x = d) on edges at x = -L/2 and x = +L/2:
  // moments about the left edge give R_right L = m g L/2 + m g (L/2 + d), so
  // R_right = m g (1 + d / L) and R_left = 2 m g - R_right. With L = 2 m, d = 0.4 m: 1.2 and 0.8.
  std::optional<Preset> preset = findPreset("off-centre-load");
  REQUIRE(preset);
  Result<LoadedScene> loaded = loadSceneArgument(preset->path);
  REQUIRE(loaded.ok());
  Result<World> built = buildWorld(loaded->scene);
  REQUIRE(built.ok());
  World& world = built.value();
  for (int i = 0; i < 100; ++i) REQUIRE(world.step().ok());
  const BodyView plank = *world.body(*world.findBody("plank"));
  const BodyView load = *world.body(*world.findBody("load"));
  const double g = world.settings().gravity, m = plank.mass;
  REQUIRE(load.mass == m);
  const double length = 2, d = load.state.position.x - plank.state.position.x;
  CHECK(d == doctest::Approx(0.4));
  double left = 0, right = 0;
  for (const ContactReport& c : world.contacts()) {
    if (c.body2 != plank.id && c.body1 != plank.id) continue;
    if (c.body1 == load.id || c.body2 == load.id) continue;
    (c.point.x < 0 ? left : right) += c.force;
  }
  CHECK(right == doctest::Approx(m * g * (1 + d / length)).epsilon(1e-9));
  CHECK(left == doctest::Approx(m * g * (1 - d / length)).epsilon(1e-9));
  CHECK(right / (m * g) == doctest::Approx(1.2).epsilon(1e-9));
}
