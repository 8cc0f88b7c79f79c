// ContactSim's warm start (contact_sim.h): an evaluation starts from the clamped set the last one
// left, each contact's flag looked up by its key, or read at the place it had when the same
// contacts come in the same order. Whatever the workspace last saw, the start is the set's.
#include <doctest/doctest.h>

#include <cstring>
#include <numbers>
#include <vector>

#include "contact_sim.h"

using namespace contactlab;

namespace {

Body boxOf(double width, double height, bool fixed) {
  Body body;
  body.def.shape = ShapeKind::Box;
  body.def.width = width;
  body.def.height = height;
  body.def.fixed = fixed;
  body.shape = makeShape(body.def).value();
  body.mass = width * height;
  body.inertia = body.mass * (width * width + height * height) / 12;
  body.invMass = fixed ? 0 : 1 / body.mass;
  body.invInertia = fixed ? 0 : 1 / body.inertia;
  return body;
}

// A fixed floor (top at y = 0) and a unit box on it at the target gap, turned by `angle` and
// moving up at `rise`.
std::vector<BodyState> boxOnFloor(const Model& model, double angle, double rise) {
  const double gap = model.settings.distanceTol / 2;
  return {{{0, -0.5}, 0, {0, 0}, 0}, {{0, 0.5 + gap}, angle, {0, rise}, 0}};
}

struct Evaluation {
  std::int64_t pivots = 0;
  std::vector<RestingContact> contacts;
};

Evaluation evaluate(ContactSim& sim, const Model& model, const std::vector<BodyState>& states) {
  std::vector<BodyRate> rates(states.size());
  StepReport report;
  Evaluation result;
  sim.evaluate(model, states, rates, report, {}, &result.contacts);
  result.pivots = report.contact.pivots;
  return result;
}

}  // namespace

TEST_CASE("an evaluation starts from the warm start it holds, whatever its workspace last saw") {
  Model model;
  model.bodies = {boxOf(20, 1, true), boxOf(1, 1, false)};
  // Resting, the box's two corners carry its weight. Turned a half turn, the other two touch
  // (other contacts, as many), and rising at 0.1 m/s the box needs no force: they end unclamped.
  const std::vector<BodyState> resting = boxOnFloor(model, 0, 0);
  const std::vector<BodyState> rising = boxOnFloor(model, std::numbers::pi, 0.1);
  ContactSim seen, other;
  const Evaluation first = evaluate(seen, model, resting);
  REQUIRE(first.contacts.size() == 2);
  for (const RestingContact& c : first.contacts) REQUIRE(c.force > 0);
  const Evaluation lifted = evaluate(other, model, rising);
  REQUIRE(lifted.contacts.size() == 2);
  for (const RestingContact& c : lifted.contacts) REQUIRE(c.force == 0);
  for (const RestingContact& l : lifted.contacts)
    for (const RestingContact& f : first.contacts) REQUIRE(keyOf(l.contact) != keyOf(f.contact));

  // `seen` takes other's warm start (the rising box's contacts, unclamped) and keeps its own
  // workspace, which saw the resting contacts in this very order; a copy starts with none. The
  // resting contacts are not in that warm start, so both start them clamped: no pivot.
  seen = other;
  ContactSim copy = other;
  const Evaluation assigned = evaluate(seen, model, resting);
  const Evaluation copied = evaluate(copy, model, resting);
  CHECK(copied.pivots == 0);
  CHECK(assigned.pivots == copied.pivots);
  REQUIRE(assigned.contacts.size() == copied.contacts.size());
  for (size_t k = 0; k < copied.contacts.size(); ++k)
    CHECK(std::memcmp(&assigned.contacts[k].force, &copied.contacts[k].force, sizeof(double)) == 0);

  // And the warm start each left is the same: the next evaluation, from the same start, the same.
  CHECK(evaluate(seen, model, rising).pivots == evaluate(copy, model, rising).pivots);
}
