// Joints under ContactSim, checked against closed-form mechanics: the periods of a simple and of a
// physical pendulum (small amplitude, and 60 and 120 degrees through the complete elliptic
// integral), a rod's tension, a double pendulum's energy and drift, and a hanging hinge chain's
// forces; and the API's checks.
#include <doctest/doctest.h>

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "contactlab/world.h"
#include "joint_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

TEST_CASE("a disc on a rod swings with the period 2 pi sqrt(L / g) and its small-angle limit") {
  for (double degrees : {1.0, 60.0, 120.0}) {
    CAPTURE(degrees);
    World world = emptyWorld();
    const double length = 1, theta0 = degrees * kPi / 180, g = world.settings().gravity;
    const BodyId bob =
        addDisc(world, "bob", 0.05, 1, {length * std::sin(theta0), -length * std::cos(theta0)});
    // The rod holds the disc's centre: its spin is free, so it swings as a point mass.
    addJoint(world, {"rod", JointKind::Rod, bob, BodyId{}, {0, 0}, {0, 0}, length});
    const double exact = 4 * std::sqrt(length / g) * ellipticK(std::sin(theta0 / 2));
    CHECK(measuredPeriod(world, bob, 2) == doctest::Approx(exact).epsilon(1e-3));
    CHECK(world.validate().ok());
  }
}

TEST_CASE("a disc pinned off its centre is a physical pendulum: T = 4 sqrt(I_p / (m g d)) K") {
  for (double degrees : {1.0, 60.0, 120.0}) {
    CAPTURE(degrees);
    World world = emptyWorld();
    const double d = 0.8, radius = 0.3, m = 2, theta0 = degrees * kPi / 180;
    const double g = world.settings().gravity;
    const BodyId disc =
        addDisc(world, "disc", radius, m, {d * std::sin(theta0), -d * std::cos(theta0)});
    // The pivot is the point of the disc at d from its centre, towards the origin.
    BodyDef tilted = world.body(disc)->def;
    BodyState start = world.body(disc)->state;
    start.angle = theta0;
    REQUIRE(world.setBodyState(disc, start).ok());
    addJoint(world, {"pin", JointKind::Pin, disc, BodyId{}, {0, d}, {0, 0}});
    const double inertiaAtPivot = m * radius * radius / 2 + m * d * d;
    const double exact =
        4 * std::sqrt(inertiaAtPivot / (m * g * d)) * ellipticK(std::sin(theta0 / 2));
    CHECK(measuredPeriod(world, disc, 2) == doctest::Approx(exact).epsilon(1e-3));
    if (degrees == 1.0)
      CHECK(exact ==
            doctest::Approx(2 * kPi * std::sqrt(inertiaAtPivot / (m * g * d))).epsilon(1e-4));
  }
}

TEST_CASE("a rod's tension is m g cos(theta) + m v^2 / L at every instant of the swing") {
  World world = emptyWorld();
  const double length = 1.5, m = 3, theta0 = kPi / 3, g = world.settings().gravity;
  const BodyId bob =
      addDisc(world, "bob", 0.05, m, {length * std::sin(theta0), -length * std::cos(theta0)});
  addJoint(world, {"rod", JointKind::Rod, bob, BodyId{}, {0, 0}, {0, 0}, length});
  double largest = 0;
  for (int step = 0; step < 1500; ++step) {
    REQUIRE(world.step().ok());
    if (step % 50 != 0) continue;
    const BodyState s = world.body(bob)->state;
    const double cosTheta = -s.position.y / glm::length(s.position);
    const double v2 = glm::dot(s.velocity, s.velocity);
    const std::vector<JointReport> joints = world.joints();
    REQUIRE(joints.size() == 1);
    const double expected = m * g * cosTheta + m * v2 / length;
    CHECK(joints[0].tension == doctest::Approx(expected).epsilon(1e-3));
    // The force on the bob pulls it towards the pivot.
    CHECK(glm::dot(joints[0].force, s.position) < 0);
    largest = std::max(largest, joints[0].tension);
  }
  // At the bottom: m g + m v^2 / L with v^2 = 2 g L (1 - cos theta0), here 2 m g.
  CHECK(largest == doctest::Approx(m * g * (3 - 2 * std::cos(theta0))).epsilon(2e-3));
}

TEST_CASE("a double pendulum keeps its energy to 1e-5 and its joints within 1e-6 m over 10 s") {
  World world = emptyWorld();
  const double l1 = 1, l2 = 0.7;
  const BodyId upper = addBox(world, "upper", l1, 0.05, 1, {l1 / 2, 0});
  const BodyId lower = addBox(world, "lower", l2, 0.05, 0.5, {l1 + l2 / 2, 0});
  addJoint(world, {"top", JointKind::Pin, upper, BodyId{}, {-l1 / 2, 0}, {0, 0}});
  addJoint(world, {"elbow", JointKind::Hinge, lower, upper, {-l2 / 2, 0}, {l1 / 2, 0}});
  const double start = world.energy().total;
  const double scale = 1.5 * world.settings().gravity * (l1 + l2);  // m g h of the whole swing
  double worstEnergy = 0, worstDrift = 0;
  for (int step = 0; step < 10000; ++step) {
    REQUIRE(world.step().ok());
    worstEnergy = std::max(worstEnergy, std::abs(world.energy().total - start));
    for (const JointReport& j : world.joints())
      if (step % 100 == 0) worstDrift = std::max(worstDrift, glm::length(j.pointA - j.pointB));
  }
  CHECK(worstEnergy <= 1e-5 * scale);
  CHECK(worstDrift <= 1e-6);
}

TEST_CASE("a hanging hinge chain: the pin carries the whole weight, each hinge the weight below") {
  World world = emptyWorld(0.01);
  const int links = 5;
  const double length = 1, g = world.settings().gravity;
  std::vector<double> masses;
  for (int i = 0; i < links; ++i)
    masses.push_back(1 + i);  // different masses, so that each hinge's load is its own
  const std::vector<BodyId> chain = hangingChain(world, 0.1, length, masses);
  for (int step = 0; step < 100; ++step) REQUIRE(world.step().ok());
  const std::vector<JointReport> joints = world.joints();
  REQUIRE(joints.size() == static_cast<std::size_t>(links));
  for (int i = 0; i < links; ++i) {
    double below = 0;
    for (int k = i; k < links; ++k) below += masses[k] * g;
    CAPTURE(i);
    // The force on body A (link i) holds up link i and everything below it.
    CHECK(joints[i].force.y == doctest::Approx(below).epsilon(1e-9));
    CHECK(std::abs(joints[i].force.x) <= 1e-9 * below);
  }
  for (BodyId id : chain) CHECK(glm::length(world.body(id)->state.velocity) <= 1e-9);
}

TEST_CASE("joints are checked whole and go with their bodies, under either solver") {
  World world = emptyWorld();
  const BodyId a = addDisc(world, "a", 0.1, 1, {0, 0});
  const BodyId b = addDisc(world, "b", 0.1, 1, {1, 0});
  CHECK_FALSE(world.addJoint({"", JointKind::Pin, a, BodyId{}, {0, 0}, {0, 1}}).ok());
  CHECK_FALSE(world.addJoint({"h", JointKind::Hinge, a, BodyId{}, {0, 0}, {0, 0}}).ok());
  CHECK_FALSE(world.addJoint({"h", JointKind::Hinge, a, a, {0, 0}, {0, 0}}).ok());
  CHECK_FALSE(world.addJoint({"p", JointKind::Pin, a, b, {0, 0}, {0, 0}}).ok());
  CHECK_FALSE(world.addJoint({"r", JointKind::Rod, a, b, {0, 0}, {0, 0}, 0}).ok());
  CHECK_FALSE(world.addJoint({"r", JointKind::Rod, a, b, {0, 0}, {0, 0}, NAN}).ok());
  CHECK_FALSE(world.addJoint({"p", JointKind::Pin, a, BodyId{}, {NAN, 0}, {0, 0}}).ok());
  // Points and lengths within a spring's reach (limits.h), 1e7 m: a rod anchored 2e154 m away
  // left NaN in the reported forces.
  const Result<JointId> far =
      world.addJoint({"r", JointKind::Rod, a, BodyId{}, {0, 0}, {2e154, 0}, 2});
  REQUIRE_FALSE(far.ok());
  CHECK(far.error().message.find("anchors must have |x| and |y| at most 1e7 m") !=
        std::string::npos);
  CHECK_FALSE(world.addJoint({"p", JointKind::Pin, a, BodyId{}, {0, -2e7}, {0, 0}}).ok());
  CHECK_FALSE(world.addJoint({"r", JointKind::Rod, a, b, {0, 0}, {0, 0}, 2e7}).ok());
  CHECK(world.joints().empty());
  CHECK(world.addJoint({"r", JointKind::Rod, a, b, {0, 0}, {0, 0}, 1}).ok());
  CHECK_FALSE(world.addJoint({"r", JointKind::Rod, a, b, {0, 0}, {0, 0}, 1}).ok());  // its name
  CHECK(world.joints().size() == 1);
  REQUIRE(world.removeBody(b).ok());
  CHECK(world.joints().empty());
  CHECK(world.validate().ok());

  const BodyId c = addDisc(world, "c", 0.1, 1, {0, -1});
  const JointId pin = addJoint(world, {"p", JointKind::Pin, c, BodyId{}, {0, 1}, {0, 0}});
  CHECK(world.joints().at(0).force.y > 0);  // ContactSim: the pin holds the disc up
  WorldSettings settings = world.settings();
  settings.solver = SolverKind::Timestep;
  REQUIRE(world.setSettings(settings).ok());
  // Time stepping holds it too, with the force of its own solve (test_timestep_joints).
  CHECK(world.joints().at(0).force.y > 0);
  REQUIRE(world.step().ok());
  CHECK(world.joints().at(0).force.y > 0);
  CHECK(world.removeJoint(pin).ok());
  CHECK_FALSE(world.removeJoint(pin).ok());
  CHECK(world.step().ok());
}

TEST_CASE(
    "a disc hitting a pinned rod with e = 1 keeps the angular momentum about the pin and "
    "the kinetic energy") {
  WorldSettings settings;
  settings.gravity = 0;
  settings.elasticity = 1;
  settings.dt = 0.001;
  Result<World> made = World::create(settings);
  REQUIRE(made.ok());
  World& world = made.value();
  const BodyId rod = addBox(world, "rod", 0.1, 2, 1, {0, -1});
  addJoint(world, {"pin", JointKind::Pin, rod, BodyId{}, {0, 1}, {0, 0}});
  BodyDef ball;
  ball.name = "ball";
  ball.shape = ShapeKind::Disc;
  ball.radius = 0.1;
  ball.mass = 0.5;
  ball.state.position = {-0.4, -1.5};
  ball.state.velocity = {2, 0};
  const BodyId disc = world.addBody(ball).value();
  auto angularMomentum = [&] {  // about the pin at the origin
    double total = 0;
    for (BodyId id : {rod, disc}) {
      const BodyView b = *world.body(id);
      total += b.mass * cross(b.state.position, b.state.velocity) + b.inertia * b.state.omega;
    }
    return total;
  };
  const double l0 = angularMomentum(), e0 = world.energy().kinetic;
  for (int step = 0; step < 400; ++step) REQUIRE(world.step().ok());
  CHECK(world.statistics().collisions >= 1);
  CHECK(world.body(rod)->state.omega > 0.1);  // the rod was set turning
  CHECK(angularMomentum() == doctest::Approx(l0).epsilon(1e-6));
  CHECK(world.energy().kinetic == doctest::Approx(e0).epsilon(1e-6));
}

TEST_CASE("Newton's cradle on rods: one ball in, one ball out, serially; not simultaneously") {
  for (CollisionHandling handling : {CollisionHandling::Serial, CollisionHandling::Simultaneous}) {
    const bool serial = handling == CollisionHandling::Serial;
    CAPTURE(serial);
    WorldSettings settings;
    settings.elasticity = 1;
    settings.dt = 0.001;
    settings.collisions = handling;
    Result<World> made = World::create(settings);
    REQUIRE(made.ok());
    World& world = made.value();
    const double radius = 0.1, spacing = 2 * radius + 0.005, length = 1, speed = 1;
    std::vector<BodyId> balls;
    for (int i = 0; i < 5; ++i) {
      BodyDef def;
      def.name = "ball" + std::to_string(i);
      def.shape = ShapeKind::Disc;
      def.radius = radius;
      def.mass = 1;
      def.state.position = {i * spacing, -length};
      if (i == 0) def.state.velocity = {speed, 0};
      balls.push_back(world.addBody(def).value());
      addJoint(world, {"rod" + std::to_string(i),
                       JointKind::Rod,
                       balls.back(),
                       BodyId{},
                       {0, 0},
                       {i * spacing, 0},
                       length});
    }
    // The striker starts at the row, so the whole exchange happens in the first steps.
    for (int step = 0; step < 20; ++step) REQUIRE(world.step().ok());
    // The rods hang vertically: the impulses through them are vertical, and the row's horizontal
    // momentum is the striker's either way.
    double momentum = 0;
    for (BodyId ball : balls) momentum += world.body(ball)->state.velocity.x;
    CHECK(momentum == doctest::Approx(speed).epsilon(0.01));
    const double last = world.body(balls[4])->state.velocity.x;
    if (serial) {
      for (int i = 0; i < 4; ++i) {
        CAPTURE(i);
        CHECK(std::abs(world.body(balls[i])->state.velocity.x) <= 0.01 * speed);
      }
      CHECK(last == doctest::Approx(speed).epsilon(0.01));
    } else {
      // One simultaneous impulse problem spreads the momentum over the row (the contrast with the
      // serial resolution that the free cradle shows too).
      CHECK(last < 0.9 * speed);
    }
  }
}

TEST_CASE("bodies linked by joints are one group; separate pendulums are separate problems") {
  World world = emptyWorld();
  const int pendulums = 6;
  for (int i = 0; i < pendulums; ++i) {
    const std::string name = "bob" + std::to_string(i);
    const BodyId bob = addDisc(world, name.c_str(), 0.05, 1, {2.0 * i + 0.5, -1});
    addJoint(world, {"rod" + std::to_string(i),
                     JointKind::Rod,
                     bob,
                     BodyId{},
                     {0, 0},
                     {2.0 * i, 0},
                     std::hypot(0.5, 1)});
  }
  REQUIRE(world.step().ok());
  CHECK(world.lastStep().contact.largestGroup == 1);  // one rod row each

  // Two links hinged to each other and pinned to the world: 2 + 2 rows, one problem.
  const BodyId upper = addBox(world, "upper", 0.1, 1, 1, {-3, -0.5});
  const BodyId lower = addBox(world, "lower", 0.1, 1, 1, {-3, -1.5});
  addJoint(world, {"top", JointKind::Pin, upper, BodyId{}, {0, 0.5}, {-3, 0}});
  addJoint(world, {"elbow", JointKind::Hinge, lower, upper, {0, 0.5}, {0, -0.5}});
  REQUIRE(world.step().ok());
  CHECK(world.lastStep().contact.largestGroup == 4);
}

TEST_CASE("a balanced seesaw: contacts and a pin in one LCP, the pin carries everything") {
  World world = emptyWorld(0.005);
  const double g = world.settings().gravity, gap = world.settings().distanceTol / 2;
  const double plankMass = 2, blockMass = 1.5;
  const BodyId plank = addBox(world, "plank", 4, 0.2, plankMass, {0, 1});
  const BodyId left = addBox(world, "left", 0.5, 0.5, blockMass, {-1.5, 1.35 + gap});
  const BodyId right = addBox(world, "right", 0.5, 0.5, blockMass, {1.5, 1.35 + gap});
  addJoint(world, {"pivot", JointKind::Pin, plank, BodyId{}, {0, 0}, {0, 1}});
  for (int step = 0; step < 200; ++step) REQUIRE(world.step().ok());
  CHECK(std::abs(world.body(plank)->state.angle) <= 1e-9);
  const std::vector<JointReport> joints = world.joints();
  REQUIRE(joints.size() == 1);
  CHECK(joints[0].force.y == doctest::Approx((plankMass + 2 * blockMass) * g).epsilon(1e-9));
  double onLeft = 0, onRight = 0;
  for (const ContactReport& c : world.contacts()) {
    if (c.body1 == left || c.body2 == left) onLeft += c.force;
    if (c.body1 == right || c.body2 == right) onRight += c.force;
  }
  CHECK(onLeft == doctest::Approx(blockMass * g).epsilon(1e-9));
  CHECK(onRight == doctest::Approx(blockMass * g).epsilon(1e-9));
  CHECK(world.statistics().contact.worstResidual <= 1e-9 * blockMass * g);
  CHECK(world.statistics().contact.lcpIterationLimits == 0);
}

TEST_CASE(
    "a joint's name is free again once its joint or a body it holds is gone; copies keep it") {
  World world = emptyWorld();
  const BodyId a = addDisc(world, "a", 0.1, 1, {0, 0});
  const BodyId b = addDisc(world, "b", 0.1, 1, {1, 0});
  const BodyId c = addDisc(world, "c", 0.1, 1, {2, 0});
  const JointId r = addJoint(world, {"r", JointKind::Rod, a, b, {0, 0}, {0, 0}, 1});
  addJoint(world, {"s", JointKind::Rod, b, c, {0, 0}, {0, 0}, 1});
  World copy = world;
  CHECK_FALSE(copy.addJoint({"r", JointKind::Rod, a, c, {0, 0}, {0, 0}, 2}).ok());
  REQUIRE(world.removeJoint(r).ok());
  CHECK(world.addJoint({"r", JointKind::Rod, a, c, {0, 0}, {0, 0}, 2}).ok());
  CHECK_FALSE(copy.addJoint({"r", JointKind::Rod, a, c, {0, 0}, {0, 0}, 2}).ok());
  CHECK_FALSE(world.addJoint({"s", JointKind::Rod, a, b, {0, 0}, {0, 0}, 1}).ok());
  REQUIRE(world.removeBody(c).ok());  // it takes "s" and the new "r" with it
  CHECK(world.joints().empty());
  CHECK(world.addJoint({"s", JointKind::Rod, a, b, {0, 0}, {0, 0}, 1}).ok());
  CHECK(world.addJoint({"r", JointKind::Rod, a, b, {0, 0}, {0, 0}, 1}).ok());
  CHECK(world.validate().ok());
  CHECK(copy.joints().size() == 2);
  CHECK(copy.validate().ok());
}

TEST_CASE("bodies a joint joins never touch, whatever order their joints were added in") {
  // Four boxes in a row, each touching the next side to side; C-D hinged at their shared side
  // first, then A-B (whose pair sorts first): neither hinged pair touches, the unhinged B-C does.
  World world = emptyWorld();
  const BodyId a = addBox(world, "a", 1, 1, 1, {0, 0});
  const BodyId b = addBox(world, "b", 1, 1, 1, {1, 0});
  const BodyId c = addBox(world, "c", 1, 1, 1, {2, 0});
  const BodyId d = addBox(world, "d", 1, 1, 1, {3, 0});
  addJoint(world, {"cd", JointKind::Hinge, c, d, {0.5, 0}, {-0.5, 0}});
  addJoint(world, {"ab", JointKind::Hinge, a, b, {0.5, 0}, {-0.5, 0}});
  auto touching = [&](BodyId x, BodyId y) {
    for (const ContactReport& contact : world.contacts())
      if ((contact.body1 == x && contact.body2 == y) || (contact.body1 == y && contact.body2 == x))
        return true;
    return false;
  };
  CHECK_FALSE(touching(a, b));
  CHECK_FALSE(touching(c, d));
  CHECK(touching(b, c));
  CHECK(world.validate().ok());
}
