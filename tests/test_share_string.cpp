// Tests of share strings: exact round trips (awkward doubles, random scenes), stability, the
// character set, size of a 20-block scene, and decoding errors at the right character.
#include <doctest/doctest.h>

#include <charconv>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <random>
#include <string>
#include <string_view>

#include "contactlab/limits.h"
#include "contactlab/scene.h"
#include "decimal_text.h"
#include "scene_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

bool isShareCharacter(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.' || c == '_' || c == '~' || c == ',';
}

// The documented exact form of a number: '_' and its 64 bits as 11 base64url digits, most
// significant first (the first digit holds 4 bits).
std::string bitsForm(double value) {
  static constexpr std::string_view kDigits =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const std::uint64_t bits = doubleBits(value);
  std::string text = "_";
  for (int shift = 60; shift >= 0; shift -= 6) text += kDigits[(bits >> shift) & 63];
  return text;
}

Scene decoded(std::string_view text) {
  Result<Scene> scene = decodeShare(text);
  INFO(text);
  INFO((!scene.ok() ? scene.error().message : std::string()));
  REQUIRE(scene.ok());
  return scene.value();
}

// Decoding fails at character `position` (from 1) with a message containing every phrase.
void expectError(std::string_view text, std::size_t position,
                 std::initializer_list<std::string_view> phrases) {
  CAPTURE(text);
  Result<Scene> scene = decodeShare(text);
  REQUIRE_FALSE(scene.ok());
  const std::string& message = scene.error().message;
  CAPTURE(message);
  CHECK(message.starts_with("share string, character " + std::to_string(position) + ": "));
  for (std::string_view phrase : phrases) CHECK(message.find(phrase) != std::string::npos);
}

// The same, at the first character of the n-th occurrence of `culprit`.
void expectErrorAt(std::string_view text, std::string_view culprit,
                   std::initializer_list<std::string_view> phrases, int occurrence = 1) {
  expectError(text, offsetOf(text, culprit, occurrence) + 1, phrases);
}

// A floor and a column of 20 unit boxes, each resting on the one below at the target gap.
Scene column20() {
  Scene scene;
  BodyDef floor;
  floor.name = "floor";
  floor.width = 20;
  floor.state.position.y = -0.5;
  floor.fixed = true;
  scene.bodies.push_back(floor);
  const double gap = scene.settings.distanceTol / 2;
  for (int i = 0; i < 20; ++i) {
    BodyDef box;
    box.name = "b";
    box.name += std::to_string(i + 1);
    box.state.position.y = 0.5 + gap + i * (1 + gap);
    scene.bodies.push_back(box);
  }
  return scene;
}

}  // namespace

TEST_CASE("awkward doubles survive a share string bit for bit") {
  for (double value : kAwkward) {
    CAPTURE(value);
    // Positions, speeds and gravity wrapped into docs/limits.md (small values stay as they are).
    const double position = std::fmod(value, limits::kWorldSize);
    const double speed = std::fmod(value, limits::kSpeedLimit / 4);
    Scene scene;
    scene.settings.gravity = std::fmod(value, limits::kMaxGravity);
    scene.settings.friction = std::abs(value);
    BodyDef body;
    body.name = "A";
    body.state = {{position, -position}, value, {speed, speed}, -speed};
    body.elasticity = std::abs(value);
    scene.bodies.push_back(body);
    BodyDef polygon;
    polygon.name = "P";
    polygon.shape = ShapeKind::Polygon;
    polygon.points = {{0, 0}, {1, 0}, {1.0 / 3, 0.1}};
    polygon.state.position.x = 7;
    scene.bodies.push_back(polygon);
    const std::string text = encodeShare(scene);
    CAPTURE(text);
    CHECK(sceneDifference(decoded(text), scene) == "");
  }
}

TEST_CASE("random valid scenes survive encode, decode, encode unchanged") {
  SceneGenerator generate(7);
  for (int i = 0; i < 3000; ++i) {
    const Scene scene = generate.scene();
    const std::string text = encodeShare(scene);
    CAPTURE(text);
    CHECK(looksLikeShareString(text));
    CHECK(std::all_of(text.begin(), text.end(), isShareCharacter));
    Result<Scene> back = decodeShare(text);
    INFO((!back.ok() ? back.error().message : std::string()));
    REQUIRE(back.ok());
    CHECK(sceneDifference(back.value(), scene) == "");
    CHECK(encodeShare(back.value()) == text);
  }
}

TEST_CASE("the same scene always gives the same string, and defaults are not written") {
  const Scene scene = column20();
  Scene copy = scene;
  CHECK(encodeShare(copy) == encodeShare(scene));
  // Every setting at its default and a body with every key at its default: nothing but the
  // version, the body's shape letter and its name.
  Scene plain;
  BodyDef box;
  box.name = "A";
  plain.bodies = {box};
  const std::string text = encodeShare(plain);
  CHECK(text.find(',') == std::string::npos);
  CHECK(text.size() == std::string_view("cl1").size() + std::string_view("~bA").size());
  // Text and share string describe the same scene.
  Result<LoadedScene> parsed = parseScene(writeScene(decoded(text)), "t");
  REQUIRE(parsed.ok());
  CHECK(sceneDifference(parsed->scene, plain) == "");
}

TEST_CASE("a 20-block scene stays under 2000 characters, at rest or in full motion") {
  const Scene column = column20();
  const std::string atRest = encodeShare(column);
  CHECK(atRest.size() < 2000);
  CHECK(sceneDifference(decoded(atRest), column) == "");

  // 20 blocks of mixed sizes and masses, dropped tilted and spinning, captured in mid-flight: all
  // six state numbers of every block are arbitrary doubles.
  Scene pile;
  BodyDef floor;
  floor.name = "floor";
  floor.width = 40;
  floor.state.position.y = -0.5;
  floor.fixed = true;
  pile.bodies.push_back(floor);
  for (int i = 0; i < 20; ++i) {
    BodyDef box;
    box.name = "block";
    box.name += std::to_string(i + 1);
    box.width = 1 + (i % 3) * 0.5;
    box.height = 0.5 + (i % 2) * 0.5;
    box.mass = 1 + i % 4;
    box.state.position = {-15 + 1.5 * i, 3 + 0.7 * (i % 5)};
    box.state.angle = 0.1 * i;
    box.state.velocity = {0.3 * (i % 7) - 1, 0.2 * i};
    box.state.omega = 0.5 - 0.05 * i;
    pile.bodies.push_back(box);
  }
  Result<World> world = buildWorld(pile);
  REQUIRE(world.ok());
  for (int i = 0; i < 30; ++i) stepValid(world.value());
  const Scene moving = captureScene(world.value());
  const std::string text = encodeShare(moving);
  MESSAGE("share string of 20 moving blocks: " << text.size() << " characters");
  CHECK(text.size() < 2000);
  CHECK(sceneDifference(decoded(text), moving) == "");
}

TEST_CASE("both number forms read, in any field") {
  const Scene decimal = decoded("cl1,g0.5~dA,x-2.5,y0.1,r3");
  const Scene bits = decoded("cl1,g" + bitsForm(0.5) + "~dA,x" + bitsForm(-2.5) + ",y" +
                             bitsForm(0.1) + ",r" + bitsForm(3));
  CHECK(sceneDifference(decimal, bits) == "");
  CHECK(decimal.settings.gravity == 0.5);
  CHECK(decimal.bodies[0].state.position == Vec2{-2.5, 0.1});
  CHECK(decimal.bodies[0].radius == 3);
  // A number with a long decimal is written in the exact form.
  Scene third;
  BodyDef box;
  box.name = "A";
  box.state.angle = 1.0 / 3;
  third.bodies = {box};
  CHECK(encodeShare(third).ends_with(",a" + bitsForm(1.0 / 3)));
}

TEST_CASE("fixed bodies, polygons, words and surrounding whitespace") {
  const Scene scene =
      decoded("  cl1,imidpoint,csimultaneous,t0.005~Bfloor,w20,y-0.5~pC,p0,0,1,0,0,1,x-3,m1\n");
  CHECK(scene.settings.integrator == IntegratorKind::Midpoint);
  CHECK(scene.settings.collisions == CollisionHandling::Simultaneous);
  CHECK(scene.settings.dt == 0.005);
  REQUIRE(scene.bodies.size() == 2);
  CHECK(scene.bodies[0].fixed);
  CHECK(scene.bodies[0].shape == ShapeKind::Box);
  CHECK(scene.bodies[0].width == 20);
  CHECK_FALSE(scene.bodies[1].fixed);
  CHECK(scene.bodies[1].shape == ShapeKind::Polygon);
  REQUIRE(scene.bodies[1].points.size() == 3);
  CHECK(scene.bodies[1].points[2] == Vec2{0, 1});
  CHECK(scene.bodies[1].state.position.x == -3);
  CHECK(scene.bodies[1].mass == 1.0);
}

TEST_CASE("decoding errors name the character") {
  SUBCASE("not a share string") {
    expectError("xx1~bA", 1, {"expected a share string starting with 'cl1'"});
    expectError("", 1, {"starting with 'cl1'", "found nothing"});
  }
  SUBCASE("another version") {
    expectError("cl2~bA", 3, {"expected share string version 1", "found version 2"});
    expectError("clx~bA", 3, {"expected a version number"});
  }
  SUBCASE("a version has one spelling: a positive decimal without leading zeros") {
    expectError("cl0~bA", 3, {"expected a version number", "without a leading 0", "found '0'"});
    expectError("cl01~bA", 3, {"expected a version number", "found '01'"});
    expectError("cl001", 3, {"expected a version number", "found '001'"});
    expectError("cl10~bA", 3, {"found version 10", "newer"});
    const std::string huge = "cl" + std::string(100000, '9');
    Result<Scene> scene = decodeShare(huge);
    REQUIRE_FALSE(scene.ok());
    CHECK(scene.error().message.starts_with("share string, character 3: "));
    CHECK(scene.error().message.size() < 300);
  }
  SUBCASE("a character outside the set") {
    expectErrorAt("cl1~bA,x1 5", " ", {"expected a letter, a digit", "found ' '"});
    expectErrorAt("cl1~bA,x1;alert(1)", ";", {"found ';'"});
    expectErrorAt("cl1%7EbA", "%", {"percent-escapes"});
    expectErrorAt("cl1~bA\x01", "\x01", {"byte 1"});
  }
  SUBCASE("settings") {
    expectErrorAt("cl1,z1", "z", {"expected a setting letter", "g (gravity)"});
    expectErrorAt("cl1,g1,g2", "g2", {"given twice"});
    expectErrorAt("cl1,irk5", "rk5", {"expected euler, midpoint or rk4", "found 'rk5'"});
    expectErrorAt("cl1,g1,t0~bA", "0~", {"dt must be a finite number > 0"});
  }
  SUBCASE("statements and names") {
    expectErrorAt("cl1~bA~~dB", "~dB", {"expected a body", "found nothing"});
    expectErrorAt("cl1~xA", "xA", {"expected a body: b (box), d (disc) or p (polygon)"});
    expectErrorAt("cl1~b,x1", ",x1", {"expected a body name", "found nothing"});
    expectErrorAt("cl1~bA~dB~pA,p0,0,1,0,0,1", "A", {"'A' already exists"}, 2);
  }
  SUBCASE("keys") {
    expectErrorAt("cl1~bA,q1", "q1", {"expected a key letter of a box", "w (w)"});
    expectErrorAt("cl1~dA,w1", "w1", {"expected a key letter of a disc"});
    expectErrorAt("cl1~bA,x1,x2", "x2", {"given twice"});
    expectErrorAt("cl1~bA,m1,d2", "d2", {"either mass (m) or density (d)"});
    expectErrorAt("cl1~bA,x1,,y2", ",y2", {"found nothing"});
    expectErrorAt("cl1~bA,x1,5", "5", {"expected a key letter"});
  }
  SUBCASE("numbers") {
    expectErrorAt("cl1~bA,x1.2.3", "1.2", {"expected a number after 'x'", "found '1.2.3'"});
    expectError("cl1~bA,y", offsetOf("cl1~bA,y", "y") + 2, {"after 'y'", "found nothing"});
    expectErrorAt("cl1~bA,xnan", "nan", {"expected a finite number"});
    expectErrorAt("cl1~bA,x1e999", "1e999", {"a double can hold"});
    const std::string exact = "cl1~bA,x" + bitsForm(1.0 / 3);
    std::string bad = exact;
    bad[bad.size() - 11] = 'Z';  // the first digit holds only 4 bits: A to P
    expectError(bad, bad.size() - 10, {"A to P first"});
    expectErrorAt(exact.substr(0, exact.size() - 1), "_", {"11 base64url digits"});
    const std::string infinite = "cl1~bA,x" + bitsForm(std::numeric_limits<double>::infinity());
    expectErrorAt(infinite, "_", {"expected a finite number", "inf"});
  }
  SUBCASE("invalid bodies, with the library's messages") {
    expectErrorAt("cl1~bA,w0", "0", {"positive"});
    expectErrorAt("cl1~dA,x1,m-1", "-1", {"mass must be a finite number > 0"});
    expectErrorAt("cl1~pC,p0,0,0,1,1,0", "0,0,0", {"counter-clockwise"});
    expectErrorAt("cl1~pC,p0,0,1,0,0", "0,0,1", {"expected x,y pairs", "5 numbers"});
    expectErrorAt("cl1~pC,x1", "pC", {"expected points (p)"});
  }
}

TEST_CASE("corrupted share strings are refused with a position inside the string, or decode") {
  SceneGenerator generate(99);
  std::mt19937 rng(5);
  const std::string_view alphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~,% ";
  for (int i = 0; i < 2000; ++i) {
    std::string text = encodeShare(generate.scene());
    const std::size_t at = std::uniform_int_distribution<std::size_t>(0, text.size() - 1)(rng);
    text[at] = alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(rng)];
    CAPTURE(text);
    Result<Scene> scene = decodeShare(text);
    if (scene.ok()) {
      CHECK(buildWorld(scene.value()).ok());
      continue;
    }
    const std::string& message = scene.error().message;
    const std::string_view prefix = "share string, character ";
    REQUIRE(message.starts_with(prefix));
    std::size_t position = 0;
    std::from_chars(message.data() + prefix.size(), message.data() + message.size(), position);
    CHECK(position >= 1);
    CHECK(position <= text.size() + 1);
  }
}

TEST_CASE("looksLikeShareString tells share strings from file and preset names") {
  CHECK(looksLikeShareString("cl1"));
  CHECK(looksLikeShareString("cl1~bA"));
  CHECK(looksLikeShareString(" cl1,g9 \n"));
  CHECK(looksLikeShareString("cl2~bA"));  // a later version: decodeShare explains
  CHECK_FALSE(looksLikeShareString("cl1.scene"));
  CHECK_FALSE(looksLikeShareString("assets/scenes/stack.scene"));
  CHECK_FALSE(looksLikeShareString("pyramid20"));
  CHECK_FALSE(looksLikeShareString("cl"));
  CHECK_FALSE(looksLikeShareString(""));
}
