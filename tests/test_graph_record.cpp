// The Graph panel's series and recording (ui/graph_series.h, ui/graph_record.h): what a sample
// holds (free fall y = y0 - g t^2 / 2, a resting block's corners carrying its weight, NaN for a
// body that is not there), how the recording decimates (bounded, the whole run covered, the
// spacing doubling, every kept sample one that was taken), and time going back, pause and clear.
#include <doctest/doctest.h>

#include <cmath>
#include <set>

#include "graph_record.h"
#include "snapshot_fixtures.h"
#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

constexpr double g = 9.81;
constexpr double y0 = 1000;  // high enough that nothing lands during a test

GraphSeries pairSeries(Quantity quantity, const std::string& a, const std::string& b, int point = 0,
                       int points = 0) {
  return GraphSeries{.quantity = quantity, .body = a, .other = b, .point = point, .points = points};
}

GraphSeries bodySeries(Quantity quantity, const std::string& body) {
  return pairSeries(quantity, body, "");
}

GraphSeries worldSeries(Quantity quantity) {
  return pairSeries(quantity, "", "");
}

// A 1 kg disc falling from rest at height y0 (no floor).
World fallingBall(double dt) {
  WorldSettings settings;
  settings.dt = dt;
  World world = makeWorld(settings);
  add(world, discDef("ball", 0.5, 0, y0, 1));
  return world;
}

void recordSteps(World& world, GraphRecord& record, int steps) {
  for (int k = 0; k < steps; ++k) {
    stepValid(world);
    record.record(snapshotOf(world));
  }
}

// The free fall holds at sample i of a record whose series 0 is the ball's y.
void checkFreeFall(const GraphRecord& record, int i) {
  const double t = record.time(i);
  CHECK(record.value(0, i) == doctest::Approx(y0 - g * t * t / 2).epsilon(1e-12));
  CHECK(record.bodyState(i, 0).position.y == record.value(0, i));
}

}  // namespace

TEST_CASE(
    "a ball falling from rest is recorded on y = y0 - g t^2 / 2, vy = -g t, KE = m g^2 t^2/2") {
  for (double dt : {0.01, 0.004}) {
    World world = fallingBall(dt);
    GraphRecord record(1000, 0.02);
    REQUIRE(record.addSeries(bodySeries(Quantity::Y, "ball")));
    REQUIRE(record.addSeries(bodySeries(Quantity::Vy, "ball")));
    REQUIRE(record.addSeries(bodySeries(Quantity::Speed, "ball")));
    REQUIRE(record.addSeries(bodySeries(Quantity::KineticEnergy, "ball")));
    record.record(snapshotOf(world));
    recordSteps(world, record, static_cast<int>(std::lround(1 / dt)));
    CHECK(record.time(0) == 0);
    CHECK(record.time(record.size() - 1) > 1 - 0.02 - dt);
    // Samples at least the spacing apart: 1 s at 0.02 s gives 51 at most, and 1 s / (0.02 + dt)
    // at least.
    CHECK(record.size() <= 51);
    CHECK(record.size() >= static_cast<int>(1 / (0.02 + dt)));
    for (int i = 0; i < record.size(); ++i) {
      const double t = record.time(i);
      checkFreeFall(record, i);
      CHECK(record.value(1, i) == doctest::Approx(-g * t).epsilon(1e-12));
      CHECK(record.value(2, i) == doctest::Approx(g * t).epsilon(1e-12));
      CHECK(record.value(3, i) == doctest::Approx(g * g * t * t / 2).epsilon(1e-9));
      if (i > 0) CHECK(t - record.time(i - 1) >= 0.02 - 1e-12);
    }
  }
}

TEST_CASE(
    "a block resting on the floor: its two corners each carry m g / 2, in either pair order") {
  for (double dt : {0.01, 0.005}) {
    WorldSettings settings;
    settings.dt = dt;
    World world = makeWorld(settings);
    addFloor(world);
    add(world, boxDef("block", 2, 1, 0, 0.5 + settings.distanceTol / 2, 2));
    run(world, 0.5);
    const WorldSnapshot snapshot = snapshotOf(world);
    for (auto [a, b] : {std::pair{"block", "floor"}, {"floor", "block"}}) {
      const double left = seriesValue(pairSeries(Quantity::NormalForce, a, b, 1, 2), snapshot);
      const double right = seriesValue(pairSeries(Quantity::NormalForce, a, b, 2, 2), snapshot);
      CHECK(left == doctest::Approx(2 * g / 2).epsilon(1e-6));
      CHECK(right == doctest::Approx(2 * g / 2).epsilon(1e-6));
      CHECK(seriesValue(pairSeries(Quantity::NormalForce, a, b), snapshot) ==
            doctest::Approx(2 * g).epsilon(1e-6));
      CHECK(seriesValue(pairSeries(Quantity::FrictionForce, a, b), snapshot) == 0);
      // Point 1 is the left corner.
      auto points = contactPoints(snapshot, *snapshot.findBody(a), *snapshot.findBody(b));
      REQUIRE(points.size() == 2);
      CHECK(points[0]->point.x == doctest::Approx(-1).epsilon(1e-6));
      CHECK(points[1]->point.x == doctest::Approx(1).epsilon(1e-6));
      // Asked for 3 points, the pair has 2: not the chosen point, a gap.
      CHECK(std::isnan(seriesValue(pairSeries(Quantity::NormalForce, a, b, 1, 3), snapshot)));
    }
  }
}

TEST_CASE("an off-centre load: the nearer corner carries more, the two sum to the weight") {
  // A 1 kg box centred d = 0.5 m right of the middle of a 2 kg block 2 m wide. Statics of the
  // block and its load: F_left + F_right = 3 g; about the block's centre,
  // (F_right - F_left) w / 2 = m g d, so F_left = 1.25 g, F_right = 1.75 g.
  World world = makeWorld();
  addFloor(world);
  const double gap = world.settings().distanceTol / 2;
  add(world, boxDef("block", 2, 1, 0, 0.5 + gap, 2));
  add(world, boxDef("load", 0.5, 0.5, 0.5, 1 + 2 * gap + 0.25, 1));
  run(world, 0.5);
  const WorldSnapshot snapshot = snapshotOf(world);
  const double left =
      seriesValue(pairSeries(Quantity::NormalForce, "block", "floor", 1, 2), snapshot);
  const double right =
      seriesValue(pairSeries(Quantity::NormalForce, "block", "floor", 2, 2), snapshot);
  CHECK(left == doctest::Approx(1.25 * g).epsilon(1e-6));
  CHECK(right == doctest::Approx(1.75 * g).epsilon(1e-6));
}

TEST_CASE("friction on the first body of the pair, positive along the contact to the right") {
  // A block sliding right on the floor under time stepping: kinetic friction mu m g points left
  // on the block (negative) and right on the floor.
  WorldSettings settings;
  settings.solver = SolverKind::Timestep;
  settings.friction = 0.5;
  World world = makeWorld(settings);
  addFloor(world);
  BodyDef block = boxDef("block", 1, 1, 0, 0.5 + settings.distanceTol / 2, 2);
  block.state.velocity = {3, 0};
  add(world, block);
  run(world, 0.2);
  const WorldSnapshot snapshot = snapshotOf(world);
  REQUIRE(snapshot.states[1].velocity.x > 0.5);  // still sliding
  CHECK(seriesValue(pairSeries(Quantity::FrictionForce, "block", "floor"), snapshot) ==
        doctest::Approx(-0.5 * 2 * g).epsilon(1e-2));
  CHECK(seriesValue(pairSeries(Quantity::FrictionForce, "floor", "block"), snapshot) ==
        doctest::Approx(0.5 * 2 * g).epsilon(1e-2));
}

TEST_CASE("a series whose body or pair is not in the world is NaN; a pair apart has no force") {
  World world = fallingBall(0.01);
  addFloor(world);
  const WorldSnapshot snapshot = snapshotOf(world);
  CHECK(std::isnan(seriesValue(bodySeries(Quantity::X, "ghost"), snapshot)));
  CHECK(std::isnan(seriesValue(pairSeries(Quantity::NormalForce, "ball", "ghost"), snapshot)));
  CHECK(seriesValue(pairSeries(Quantity::NormalForce, "ball", "floor"), snapshot) == 0);
  CHECK(seriesValue(pairSeries(Quantity::NormalForce, "ball", "floor", 1, 1), snapshot) == 0);
  CHECK(seriesValue(worldSeries(Quantity::EnergyTotal), snapshot) == snapshot.energy.total);

  // The ball removed during a recording: its samples after that are NaN, those before are kept.
  GraphRecord record(100, 0);
  record.addSeries(bodySeries(Quantity::Y, "ball"));
  recordSteps(world, record, 3);
  REQUIRE(world.removeBody(*world.findBody("ball")).ok());
  recordSteps(world, record, 2);
  REQUIRE(record.size() == 5);
  for (int i = 0; i < 3; ++i) checkFreeFall(record, i);
  CHECK(std::isnan(record.value(0, 3)));
  CHECK(std::isnan(record.value(0, 4)));
  CHECK(record.bodyCount(2) == 2);
  CHECK(record.bodyCount(3) == 1);
  CHECK(record.bodyName(3, 0) == "floor");
}

TEST_CASE("decimation: at most the capacity, the whole run covered, kept samples as taken") {
  for (int capacity : {16, 17, 100}) {
    World world = fallingBall(0.01);
    GraphRecord record(capacity, 0.01);
    record.addSeries(bodySeries(Quantity::Y, "ball"));
    record.record(snapshotOf(world));
    double spacing = record.spacing();
    int doublings = 0;
    for (int k = 1; k <= 2000; ++k) {
      stepValid(world);
      record.record(snapshotOf(world));
      REQUIRE(record.size() <= capacity);
      if (record.spacing() != spacing) {
        CHECK(record.spacing() == 2 * spacing);
        spacing = record.spacing();
        ++doublings;
      }
    }
    // 20 s in at most `capacity` samples: some two neighbours are 20 / (capacity - 1) apart, and
    // no two are more than twice the spacing (0.01 s doubled at each decimation).
    CHECK(doublings >= static_cast<int>(std::log2(1000.0 / (capacity - 1))));
    CHECK(record.time(0) == 0);
    CHECK(record.time(record.size() - 1) >= 20 - record.spacing());
    CHECK(record.size() >= capacity / 2);
    for (int i = 0; i < record.size(); ++i) {
      checkFreeFall(record, i);  // each kept sample is the state at its own time
      // taken at a step: a whole number of dt
      CHECK(std::abs(record.time(i) / 0.01 - std::round(record.time(i) / 0.01)) < 1e-6);
      if (i > 0) CHECK(record.time(i) > record.time(i - 1));
    }
  }
}

TEST_CASE("big worlds keep fewer samples: the body states kept stay within the budget") {
  GraphRecord record;
  CHECK(record.capacityFor(1) == GraphRecord::kCapacity);
  for (std::size_t bodies : {10u, 100u, 1000u, 10'000u}) {
    CHECK(record.capacityFor(bodies) * bodies <= GraphRecord::kBodyStateBudget);
    CHECK(record.capacityFor(bodies) >= GraphRecord::kMinCapacity);
  }
  CHECK(record.capacityFor(10'000'000) == GraphRecord::kMinCapacity);

  // A world of 300 bodies recorded for longer than its capacity holds at most the budget.
  WorldSettings settings;
  settings.gravity = 0;
  World world = makeWorld(settings);
  for (int i = 0; i < 300; ++i) add(world, discDef("d" + std::to_string(i), 0.1, i, 0));
  GraphRecord big(GraphRecord::kCapacity, 0);
  const int capacity = big.capacityFor(300);
  for (int k = 0; k < capacity + 10; ++k) {
    stepValid(world);
    big.record(snapshotOf(world));
  }
  CHECK(big.size() <= capacity);
  CHECK(static_cast<std::size_t>(big.size()) * 300 <= GraphRecord::kBodyStateBudget);
}

TEST_CASE("time going back starts afresh; paused records nothing; clear keeps the series") {
  World world = fallingBall(0.01);
  const World start = world;
  GraphRecord record(1000, 0.02);
  record.addSeries(bodySeries(Quantity::Y, "ball"));
  recordSteps(world, record, 50);
  REQUIRE(record.size() > 10);

  record.setPaused(true);
  const int before = record.size();
  recordSteps(world, record, 50);
  CHECK(record.size() == before);
  record.setPaused(false);
  recordSteps(world, record, 1);
  CHECK(record.size() == before + 1);
  CHECK(record.time(before) == doctest::Approx(1.01));

  world = start;  // a reset: time is 0 again
  record.record(snapshotOf(world));
  CHECK(record.size() == 1);
  CHECK(record.time(0) == 0);
  CHECK(record.spacing() == 0.02);

  record.clear();
  CHECK(record.size() == 0);
  CHECK(record.series().size() == 1);
  record.record(snapshotOf(world));
  CHECK(record.size() == 1);
}

TEST_CASE("a series added during a recording is NaN before it; at most six, none twice") {
  World world = fallingBall(0.01);
  GraphRecord record(1000, 0);
  record.addSeries(bodySeries(Quantity::Y, "ball"));
  recordSteps(world, record, 3);
  REQUIRE(record.addSeries(bodySeries(Quantity::Vy, "ball")));
  CHECK_FALSE(record.addSeries(bodySeries(Quantity::Vy, "ball")));
  recordSteps(world, record, 2);
  for (int i = 0; i < 3; ++i) CHECK(std::isnan(record.value(1, i)));
  for (int i = 3; i < 5; ++i) CHECK(record.value(1, i) == doctest::Approx(-g * record.time(i)));
  for (int i = 0; i < 5; ++i) checkFreeFall(record, i);
  for (Quantity q : {Quantity::X, Quantity::Angle, Quantity::Vx, Quantity::Omega})
    record.addSeries(bodySeries(q, "ball"));
  CHECK(record.series().size() == GraphRecord::kMaxSeries);
  CHECK_FALSE(record.addSeries(bodySeries(Quantity::Speed, "ball")));
  record.removeSeries(0);
  CHECK(record.series().front() == bodySeries(Quantity::Vy, "ball"));
  CHECK(record.value(0, 4) == doctest::Approx(-g * record.time(4)));
}

TEST_CASE("labels name the body or pair, the point and the unit") {
  CHECK(seriesLabel(bodySeries(Quantity::Y, "block")) == "block y (m)");
  CHECK(seriesLabel(bodySeries(Quantity::Omega, "wheel")) == "wheel omega (rad/s)");
  CHECK(seriesLabel(pairSeries(Quantity::NormalForce, "block", "floor")) ==
        "block/floor normal force (N)");
  CHECK(seriesLabel(pairSeries(Quantity::FrictionForce, "block", "floor", 1, 2)) ==
        "block/floor point 1 of 2 friction (N)");
  CHECK(seriesLabel(worldSeries(Quantity::PotentialTotal)) == "potential energy (J)");
}

TEST_CASE(
    "a joint's series: a pin holding a hanging box carries m g; a rod at rest across gravity "
    "none") {
  World world = makeWorld();
  const BodyId box = add(world, boxDef("box", 1, 1, 0, 0, 3));
  const BodyId bob = add(world, discDef("bob", 0.1, 2, 5, 2));
  JointDef pin;
  pin.name = "P";
  pin.kind = JointKind::Pin;
  pin.a = box;
  pin.anchorA = {0, 0.5};
  pin.anchorB = {0, 0.5};
  JointDef rod;
  rod.name = "R";
  rod.kind = JointKind::Rod;
  rod.a = bob;
  rod.anchorB = {0, 5};  // horizontal: gravity is across the rod, the bob at rest
  rod.length = 2;
  REQUIRE(world.addJoint(pin).ok());
  REQUIRE(world.addJoint(rod).ok());
  const WorldSnapshot snapshot = snapshotOf(world);
  const double g = world.settings().gravity;
  auto joint = [](Quantity q, const char* name) {
    return GraphSeries{.quantity = q, .body = name, .other = {}};
  };
  CHECK(seriesValue(joint(Quantity::JointForce, "P"), snapshot) == doctest::Approx(3 * g));
  CHECK(std::isnan(seriesValue(joint(Quantity::JointTension, "P"), snapshot)));  // a pin
  CHECK(std::abs(seriesValue(joint(Quantity::JointTension, "R"), snapshot)) < 1e-9);
  CHECK(std::isnan(seriesValue(joint(Quantity::JointForce, "nothing"), snapshot)));
  CHECK(seriesLabel(joint(Quantity::JointTension, "R")) == "R tension (N)");
  CHECK(quantityOf(Quantity::JointForce) == QuantityOf::Joint);
}
