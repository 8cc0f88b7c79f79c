// The documented limits (docs/limits.md) are checked when a scene loads, with the line and column
// of the value to blame; values within them that the solvers may not hold are warned about; the
// name index stays right through additions, removals and copies.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "contactlab/limits.h"
#include "contactlab/scene.h"
#include "scene_fixtures.h"
#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

// The scene is refused at the first occurrence of `culprit` (at its value, for "key=value") with
// every phrase in the message.
void expectRefusedAt(const std::string& text, std::string_view culprit,
                     std::initializer_list<std::string_view> phrases) {
  CAPTURE(text.substr(0, 200));
  Result<LoadedScene> loaded = parseScene(text, "limits.scene");
  REQUIRE_FALSE(loaded.ok());
  const std::string& message = loaded.error().message;
  CAPTURE(message);
  const std::size_t equals = culprit.find('=');
  const std::size_t at =
      offsetOf(text, culprit) + (equals == std::string_view::npos ? 0 : equals + 1);
  CHECK(message.starts_with("limits.scene:" + lineColumn(text, at) + ": "));
  for (std::string_view phrase : phrases) CHECK(message.find(phrase) != std::string::npos);
}

std::vector<std::string> warningsOf(const std::string& text) {
  Result<LoadedScene> loaded = parseScene(text, "limits.scene");
  REQUIRE_MESSAGE(loaded.ok(), (loaded.ok() ? "" : loaded.error().message));
  return loaded->warnings;
}

// A convex, counter-clockwise polygon of `corners` points on a circle of radius 10 m.
std::string circlePolygon(int corners) {
  std::string points;
  for (int i = 0; i < corners; ++i) {
    const double angle = 2 * M_PI * i / corners;
    if (i > 0) points += ',';
    points += std::to_string(10 * std::cos(angle)) + "," + std::to_string(10 * std::sin(angle));
  }
  return "polygon P points=" + points + " y=20\n";
}

}  // namespace

TEST_CASE("positions beyond the world size are refused at load where they are written") {
  const std::string floor = "box floor w=20 h=1 y=-0.5 fixed\n";
  expectRefusedAt(floor + "box A y=1e308\n", "y=1e308", {"body 'A'", "inside the world", "1e308"});
  expectRefusedAt(floor + "box A x=-1e308\n", "x=-1e308", {"inside the world"});
  expectRefusedAt(floor + "disc A r=1 x=2e6\n", "x=2e6", {"inside the world"});
  CHECK(parseScene(floor + "box A y=1e6\n", "ok").ok());  // on the edge: inside
}

TEST_CASE("sizes, masses, densities and speeds beyond the limits are refused for what they are") {
  expectRefusedAt("box A w=1e308\n", "w=1e308", {"box width", "1e5 m", "found 1e308"});
  expectRefusedAt("box A h=1e-308\n", "h=1e-308", {"box height", "0.0001 m", "found 1e-308"});
  expectRefusedAt("disc A r=1e308\n", "r=1e308", {"disc radius", "found 1e308"});
  expectRefusedAt("box A mass=1e308\n", "mass=1e308", {"mass must be from", "found 1e308"});
  expectRefusedAt("box A density=1e308\n", "density=1e308", {"density must be from"});
  expectRefusedAt("box A vx=1e307\n", "vx=1e307", {"speed limit"});
  expectRefusedAt("box A omega=1e6\n", "omega=1e6", {"speed limit"});
  // Within each range alone but not together: a large, dense box is too heavy.
  expectRefusedAt("box A w=1e5 h=1e5 density=1e9\n", "A", {"mass (density times area)"});
  expectRefusedAt("gravity 1e308\n", "1e308", {"gravity must be from"});
  expectRefusedAt("gravity 1\ndt 1e23\n", "1e23", {"dt must be at most 1 s", "found 1e23"});
  CHECK(parseScene("dt 1\n", "ok").ok());  // on the edge
}

TEST_CASE("a polygon with more corners than the limit is refused at its points") {
  const std::size_t limit = limits::kMaxCorners;
  CHECK(parseScene(circlePolygon(static_cast<int>(limit)), "ok").ok());
  expectRefusedAt(circlePolygon(static_cast<int>(limit) + 1),
                  "points=", {"at most 1000 corners", "found 1001"});
  expectRefusedAt(circlePolygon(100000), "points=", {"found 100000"});
}

TEST_CASE("the World API holds the same limits") {
  World world = makeWorld();
  const BodyId box = add(world, boxDef("box", 1, 1, 0, 1));
  BodyState far;
  far.position = {0, 2 * limits::kWorldSize};
  CHECK_FALSE(world.setBodyState(box, far).ok());
  BodyState spinning;
  spinning.omega = 1e9;
  CHECK_FALSE(world.setBodyState(box, spinning).ok());
  CHECK(world.body(box)->state.position.y == 1);
  CHECK_FALSE(world.addSpring({box, {0, 0}, {0, 1e308}, 10, 0, 0}).ok());
  CHECK_FALSE(world.addSpring({box, {0, 0}, {0, 0}, 1e308, 0, 0}).ok());
  // The mouse drag's dashpots are anchored a million metres beyond the mouse: allowed.
  Result<SpringId> spring = world.addSpring({box, {0, 0}, {2 * limits::kWorldSize, 0}, 10, 0, 0});
  REQUIRE(spring.ok());
  CHECK_FALSE(world.setSpringAnchor(spring.value(), {0, 1e308}).ok());
  CHECK(std::isfinite(world.energy().potential));
  WorldSettings strong;
  strong.gravity = -1e308;
  CHECK_FALSE(World::create(strong).ok());
  WorldSettings slow = world.settings();
  slow.dt = 1e23;
  CHECK_FALSE(world.setSettings(slow).ok());
  CHECK(world.settings().dt == WorldSettings{}.dt);
}

TEST_CASE("the energy of a world at the edge of every limit is finite") {
  WorldSettings settings;
  settings.gravity = limits::kMaxGravity;
  World world = makeWorld(settings);
  BodyDef heavy = boxDef("heavy", limits::kMaxSize, limits::kMaxSize, limits::kWorldSize,
                         -limits::kWorldSize, limits::kMaxMass);
  heavy.state.velocity = {limits::kSpeedLimit / 2, -limits::kSpeedLimit / 2};
  add(world, heavy);
  const Energy energy = world.energy();
  CHECK(std::isfinite(energy.kinetic));
  CHECK(std::isfinite(energy.potential));
  CHECK(std::isfinite(energy.total));
}

// Found by the fuzz target (fuzz/regressions/rods-dt1e23.share): at dt 1e23 s the substeps' trial
// step for the contact report overflowed its single-precision rows and reported NaN forces.
TEST_CASE("the contacts of a world at the longest step are finite under every solver") {
  const std::string text =
      "box floor w=20 h=1 y=-0.5 fixed\n"
      "disc A r=0.25 y=0.25\ndisc B r=0.25 x=0.5 y=0.25\ndisc C r=5 x=-3 y=5\n"
      "joint AB rod a=A b=B length=0.5\n";
  for (const bool substeps : {false, true}) {
    for (const SolverKind solver : {SolverKind::Contact, SolverKind::Timestep}) {
      CAPTURE(substeps);
      CAPTURE(static_cast<int>(solver));
      Result<LoadedScene> loaded = parseScene(text, "edge.scene");
      REQUIRE(loaded.ok());
      Scene scene = loaded->scene;
      scene.settings.dt = limits::kMaxDt;
      scene.settings.solver = solver;
      scene.settings.timestepScheme = substeps ? TimestepScheme::Substeps : TimestepScheme::Qp;
      Result<World> built = buildWorld(scene);
      REQUIRE(built.ok());
      World& world = built.value();
      REQUIRE_FALSE(world.contacts().empty());
      for (const ContactReport& c : world.contacts()) {
        CHECK(std::isfinite(c.force));
        CHECK(std::isfinite(c.friction));
      }
    }
  }
}

TEST_CASE("bodies whose masses differ beyond what the solver holds are warned about") {
  const std::string stack =
      "box floor w=20 h=1 y=-0.5 fixed\nbox light y=0.505 mass=1e-3\nbox heavy y=1.51 mass=";
  std::vector<std::string> warnings = warningsOf(stack + "1e6\n");  // ratio 1e9
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].starts_with("limits.scene:2:5: warning: "));
  CHECK(warnings[0].find("'heavy'") != std::string::npos);
  CHECK(warnings[0].find("'light'") != std::string::npos);
  CHECK(warningsOf(stack + "1e2\n").empty());  // ratio 1e5: ContactSim holds it
  CHECK(warningsOf("solver timestep\n" + stack + "1e2\n").size() == 1);  // time stepping does not
}

TEST_CASE("bodies that move farther in a step than the thinnest body is thick are warned about") {
  const std::string scene =
      "solver timestep\nbox wall w=0.2 h=4 x=3 y=2 fixed\n"
      "box floor w=20 h=1 y=-0.5 fixed\ndisc ball r=0.25 y=1 vx=";
  // 50 m/s: 0.5 m per step of 0.01 s, more than the 0.2 m wall.
  std::vector<std::string> warnings = warningsOf(scene + "50\n");
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].find("'ball'") != std::string::npos);
  CHECK(warnings[0].find("pass through") != std::string::npos);
  CHECK(warningsOf(scene + "10\n").empty());
  // ContactSim splits the step: 50 m/s is then 0.5 mm per substep.
  CHECK(warningsOf(scene.substr(std::string("solver timestep\n").size()) + "50\n").empty());
}

TEST_CASE("the name index follows additions, removals and copies") {
  World world = makeWorld();
  const BodyId a = add(world, boxDef("A", 1, 1, 0, 1));
  const BodyId b = add(world, boxDef("B", 1, 1, 2, 1));
  const BodyId c = add(world, boxDef("C", 1, 1, 4, 1));
  CHECK(world.findBody("B") == b);
  REQUIRE(world.removeBody(b).ok());
  CHECK_FALSE(world.findBody("B"));
  CHECK(world.findBody("C") == c);
  CHECK_FALSE(world.addBody(boxDef("C", 1, 1, 6, 1)).ok());  // still taken
  const BodyId again = add(world, boxDef("B", 1, 1, 2, 1));  // free again
  CHECK(again != b);
  CHECK(world.findBody("B") == again);
  CHECK(world.body(again)->def.name == "B");

  World copy = world;
  REQUIRE(copy.removeBody(*copy.findBody("A")).ok());
  CHECK_FALSE(copy.findBody("A"));
  CHECK(world.findBody("A") == a);
  const BodyId d = add(copy, boxDef("D", 1, 1, 8, 1));
  CHECK(copy.findBody("D") == d);
  CHECK_FALSE(world.findBody("D"));
  CHECK(copy.body(*copy.findBody("C"))->def.name == "C");
  CHECK(copy.bodyCount() == 3);
  CHECK(world.bodyCount() == 3);
}
