// GapProjection on hand-made contacts with closed-form answers: how far it moves bodies (the
// fraction of the excess closeness, the cap, the mass ratio, a stack lifted in one go), what it
// leaves alone (velocities, angles, contacts within the slop, bodies being separated from deep
// overlaps), that a contact at its target gap is not pushed below it, and that ContactSim's
// frictionless correction pushes side contacts sideways only.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "gap_projection.h"

using namespace contactlab;

namespace {

constexpr double kTolerance = 1e-12;  // m: the answers below are exact up to rounding

Body boxBody(double mass, bool fixed = false) {
  Body body;
  body.def.shape = ShapeKind::Box;
  body.def.fixed = fixed;
  body.mass = mass;
  body.invMass = fixed ? 0 : 1 / mass;
  body.inertia = mass / 6;
  body.invInertia = fixed ? 0 : 1 / body.inertia;
  body.friction = 0.6;
  return body;
}

// A contact of body1's point on body2's surface along `normal` (from body 2 to body 1), at gap
// `distance`.
Contact contactOf(int body1, int body2, Vec2 point1, Vec2 normal, double distance) {
  Contact c;
  c.body1 = body1;
  c.body2 = body2;
  c.geometry.normal = normal;
  c.geometry.point1 = point1;
  c.geometry.point2 = point1 - distance * normal;
  c.geometry.distance = distance;
  return c;
}

struct Setup {
  Model model;
  std::vector<BodyState> states;
  std::vector<Contact> contacts;

  explicit Setup(double gravity) { model.settings.gravity = gravity; }
  int add(double mass, Vec2 position, bool fixed = false) {
    model.bodies.push_back(boxBody(mass, fixed));
    BodyState s;
    s.position = position;
    s.velocity = {0.25, -0.5};
    s.omega = 0.75;
    states.push_back(s);
    return static_cast<int>(states.size()) - 1;
  }
  double target() const { return model.settings.distanceTol / 2; }
  // Both bottom corners of a unit box `upper` resting on `lower` at gap `distance`.
  void corners(int upper, int lower, double distance) {
    const Vec2 c = states[upper].position;
    for (const double side : {-0.5, 0.5})
      contacts.push_back(contactOf(upper, lower, c + Vec2{side, -0.5}, {0, 1}, distance));
  }
  void project(GapCorrectionRate rate, std::span<const std::pair<int, int>> overlapping = {}) {
    StageTimes times;
    GapProjection projection;
    projection.project(model, contacts, states, states, rate, times, overlapping);
  }
};

}  // namespace

TEST_CASE("a box 3 mm into the floor is lifted by the fraction of its excess closeness") {
  Setup setup(9.81);
  setup.add(1, {0, -0.5}, true);
  const int box = setup.add(2, {0, 0.497});
  setup.corners(box, 0, -0.003);
  const BodyState before = setup.states[box];
  setup.project({0.5, 0.1});
  // Excess closeness: target 5 mm + 3 mm = 8 mm; half of it.
  CHECK(setup.states[box].position.y == doctest::Approx(0.497 + 0.004).epsilon(kTolerance));
  CHECK(setup.states[box].position.x == before.position.x);
  // Positions only: no velocity and no turn is left behind.
  CHECK(setup.states[box].velocity == before.velocity);
  CHECK(setup.states[box].omega == before.omega);
  CHECK(setup.states[box].angle == before.angle);
}

TEST_CASE("the correction moves no body by more than the largest move") {
  Setup setup(9.81);
  setup.add(1, {0, -0.5}, true);
  const int box = setup.add(1, {0, 0.497});
  setup.corners(box, 0, -0.003);
  setup.project({1, 0.002});
  CHECK(setup.states[box].position.y == doctest::Approx(0.497 + 0.002).epsilon(kTolerance));
}

TEST_CASE("two free bodies share the correction in inverse proportion to their masses") {
  Setup setup(0);
  const int light = setup.add(1, {0, 0});
  const int heavy = setup.add(3, {1, 0});
  // light's right face touches heavy's left face: normal from heavy to light is -x.
  setup.contacts.push_back(contactOf(light, heavy, {0.5, 0.25}, {-1, 0}, 0));
  setup.project({1, 0.1});
  const double opened = setup.states[heavy].position.x - setup.states[light].position.x - 1;
  CHECK(opened == doctest::Approx(setup.target()).epsilon(kTolerance));
  CHECK(-setup.states[light].position.x == doctest::Approx(0.75 * setup.target()));
  CHECK(setup.states[heavy].position.x - 1 == doctest::Approx(0.25 * setup.target()));
}

TEST_CASE("a column of touching boxes is lifted to its gaps in one projection") {
  Setup setup(9.81);
  setup.add(1, {0, -0.5}, true);
  std::vector<int> boxes;
  for (int i = 0; i < 5; ++i) boxes.push_back(setup.add(1, {0, 0.5 + i}));
  // Listed from the top down, so only the ordering by height finds the one-sweep answer.
  for (int i = 4; i >= 0; --i) setup.corners(boxes[i], i == 0 ? 0 : boxes[i - 1], 0);
  setup.project({1, 1});
  for (int i = 0; i < 5; ++i) {
    CAPTURE(i);
    CHECK(setup.states[boxes[i]].position.y ==
          doctest::Approx(0.5 + i + (i + 1) * setup.target()).epsilon(kTolerance));
  }
}

TEST_CASE("a body pushed up carries what rests on it at its target gap") {
  Setup setup(9.81);
  setup.add(1, {0, -0.5}, true);
  const int lower = setup.add(1, {0, 0.497});
  const int upper = setup.add(1, {0, 0.497 + 1 + setup.target()});
  setup.corners(lower, 0, -0.003);
  setup.corners(upper, lower, setup.target());
  setup.project({0.5, 0.1});
  const double gap = setup.states[upper].position.y - setup.states[lower].position.y - 1;
  CHECK(gap >= setup.target() - 1e-9);
  CHECK(setup.states[lower].position.y == doctest::Approx(0.501).epsilon(kTolerance));
}

TEST_CASE("contacts within the slop of their target are left as they are") {
  Setup setup(9.81);
  setup.add(1, {0, -0.5}, true);
  const int box = setup.add(1, {0, 0.505});
  setup.corners(box, 0, setup.target() - 0.5 * kGapSlop * setup.model.settings.distanceTol);
  const BodyState before = setup.states[box];
  setup.project({1, 0.1});
  CHECK(setup.states[box].position == before.position);
}

TEST_CASE("bodies being pushed out of a deep overlap are held still") {
  Setup setup(9.81);
  setup.add(1, {0, -0.5}, true);
  const int held = setup.add(1, {0, 0.497});
  setup.corners(held, 0, -0.003);
  const std::pair<int, int> overlapping[] = {{held, 2}};
  setup.add(1, {0.2, 0.3});  // body 2, the other body of the overlap
  setup.project({1, 0.1}, overlapping);
  CHECK(setup.states[held].position.y == 0.497);
}

// ContactSim's correction (liftOnly, frictionless): it lifts a body over a support that is too
// close and nothing else; the time-stepping solvers' correction (the default) keeps its sticking
// tangential rows and pushes along the normals.
TEST_CASE("ContactSim's correction lifts a box off the floor without dragging its side neighbour") {
  for (const bool contactSim : {false, true}) {
    CAPTURE(contactSim);
    Setup setup(9.81);
    setup.add(1, {0, -0.5}, true);
    const int lifted = setup.add(1, {0, 0.497});
    setup.corners(lifted, 0, -0.003);  // 8 mm closer than the target
    // A free box to the right, its left face 2 mm closer than the target to lifted's right face.
    const double side = setup.target() - 0.002;
    const int neighbour = setup.add(1, {1 + side, 0.6});
    setup.contacts.push_back(contactOf(lifted, neighbour, {0.5, 0.6}, {-1, 0}, side));
    GapCorrectionRate rate{0.5, 0.1};
    rate.frictional = !contactSim;
    rate.liftOnly = contactSim;
    setup.project(rate);
    const double rise = setup.states[neighbour].position.y - 0.6;
    if (contactSim) {
      // The box on the floor rises by half its excess closeness; frictionless, the side contact
      // only pushes sideways and the neighbour stays at its height.
      CHECK(setup.states[lifted].position.y == doctest::Approx(0.497 + 0.004).epsilon(kTolerance));
      CHECK(rise == 0);
    } else {
      // A sticking side contact carries the neighbour up with the lifted box (by more than a
      // tenth of a millimetre of the 4 mm lift).
      CHECK(rise > 1e-4);
    }
  }
}

TEST_CASE("ContactSim's correction opens a tilted side contact by a horizontal push") {
  const double angle = 0.35;  // the normal 20 degrees above the horizontal: a side contact
  const Vec2 normal{-std::cos(angle), std::sin(angle)};
  for (const bool contactSim : {false, true}) {
    CAPTURE(contactSim);
    Setup setup(9.81);
    const int left = setup.add(1, {0, 0});
    const int right = setup.add(3, {1, 0});
    const double distance = setup.target() - 0.002;
    setup.contacts.push_back(contactOf(left, right, {0.5, 0}, normal, distance));
    GapCorrectionRate rate{1, 0.1};
    rate.frictional = !contactSim;
    rate.liftOnly = contactSim;
    setup.project(rate);
    const Vec2 opened = setup.states[left].position - (setup.states[right].position - Vec2{1, 0});
    // Opened to the target gap either way.
    CHECK(glm::dot(normal, opened) == doctest::Approx(0.002).epsilon(1e-9));
    if (contactSim) {
      // Horizontally: neither box rises or sinks, and the push is shared by the masses.
      CHECK(setup.states[left].position.y == 0);
      CHECK(setup.states[right].position.y == 0);
      CHECK(-setup.states[left].position.x ==
            doctest::Approx(3 * (setup.states[right].position.x - 1)).epsilon(1e-9));
    } else {
      // Along the normal: the left box rises.
      CHECK(setup.states[left].position.y > 0);
    }
  }
}
