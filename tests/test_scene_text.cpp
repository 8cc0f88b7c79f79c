// Tests of the scene text format: what each statement and key sets, every class of error with its
// line:column and what was expected, all-or-nothing loading, overlap warnings, and the writer's
// bit-exact round trip.
#include <doctest/doctest.h>

#include <initializer_list>
#include <string>
#include <string_view>

#include "contactlab/scene.h"
#include "scene_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

// Parses `text` and checks that it fails at `offset` (shown as "test.scene:line:column: "), with a
// message containing every phrase.
void expectError(std::string_view text, std::size_t offset,
                 std::initializer_list<std::string_view> phrases) {
  CAPTURE(text);
  Result<LoadedScene> loaded = parseScene(text, "test.scene");
  REQUIRE_FALSE(loaded.ok());
  const std::string& message = loaded.error().message;
  CAPTURE(message);
  CHECK(message.starts_with("test.scene:" + lineColumn(text, offset) + ": "));
  for (std::string_view phrase : phrases) CHECK(message.find(phrase) != std::string::npos);
}

// The same, at the first occurrence of `culprit`.
void expectErrorAt(std::string_view text, std::string_view culprit,
                   std::initializer_list<std::string_view> phrases) {
  expectError(text, offsetOf(text, culprit), phrases);
}

Scene parsed(std::string_view text) {
  Result<LoadedScene> loaded = parseScene(text, "test.scene");
  INFO(text);
  INFO((!loaded.ok() ? loaded.error().message : std::string()));
  REQUIRE(loaded.ok());
  return loaded.value().scene;
}

constexpr std::string_view kDesignExample = R"(gravity 9.81          # m/s^2
damping 0
elasticity 0.8        # default coefficient of restitution
friction 0.6          # Coulomb coefficient (time-stepping solver)
dt 0.01
integrator rk4        # euler | midpoint | rk4
collisions serial     # serial | simultaneous
box floor w=20 h=1 x=0 y=-0.5 fixed
box A w=2 h=1 x=0 y=0.505 angle=0 mass=2 vx=0 vy=0 omega=0
disc B r=0.5 x=3 y=2 density=1
polygon C points=0,0,1,0,0,1 x=-3 y=2 mass=1
)";

}  // namespace

TEST_CASE("the design document's example reads into the values it states") {
  Result<LoadedScene> loaded = parseScene(kDesignExample, "design.scene");
  REQUIRE(loaded.ok());
  CHECK(loaded->warnings.empty());
  const Scene& scene = loaded->scene;
  CHECK(scene.settings.gravity == 9.81);
  CHECK(scene.settings.integrator == IntegratorKind::Rk4);
  CHECK(scene.settings.collisions == CollisionHandling::Serial);
  REQUIRE(scene.bodies.size() == 4);
  const BodyDef& floor = scene.bodies[0];
  CHECK(floor.name == "floor");
  CHECK(floor.shape == ShapeKind::Box);
  CHECK(floor.width == 20);
  CHECK(floor.height == 1);
  CHECK(floor.state.position.y == -0.5);
  CHECK(floor.fixed);
  const BodyDef& a = scene.bodies[1];
  CHECK(a.mass == 2.0);
  CHECK(a.state.position.y == 0.505);
  CHECK_FALSE(a.fixed);
  const BodyDef& b = scene.bodies[2];
  CHECK(b.shape == ShapeKind::Disc);
  CHECK(b.radius == 0.5);
  CHECK_FALSE(b.mass.has_value());
  const BodyDef& c = scene.bodies[3];
  CHECK(c.shape == ShapeKind::Polygon);
  REQUIRE(c.points.size() == 3);
  CHECK(c.points[1] == Vec2{1, 0});
  CHECK(c.state.position == Vec2{-3, 2});
}

TEST_CASE("every setting and body key reaches its field") {
  const Scene scene = parsed(
      "gravity 1.5\ndamping 0.25\nrotate_ratio 3\nelasticity 0.125\nfriction 0.75\ndt 0.002\n"
      "integrator midpoint\ncollisions simultaneous\ndistance_tol 0.02\nvelocity_tol 0.3\n"
      "gap_recovery_steps 4\n"
      "box A w=2 h=3 x=1 y=2 angle=0.5 vx=-1 vy=-2 omega=7 elasticity=0.1 friction=0.2 mass=5\n"
      "disc B r=0.25 density=8 x=10\n");
  const WorldSettings& s = scene.settings;
  CHECK(s.gravity == 1.5);
  CHECK(s.damping == 0.25);
  CHECK(s.rotateRatio == 3);
  CHECK(s.elasticity == 0.125);
  CHECK(s.friction == 0.75);
  CHECK(s.dt == 0.002);
  CHECK(s.integrator == IntegratorKind::Midpoint);
  CHECK(s.collisions == CollisionHandling::Simultaneous);
  CHECK(s.distanceTol == 0.02);
  CHECK(s.velocityTol == 0.3);
  CHECK(s.gapRecoverySteps == 4);
  const BodyDef& a = scene.bodies[0];
  CHECK(a.width == 2);
  CHECK(a.height == 3);
  CHECK(a.state.position == Vec2{1, 2});
  CHECK(a.state.angle == 0.5);
  CHECK(a.state.velocity == Vec2{-1, -2});
  CHECK(a.state.omega == 7);
  CHECK(a.elasticity == 0.1);
  CHECK(a.friction == 0.2);
  CHECK(a.mass == 5.0);
  const BodyDef& b = scene.bodies[1];
  CHECK(b.radius == 0.25);
  CHECK(b.density == 8);
  CHECK(b.state.position.x == 10);
}

TEST_CASE("left-out settings and keys take the C++ defaults") {
  CHECK(sceneDifference(parsed(""), Scene{}) == "");
  CHECK(sceneDifference(parsed("# only a comment\n\n   \t\n"), Scene{}) == "");
  Scene expected;
  BodyDef box;
  box.name = "A";
  BodyDef disc;
  disc.name = "B";
  disc.shape = ShapeKind::Disc;
  disc.state.position.x = 5;
  expected.bodies = {box, disc};
  CHECK(sceneDifference(parsed("box A\ndisc B x=5"), expected) == "");
}

TEST_CASE("comments, tabs, carriage returns and a byte order mark are layout only") {
  const Scene plain = parsed("gravity 2\nbox A w=2 fixed\n");
  const Scene decorated =
      parsed("\xEF\xBB\xBFgravity\t2 # pull\r\n\r\n  box  A\tw=2   fixed#floor\r\n# end");
  CHECK(sceneDifference(plain, decorated) == "");
}

TEST_CASE("statements and keys: unknown, misplaced or malformed") {
  SUBCASE("unknown statement") {
    expectErrorAt("gravity 1\nsphere A r=1\n", "sphere",
                  {"unknown statement 'sphere'", "expected", "box, disc, polygon", "gravity"});
  }
  SUBCASE("unknown key") {
    expectErrorAt("box A w=1 q=2\n", "q=2", {"unknown key 'q'", "expected one of", "w, h"});
  }
  SUBCASE("a key of another shape") {
    expectErrorAt("disc A w=1\n", "w=1", {"a disc has no key 'w'", "expected one of", "r,"});
  }
  SUBCASE("a word without '='") {
    expectErrorAt("box A w=1 heavy\n", "heavy", {"expected key=value or 'fixed'", "'heavy'"});
  }
  SUBCASE("fixed with a value") {
    expectErrorAt("box A fixed=1\n", "fixed", {"expected 'fixed' alone"});
  }
  SUBCASE("a key given twice") {
    expectError("box A x=1 y=2 x=3\n", offsetOf("box A x=1 y=2 x=3\n", "x=", 2),
                {"'x' is given twice", "expected it once"});
  }
  SUBCASE("fixed given twice") {
    expectError("box A fixed fixed\n", offsetOf("box A fixed fixed\n", "fixed", 2),
                {"'fixed' is given twice"});
  }
  SUBCASE("mass and density together") {
    expectErrorAt("box A mass=1 density=2\n", "density", {"expected either mass or density"});
  }
  SUBCASE("a setting given twice") {
    expectError("dt 0.01\ngravity 1\ndt 0.02\n", offsetOf("dt 0.01\ngravity 1\ndt 0.02\n", "dt", 2),
                {"'dt' is set twice", "test.scene:1:4"});
  }
  SUBCASE("a setting without its value") {
    const std::string_view text = "damping 0\ngravity\n";
    expectError(text, offsetOf(text, "gravity") + 7, {"expected a number after 'gravity'"});
  }
  SUBCASE("a setting with two values") {
    expectErrorAt("gravity 9.81 1\n", "1\n", {"expected the end of the line", "found '1'"});
  }
  SUBCASE("an unknown word") {
    expectErrorAt("integrator rk5\n", "rk5",
                  {"expected euler, midpoint or rk4 after 'integrator'", "found 'rk5'"});
    expectErrorAt("collisions all\n", "all", {"expected serial or simultaneous"});
  }
}

TEST_CASE("input quoted in messages is escaped and cut, never echoed raw") {
  SUBCASE("a terminal escape sequence in an unknown key is shown as \\x1b") {
    const std::string text = "box A w=1 h=1 \x1b[31mred=1\n";
    Result<LoadedScene> loaded = parseScene(text, "test.scene");
    REQUIRE_FALSE(loaded.ok());
    const std::string& message = loaded.error().message;
    CAPTURE(message);
    CHECK(message.find("unknown key '\\x1b[31mred'") != std::string::npos);
    CHECK(message.find('\x1b') == std::string::npos);
  }
  SUBCASE("a megabyte token gives a short message with its start, its end and its size") {
    const std::string token = "k" + std::string(1 << 20, 'x') + "z";
    Result<LoadedScene> loaded = parseScene("box A w=1 h=1 " + token + "=1\n", "test.scene");
    REQUIRE_FALSE(loaded.ok());
    const std::string& message = loaded.error().message;
    CAPTURE(message);
    CHECK(message.size() < 300);
    CHECK(message.find("'kxxx") != std::string::npos);
    CHECK(message.find("xz' (" + std::to_string(token.size()) + " bytes)") != std::string::npos);
  }
  SUBCASE("control characters in a file name are escaped in the location") {
    Result<LoadedScene> loaded = parseScene("bogus\n", "a\x1b]0;title\x07.scene");
    REQUIRE_FALSE(loaded.ok());
    CHECK(loaded.error().message.starts_with("a\\x1b]0;title\\x07.scene:1:1: "));
  }
}

TEST_CASE("names: missing, malformed, duplicated") {
  SUBCASE("missing at the end of the line") {
    expectError("box\n", 3, {"expected a body name after 'box'", "end of the line"});
  }
  SUBCASE("missing before the keys") {
    expectErrorAt("disc r=1\n", "r=1", {"expected a body name", "found 'r=1'"});
  }
  SUBCASE("a character outside the name set") {
    expectErrorAt("box A:1 w=1\n", "A:1", {"expected a body name", "letters, digits"});
  }
  SUBCASE("a name used twice") {
    const std::string_view text = "box A\ndisc B x=3\npolygon A points=0,0,1,0,0,1 x=9\n";
    expectError(text, offsetOf(text, "A", 2), {"'A' already exists", "expected a new name"});
  }
}

TEST_CASE("numbers: not numbers, not finite, out of range") {
  expectErrorAt("box A w=abc\n", "abc", {"expected a number after 'w='", "found 'abc'"});
  expectErrorAt("box A x=1.5.2\n", "1.5.2", {"expected a number after 'x='"});
  expectErrorAt("box A x=+1\n", "+1", {"expected a number after 'x='"});
  expectErrorAt("box A y=\n", "\n", {"expected a number after 'y='", "found nothing"});
  expectErrorAt("gravity nan\n", "nan", {"expected a finite number after 'gravity'"});
  expectErrorAt("box A vx=inf\n", "inf", {"expected a finite number after 'vx='"});
  expectErrorAt("box A omega=-infinity\n", "-inf", {"expected a finite number"});
  expectErrorAt("box A x=1e999\n", "1e999", {"expected a number a double can hold"});
  expectErrorAt("polygon C points=0,0,1,zero,0,1\n", "zero",
                {"expected a number after 'points='", "found 'zero'"});
  const std::string_view empty = "polygon C points=0,0,1,,0,1\n";
  expectError(empty, offsetOf(empty, ",,") + 1, {"found nothing"});
}

TEST_CASE("sizes and masses: zero or negative, pointed at by the library's own messages") {
  expectErrorAt("box A w=0\n", "0\n", {"body 'A'", "positive"});
  expectErrorAt("box A w=2 h=-1\n", "-1", {"body 'A'", "positive"});
  expectErrorAt("disc B r=0\n", "0\n", {"body 'B'", "radius must be positive"});
  expectErrorAt("box A y=3 mass=0\n", "0\n", {"body 'A'", "mass must be a finite number > 0"});
  expectErrorAt("box A mass=-2 x=1\n", "-2", {"mass must be a finite number > 0"});
  expectErrorAt("disc A density=-1\n", "-1", {"density must be a finite number > 0"});
  expectErrorAt("box A elasticity=-0.5\n", "-0.5", {"elasticity must be a finite number >= 0"});
  expectErrorAt("box A friction=-1\n", "-1", {"friction must be a finite number >= 0"});
  // Values that are valid alone but not together (a mass beyond the limit from density and
  // area): blamed on the body's name.
  expectErrorAt("box Big w=1e5 h=1e5 density=1e9\n", "Big", {"mass (density times area)"});
}

TEST_CASE("settings out of range, pointed at") {
  expectErrorAt("gravity 1\ndt 0\n", "0\n", {"dt must be a finite number > 0"});
  expectErrorAt("damping -1\n", "-1", {"damping must be a finite number >= 0"});
  expectErrorAt("gravity 2\ngap_recovery_steps 0.5\n", "0.5", {"gap recovery steps"});
  expectErrorAt("distance_tol 0\n", "0", {"distance tolerance"});
}

TEST_CASE("polygons: required points, pairs, at least three corners, convex, counter-clockwise") {
  expectErrorAt("polygon C x=1\n", "C", {"expected points=", "counter-clockwise"});
  expectErrorAt("polygon C points=0,0,1,0,0\n", "0,0,1", {"expected x,y pairs", "5 numbers"});
  expectErrorAt("polygon C points=0,0,1,0\n", "0,0,1", {"at least 3 points"});
  expectErrorAt("polygon C points=0,0,0,1,1,0 x=2\n", "0,0,0", {"counter-clockwise"});
  // An arrowhead: the corner at (1, 0.5) turns right.
  expectErrorAt("polygon C points=0,0,2,0,1,0.5,2,1,0,1\n", "0,0,2", {"convex"});
  // A pentagram's corners: every turn is to the left, but it winds around twice.
  expectErrorAt("polygon S points=1,0,-0.809,0.588,0.309,-0.951,0.309,0.951,-0.809,-0.588\n", "1,0",
                {"winds around more than once"});
}

TEST_CASE("an error on a later line names that line, and nothing is loaded") {
  const std::string_view text =
      "gravity 9.81\nbox floor w=20 h=1 y=-0.5 fixed\nbox A y=1\n"
      "box B y=3 w=-2\nbox C y=6\n";
  Result<LoadedScene> loaded = parseScene(text, "stack.scene");
  REQUIRE_FALSE(loaded.ok());
  CHECK(loaded.error().message.starts_with("stack.scene:4:13: "));
}

TEST_CASE("bodies overlapping at the start are a warning naming both") {
  SUBCASE("two boxes") {
    Result<LoadedScene> loaded = parseScene("box A\nbox B x=0.5 y=0.5\n", "t.scene");
    REQUIRE(loaded.ok());
    REQUIRE(loaded->warnings.size() == 1);
    const std::string& warning = loaded->warnings[0];
    CHECK(warning.starts_with("t.scene:2:5: warning:"));
    CHECK(warning.find("'A'") != std::string::npos);
    CHECK(warning.find("'B'") != std::string::npos);
    CHECK(warning.find("overlap") != std::string::npos);
    CHECK(loaded->scene.bodies.size() == 2);
  }
  SUBCASE("a disc sunk into the floor") {
    Result<LoadedScene> loaded =
        parseScene("box floor w=20 h=1 y=-0.5 fixed\ndisc ball r=0.5 y=0.4\n", "t.scene");
    REQUIRE(loaded.ok());
    REQUIRE(loaded->warnings.size() == 1);
    CHECK(loaded->warnings[0].find("'floor' and 'ball'") != std::string::npos);
    CHECK(loaded->warnings[0].find("by 0.1 m") != std::string::npos);
  }
  SUBCASE("resting at a gap, or two fixed bodies, is no overlap") {
    Result<LoadedScene> loaded = parseScene(
        "box floor w=20 h=1 y=-0.5 fixed\nbox wall w=1 h=10 x=10 y=4 fixed\nbox A y=0.505\n"
        "disc B x=3 y=0.6\n",
        "t.scene");
    REQUIRE(loaded.ok());
    CHECK(loaded->warnings.empty());
  }
}

TEST_CASE("writeScene then parseScene gives the scene back bit for bit") {
  SUBCASE("awkward doubles in every kind of field") {
    Scene scene;
    scene.settings.gravity = 1.0 / 3;
    scene.settings.damping = 1e-300;
    scene.settings.dt = std::numeric_limits<double>::denorm_min();
    scene.settings.integrator = IntegratorKind::Euler;
    BodyDef box;
    box.name = "box-1.a_b";
    box.width = 0.1;
    box.height = 12345.678901234567;  // the largest values within docs/limits.md
    box.mass = 999999999999.9999;
    box.state = {{-0.0, 0.30000000000000004}, M_PI, {-1e-310, 9999.999999999998}, -0.0};
    box.elasticity = 0.0;
    box.friction = -0.0;
    box.fixed = true;
    BodyDef polygon;
    polygon.name = "P";
    polygon.shape = ShapeKind::Polygon;
    polygon.points = {{0.1, 0.2}, {1.0 / 3, 0.2}, {0.1, 2.0 / 3}};
    polygon.density = 7.0 / 9;
    scene.bodies = {box, polygon};
    REQUIRE(buildWorld(scene).ok());
    const std::string text = writeScene(scene);
    CHECK(sceneDifference(parsed(text), scene) == "");
    CHECK(writeScene(parsed(text)) == text);
  }
  SUBCASE("random valid scenes") {
    SceneGenerator generate(20240601);
    for (int i = 0; i < 1000; ++i) {
      const Scene scene = generate.scene();
      const std::string text = writeScene(scene);
      CAPTURE(text);
      CHECK(sceneDifference(parsed(text), scene) == "");
    }
  }
}

TEST_CASE("the writer leaves out what is at its default and what the body does not use") {
  Scene scene;
  BodyDef box;
  box.name = "A";
  scene.bodies = {box};
  const std::string text = writeScene(scene);
  CHECK(text.ends_with("\nbox A\n"));
  BodyDef disc;
  disc.name = "B";
  disc.shape = ShapeKind::Disc;
  disc.mass = 3;
  disc.density = 5;  // overridden by the mass: not used, not written
  disc.width = 9;    // not a disc's size
  scene.bodies = {disc};
  const Scene back = parsed(writeScene(scene));
  CHECK(back.bodies[0].mass == 3.0);
  CHECK(back.bodies[0].density == BodyDef{}.density);
  CHECK(back.bodies[0].width == BodyDef{}.width);
}
