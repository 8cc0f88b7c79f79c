// Joints under the time-stepping solvers (the QP solved by APGD, MPRGP and PGS, and the substeps),
// at dt 1/60, checked against closed-form mechanics: a pendulum's period (small amplitude and 60
// degrees) and its energy, a hanging chain at rest carried by its top pin, a rope's tension and a
// slack rope's absence of force, and a seesaw on a hinge whose equal loads keep it level.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "contactlab/world.h"
#include "joint_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

struct Scheme {
  const char* name;
  TimestepScheme scheme;
  QpSolverKind method = QpSolverKind::Apgd;  // the QP's
};
constexpr Scheme kSchemes[] = {{"QP (APGD)", TimestepScheme::Qp, QpSolverKind::Apgd},
                               {"QP (MPRGP)", TimestepScheme::Qp, QpSolverKind::Mprgp},
                               {"QP (PGS)", TimestepScheme::Qp, QpSolverKind::Pgs},
                               {"substeps", TimestepScheme::Substeps}};

World timestepWorld(const Scheme& scheme, double dt = 1.0 / 60) {
  WorldSettings settings;
  settings.solver = SolverKind::Timestep;
  settings.timestepScheme = scheme.scheme;
  settings.qpMethod = scheme.method;
  settings.dt = dt;
  Result<World> world = World::create(settings);
  REQUIRE(world.ok());
  return std::move(world.value());
}

BodyId addFixedBox(World& world, const char* name, double width, double height, Vec2 at) {
  BodyDef def;
  def.name = name;
  def.width = width;
  def.height = height;
  def.fixed = true;
  def.state.position = at;
  Result<BodyId> id = world.addBody(def);
  REQUIRE(id.ok());
  return id.value();
}

double largestSpeed(const World& world) {
  double largest = 0;
  for (const BodyId id : world.bodies()) {
    const BodyView b = *world.body(id);
    largest = std::max(largest, glm::length(b.state.velocity));
  }
  return largest;
}

}  // namespace

TEST_CASE("a pendulum on a rod or a pin swings with the exact period at dt 1/60 (1 %)") {
  for (const Scheme& scheme : kSchemes) {
    for (const bool pinned : {false, true}) {
      for (const double degrees : {2.0, 60.0}) {
        CAPTURE(std::string(scheme.name));
        CAPTURE(pinned);
        CAPTURE(degrees);
        World world = timestepWorld(scheme);
        const double d = 0.8, radius = pinned ? 0.3 : 0.05, m = 2, theta0 = degrees * kPi / 180;
        const double g = world.settings().gravity;
        const BodyId disc =
            addDisc(world, "disc", radius, m, {d * std::sin(theta0), -d * std::cos(theta0)});
        double inertiaAtPivot = m * d * d;
        if (pinned) {
          // A physical pendulum: the disc turns with its pin at d from its centre.
          BodyState start = world.body(disc)->state;
          start.angle = theta0;
          REQUIRE(world.setBodyState(disc, start).ok());
          addJoint(world, {"pin", JointKind::Pin, disc, BodyId{}, {0, d}, {0, 0}});
          inertiaAtPivot += m * radius * radius / 2;
        } else {
          // A rod to the disc's centre leaves its spin free: it swings as a point mass.
          addJoint(world, {"rod", JointKind::Rod, disc, BodyId{}, {0, 0}, {0, 0}, d});
        }
        const double scale = std::sqrt(inertiaAtPivot / (m * g * d));
        const double exact = 4 * scale * ellipticK(std::sin(theta0 / 2));
        if (degrees < 5) CHECK(exact == doctest::Approx(2 * kPi * scale).epsilon(1e-3));
        CHECK(measuredPeriod(world, disc, 3) == doctest::Approx(exact).epsilon(1e-2));
        CHECK(world.validate().ok());
      }
    }
  }
}

TEST_CASE("a 60-degree pendulum's energy does not drift: the same in its 10th swing as its 1st") {
  for (const Scheme& scheme : kSchemes) {
    CAPTURE(std::string(scheme.name));
    World world = timestepWorld(scheme);
    const double length = 1, m = 1, theta0 = kPi / 3;
    const BodyId bob =
        addDisc(world, "bob", 0.05, m, {length * std::sin(theta0), -length * std::cos(theta0)});
    addJoint(world, {"rod", JointKind::Rod, bob, BodyId{}, {0, 0}, {0, 0}, length});
    const double g = world.settings().gravity;
    const double swing = m * g * length * (1 - std::cos(theta0));  // the energy of the swing
    const double bottom = -m * g * length;
    const double period = 4 * std::sqrt(length / g) * ellipticK(std::sin(theta0 / 2));
    const int perSwing = static_cast<int>(std::lround(period / world.settings().dt));
    // Semi-implicit Euler's energy oscillates within a swing by O(dt); averaged over a swing it
    // must neither grow nor decay.
    auto meanOverSwing = [&] {
      double sum = 0;
      for (int step = 0; step < perSwing; ++step) {
        REQUIRE(world.step().ok());
        sum += world.energy().total - bottom;
      }
      return sum / perSwing;
    };
    const double first = meanOverSwing();
    for (int k = 1; k < 9; ++k) meanOverSwing();
    const double tenth = meanOverSwing();
    CHECK(first == doctest::Approx(swing).epsilon(0.02));
    CHECK(tenth == doctest::Approx(first).epsilon(0.005));
    const BodyState s = world.body(bob)->state;
    CHECK(glm::length(s.position) == doctest::Approx(length).epsilon(1e-6));
  }
}

TEST_CASE("a hanging chain of 10 links stays at rest, its top pin carrying the whole weight") {
  for (const Scheme& scheme : kSchemes) {
    CAPTURE(std::string(scheme.name));
    World world = timestepWorld(scheme);
    const int links = 10;
    const double length = 0.5, m = 0.3, g = world.settings().gravity;
    const std::vector<BodyId> chain =
        hangingChain(world, 0.05, length, std::vector<double>(links, m));
    for (int step = 0; step < 300; ++step) REQUIRE(world.step().ok());
    CHECK(largestSpeed(world) < 1e-3);
    const std::vector<JointReport> joints = world.joints();
    REQUIRE(joints.size() == static_cast<size_t>(links));
    CHECK(joints[0].force.y == doctest::Approx(links * m * g).epsilon(1e-2));
    CHECK(std::abs(joints[0].force.x) < 1e-2 * links * m * g);
    // The last hinge carries the last link.
    CHECK(joints.back().force.y == doctest::Approx(m * g).epsilon(1e-2));
    for (int i = 0; i < links; ++i) CHECK(std::abs(world.body(chain[i])->state.position.x) < 1e-3);
  }
}

TEST_CASE("a rope holds a hanging mass with tension m g; a slack rope pulls on nothing") {
  for (const Scheme& scheme : kSchemes) {
    CAPTURE(std::string(scheme.name));
    World world = timestepWorld(scheme);
    const double m = 3, g = world.settings().gravity, length = 1.2;
    const BodyId hanging = addDisc(world, "hanging", 0.1, m, {0, -length});
    addJoint(world, {"rope", JointKind::Rope, hanging, BodyId{}, {0, 0}, {0, 0}, length});
    // The second mass rests on a floor, its rope 0.5 m longer than the way to its ceiling point.
    addFixedBox(world, "floor", 4, 1, {3, -3.5});
    const BodyId resting = addDisc(world, "resting", 0.2, m, {3, -2.8});
    addJoint(world, {"slack", JointKind::Rope, resting, BodyId{}, {0, 0}, {3, 0}, 3.3});
    for (int step = 0; step < 180; ++step) REQUIRE(world.step().ok());
    const std::vector<JointReport> joints = world.joints();
    REQUIRE(joints.size() == 2);
    CHECK(joints[0].tension == doctest::Approx(m * g).epsilon(1e-2));
    CHECK(joints[0].force.y == doctest::Approx(m * g).epsilon(1e-2));
    CHECK(joints[1].tension == 0);
    CHECK(joints[1].force == Vec2{0, 0});
    CHECK(world.body(hanging)->state.position.y == doctest::Approx(-length).epsilon(1e-3));
    CHECK(largestSpeed(world) < 1e-3);
  }
}

TEST_CASE("a seesaw on a hinge with equal loads at equal distances stays level, carried by it") {
  for (const Scheme& scheme : kSchemes) {
    CAPTURE(std::string(scheme.name));
    World world = timestepWorld(scheme);
    const double g = world.settings().gravity, plankMass = 2, load = 1.5;
    // The hinge is 0.25 m above the plank's centre, above the centre of mass of the plank and
    // its loads (0.12 m): level is a stable balance, as on a beam balance (with the pivot below
    // the centre of mass it would be an inverted pendulum, kept level only by symmetry).
    const BodyId fulcrum = addFixedBox(world, "fulcrum", 0.4, 1, {0, 0});
    const BodyId plank = addBox(world, "plank", 4, 0.1, plankMass, {0, 0.55});
    addJoint(world, {"hinge", JointKind::Hinge, plank, fulcrum, {0, 0.25}, {0, 0.8}});
    const BodyId left = addBox(world, "left", 0.3, 0.3, load, {-1.5, 0.75});
    const BodyId right = addBox(world, "right", 0.3, 0.3, load, {1.5, 0.75});
    for (int step = 0; step < 300; ++step) REQUIRE(world.step().ok());
    CHECK(std::abs(world.body(plank)->state.angle) < 1e-3);
    CHECK(largestSpeed(world) < 1e-3);
    for (const BodyId box : {left, right})
      CHECK(std::abs(std::abs(world.body(box)->state.position.x) - 1.5) < 1e-3);
    // The hinge carries the plank and both loads.
    const std::vector<JointReport> joints = world.joints();
    REQUIRE(joints.size() == 1);
    CHECK(joints[0].force.y == doctest::Approx((plankMass + 2 * load) * g).epsilon(1e-2));
  }
}

// A rod's row divides by the distance between its anchors; where they meet (a disc placed on its
// rod's world anchor) its direction is a convention and nothing is divided by zero: the steps
// stay finite and the rod pushes the disc out to its length. (Found by the scene fuzzer.)
TEST_CASE(
    "a rod whose two anchors meet pushes its body out to the rod's length, finite throughout") {
  for (const Scheme& scheme : kSchemes) {
    CAPTURE(std::string(scheme.name));
    World world = timestepWorld(scheme);
    const BodyId disc = addDisc(world, "disc", 0.25, 1, {0, 0});
    addJoint(world, {"rod", JointKind::Rod, disc, BodyId{}, {0, 0}, {0, 0}, 1});
    for (int step = 0; step < 60; ++step) {
      REQUIRE(world.step().ok());
      const BodyState s = world.body(disc)->state;
      REQUIRE((std::isfinite(s.position.x) && std::isfinite(s.position.y) &&
               std::isfinite(s.velocity.x) && std::isfinite(s.velocity.y)));
    }
    CHECK(glm::length(world.body(disc)->state.position) == doctest::Approx(1).epsilon(0.01));
    CHECK(world.validate().ok());
  }
}
