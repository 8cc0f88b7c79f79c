// The velocity-level time-stepping solver with Coulomb friction (reference 003, docs/timestep.md),
// checked against closed-form mechanics: a block on a 30 degree ramp sticks or slides at
// g (sin 30 - mu cos 30), a sliding box stops after v^2 / (2 mu g), pyramids hold with friction and
// spread without it, poured discs settle, bounces follow the restitution; each dynamic claim at
// several steps. The solvers themselves are covered by test_contact_qp.cpp.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "contactlab/scene.h"
#include "scene_fixtures.h"
#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

constexpr double kG = 9.81;
constexpr double kSlope = std::numbers::pi / 6;  // 30 degrees
const double kSteps[] = {1.0 / 60, 1.0 / 120, 0.01};
// The default solve to a tolerance, and the fixed-cost substeps (docs/timestep.md): every
// mechanical claim below holds for both.
const TimestepScheme kSchemes[] = {TimestepScheme::Qp, TimestepScheme::Substeps};

WorldSettings timestepSettings(TimestepScheme scheme, double dt, double friction,
                               double elasticity = 0) {
  WorldSettings s;
  s.solver = SolverKind::Timestep;
  s.timestepScheme = scheme;
  s.dt = dt;
  s.friction = friction;
  s.elasticity = elasticity;
  return s;
}

// A fixed 12 x 1 ramp at 30 degrees through the origin and a 1 x 0.5 block of 1 kg resting on its
// upper part at the target gap. Returns the block.
BodyId addRampAndBlock(World& world) {
  BodyDef ramp = boxDef("ramp", 12, 1, 0, 0, 1, kSlope);
  ramp.fixed = true;
  add(world, ramp);
  const Vec2 along{std::cos(kSlope), std::sin(kSlope)}, up{-std::sin(kSlope), std::cos(kSlope)};
  const Vec2 centre = 3.0 * along + (0.5 + 0.25 + targetGap(world)) * up;
  return add(world, boxDef("block", 1, 0.5, centre.x, centre.y, 1, kSlope));
}

Vec2 slopeDirection() {
  return {std::cos(kSlope), std::sin(kSlope)};
}

// A pyramid of unit boxes of 1 kg: row i has base - i boxes, pitch 1 + target gap, on a fixed
// floor.
std::vector<BodyId> addPyramid(World& world, int base) {
  BodyDef floor = boxDef("floor", std::max(40, 2 * base), 1, 0, -0.5);
  floor.fixed = true;
  add(world, floor);
  const double gap = targetGap(world), pitch = 1 + gap;
  std::vector<BodyId> boxes;
  for (int row = 0; row < base; ++row) {
    const int count = base - row;
    for (int i = 0; i < count; ++i) {
      const double x = (i - (count - 1) / 2.0) * pitch;
      boxes.push_back(add(world, boxDef("p" + std::to_string(row) + "_" + std::to_string(i), 1, 1,
                                        x, 0.5 + gap + row * pitch)));
    }
  }
  return boxes;
}

// The farthest any of `bodies` has moved from `before` (their positions then, in order).
double largestMove(const World& world, const std::vector<BodyId>& bodies,
                   const std::vector<Vec2>& before) {
  double moved = 0;
  for (std::size_t i = 0; i < bodies.size(); ++i)
    moved = std::max(moved, glm::length(stateOf(world, bodies[i]).position - before[i]));
  return moved;
}

double largestOverlap(World& world) {
  double deepest = 0;
  for (const ContactReport& c : world.contacts()) deepest = std::max(deepest, -c.distance);
  return deepest;
}

}  // namespace

TEST_CASE("a block on a 30 degree ramp sticks when mu >= tan 30") {
  for (const TimestepScheme scheme : kSchemes) {
    CAPTURE(static_cast<int>(scheme));
    for (const double dt : kSteps) {
      for (const double mu : {0.6, 1.0}) {
        CAPTURE(dt);
        CAPTURE(mu);
        World world = makeWorld(timestepSettings(scheme, dt, mu));
        const BodyId block = addRampAndBlock(world);
        const Vec2 start = stateOf(world, block).position;
        run(world, 2);
        CHECK(glm::length(stateOf(world, block).position - start) < 1e-3);
        CHECK(glm::length(stateOf(world, block).velocity) < 1e-3);
        // The ramp holds the block with m g cos 30 across the slope and m g sin 30 along it.
        Vec2 force{0, 0};
        const Vec2 up{-std::sin(kSlope), std::cos(kSlope)};
        for (const ContactReport& c : world.contacts())
          force += c.force * c.normal + c.friction * perpendicular(c.normal);
        CHECK(glm::dot(force, up) == doctest::Approx(kG * std::cos(kSlope)).epsilon(0.01));
        CHECK(glm::dot(force, slopeDirection()) ==
              doctest::Approx(kG * std::sin(kSlope)).epsilon(0.01));
      }
    }
  }
}

TEST_CASE("a block on a 30 degree ramp slides when mu < tan 30 at a = g (sin 30 - mu cos 30)") {
  for (const TimestepScheme scheme : kSchemes) {
    CAPTURE(static_cast<int>(scheme));
    for (const double dt : kSteps) {
      for (const double mu : {0.0, 0.2, 0.4, 0.5}) {
        CAPTURE(dt);
        CAPTURE(mu);
        World world = makeWorld(timestepSettings(scheme, dt, mu));
        const BodyId block = addRampAndBlock(world);
        const BodyState start = stateOf(world, block);
        const double a = kG * (std::sin(kSlope) - mu * std::cos(kSlope));
        const double T = 1;
        run(world, T);
        const BodyState end = stateOf(world, block);
        // Semi-implicit Euler: v_n = n h a exactly once sliding; s_n = a h^2 n (n + 1) / 2.
        const double speed = -glm::dot(end.velocity, slopeDirection());
        CHECK(speed == doctest::Approx(a * T).epsilon(0.01));
        const double travelled = -glm::dot(end.position - start.position, slopeDirection());
        CHECK(std::abs(travelled - a * T * T / 2) <= a * T * dt + 1e-3);
        // It slides on the surface: no lift-off, no sinking, no tumbling.
        const Vec2 up{-std::sin(kSlope), std::cos(kSlope)};
        CHECK(std::abs(glm::dot(end.position - start.position, up)) < 1e-3);
        CHECK(std::abs(end.angle - start.angle) < 1e-3);
      }
    }
  }
}

TEST_CASE(
    "a box sliding at 5 m/s with mu 0.5 stops after v^2 / (2 mu g) within one step's travel") {
  for (const TimestepScheme scheme : kSchemes) {
    CAPTURE(static_cast<int>(scheme));
    const double v0 = 5, mu = 0.5;
    const double expected = v0 * v0 / (2 * mu * kG);  // 2.548 m
    for (const double dt : {1.0 / 60, 1.0 / 120, 1.0 / 240}) {
      CAPTURE(dt);
      World world = makeWorld(timestepSettings(scheme, dt, mu));
      addFloor(world);
      BodyDef def = boxDef("box", 1, 1, -5, 0.5 + targetGap(world));
      def.state.velocity = {v0, 0};
      const BodyId box = add(world, def);
      double highest = def.state.position.y, lowest = highest;
      for (int i = 0; i < static_cast<int>(1.5 / dt); ++i) {
        stepValid(world);
        highest = std::max(highest, stateOf(world, box).position.y);
        lowest = std::min(lowest, stateOf(world, box).position.y);
      }
      const BodyState end = stateOf(world, box);
      CHECK(std::abs(end.velocity.x) < 1e-3);
      // The discrete stop distance is v0^2 / (2 a) - v0 h / 2 + O(h^2): within one step's travel.
      CHECK(std::abs(end.position.x + 5 - expected) <= v0 * dt);
      // Coulomb friction, not the cone relaxation: the box neither hops nor digs in while it
      // slides.
      CHECK(highest - def.state.position.y < 1e-3);
      CHECK(def.state.position.y - lowest < 2e-3);
      CHECK(std::abs(end.angle) < 1e-3);
    }
  }
}

TEST_CASE("a resting box carries m g through its contacts, with no friction on a level floor") {
  for (const TimestepScheme scheme : kSchemes) {
    CAPTURE(static_cast<int>(scheme));
    World world = makeWorld(timestepSettings(scheme, 0.01, 0.6));
    addFloor(world);
    const BodyId box = add(world, boxDef("box", 2, 1, 0, 0.5 + 0.005, 2));
    run(world, 1);
    double normal = 0, friction = 0;
    for (const ContactReport& c : world.contacts()) {
      normal += c.force * c.normal.y;
      friction += std::abs(c.friction);
    }
    CHECK(normal == doctest::Approx(2 * kG).epsilon(1e-3));
    CHECK(friction < 1e-3);
    CHECK(std::abs(stateOf(world, box).position.y - 0.505) < 1e-4);
  }
}

TEST_CASE("a frictionless pyramid of base 10 spreads and collapses; with mu 0.6 it holds") {
  for (const TimestepScheme scheme : kSchemes) {
    CAPTURE(static_cast<int>(scheme));
    // The same small random shove for both: without friction nothing stops the boxes drifting
    // apart.
    for (const double dt : {1.0 / 60, 1.0 / 120}) {
      for (const double mu : {0.0, 0.6}) {
        CAPTURE(dt);
        CAPTURE(mu);
        World world = makeWorld(timestepSettings(scheme, dt, mu));
        const std::vector<BodyId> boxes = addPyramid(world, 10);
        std::mt19937 random(7);
        std::uniform_real_distribution<double> shove(-0.3, 0.3);
        for (BodyId id : boxes) {
          BodyState s = stateOf(world, id);
          s.velocity.x = shove(random);
          REQUIRE(world.setBodyState(id, s).ok());
        }
        const double top = stateOf(world, boxes.back()).position.y;
        double widest = 0;
        for (BodyId id : boxes) widest = std::max(widest, std::abs(stateOf(world, id).position.x));
        run(world, 8);
        double spread = 0;
        for (BodyId id : boxes) spread = std::max(spread, std::abs(stateOf(world, id).position.x));
        if (mu == 0) {
          // The top box fell two levels. (With these shoves the substeps spread the base as
          // much, but leave the top standing at 8 s: docs/timestep.md, known limits.)
          if (scheme != TimestepScheme::Substeps)
            CHECK(stateOf(world, boxes.back()).position.y < top - 2);
          CHECK(spread > widest + 0.5);
        } else {
          CHECK(stateOf(world, boxes.back()).position.y > top - 0.01);
          CHECK(spread < widest + 0.05);
        }
      }
    }
  }
}

TEST_CASE("with mu 0.6 a pyramid of base 20 holds: after 1 s no box moves 1 cm in the next 10 s") {
  for (const TimestepScheme scheme : kSchemes) {
    CAPTURE(static_cast<int>(scheme));
    for (const double dt : {1.0 / 60, 1.0 / 120}) {
      CAPTURE(dt);
      World world = makeWorld(timestepSettings(scheme, dt, 0.6));
      const std::vector<BodyId> boxes = addPyramid(world, 20);
      run(world, 1);
      std::vector<Vec2> settled;
      for (BodyId id : boxes) settled.push_back(stateOf(world, id).position);
      run(world, 10);
      CHECK(largestMove(world, boxes, settled) < 0.01);
      CHECK(largestOverlap(world) < 0.001);
    }
  }
}

// Issue 17: the substeps keep a large pyramid at rest at their default settings. Box2D v3.1.1 at
// its defaults lets this pyramid's top box sink 36 cm (bench/box2d_bench.cpp, docs/timestep.md).
TEST_CASE(
    "a pyramid of base 70 under the substeps comes to rest: no box moves 1 cm from 5 s to 10 s") {
  World world = makeWorld(timestepSettings(TimestepScheme::Substeps, 1.0 / 60, 0.6));
  const std::vector<BodyId> boxes = addPyramid(world, 70);
  const double top = stateOf(world, boxes.back()).position.y;
  run(world, 5);
  std::vector<Vec2> at5;
  for (BodyId id : boxes) at5.push_back(stateOf(world, id).position);
  run(world, 5);
  CHECK(largestMove(world, boxes, at5) < 0.01);
  CHECK(top - stateOf(world, boxes.back()).position.y < 0.36);
  CHECK(largestOverlap(world) < 0.01);
}

// The substeps sweep contacts colour by colour, and a body can take part in at most kMaxColours
// (63) colours: the contacts of a body touched more often than that are solved one at a time after
// the others (constraint_colouring.h). Here a plank carries 80 boxes: 17 or more of them rest on
// overflow contacts, and would fall through the plank if those were left out.
TEST_CASE("under the substeps a box sliding on a frictionless floor keeps its speed to the bit") {
  // The sweeps work in single precision, but a body's velocity is double and takes only the
  // change they make (substep_lanes.h): a floor with no friction changes nothing along it, so the
  // speed stays 3.3 m/s exactly (3.3 rounded to a float is 3.2999999523).
  World world = makeWorld(timestepSettings(TimestepScheme::Substeps, 1.0 / 60, 0));
  addFloor(world);
  BodyDef def = boxDef("box", 1, 1, -10, 0.5 + targetGap(world));
  def.state.velocity = {3.3, 0};
  const BodyId box = add(world, def);
  run(world, 2);
  REQUIRE_FALSE(world.contacts().empty());
  CHECK(stateOf(world, box).velocity.x == 3.3);
  CHECK(std::abs(stateOf(world, box).position.y - def.state.position.y) < 1e-3);
}

TEST_CASE("under the substeps a plank carrying 80 boxes holds every one of them at rest") {
  World world = makeWorld(timestepSettings(TimestepScheme::Substeps, 1.0 / 60, 0.6));
  BodyDef floor = boxDef("floor", 120, 1, 0, -0.5);
  floor.fixed = true;
  add(world, floor);
  const double gap = targetGap(world);
  add(world, boxDef("plank", 110, 0.5, 0, 0.25 + gap, 100));
  const double restingY = 0.5 + gap + 0.5 + gap;
  std::vector<BodyId> boxes;
  for (int i = 0; i < 80; ++i)
    boxes.push_back(add(world, boxDef("b" + std::to_string(i), 1, 1, -50 + 1.25 * i, restingY)));
  run(world, 1);
  std::vector<Vec2> at1;
  for (BodyId id : boxes) at1.push_back(stateOf(world, id).position);
  run(world, 1);
  CHECK(largestMove(world, boxes, at1) < 1e-3);
  for (BodyId id : boxes) CHECK(std::abs(stateOf(world, id).position.y - restingY) < 0.01);
  CHECK(largestOverlap(world) < 0.01);
}

TEST_CASE(
    "1000 discs poured into a box settle: kinetic energy below 0.01 J on average over 15-20 s, no "
    "deep overlap" *
    doctest::test_suite("long")) {
  for (const TimestepScheme scheme : kSchemes) {
    CAPTURE(static_cast<int>(scheme));
    // The rain1000 preset: 1000 discs r 0.25 in a 25 x 40 grid dropped into a box 20 m wide.
    WorldSettings settings = timestepSettings(scheme, 1.0 / 60, 0.6);
    settings.gravity = 10;
    World world = makeWorld(settings);
    BodyDef ground = boxDef("ground", 24, 1, 0, -0.5);
    ground.fixed = true;
    add(world, ground);
    for (const double x : {-10.5, 10.5}) {
      BodyDef wall = boxDef(x < 0 ? "left" : "right", 1, 40, x, 20);
      wall.fixed = true;
      add(world, wall);
    }
    std::vector<BodyId> discs;
    for (int row = 0; row < 40; ++row) {
      for (int column = 0; column < 25; ++column) {
        BodyDef def = discDef("d" + std::to_string(discs.size()), 0.25,
                              -9 + 0.75 * column + (row % 2 ? 0.2 : 0.0), 2 + 0.75 * row);
        def.mass.reset();  // density 1
        discs.push_back(add(world, def));
      }
    }
    // Settled on average over 15-20 s: small slides still start in the heap now and then, so the
    // energy of one instant depends on rounding (at 20 s, 0.0006 to 0.02 J under changes of the
    // solve's step by 1e-10).
    run(world, 15);
    double kinetic = 0;
    for (int sample = 0; sample < 10; ++sample) {
      run(world, 0.5);
      kinetic += world.energy().kinetic / 10;
    }
    CHECK(kinetic < 0.01);
    int escaped = 0;
    for (BodyId id : discs) {
      const Vec2 p = stateOf(world, id).position;
      escaped += !(p.y > 0 && p.y < 40 && std::abs(p.x) < 10);
    }
    CHECK(escaped == 0);
    if (scheme == TimestepScheme::Substeps) {
      // Soft contacts: a contact carrying F compresses by about F / (m_eff (2 pi 60 Hz)^2), 1 cm
      // for the 0.1 kg of two discs under 150 N, so the heap's floor overlaps more than 1 cm;
      // still no disc passes a tenth of its radius into another (docs/timestep.md).
      CHECK(largestOverlap(world) < 0.025);
    } else {
      CHECK(largestOverlap(world) < 0.01);
      // Nor at any step of the pour, while discs land on the heap at up to 25 m/s and slide on
      // it: the deepest overlap found at the start of any step stays below the target gap (5 mm).
      CHECK(world.statistics().deepestPenetration < settings.distanceTol / 2);
    }
  }
}

TEST_CASE("a ball bounces with the pair's restitution above the threshold speed, not below it") {
  for (const TimestepScheme scheme : kSchemes) {
    CAPTURE(static_cast<int>(scheme));
    for (const double dt : {1.0 / 60, 1.0 / 240}) {
      CAPTURE(dt);
      World world = makeWorld(timestepSettings(scheme, dt, 0.6, 0.5));
      addFloor(world);
      // Dropped from 1.25 m it lands at 5 m/s and should leave at 2.5 m/s: a peak of 0.3125 m.
      const BodyId ball = add(world, discDef("ball", 0.25, 0, 1.5));
      double peak = 0;
      bool landed = false;
      for (int i = 0; i < static_cast<int>(1.2 / dt); ++i) {
        stepValid(world);
        const BodyState s = stateOf(world, ball);
        landed = landed || s.velocity.y > 0;
        if (landed) peak = std::max(peak, s.position.y - 0.25);
      }
      // The bounce happens within the step of impact, so the peak is good to about a step's fall.
      CHECK(peak == doctest::Approx(0.3125).epsilon(0.1));

      // Set down at 0.5 m/s (below the 1 m/s threshold) it stays down.
      World slow = makeWorld(timestepSettings(scheme, dt, 0.6, 0.5));
      addFloor(slow);
      BodyDef def = discDef("ball", 0.25, 0, 0.25 + 0.005);
      def.state.velocity = {0, -0.5};
      const BodyId b = add(slow, def);
      run(slow, 0.5);
      CHECK(std::abs(stateOf(slow, b).position.y - 0.255) < 1e-3);
    }
  }
}

TEST_CASE(
    "the time-stepping solver is deterministic; a copied world reports the contacts of the step "
    "it copied and continues bit-identically") {
  for (const TimestepScheme scheme : kSchemes) {
    CAPTURE(static_cast<int>(scheme));
    World world = makeWorld(timestepSettings(scheme, 1.0 / 60, 0.6));
    addPyramid(world, 6);
    run(world, 0.5);
    World copy = world;
    // The copy leaves the solver's workspace behind but not the last step's contacts: its forces
    // are those of the step, not of a new solve at the state it ended at.
    const std::vector<ContactReport>& original = world.contacts();
    const std::vector<ContactReport>& copied = copy.contacts();
    REQUIRE(original.size() == copied.size());
    REQUIRE(!original.empty());
    for (size_t k = 0; k < original.size(); ++k) {
      CHECK(original[k].force == copied[k].force);
      CHECK(original[k].friction == copied[k].friction);
      CHECK(original[k].point == copied[k].point);
    }
    run(world, 0.5);
    run(copy, 0.5);
    for (BodyId id : world.bodies()) {
      const BodyState a = stateOf(world, id), b = stateOf(copy, id);
      CHECK(a.position == b.position);
      CHECK(a.velocity == b.velocity);
      CHECK(a.angle == b.angle);
    }
  }
}

TEST_CASE(
    "a captured time-stepping world continues bit-identically once the warm start is forgotten") {
  for (const TimestepScheme scheme : kSchemes) {
    CAPTURE(static_cast<int>(scheme));
    World world = makeWorld(timestepSettings(scheme, 1.0 / 60, 0.6));
    addPyramid(world, 6);
    run(world, 0.5);
    world.forgetWarmStart();
    Result<Scene> shared = decodeShare(encodeShare(captureScene(world)));
    REQUIRE(shared.ok());
    CHECK(shared->settings.solver == SolverKind::Timestep);
    Result<World> rebuilt = buildWorld(shared.value());
    REQUIRE(rebuilt.ok());
    World other = rebuilt.value();
    run(world, 1);
    run(other, 1);
    requireSameStates(world, other);
  }
}

TEST_CASE(
    "under the substeps a box fixed mid-run is swept as fixed: the world continues as one built "
    "with it fixed") {
  // The substeps keep their colouring from step to step while the same pairs touch; fixing a box
  // above the bottom row keeps every pair but changes which bodies the colours must keep apart.
  World world = makeWorld(timestepSettings(TimestepScheme::Substeps, 1.0 / 60, 0.6));
  const std::vector<BodyId> boxes = addPyramid(world, 6);
  run(world, 0.5);
  REQUIRE(world.setBodyFixed(boxes[8], true).ok());
  world.forgetWarmStart();
  Result<World> rebuilt = buildWorld(captureScene(world));
  REQUIRE(rebuilt.ok());
  World other = rebuilt.value();
  run(world, 0.5);
  run(other, 0.5);
  requireSameStates(world, other);
}

TEST_CASE("every time-stepping QP method keeps a column of 10 boxes standing") {
  const std::pair<TimestepScheme, QpSolverKind> solves[] = {
      {TimestepScheme::Qp, QpSolverKind::Pgs},
      {TimestepScheme::Qp, QpSolverKind::Mprgp},
      {TimestepScheme::Qp, QpSolverKind::Apgd},
      {TimestepScheme::Substeps, QpSolverKind::Apgd}};
  for (const auto& [scheme, method] : solves) {
    for (const double mu : {0.0, 0.6}) {
      CAPTURE(static_cast<int>(scheme));
      CAPTURE(static_cast<int>(method));
      CAPTURE(mu);
      WorldSettings settings = timestepSettings(scheme, 1.0 / 60, mu);
      settings.qpMethod = method;
      settings.qpIterations = 2000;
      World world = makeWorld(settings);
      addFloor(world);
      std::vector<BodyId> boxes;
      for (int i = 0; i < 10; ++i)
        boxes.push_back(add(world, boxDef("c" + std::to_string(i), 1, 1, 0, 0.505 + 1.005 * i)));
      run(world, 3);
      // Substeps: soft contacts compress by about K F / (2 pi 60 Hz)^2 each, K = 1 / m_eff of the
      // corner rows (about 5 / kg between two boxes): 8 mm summed over this column's 10 contacts.
      const double sag = scheme == TimestepScheme::Substeps ? 0.01 : 0.005;
      CHECK(std::abs(stateOf(world, boxes.back()).position.y - (0.505 + 9 * 1.005)) < sag);
      CHECK(std::abs(stateOf(world, boxes.back()).position.x) < 0.005);
      const Statistics& stats = world.statistics();
      CHECK(stats.timestep.qpSolves > 0);
      CHECK(stats.timestep.qpIterations > 0);
    }
  }
}

// On an island at rest APGD aims at a hundredth of the tolerance (timestep_sim.cpp, "Depth"): the
// solve's velocity errors then stop stirring a resting stack, which stays where it is.
TEST_CASE("a column of 10 boxes at rest under APGD is solved to a hundredth of the tolerance") {
  for (const double mu : {0.0, 0.6}) {
    CAPTURE(mu);
    World world = makeWorld(timestepSettings(TimestepScheme::Qp, 1.0 / 60, mu));
    addFloor(world);
    std::vector<BodyId> boxes;
    for (int i = 0; i < 10; ++i)
      boxes.push_back(add(world, boxDef("c" + std::to_string(i), 1, 1, 0, 0.505 + 1.005 * i)));
    run(world, 1);
    std::vector<Vec2> settled;
    for (BodyId id : boxes) settled.push_back(stateOf(world, id).position);
    const double tolerance = world.settings().qpTolerance;
    double worst = 0;
    for (int step = 0; step < 120; ++step) {
      stepValid(world);
      REQUIRE(world.lastStep().timestep.qpSolves > 0);
      worst = std::max(worst, world.lastStep().timestep.worstResidual);
    }
    CHECK(worst <= 0.01 * tolerance);
    CHECK(largestMove(world, boxes, settled) < 1e-4);
  }
}

TEST_CASE("time-stepping settings are validated and read from scene text and share strings") {
  Result<LoadedScene> loaded = parseScene(
      "solver timestep\nqp_method mprgp\nqp_tolerance 1e-6\nqp_iterations 300\n"
      "gap_stabilization 0.3\ncontact_margin 0.05\nrestitution_threshold 0.25\n",
      "t.scene");
  REQUIRE(loaded.ok());
  const WorldSettings& s = loaded->scene.settings;
  CHECK(s.solver == SolverKind::Timestep);
  CHECK(s.qpMethod == QpSolverKind::Mprgp);
  CHECK(s.qpTolerance == 1e-6);
  CHECK(s.qpIterations == 300);
  CHECK(s.gapStabilization == 0.3);
  CHECK(s.contactMargin == 0.05);
  CHECK(s.restitutionThreshold == 0.25);
  const std::string share = encodeShare(loaded->scene);
  CHECK(share == "cl1,stimestep,mmprgp,q1e-6,k300,b0.3,a0.05,h0.25");
  Result<Scene> decoded = decodeShare(share);
  REQUIRE(decoded.ok());
  CHECK(decoded->settings.qpIterations == 300);
  CHECK(decoded->settings.solver == SolverKind::Timestep);

  for (const char* bad : {"qp_iterations 2.5", "qp_iterations 0", "qp_tolerance 0",
                          "gap_stabilization 0", "gap_stabilization 1.5", "contact_margin -1",
                          "restitution_threshold -1", "solver fast", "qp_method cg"}) {
    CAPTURE(bad);
    CHECK_FALSE(parseScene(bad, "bad.scene").ok());
  }
  WorldSettings settings;
  settings.qpIterations = 0;
  CHECK_FALSE(World::create(settings).ok());

  Result<LoadedScene> substeps =
      parseScene("solver timestep\nqp_method substep\nsubsteps 8\n", "s.scene");
  REQUIRE(substeps.ok());
  CHECK(substeps->scene.settings.timestepScheme == TimestepScheme::Substeps);
  CHECK(substeps->scene.settings.substeps == 8);
  const std::string substepShare = encodeShare(substeps->scene);
  CHECK(substepShare == "cl1,stimestep,xsubsteps,u8");
  Result<Scene> back = decodeShare(substepShare);
  REQUIRE(back.ok());
  CHECK(back->settings.timestepScheme == TimestepScheme::Substeps);
  CHECK(back->settings.substeps == 8);
  for (const char* bad : {"substeps 0", "substeps 2.5", "substeps 1001", "substeps -4"}) {
    CAPTURE(bad);
    const Result<LoadedScene> rejected = parseScene(bad, "bad.scene");
    REQUIRE_FALSE(rejected.ok());
    CHECK(rejected.error().message.find("substeps") != std::string::npos);
  }
  settings = WorldSettings{};
  settings.substeps = 0;
  CHECK_FALSE(World::create(settings).ok());
}
