// A scene: world settings, the bodies to start with, and the joints and springs between them. Read
// and written as scene text (docs/scene-format.md) and as share strings (docs/share-strings.md),
// and turned into a World and back.
//
// Both formats write a scene in canonical form: only the fields a body uses (a box's width and
// height, a disc's radius, a polygon's points; density only when there is no mass), a length only
// on rods and ropes, an elasticity only on ropes, a world point only on joints to the world, so
// parseScene(writeScene(s)) and decodeShare(encodeShare(s)) give s back bit for bit for every scene
// that parseScene, decodeShare or captureScene produce.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "contactlab/body.h"
#include "contactlab/forces.h"
#include "contactlab/joints.h"
#include "contactlab/result.h"
#include "contactlab/settings.h"
#include "contactlab/world.h"

namespace contactlab {

// A joint (contactlab/joints.h) naming its bodies by their names, since a scene is text.
struct SceneJoint {
  std::string name;  // unique among the scene's joints
  JointKind kind = JointKind::Hinge;
  std::string bodyA;      // the body held
  std::string bodyB;      // the other body; empty: the world (pins, rods to a world point)
  Vec2 anchorA{0, 0};     // m, in A's frame from its centre of mass
  Vec2 anchorB{0, 0};     // m, in B's frame; the world point when bodyB is empty
  double length = 0;      // m, rods and ropes (> 0); 0 on pins and hinges
  double elasticity = 0;  // ropes: restitution when the rope snaps taut, 0..1; 0 on the others
};

// A spring with a dashpot from a point of a body to a point fixed in the world (SpringDef).
struct SceneSpring {
  std::string name;  // unique among the scene's springs (the world does not keep it)
  std::string body;
  Vec2 point{0, 0};                            // m, in the body's frame
  Vec2 anchor{0, 0};                           // m, world
  double stiffness = SpringDef{}.stiffness;    // N/m
  double restLength = SpringDef{}.restLength;  // m
  double damping = SpringDef{}.damping;        // N s/m
};

struct Scene {
  WorldSettings settings;
  std::vector<BodyDef> bodies;       // in the order they are added to a world
  std::vector<SceneJoint> joints;    // added after the bodies, in this order
  std::vector<SceneSpring> springs;  // added after the joints, in this order
};

// A scene read from text, with what is suspicious but not wrong: bodies that overlap at the start
// (one message naming both bodies per pair), mass ratios beyond what the solver holds and bodies
// fast enough to pass through others (docs/limits.md). Each warning reads
// "source:line:column: warning: what".
struct LoadedScene {
  Scene scene;
  std::vector<std::string> warnings;
};

// Reads scene text. On error, Error::message is "source:line:column: what was expected, and what
// was found" and there is no scene: a scene loads whole or not at all.
Result<LoadedScene> parseScene(std::string_view text, std::string_view sourceName);

// Canonical scene text: every setting, then one line per body, joint and spring (in that order)
// with the keys that differ from their defaults. Numbers are the shortest decimals that read back
// as the same doubles.
std::string writeScene(const Scene& scene);

// The scene as a compact, versioned, URL-safe string (RFC 3986 unreserved characters and the comma)
// that can be the query of a link. The same scene always gives the same string.
std::string encodeShare(const Scene& scene);

// Reads a share string (surrounding whitespace is ignored). On error, Error::message is
// "share string, character N: what was expected, and what was found", N counting from 1.
Result<Scene> decodeShare(std::string_view text);

// True when the text starts like a share string ("cl", a version number, then ',' or '~' or the
// end), so that a command line argument can be told apart from a file name or a preset name.
bool looksLikeShareString(std::string_view text);

// Whether a name can be a body's name in a scene: 1 or more of A-Z a-z 0-9 '_' '-' '.'.
bool isValidBodyName(std::string_view name);

// A world with the scene's settings, bodies, joints and springs, or the first reason the scene is
// invalid (the same checks as parseScene, without positions; a joint's or spring's problem names
// it). All or nothing.
Result<World> buildWorld(const Scene& scene);

// The world's settings, its bodies' definitions with their current states, its joints and its
// springs, in the world's order, in canonical form. The world keeps no names for springs: they are
// captured as spring1, spring2, ... Thrusts, the world's time and the solvers' warm start are not
// part of a scene: to share a running world, call world.forgetWarmStart() when capturing it; then
// stepping buildWorld(captureScene(world)) gives bit-identical states to stepping `world`. A
// spring the program adds for a while (the desktop's mouse drag) is captured like any other.
Scene captureScene(const World& world);

}  // namespace contactlab
