// ContactFinder::findReusing against ContactFinder::find: contacts carried along with their bodies
// are the contacts found afresh when the bodies move together (a rigid motion of the whole pile),
// agree with them to second order when a pair moves relative to itself by less than the reuse
// distance, and are found afresh beyond it.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "contact_finder.h"

using namespace contactlab;

namespace {

constexpr double kMargin = 0.025;

Body bodyOf(ShapeKind kind, double size, bool fixed = false) {
  Body body;
  body.def.shape = kind;
  body.def.width = size;
  body.def.height = kind == ShapeKind::Box && fixed ? 1 : size;
  body.def.radius = size / 2;
  body.def.fixed = fixed;
  body.shape = makeShape(body.def).value();
  return body;
}

// A fixed floor and a loose pile of boxes and discs resting near each other on it.
Model pileModel(std::vector<BodyState>& states) {
  Model model;
  model.bodies.push_back(bodyOf(ShapeKind::Box, 20, true));
  states.push_back({{0, -0.5}, 0, {0, 0}, 0});
  std::mt19937 random(3);
  std::uniform_real_distribution<double> jitter(-0.004, 0.004);
  for (int row = 0; row < 4; ++row) {
    for (int column = 0; column < 6; ++column) {
      const bool disc = (row + column) % 3 == 0;
      model.bodies.push_back(bodyOf(disc ? ShapeKind::Disc : ShapeKind::Box, 1));
      states.push_back({{column * 1.004 - 2.5 + jitter(random), 0.503 + row * 1.004},
                        jitter(random),
                        {0, 0},
                        0});
    }
  }
  return model;
}

// The same contacts (same bodies and features, in the same order) with the same geometry to
// `tolerance`.
void checkSame(const std::vector<Contact>& carried, const std::vector<Contact>& fresh,
               double tolerance) {
  REQUIRE(carried.size() == fresh.size());
  for (size_t k = 0; k < fresh.size(); ++k) {
    CAPTURE(k);
    const ContactGeometry& a = carried[k].geometry;
    const ContactGeometry& b = fresh[k].geometry;
    CHECK(carried[k].body1 == fresh[k].body1);
    CHECK(carried[k].body2 == fresh[k].body2);
    CHECK(a.feature == b.feature);
    CHECK(glm::length(a.normal - b.normal) <= tolerance);
    CHECK(glm::length(a.point1 - b.point1) <= tolerance);
    CHECK(std::abs(a.distance - b.distance) <= tolerance);
  }
}

// The pile, a reusing finder and a fresh one, and what each found last.
struct PileFinders {
  std::vector<BodyState> states;
  Model model = pileModel(states);
  std::vector<double> reach = std::vector<double>(states.size(), 0.0);
  double margin = kMargin;
  ContactFinder reusing, fresh;
  std::vector<Contact> carried, found;
  void findBoth() {
    reusing.findReusing(model, states, margin, carried, reach);
    fresh.find(model, states, margin, found, reach);
  }
};

}  // namespace

TEST_CASE("contacts carried along a rigid motion of the whole pile are the contacts found there") {
  PileFinders pile;
  pile.findBoth();
  REQUIRE(pile.found.size() > 20);
  checkSame(pile.carried, pile.found, 1e-12);

  // Turn and shift everything, the floor included: every pair sits as it sat, so nothing is
  // collided again, and the carried geometry is the geometry there.
  const double angle = 0.3;
  const Vec2 shift{5, -2};
  for (BodyState& s : pile.states) {
    s.position = shift + Vec2{std::cos(angle) * s.position.x - std::sin(angle) * s.position.y,
                              std::sin(angle) * s.position.x + std::cos(angle) * s.position.y};
    s.angle += angle;
  }
  pile.findBoth();
  checkSame(pile.carried, pile.found, 1e-9);
}

TEST_CASE("a pair moved by less than the reuse distance keeps its contacts; beyond, it is found") {
  PileFinders pile;
  pile.findBoth();
  std::vector<BodyState>& states = pile.states;

  // Every loose body shifts and turns a little on its own. A carried contact follows its own
  // feature pair exactly (a vertex with its body, the edge line with the other), so where the
  // fresh search finds the same feature pair the distance is the same; the sets themselves may
  // differ by contacts whose choice of feature flips under the motion.
  const double step = kReuseDistance / 2;
  std::mt19937 random(5);
  std::uniform_real_distribution<double> unit(-1, 1);
  for (size_t i = 1; i < states.size(); ++i) {
    states[i].position += Vec2{step * unit(random), step * unit(random)} / std::sqrt(2.0);
    states[i].angle += kReuseAngle / 4 * unit(random);
  }
  pile.findBoth();
  size_t matched = 0;
  for (const Contact& c : pile.carried) {
    for (const Contact& f : pile.found) {
      if (keyOf(c) != keyOf(f)) continue;
      ++matched;
      CHECK(std::abs(c.geometry.distance - f.geometry.distance) < 1e-9);
    }
  }
  CHECK(matched + 2 >= pile.found.size());

  // Moved by more than the reuse distance, the pairs are collided again: exactly find()'s answer.
  for (size_t i = 1; i < states.size(); ++i) states[i].position.y += 2 * kReuseDistance;
  states[1].position.x += 3 * kReuseDistance;  // the first body also moves relative to the rest
  pile.findBoth();
  // Pairs with the floor were collided again (every body moved relative to it): exact.
  int floorContacts = 0;
  for (const Contact& f : pile.found) {
    if (f.body1 != 0 && f.body2 != 0) continue;
    ++floorContacts;
    const auto same = std::find_if(pile.carried.begin(), pile.carried.end(),
                                   [&](const Contact& c) { return keyOf(c) == keyOf(f); });
    REQUIRE(same != pile.carried.end());
    CHECK(same->geometry.distance == f.geometry.distance);
    CHECK(same->geometry.point1 == f.geometry.point1);
  }
  CHECK(floorContacts >= 6);

  // Forgotten, everything is collided afresh.
  pile.reusing.forgetReuse();
  pile.findBoth();
  checkSame(pile.carried, pile.found, 0);
}

namespace {

// Every contact found afresh is carried, with the same geometry; a carried contact that was not
// found afresh is one of them seen from the other body (its points swapped, within `twins`): the
// tolerance within which a fresh search counts two such as one follows the margin.
void checkSameUpToTwins(const std::vector<Contact>& carried, const std::vector<Contact>& fresh,
                        double twins) {
  for (const Contact& f : fresh) {
    const auto same = std::find_if(carried.begin(), carried.end(),
                                   [&](const Contact& c) { return keyOf(c) == keyOf(f); });
    REQUIRE(same != carried.end());
    CHECK(glm::length(same->geometry.point1 - f.geometry.point1) <= 1e-12);
    CHECK(std::abs(same->geometry.distance - f.geometry.distance) <= 1e-12);
  }
  for (const Contact& c : carried) {
    auto twin = [&](const Contact& f) {
      return keyOf(f) == keyOf(c) || (glm::length(c.geometry.point1 - f.geometry.point2) <= twins &&
                                      glm::length(c.geometry.point2 - f.geometry.point1) <= twins);
    };
    CHECK(std::any_of(fresh.begin(), fresh.end(), twin));
  }
}

}  // namespace

TEST_CASE("a margin that grows or shrinks within the slack gives the contacts found within it") {
  // Nothing moves; only the bodies' reach (their speed) and with it each pair's margin changes.
  // Each pair was collided kReuseMarginSlack beyond its margin, so a margin grown by up to that
  // much finds every contact there without colliding again.
  PileFinders pile;
  pile.margin = 0.004;  // about the pile's gaps: some contacts lie just beyond it
  pile.findBoth();
  const size_t atFirst = pile.found.size();
  for (size_t i = 1; i < pile.reach.size(); ++i) pile.reach[i] = 0.45 * kReuseMarginSlack;
  pile.findBoth();
  CHECK(pile.found.size() > atFirst);  // the grown margins hold contacts the first ones did not
  checkSameUpToTwins(pile.carried, pile.found, (pile.margin + kReuseMarginSlack) / 10);
  for (double& reach : pile.reach) reach = 0;
  pile.findBoth();
  checkSame(pile.carried, pile.found, 1e-12);
  // Grown beyond the slack, the pairs are collided again.
  for (size_t i = 1; i < pile.reach.size(); ++i) pile.reach[i] = 2 * kReuseMarginSlack;
  pile.findBoth();
  checkSame(pile.carried, pile.found, 0);
}

namespace {

// The same contacts, field by field, to the bit.
void checkIdentical(const std::vector<Contact>& a, const std::vector<Contact>& b) {
  REQUIRE(a.size() == b.size());
  for (size_t k = 0; k < a.size(); ++k) {
    CAPTURE(k);
    CHECK(keyOf(a[k]) == keyOf(b[k]));
    CHECK(a[k].geometry.normal == b[k].geometry.normal);
    CHECK(a[k].geometry.point1 == b[k].geometry.point1);
    CHECK(a[k].geometry.point2 == b[k].geometry.point2);
    CHECK(a[k].geometry.distance == b[k].geometry.distance);
  }
}

// findReusing at `moved`, undone: the finder then answers every later call exactly as a copy of it
// made before that call (at the pile's states, where it was, and at `moved`, where the undone call
// had collided some pairs again).
void checkUndone(PileFinders& pile, const std::vector<BodyState>& moved) {
  const ContactFinder before = pile.reusing;
  ContactFinder copy = before;
  std::vector<Contact> out, expected;
  pile.reusing.findReusing(pile.model, moved, pile.margin, out, pile.reach);
  pile.reusing.undoReuse();
  const std::vector<BodyState>& at = pile.states;
  for (const std::vector<BodyState>* states : {&at, &moved}) {
    pile.reusing.findReusing(pile.model, *states, pile.margin, out, pile.reach);
    copy.findReusing(pile.model, *states, pile.margin, expected, pile.reach);
    checkIdentical(out, expected);
  }
  pile.reusing = before;
}

}  // namespace

TEST_CASE("an undone search leaves the reuse as it was") {
  // A failed step is undone (World::step): the next search must answer as if the undone one had
  // never been made. One body moved beyond the reuse distance, its pairs collided again.
  PileFinders pile;
  pile.findBoth();
  std::vector<BodyState> moved = pile.states;
  moved[1].position.x += 2 * kReuseDistance;
  checkUndone(pile, moved);
  // The same, and the last body (the pile's top right) lifted clear of the others: its pairs gone.
  moved.back().position.y += 1;
  checkUndone(pile, moved);
  // The second body lifted a metre into the row above: its pairs gone, and new ones.
  moved = pile.states;
  moved[2].position.y += 1;
  moved[1].position.x += 2 * kReuseDistance;
  checkUndone(pile, moved);
}

TEST_CASE("margins that swing beyond the slack, step after step, give a fresh search's contacts") {
  // Every pair is collided again at every call, into more contacts when the margins grow and fewer
  // when they shrink: the answer is find()'s, carried the call after (to round-off), and an undone
  // call changes nothing.
  PileFinders pile;
  pile.margin = 0.004;  // about the pile's gaps: the wider margins hold more contacts
  pile.findBoth();
  size_t narrow = pile.found.size(), wide = 0;
  for (int call = 1; call <= 8; ++call) {
    CAPTURE(call);
    for (size_t i = 1; i < pile.reach.size(); ++i)
      pile.reach[i] = call % 2 == 1 ? 2 * kReuseMarginSlack : 0;
    checkUndone(pile, pile.states);
    pile.findBoth();
    checkSame(pile.carried, pile.found, 0);
    pile.findBoth();  // the same margins: every pair carried, from wherever its record holds it
    checkSame(pile.carried, pile.found, 1e-12);
    (call % 2 == 1 ? wide : narrow) = pile.found.size();
  }
  CHECK(wide > narrow);
}
