// Tests of the world settings that say what they are: the time-stepping scheme apart from the QP
// method, whole-number settings as integers from the scene text to the solver, the old spelling
// qp_method substep, and MPRGP asked for with friction (APGD runs and the statistics say so).
#include <doctest/doctest.h>

#include <string>
#include <type_traits>

#include "contactlab/scene.h"
#include "scene_fixtures.h"
#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

static_assert(std::is_same_v<decltype(WorldSettings::qpIterations), int>);
static_assert(std::is_same_v<decltype(WorldSettings::substeps), int>);

namespace {

std::string errorOf(std::string_view text) {
  Result<LoadedScene> loaded = parseScene(text, "test.scene");
  REQUIRE_FALSE(loaded.ok());
  return loaded.error().message;
}

std::string shareErrorOf(std::string_view text) {
  Result<Scene> decoded = decodeShare(text);
  REQUIRE_FALSE(decoded.ok());
  return decoded.error().message;
}

bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

WorldSettings mprgpSettings(double friction) {
  WorldSettings s;
  s.solver = SolverKind::Timestep;
  s.qpMethod = QpSolverKind::Mprgp;
  s.friction = friction;
  return s;
}

}  // namespace

TEST_CASE("whole-number settings refuse a fraction with the line, the column and why") {
  const std::string text = "solver timestep\nsubsteps 4.5\n";
  const std::string message = errorOf(text);
  CAPTURE(message);
  CHECK(message.starts_with("test.scene:" + lineColumn(text, offsetOf(text, "4.5")) + ": "));
  CHECK(contains(message, "expected a whole number after 'substeps', found '4.5'"));
  CHECK(contains(errorOf("qp_iterations 2.5\n"), "test.scene:1:15: expected a whole number"));
  CHECK(contains(errorOf("qp_iterations 1e10\n"), "expected a whole number from"));
  CHECK(contains(shareErrorOf("cl1,stimestep,u4.5"),
                 "share string, character 16: expected a whole number after 'u', found '4.5'"));
}

TEST_CASE("whole numbers spelled as decimals read as the same integers") {
  Result<LoadedScene> loaded = parseScene("substeps 8.0\nqp_iterations 1e3\n", "test.scene");
  REQUIRE(loaded.ok());
  CHECK(loaded->scene.settings.substeps == 8);
  CHECK(loaded->scene.settings.qpIterations == 1000);
  CHECK(contains(writeScene(loaded->scene), "\nsubsteps 8\n"));
  CHECK(contains(writeScene(loaded->scene), "\nqp_iterations 1000\n"));
}

TEST_CASE("the time-stepping scheme is a setting of its own in both formats") {
  Result<LoadedScene> loaded =
      parseScene("solver timestep\ntimestep_scheme substeps\nqp_method pgs\nsubsteps 6\n", "t");
  REQUIRE(loaded.ok());
  const WorldSettings& s = loaded->scene.settings;
  CHECK(s.timestepScheme == TimestepScheme::Substeps);
  CHECK(s.qpMethod == QpSolverKind::Pgs);  // kept for when the scheme turns back to the QP
  CHECK(s.substeps == 6);
  const std::string written = writeScene(loaded->scene);
  CHECK(contains(written, "timestep_scheme substeps\n"));
  CHECK(contains(written, "qp_method pgs\n"));
  CHECK(encodeShare(loaded->scene) == "cl1,stimestep,xsubsteps,mpgs,u6");
  CHECK(contains(errorOf("qp_method substeps\n"), "expected pgs, mprgp or apgd"));
  CHECK(contains(errorOf("timestep_scheme qp_method\n"), "expected qp or substeps"));
}

TEST_CASE("the old spelling qp_method substep may not be mixed with timestep_scheme") {
  for (const char* text : {"qp_method substep\ntimestep_scheme qp\n",
                           "timestep_scheme substeps\nqp_method substep\n"}) {
    CAPTURE(text);
    const std::string message = errorOf(text);
    CAPTURE(message);
    CHECK(
        message.starts_with("test.scene:" + lineColumn(text, offsetOf(text, "substep\n")) + ": "));
    CHECK(contains(message,
                   "'qp_method substep' is the old spelling of 'timestep_scheme "
                   "substeps', and 'timestep_scheme' is given too"));
  }
  CHECK(contains(shareErrorOf("cl1,xqp,msubstep"), "character 10: 'qp_method substep'"));
  CHECK(contains(errorOf("qp_method substep\nqp_method pgs\n"), "'qp_method' is set twice"));
}

TEST_CASE("settings out of their range are refused by the world") {
  WorldSettings settings;
  settings.qpMethod = static_cast<QpSolverKind>(3);  // what was the substeps
  Result<World> world = World::create(settings);
  REQUIRE_FALSE(world.ok());
  CHECK(contains(world.error().message, "qp method must be pgs, mprgp or apgd"));
  settings = {};
  settings.timestepScheme = static_cast<TimestepScheme>(2);
  CHECK_FALSE(World::create(settings).ok());
  settings = {};
  settings.substeps = 1001;
  world = World::create(settings);
  REQUIRE_FALSE(world.ok());
  CHECK(contains(world.error().message,
                 "substeps must be a whole number from 1 to 1000 (found "
                 "1001)"));
}

TEST_CASE("MPRGP asked for with friction: APGD runs, and the statistics count each such solve") {
  World mprgp = makeWorld(mprgpSettings(0.6));
  WorldSettings apgdSettings = mprgpSettings(0.6);
  apgdSettings.qpMethod = QpSolverKind::Apgd;
  World apgd = makeWorld(apgdSettings);
  for (World* world : {&mprgp, &apgd}) {
    addFloor(*world);
    add(*world, boxDef("block", 1, 1, 0, 0.505, 1, 0.1));
    run(*world, 0.5);
  }
  const Statistics& stats = mprgp.statistics();
  CHECK(stats.timestep.qpSolves > 0);
  CHECK(stats.timestep.qpApgdInPlaceOfMprgp == stats.timestep.qpSolves);
  CHECK(apgd.statistics().timestep.qpApgdInPlaceOfMprgp == 0);
  // APGD is what ran: the same states, bit for bit.
  Scene ran = captureScene(mprgp);
  ran.settings.qpMethod = QpSolverKind::Apgd;
  CHECK(sceneDifference(ran, captureScene(apgd)) == "");
}

TEST_CASE("a scene file asking for MPRGP with friction loads with a warning at qp_method") {
  const std::string text = "solver timestep\nqp_method mprgp\nbox floor w=10 fixed\nbox b y=2\n";
  Result<LoadedScene> loaded = parseScene(text, "test.scene");
  REQUIRE(loaded.ok());
  REQUIRE(loaded->warnings.size() == 1);
  CHECK(loaded->warnings[0] ==
        "test.scene:2:11: warning: qp_method mprgp solves frictionless "
        "problems only: groups of contacts with friction are solved by "
        "APGD (the statistics count those solves); set friction 0 for "
        "MPRGP to solve them all");
  for (const char* quiet : {"solver timestep\nqp_method mprgp\nfriction 0\nbox floor w=10 "
                            "fixed\nbox b y=2\n",
                            "solver timestep\nqp_method apgd\nbox floor w=10 fixed\nbox b y=2\n",
                            "solver timestep\nqp_method mprgp\nbox floor w=10 fixed\nbox b y=2 "
                            "friction=0\n"}) {
    CAPTURE(quiet);
    Result<LoadedScene> ok = parseScene(quiet, "test.scene");
    REQUIRE(ok.ok());
    CHECK(ok->warnings.empty());
  }
}

TEST_CASE("MPRGP solves the frictionless groups itself, and only those") {
  World frictionless = makeWorld(mprgpSettings(0));
  addFloor(frictionless);
  add(frictionless, boxDef("block", 1, 1, 0, 0.505));
  run(frictionless, 0.5);
  CHECK(frictionless.statistics().timestep.qpSolves > 0);
  CHECK(frictionless.statistics().timestep.qpApgdInPlaceOfMprgp == 0);

  // One block on ice (its own friction 0), one with the world's friction: separate groups.
  World mixed = makeWorld(mprgpSettings(0.6));
  addFloor(mixed);
  BodyDef ice = boxDef("ice", 1, 1, -5, 0.505);
  ice.friction = 0;
  add(mixed, ice);
  add(mixed, boxDef("rough", 1, 1, 5, 0.505));
  run(mixed, 0.5);
  const Statistics& stats = mixed.statistics();
  CHECK(stats.timestep.qpApgdInPlaceOfMprgp > 0);
  CHECK(stats.timestep.qpApgdInPlaceOfMprgp < stats.timestep.qpSolves);
}
