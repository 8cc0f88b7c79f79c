// World::validate(): a world changed only through the public API is valid after every call, under
// every solver, through steps, edits, removals, copies and failed steps; validating changes
// nothing; and the checks behind it (world_validation.h) say what is wrong when something is.
#include <doctest/doctest.h>

#include <cstring>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

#include "body_validation.h"
#include "solver_choices.h"
#include "world_fixtures.h"
#include "world_validation.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

// The settings of the playgrounds: the solver of `choice`, friction 0.4.
WorldSettings playgroundSettings(const SolverChoice& choice) {
  WorldSettings settings;
  settings.friction = 0.4;
  return settingsFor(choice, settings);
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

bool sameBits(const BodyState& a, const BodyState& b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// A floor, a stack of three boxes, a disc and a triangle, one box on a spring and one pushed by a
// thrust: every kind of body, force and contact the solvers index.
struct Playground {
  World world;
  BodyId floor, low, middle, top, ball, wedge;
  SpringId spring;
  ThrustId thrust;
};

Playground playground(const WorldSettings& settings) {
  Playground p{makeWorld(settings), {}, {}, {}, {}, {}, {}, {}, {}};
  p.floor = addFloor(p.world);
  p.low = add(p.world, boxDef("low", 1, 1, 0, 0.505));
  p.middle = add(p.world, boxDef("middle", 1, 1, 0.1, 1.51));
  p.top = add(p.world, boxDef("top", 1, 1, -0.1, 2.515));
  p.ball = add(p.world, discDef("ball", 0.3, 2, 1));
  BodyDef wedge = boxDef("wedge", 1, 1, -2, 0.8);
  wedge.shape = ShapeKind::Polygon;
  wedge.points = {{-0.5, -0.3}, {0.5, -0.3}, {0, 0.6}};
  p.wedge = add(p.world, wedge);
  p.spring = p.world.addSpring({p.top, {0.2, 0.2}, {0, 4}, 5}).value();
  ThrustDef push;
  push.body = p.ball;
  push.force = {-1, 0};
  p.thrust = p.world.addThrust(push).value();
  return p;
}

}  // namespace

TEST_CASE("a world is valid new, built, and after every step under every solver") {
  requireValid(makeWorld());
  for (const SolverChoice& choice : kSolvers) {
    CAPTURE(std::string(choice.name));
    Playground p = playground(playgroundSettings(choice));
    requireValid(p.world);
    run(p.world, 1.0);  // validates after every step
    CHECK(p.world.contacts().size() > 0);
    requireValid(p.world);  // with the contacts computed
  }
}

TEST_CASE("edits, removals, settings changes and copies keep the world valid") {
  for (const SolverChoice& choice : kSolvers) {
    CAPTURE(std::string(choice.name));
    Playground p = playground(playgroundSettings(choice));
    World& world = p.world;
    run(world, 0.2);
    // Removing a body in the middle of the list moves the dense indices of the bodies after it,
    // and takes its spring with it.
    REQUIRE(world.removeBody(p.top));
    requireValid(world);
    CHECK_FALSE(world.removeSpring(p.spring));
    run(world, 0.1);
    // The new body takes the freed slot with a new generation.
    const BodyId again = add(world, boxDef("again", 0.5, 0.5, 0, 3));
    CHECK(again.index == p.top.index);
    requireValid(world);
    run(world, 0.1);
    REQUIRE(world.setBodyMass(p.middle, 3));
    requireValid(world);
    REQUIRE(world.setBodyFixed(p.low, true));
    requireValid(world);
    run(world, 0.1);
    REQUIRE(world.setBodyFixed(p.low, false));
    REQUIRE(world.setBodyState(p.ball, {{1, 2}, 0.3, {0, -1}, 2}));
    requireValid(world);
    run(world, 0.1);
    // The other solver takes over; then the first again.
    WorldSettings other = world.settings();
    other.solver =
        choice.solver == SolverKind::Contact ? SolverKind::Timestep : SolverKind::Contact;
    REQUIRE(world.setSettings(other));
    run(world, 0.1);
    other.solver = choice.solver;
    REQUIRE(world.setSettings(other));
    run(world, 0.1);
    world.forgetWarmStart();
    requireValid(world);
    World copy = world;
    requireValid(copy);
    run(copy, 0.1);
    copy = world;
    requireValid(copy);
    REQUIRE(world.removeThrust(p.thrust));
    for (const BodyId id : world.bodies()) REQUIRE(world.removeBody(id));
    requireValid(world);
    run(world, 0.05);
    add(world, boxDef("last", 1, 1, 0, 1));
    requireValid(world);
    run(world, 0.05);
  }
}

TEST_CASE(
    "validating changes nothing: a world validated every step goes on like one never validated") {
  for (const SolverChoice& choice : kSolvers) {
    CAPTURE(std::string(choice.name));
    Playground validated = playground(playgroundSettings(choice));
    Playground plain = playground(playgroundSettings(choice));
    for (int i = 0; i < 60; ++i) {
      REQUIRE(validated.world.validate());
      REQUIRE(validated.world.step());
      REQUIRE(plain.world.step());
    }
    const std::vector<BodyId> ids = plain.world.bodies();
    for (const BodyId id : ids)
      CHECK(sameBits(validated.world.body(id)->state, plain.world.body(id)->state));
    CHECK(validated.world.statistics().steps == plain.world.statistics().steps);
    CHECK(validated.world.contacts().size() == plain.world.contacts().size());
  }
}

TEST_CASE("a step that fails leaves a valid world") {
  for (const SolverChoice& choice : kSolvers) {
    CAPTURE(std::string(choice.name));
    Playground p = playground(playgroundSettings(choice));
    run(p.world, 0.1);
    ThrustDef huge;
    huge.body = p.middle;
    huge.force = {1e308, 0};
    REQUIRE(p.world.addThrust(huge));
    CHECK_FALSE(p.world.step());
    requireValid(p.world);
  }
}

// The public API refuses whatever would make a world inconsistent, so the checks are shown on a
// model and id maps put together by hand.
TEST_CASE("the checks name what is wrong") {
  WorldSettings settings;
  Model model;
  model.settings = settings;
  std::vector<BodyState> states;
  for (const char* name : {"a", "b"}) {
    Result<Body> body = makeBody(boxDef(name, 1, 1, 0, 1), settings);
    REQUIRE(body.ok());
    model.bodies.push_back(body.value());
    model.bodies.back().id = {static_cast<std::uint32_t>(states.size()), 1};
    states.push_back(body.value().def.state);
  }
  REQUIRE(validateBodies(model, states));

  SUBCASE("a state that is not finite") {
    states[1].velocity.x = std::numeric_limits<double>::quiet_NaN();
    const Status status = validateBodies(model, states);
    REQUIRE_FALSE(status);
    CHECK(contains(status.error().message, "body 'b'"));
    CHECK(contains(status.error().message, "finite"));
  }
  SUBCASE("a state outside the world") {
    states[0].position.y = 2e6;
    const Status status = validateBodies(model, states);
    REQUIRE_FALSE(status);
    CHECK(contains(status.error().message, "body 'a'"));
    CHECK(contains(status.error().message, "inside the world"));
  }
  SUBCASE("a fixed body with a finite inverse mass") {
    model.bodies[0].def.fixed = true;
    const Status status = validateBodies(model, states);
    REQUIRE_FALSE(status);
    CHECK(contains(status.error().message, "inverse mass"));
  }
  SUBCASE("a state missing") {
    states.pop_back();
    CHECK_FALSE(validateBodies(model, states));
  }

  std::vector<std::uint32_t> denseOfSlot = {0, 1}, generationOf = {1, 1}, freeSlots;
  std::unordered_map<std::string, std::uint32_t> slotOfName = {{"a", 0}, {"b", 1}};
  constexpr std::uint32_t kNoBody = 0xffffffff;
  auto ids = [&] {
    return validateBodyIds(model, {denseOfSlot, generationOf, slotOfName, freeSlots, kNoBody});
  };
  REQUIRE(ids());
  SUBCASE("a slot that leads to another body") {
    denseOfSlot = {1, 0};
    const Status status = ids();
    REQUIRE_FALSE(status);
    CHECK(contains(status.error().message, "does not lead back"));
  }
  SUBCASE("an id of an old generation") {
    generationOf[1] = 2;
    CHECK_FALSE(ids());
  }
  SUBCASE("a name that leads to another slot") {
    slotOfName["a"] = 1;
    const Status status = ids();
    REQUIRE_FALSE(status);
    CHECK(contains(status.error().message, "name"));
  }
  SUBCASE("a slot neither live nor free") {
    denseOfSlot.push_back(kNoBody);
    generationOf.push_back(1);
    CHECK_FALSE(ids());
    freeSlots.push_back(2);
    CHECK(ids());
    freeSlots.push_back(2);
    CHECK_FALSE(ids());  // free twice
  }
  SUBCASE("a live slot listed as free") {
    freeSlots.push_back(0);
    CHECK_FALSE(ids());
  }

  Spring spring{{1}, {}, 1};
  spring.def.body = model.bodies[1].id;
  model.springs.push_back(spring);
  REQUIRE(validateForces(model, 2));
  SUBCASE("a spring on a body that does not exist") {
    model.springs[0].body = 2;
    const Status status = validateForces(model, 2);
    REQUIRE_FALSE(status);
    CHECK(contains(status.error().message, "spring"));
  }
  SUBCASE("a spring given for another body") {
    model.springs[0].body = 0;
    CHECK_FALSE(validateForces(model, 2));
  }
  SUBCASE("a thrust sharing the spring's id, and an id never handed out") {
    Thrust thrust{{1}, {}, 0};
    thrust.def.body = model.bodies[0].id;
    model.thrusts.push_back(thrust);
    CHECK_FALSE(validateForces(model, 3));
    model.thrusts[0].id = {2};
    CHECK(validateForces(model, 3));
    CHECK_FALSE(validateForces(model, 2));
  }
}
