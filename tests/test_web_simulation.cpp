// The web page's simulation (web/wasm/web_simulation.h), natively: links load or are refused whole
// with the CLI's message, the forces it hands to the page are the physical ones, a drag moves a
// body and stays out of the shared link, a paused move is what Reset returns to, and settings are
// checked.
#include <doctest/doctest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "contactlab/scene.h"
#include "web_simulation.h"

using namespace contactlab;
using Json = nlohmann::json;

namespace {

std::size_t bodyCount(const WebSimulation& sim) {
  return Json::parse(sim.bodiesJson()).size();
}

}  // namespace

TEST_CASE("a preset loads, runs, and hands over its contact forces: a 2 kg block carries m g") {
  WebSimulation sim;
  REQUIRE(sim.load("block-on-floor") == "");
  REQUIRE(sim.step(100) == "");
  CHECK(sim.time() == doctest::Approx(100 * Json::parse(sim.settingsJson())["dt"].get<double>()));
  const std::vector<double>& contacts = sim.contacts();
  REQUIRE(contacts.size() == 2 * 6);  // two corners: x, y, nx, ny, force, friction
  const double g = Json::parse(sim.settingsJson())["gravity"].get<double>();
  CHECK(contacts[4] + contacts[10] == doctest::Approx(2 * g).epsilon(1e-9));
  CHECK(sim.states().size() == 6 * bodyCount(sim));
}

TEST_CASE("each contact names its two bodies: the floor pushes the block up, never down") {
  WebSimulation sim;
  REQUIRE(sim.load("block-on-floor") == "");
  REQUIRE(sim.step(10) == "");
  const Json bodies = Json::parse(sim.bodiesJson());
  const std::vector<double> contacts = sim.contacts();
  const std::vector<int>& pairs = sim.contactBodies();
  REQUIRE(contacts.size() == 2 * 6);
  REQUIRE(pairs.size() == 2 * 2);
  for (std::size_t k = 0; k < 2; ++k) {
    const int body1 = pairs[2 * k], body2 = pairs[2 * k + 1];
    REQUIRE(body1 >= 0);
    REQUIRE(body2 >= 0);
    REQUIRE(body1 < static_cast<int>(bodies.size()));
    REQUIRE(body2 < static_cast<int>(bodies.size()));
    CHECK(bodies[body1]["fixed"] != bodies[body2]["fixed"]);
    // The force acts on body 1 along the normal; on the block it points up.
    const double upOnBlock = contacts[6 * k + 3] * contacts[6 * k + 4];
    CHECK((bodies[body1]["fixed"].get<bool>() ? -upOnBlock : upOnBlock) > 0);
  }
}

TEST_CASE("a tampered link is refused with the CLI's message and the scene stays") {
  WebSimulation sim;
  REQUIRE(sim.load("tapering-stack") == "");
  const std::string good = sim.share();
  const std::size_t bodies = bodyCount(sim);
  std::string tampered = good;
  tampered[good.find('~') + 1] = '!';
  const std::string message = sim.load(tampered);
  Result<Scene> decoded = decodeShare(tampered);
  REQUIRE_FALSE(decoded.ok());
  CHECK(message == decoded.error().message);
  CHECK(message.find("character") != std::string::npos);
  CHECK(bodyCount(sim) == bodies);
  CHECK(sim.load("no-such-preset").find("expected a share string") != std::string::npos);
  CHECK(bodyCount(sim) == bodies);
}

TEST_CASE("the link it shares reopens the same scene, the drag spring left out") {
  WebSimulation sim;
  REQUIRE(sim.load("tapering-stack") == "");
  REQUIRE(sim.step(50) == "");
  const int top = static_cast<int>(bodyCount(sim)) - 1;
  const std::vector<double> before = sim.states();
  REQUIRE(sim.grab(top, before[6 * top], before[6 * top + 1]) == "");
  sim.dragTo(before[6 * top] + 3, before[6 * top + 1] + 1);
  REQUIRE(sim.step(100) == "");
  CHECK(sim.states()[6 * top] > before[6 * top] + 0.5);  // the spring pulled it towards the pointer
  const std::string link = sim.share();
  Result<Scene> scene = decodeShare(link);
  REQUIRE(scene.ok());
  CHECK(scene.value().springs.empty());
  WebSimulation reopened;
  REQUIRE(reopened.load(link) == "");
  const std::vector<double>& states = sim.states();
  const std::vector<double>& again = reopened.states();
  REQUIRE(states.size() == again.size());
  for (std::size_t i = 0; i < states.size(); ++i) CHECK(again[i] == states[i]);
  sim.release();
}

TEST_CASE("a move while paused places the body at rest, and Reset comes back to it") {
  WebSimulation sim;
  REQUIRE(sim.load("block-on-floor") == "");
  const int block = sim.bodyAt(0, 0.5, 0.01);
  REQUIRE(block >= 0);
  CHECK(Json::parse(sim.bodiesJson())[block]["fixed"] == false);
  CHECK(sim.bodyAt(50, 50, 0.01) == -1);
  REQUIRE(sim.moveBody(block, 3, 2) == "");
  REQUIRE(sim.step(10) == "");
  sim.reset();
  CHECK(sim.time() == 0);
  CHECK(sim.states()[6 * block] == 3);
  CHECK(sim.states()[6 * block + 1] == 2);
  CHECK_FALSE(sim.moveBody(block, NAN, 0).empty());
  CHECK_FALSE(sim.moveBody(99, 0, 0).empty());
}

TEST_CASE("settings are checked as the scene format checks them: a refused value changes nothing") {
  WebSimulation sim;
  REQUIRE(sim.setSetting("gravity", 1.62) == "");
  CHECK(Json::parse(sim.settingsJson())["gravity"] == 1.62);
  CHECK_FALSE(sim.setSetting("gravity", NAN).empty());
  CHECK_FALSE(sim.setSetting("elasticity", -0.5).empty());
  CHECK_FALSE(sim.setSetting("damping", -1).empty());
  CHECK_FALSE(sim.setSetting("dt", 0).empty());
  CHECK_FALSE(sim.setSetting("colour", 1).empty());
  CHECK(Json::parse(sim.settingsJson())["gravity"] == 1.62);
  REQUIRE(sim.setSolver("timestep") == "");
  CHECK(Json::parse(sim.settingsJson())["solver"] == "timestep");
  CHECK_FALSE(sim.setSolver("magic").empty());
  CHECK(Json::parse(sim.settingsJson())["solver"] == "timestep");
}

TEST_CASE("the solver menu's three choices: ContactSim, the QP to its tolerance, the substeps") {
  WebSimulation sim;
  REQUIRE(sim.load("pyramid20") == "");
  CHECK(Json::parse(sim.settingsJson())["solver"] == "timestep");
  REQUIRE(sim.setSolver("substeps") == "");
  CHECK(Json::parse(sim.settingsJson())["solver"] == "substeps");
  // The scheme travels in the link: a share of the substeps opens under the substeps, and runs.
  WebSimulation other;
  REQUIRE(other.load(sim.share()) == "");
  CHECK(Json::parse(other.settingsJson())["solver"] == "substeps");
  REQUIRE(other.step(60) == "");
  REQUIRE(sim.setSolver("timestep") == "");
  CHECK(Json::parse(sim.settingsJson())["solver"] == "timestep");
  REQUIRE(sim.setSolver("contact") == "");
  CHECK(Json::parse(sim.settingsJson())["solver"] == "contact");
  REQUIRE(sim.setSolver("substeps") == "");
  CHECK(Json::parse(sim.settingsJson())["solver"] == "substeps");
}
