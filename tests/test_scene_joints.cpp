// Tests of joints and springs in scene text and share strings: bit-exact round trips, every error
// with its line:column (character in a share string), the scene's joints reaching the physics (a
// pendulum's period from its closed form), and a captured world with joints and springs continuing
// bit-identically through scene text and a share string.
#include <doctest/doctest.h>

#include <cmath>
#include <initializer_list>
#include <numbers>
#include <string>
#include <string_view>
#include <vector>

#include "contactlab/scene.h"
#include "scene_fixtures.h"
#include "scene_vocabulary.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

Scene parsed(std::string_view text) {
  Result<LoadedScene> loaded = parseScene(text, "test.scene");
  INFO(text);
  INFO((!loaded.ok() ? loaded.error().message : std::string()));
  REQUIRE(loaded.ok());
  return loaded.value().scene;
}

World built(const Scene& scene) {
  Result<World> world = buildWorld(scene);
  INFO((!world.ok() ? world.error().message : std::string()));
  REQUIRE(world.ok());
  return world.value();
}

// Parses `text` and checks that it fails at the start of the `occurrence`-th `culprit`, shown as
// "test.scene:line:column: ", with a message containing every phrase.
void expectTextError(std::string_view text, std::string_view culprit,
                     std::initializer_list<std::string_view> phrases, int occurrence = 1) {
  CAPTURE(text);
  Result<LoadedScene> loaded = parseScene(text, "test.scene");
  REQUIRE_FALSE(loaded.ok());
  const std::string& message = loaded.error().message;
  CAPTURE(message);
  CHECK(message.starts_with("test.scene:" + lineColumn(text, offsetOf(text, culprit, occurrence)) +
                            ": "));
  for (std::string_view phrase : phrases) CHECK(message.find(phrase) != std::string::npos);
}

// The same for a share string: "share string, character N: ", N from 1.
void expectShareError(std::string_view text, std::string_view culprit,
                      std::initializer_list<std::string_view> phrases, int occurrence = 1) {
  CAPTURE(text);
  Result<Scene> scene = decodeShare(text);
  REQUIRE_FALSE(scene.ok());
  const std::string& message = scene.error().message;
  CAPTURE(message);
  CHECK(message.starts_with("share string, character " +
                            std::to_string(offsetOf(text, culprit, occurrence) + 1) + ": "));
  for (std::string_view phrase : phrases) CHECK(message.find(phrase) != std::string::npos);
}

// Planks hinged end to end, the first pinned to the world, a bob on a rod from a fixed ceiling and
// another on a rod to a world point, and a box on a damped spring.
constexpr std::string_view kLinkedScene = R"(box ceiling w=4 h=0.2 y=3 fixed
box plank1 w=1 h=0.2 x=0.5 y=1
box plank2 w=1 h=0.2 x=1.5 y=1 mass=2
disc bob r=0.1 x=-1 y=1.5
disc bob2 r=0.1 x=-2 y=2
box crate x=3 y=2 angle=0.3
joint J1 hinge a=plank1 b=plank2 ax=0.5 bx=-0.5
joint J2 pin a=plank1 ax=-0.5 y=1
joint R rod a=bob b=ceiling bx=-1 by=-0.1 length=1.4
joint R2 rod a=bob2 x=-2 y=3 length=1
spring spring1 a=crate ax=0.5 ay=0.5 x=3 y=4 k=50 rest=1 c=0.5
)";

Scene linkedScene() {
  return parsed(kLinkedScene);
}

// The complete elliptic integral of the first kind K(k), by the arithmetic-geometric mean.
double ellipticK(double k) {
  double a = 1, b = std::sqrt(1 - k * k);
  while (std::abs(a - b) > 1e-15 * a) {
    const double mean = (a + b) / 2;
    b = std::sqrt(a * b);
    a = mean;
  }
  return std::numbers::pi / (2 * a);
}

// The period of a pendulum swinging from rest at `amplitude` (rad): 4 sqrt(I_pivot / (m g d))
// K(sin(amplitude / 2)), with I_pivot / m the `reducedInertia` and d the pivot-to-centre distance.
double pendulumPeriod(double reducedInertia, double g, double d, double amplitude) {
  return 4 * std::sqrt(reducedInertia / (g * d)) * ellipticK(std::sin(amplitude / 2));
}

// The mean time between the body's centre crossing x = 0 from right to left, over `duration`.
double measuredPeriod(World& world, const std::string& body, double duration) {
  const BodyId id = *world.findBody(body);
  std::vector<double> crossings;
  double x = world.body(id)->state.position.x;
  while (world.time() < duration) {
    const double before = world.time();
    REQUIRE(world.step().ok());
    const double now = world.body(id)->state.position.x;
    if (x > 0 && now <= 0) crossings.push_back(before + (world.time() - before) * x / (x - now));
    x = now;
  }
  REQUIRE(crossings.size() >= 3);
  return (crossings.back() - crossings.front()) / double(crossings.size() - 1);
}

std::vector<BodyState> statesOf(const World& world) {
  std::vector<BodyState> states;
  for (BodyId id : world.bodies()) states.push_back(world.body(id)->state);
  return states;
}

bool sameStates(const std::vector<BodyState>& a, const std::vector<BodyState>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const BodyState &p = a[i], &q = b[i];
    const double pv[] = {p.position.x, p.position.y, p.angle, p.velocity.x, p.velocity.y, p.omega};
    const double qv[] = {q.position.x, q.position.y, q.angle, q.velocity.x, q.velocity.y, q.omega};
    for (std::size_t k = 0; k < 6; ++k)
      if (!testing::sameBits(pv[k], qv[k])) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("joints and springs read into the scene as written") {
  const Scene scene = linkedScene();
  REQUIRE(scene.joints.size() == 4);
  const SceneJoint& hinge = scene.joints[0];
  CHECK(hinge.name == "J1");
  CHECK(hinge.kind == JointKind::Hinge);
  CHECK(hinge.bodyA == "plank1");
  CHECK(hinge.bodyB == "plank2");
  CHECK(hinge.anchorA.x == 0.5);
  CHECK(hinge.anchorB.x == -0.5);
  const SceneJoint& pin = scene.joints[1];
  CHECK(pin.kind == JointKind::Pin);
  CHECK(pin.bodyB.empty());
  CHECK(pin.anchorA.x == -0.5);
  CHECK(pin.anchorB.y == 1);  // the world point
  CHECK(scene.joints[2].length == 1.4);
  CHECK(scene.joints[3].bodyB.empty());
  CHECK(scene.joints[3].anchorB.y == 3);
  REQUIRE(scene.springs.size() == 1);
  const SceneSpring& spring = scene.springs[0];
  CHECK(spring.body == "crate");
  CHECK(spring.point.x == 0.5);
  CHECK(spring.anchor.y == 4);
  CHECK(spring.stiffness == 50);
  CHECK(spring.restLength == 1);
  CHECK(spring.damping == 0.5);
  const SceneSpring defaults = parsed("box A\nspring S a=A\n").springs.at(0);
  CHECK(defaults.stiffness == SpringDef{}.stiffness);
  CHECK(defaults.restLength == SpringDef{}.restLength);
  CHECK(defaults.damping == SpringDef{}.damping);
}

TEST_CASE("scene text and share strings round-trip joints and springs bit for bit") {
  SUBCASE("a written scene") {
    const Scene scene = linkedScene();
    const std::string text = writeScene(scene);
    CHECK(sceneDifference(parsed(text), scene) == "");
    CHECK(writeScene(parsed(text)) == text);
    const std::string share = encodeShare(scene);
    Result<Scene> decoded = decodeShare(share);
    REQUIRE(decoded.ok());
    CHECK(sceneDifference(decoded.value(), scene) == "");
    CHECK(encodeShare(decoded.value()) == share);
  }
  SUBCASE("random scenes with awkward doubles") {
    std::size_t joints = 0, springs = 0;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
      CAPTURE(seed);
      SceneGenerator generator(seed);
      Scene scene = generator.scene();
      generator.addLinks(scene);
      const std::string text = writeScene(scene);
      CAPTURE(text);
      CHECK(sceneDifference(parsed(text), scene) == "");
      const std::string share = encodeShare(scene);
      CAPTURE(share);
      Result<Scene> decoded = decodeShare(share);
      REQUIRE(decoded.ok());
      CHECK(sceneDifference(decoded.value(), scene) == "");
      CHECK(encodeShare(decoded.value()) == share);
      Result<World> world = buildWorld(scene);
      REQUIRE(world.ok());
      CHECK(world.value().jointDefinitions().size() == scene.joints.size());
      CHECK(world.value().springDefinitions().size() == scene.springs.size());
      requireValid(world.value());
      joints += scene.joints.size();
      springs += scene.springs.size();
    }
    CHECK(joints > 300);  // the round trips above cover joints and springs, not empty lists
    CHECK(springs > 150);
  }
}

TEST_CASE("the writer puts joints and springs after the bodies, with only non-default keys") {
  const std::string text =
      writeScene(parsed("box A\nbox B x=2\njoint J hinge a=A b=B ax=0 ay=0.5 bx=-0 by=0.5\n"
                        "spring S a=A x=0 y=0 k=10 rest=0 c=0\njoint P pin a=B x=0 y=-0\n"));
  const std::size_t bodies = text.find("box B");
  CHECK(text.find("joint J hinge a=A b=B ay=0.5 bx=-0 by=0.5\n") > bodies);
  CHECK(text.find("joint P pin a=B y=-0\n") > text.find("joint J"));
  CHECK(text.find("spring S a=A\n") > text.find("joint P"));
}

TEST_CASE("joint and spring errors name the line and column") {
  SUBCASE("an unknown body") {
    expectTextError("box A\njoint J pin a=ghost\n", "ghost",
                    {"joint 'J': unknown body 'ghost'", "defined before"});
    expectTextError("box A\nbox B x=2\njoint J hinge a=A b=ghost\n", "ghost",
                    {"unknown body 'ghost'"});
    expectTextError("box A\nspring S a=ghost\n", "ghost", {"spring 'S': unknown body 'ghost'"});
  }
  SUBCASE("a body named before it is defined") {
    expectTextError("box A\njoint J hinge a=A b=B\nbox B x=2\n", "B\n",
                    {"joint 'J': body 'B' is defined after it"});
    expectTextError("spring S a=A\nbox A\n", "A\n", {"spring 'S': body 'A' is defined after it"});
  }
  SUBCASE("a joint of a body to itself") {
    expectTextError("box A\njoint J hinge a=A b=A\n", "A\n",
                    {"joint 'J': joins body 'A' to itself", "two different bodies"}, 2);
    expectTextError("box A\njoint R rod a=A b=A length=1\n", "A length",
                    {"joins body 'A' to itself"});
  }
  SUBCASE("a rod's length") {
    expectTextError("box A\njoint R rod a=A length=0\n", "0\n",
                    {"joint 'R': a rod's length must be a finite number > 0", "found 0"});
    expectTextError("box A\njoint R rod a=A length=-2\n", "-2",
                    {"a rod's length must be a finite number > 0", "found -2"});
    expectTextError("box A\njoint R rod a=A\n", "rod", {"expected length=L for rod 'R'"});
    expectTextError("box A\njoint J pin a=A length=1\n", "length",
                    {"a pin has no key 'length'", "expected one of a, ax, ay, x, y"});
  }
  SUBCASE("points and lengths beyond a spring's reach, 1e7 m") {
    expectTextError("box A\njoint R rod a=A x=2e154 length=2\n", "R rod",
                    {"joint 'R': anchors must have |x| and |y| at most 1e7 m", "found 2e154"});
    expectTextError("box A\njoint J pin a=A ay=-3e7\n", "J pin",
                    {"anchors must have |x| and |y| at most 1e7 m", "found 3e7"});
    expectTextError("box A\njoint R rod a=A length=1e8\n", "1e8",
                    {"a rod's length must be at most 1e7 m", "found 1e8"});
  }
  SUBCASE("a pin with b=, a hinge without") {
    expectTextError("box A\nbox B x=2\njoint J pin a=A b=B\n", "b=B",
                    {"a pin has no key 'b'", "expected one of a, ax, ay, x, y"});
    expectTextError("box A\njoint J hinge a=A ax=1\n", "hinge", {"expected b=BODY for hinge 'J'"});
    expectTextError("box A\nbox B x=2\njoint J hinge a=A b=B x=1\n", "x=1",
                    {"a hinge has no key 'x'"});
  }
  SUBCASE("a world point and a point of body b") {
    expectTextError("box A\nbox B x=2\njoint R rod a=A b=B y=1 length=1\n", "y=1",
                    {"'y=' is a world point", "rod 'R' joins two bodies", "expected bx= and by="});
    expectTextError("box A\njoint R rod a=A by=1 length=1\n", "by=1",
                    {"'by=' is a point of body b", "has no b=", "expected x= and y="});
  }
  SUBCASE("duplicate names") {
    expectTextError("box A\njoint J pin a=A\njoint J pin a=A x=1\n", "J pin",
                    {"a joint named 'J' already exists"}, 2);
    expectTextError("box A\nspring S a=A\nspring S a=A\n", "S a",
                    {"a spring named 'S' already exists"}, 2);
    // Joints and springs have names of their own: a joint and a spring may share one.
    CHECK(parsed("box A\njoint X pin a=A\nspring X a=A\n").springs.size() == 1);
  }
  SUBCASE("bad numbers, names and keys") {
    expectTextError("box A\njoint J pin a=A ax=abc\n", "abc",
                    {"expected a number after 'ax=', found 'abc'"});
    expectTextError("box A\njoint R rod a=A length=nan\n", "nan",
                    {"expected a finite number after 'length='"});
    expectTextError("box A\nspring S a=A k=1e999\n", "1e999", {"a double can hold", "'k='"});
    expectTextError("box A\nspring S a=A k=-1\n", "-1", {"spring 'S': spring stiffness"});
    expectTextError("box A\nspring S a=A x=2e7\n", "2e7", {"spring 'S': spring anchor"});
    expectTextError("box A\njoint J pin a=A q=1\n", "q=1", {"unknown key 'q'"});
    expectTextError("box A\njoint J pin a=A ax=1 ax=2\n", "ax=2", {"'ax' is given twice"});
    expectTextError("box A\njoint J pin a=A fixed\n", "fixed", {"expected key=value"});
    expectTextError("box A\njoint J pin a=A!\n", "A!", {"expected a body name after 'a='"});
    expectTextError("box A\njoint J! pin a=A\n", "J!", {"expected a joint name"});
  }
  SUBCASE("a missing or unknown kind, a missing body a") {
    expectTextError("box A\nbox B\njoint R weld a=A b=B\n", "weld",
                    {"unknown joint kind 'weld'", "expected pin, hinge, rod or rope"});
    expectTextError("box A\njoint J\n", "\n", {"expected a joint kind"}, 2);
    expectTextError("box A\njoint J pin x=1\n", "J pin", {"expected a=BODY for pin 'J'"});
    expectTextError("box A\nspring S x=1\n", "S x", {"expected a=BODY for spring 'S'"});
  }
  SUBCASE("a joint that holds only fixed things") {
    expectTextError("box A fixed\njoint J pin a=A\n", "A\n",
                    {"joint 'J': holds fixed body 'A' to the world", "a body that moves"});
    expectTextError("box A fixed\nbox B fixed\njoint J hinge a=A b=B\n", "A b",
                    {"holds fixed body 'A' to fixed body 'B'"});
  }
}

TEST_CASE("share strings: joint and spring errors name the character") {
  expectShareError("cl1~bA~jJ,pin,aghost", "ghost", {"joint 'J': unknown body 'ghost'"});
  expectShareError("cl1~bA~jJ,hinge,aA,bB~bB,x2", "B~", {"body 'B' is defined after it"});
  expectShareError("cl1~bA~jJ,hinge,aA,bA", "A", {"joins body 'A' to itself"}, 3);
  expectShareError("cl1~bA~jR,rod,aA,l-1", "-1", {"a rod's length must be a finite number > 0"});
  expectShareError("cl1~bA~jR,rod,aA,x2e154,l2", "R,rod",
                   {"joint 'R': anchors must have |x| and |y| at most 1e7 m"});
  expectShareError("cl1~bA~jR,rod,aA", "rod", {"expected l (length, m, > 0) for rod 'R'"});
  expectShareError("cl1~bA~bB,x2~jJ,pin,aA,bB", "bB", {"expected a key letter of a pin"}, 2);
  expectShareError("cl1~bA~jJ,hinge,aA", "hinge", {"expected b (the second body) for hinge"});
  expectShareError("cl1~bA~bB,x2~jR,rod,aA,bB,x1,l1", "x1", {"'x' is a world point"});
  expectShareError("cl1~bA~jJ,pin,aA~jJ,pin,aA", "J", {"a joint named 'J' already exists"}, 2);
  expectShareError("cl1~bA~jJ,pin,aA,p1.2.3", "1.2.3", {"expected a number after 'p'"});
  expectShareError("cl1~bA~jR,weld,aA", "weld", {"unknown joint kind 'weld'"});
  Result<Scene> kindless = decodeShare("cl1~bA~jJ");
  REQUIRE_FALSE(kindless.ok());
  CHECK(kindless.error().message.starts_with(
      "share string, character 10: expected ',' and a joint kind"));
  expectShareError("cl1~bA~sS,aA,k-1", "-1", {"spring 'S': spring stiffness"});
  expectShareError("cl1~bA~sS,k1", "S", {"expected a (the body it pulls) for spring 'S'"});
  expectShareError("cl1~bA~J", "J", {"expected a body", "or a joint (j) or a spring (s)"});
}

TEST_CASE("an error in a built scene names the joint or spring") {
  Scene scene = parsed("box A\nbox B x=2\n");
  scene.joints.push_back({"J", JointKind::Hinge, "A", "ghost", {0, 0}, {0, 0}, 0});
  Result<World> world = buildWorld(scene);
  REQUIRE_FALSE(world.ok());
  CHECK(world.error().message.find("joint 'J'") != std::string::npos);
  scene.joints.clear();
  scene.springs.push_back({"S", "A", {0, 0}, {0, 0}, -1, 0, 0});
  world = buildWorld(scene);
  REQUIRE_FALSE(world.ok());
  CHECK(world.error().message.find("spring 'S'") != std::string::npos);
}

TEST_CASE("bodies a joint joins may overlap at the start without a warning") {
  const std::string planks = "box P w=1 h=0.2\nbox Q w=1 h=0.2 x=0.9\n";
  Result<LoadedScene> loose = parseScene(planks, "test.scene");
  REQUIRE(loose.ok());
  CHECK(loose.value().warnings.size() == 1);
  Result<LoadedScene> hinged =
      parseScene(planks + "joint J hinge a=P b=Q ax=0.45 bx=-0.45\n", "test.scene");
  REQUIRE(hinged.ok());
  CHECK(hinged.value().warnings.empty());
}

TEST_CASE("a scene's joint swings with the pendulum's period") {
  // From rest at 0.1 rad: the exact period 4 sqrt(I_pivot / (m g d)) K(sin(theta0 / 2)), to 0.1 %,
  // at two time steps. A rod held at the bob's centre is a simple pendulum (I_pivot = m L^2, d =
  // L); a bar held at its end by a pin or by a hinge to a fixed body is a physical pendulum
  // (I_pivot = m (w^2 + h^2) / 12 + m d^2, d = w / 2).
  const double g = 9.81, theta = 0.1, length = 1, w = 1, h = 0.1, d = w / 2;
  const double simple = pendulumPeriod(length * length, g, length, theta);
  const double physical = pendulumPeriod((w * w + h * h) / 12 + d * d, g, d, theta);
  const std::string bob = "disc bob r=0.05 x=" + formatNumber(length * std::sin(theta)) +
                          " y=" + formatNumber(-length * std::cos(theta)) + "\n";
  const std::string bar = "box bob w=1 h=0.1 x=" + formatNumber(d * std::sin(theta)) +
                          " y=" + formatNumber(-d * std::cos(theta)) +
                          " angle=" + formatNumber(theta - std::numbers::pi / 2) + "\n";
  struct Case {
    std::string name, text;
    double period;
  };
  const Case cases[] = {{"rod to a world point", bob + "joint R rod a=bob length=1\n", simple},
                        {"pin", bar + "joint P pin a=bob ax=-0.5\n", physical},
                        {"hinge to a fixed body",
                         "box ceiling w=0.2 h=0.2 y=0.5 fixed\n" + bar +
                             "joint H hinge a=bob b=ceiling ax=-0.5 by=-0.5\n",
                         physical}};
  for (const Case& c : cases) {
    for (const std::string dt : {"0.01", "0.002"}) {
      CAPTURE(c.name);
      CAPTURE(dt);
      World world = built(parsed("gravity 9.81\nintegrator rk4\ndt " + dt + "\n" + c.text));
      const double period = measuredPeriod(world, "bob", 3.5 * c.period);
      CHECK(period == doctest::Approx(c.period).epsilon(1e-3));
    }
  }
}

TEST_CASE("a captured world with joints and springs continues bit-identically") {
  SUBCASE("captureScene of a built world gives its scene back") {
    CHECK(sceneDifference(captureScene(built(linkedScene())), linkedScene()) == "");
  }
  SUBCASE("through scene text and through a share string") {
    World original = built(linkedScene());
    for (int i = 0; i < 40; ++i) REQUIRE(original.step().ok());
    original.forgetWarmStart();
    const Scene captured = captureScene(original);
    CHECK(captured.joints.size() == 4);
    CHECK(captured.springs.size() == 1);
    World fromText = built(parsed(writeScene(captured)));
    Result<Scene> shared = decodeShare(encodeShare(captured));
    REQUIRE(shared.ok());
    World fromShare = built(shared.value());
    REQUIRE(sameStates(statesOf(fromText), statesOf(original)));
    for (int i = 0; i < 60; ++i) {
      REQUIRE(original.step().ok());
      REQUIRE(fromText.step().ok());
      REQUIRE(fromShare.step().ok());
    }
    CHECK(sameStates(statesOf(fromText), statesOf(original)));
    CHECK(sameStates(statesOf(fromShare), statesOf(original)));
  }
  SUBCASE("springs the world holds without names are captured as spring1, spring2, ...") {
    World world = built(parsed("box A\nbox B x=2\n"));
    for (BodyId id : world.bodies()) {
      SpringDef def;
      def.body = id;
      def.anchor = {0, 3};
      REQUIRE(world.addSpring(def).ok());
    }
    const Scene captured = captureScene(world);
    REQUIRE(captured.springs.size() == 2);
    CHECK(captured.springs[0].name == "spring1");
    CHECK(captured.springs[1].name == "spring2");
    CHECK(captured.springs[1].body == "B");
  }
}
