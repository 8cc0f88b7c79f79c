// Whether a scene can become a world, with the library's own checks (validateSettings, makeBody,
// validateSpring, the rules of World::addJoint) plus the scene's rules (valid, unique names; a
// joint or spring names bodies defined before it), and which bodies overlap at the start. A reader
// passes the positions it read each value at, so a problem can point at the value to blame.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "contactlab/scene.h"
#include "scene_joint_vocabulary.h"
#include "scene_vocabulary.h"

namespace contactlab {

// Positions (offsets into the source text) of what a reader read.
struct BodyMarks {
  std::size_t name = 0;
  std::array<std::optional<std::size_t>, kBodyFieldCount> fields;  // where each given value starts
};

struct JointMarks {
  std::size_t name = 0;
  std::size_t kind = 0;
  std::array<std::optional<std::size_t>, kJointFieldCount> fields;  // where each given value starts
};

struct SpringMarks {
  std::size_t name = 0;
  std::array<std::optional<std::size_t>, kSpringFieldCount> fields;
};

struct SceneMarks {
  std::vector<std::optional<std::size_t>> settings =
      std::vector<std::optional<std::size_t>>(settingKeys().size());  // by settingIndex
  std::vector<BodyMarks> bodies;                                      // one per scene body
  std::vector<JointMarks> joints;                                     // one per scene joint
  std::vector<SpringMarks> springs;                                   // one per scene spring
};

struct SceneProblem {
  std::size_t offset = 0;  // where to point, when marks were given
  std::string message;
};

// A legacy word a reader met (scene_vocabulary.h): the setting it was read for, and where.
struct LegacyWordRead {
  const SettingKey* key = nullptr;
  const LegacyWord* word = nullptr;
  std::size_t offset = 0;
};

// Once every setting is read: sets the setting each legacy word stands for and marks it at the
// legacy word, or says why not: that setting was given as well (whatever its value, a scene uses
// one spelling). The offset is that of the legacy word.
std::optional<SceneProblem> applyLegacyWords(std::span<const LegacyWordRead> read,
                                             WorldSettings& settings, SceneMarks& marks);

// The first problem of the scene in reading order (settings, then bodies, joints and springs in
// order), or nothing. With marks, the offset is that of the value to blame: the one value that
// fails the library's check on its own, else the body's (joint's, spring's) name. With marks, a
// joint or spring must also come after the bodies it names (the offsets tell).
std::optional<SceneProblem> checkScene(const Scene& scene, const SceneMarks* marks);

// What a joint statement lacks, or holds for the other use of body B, once its keys are read:
// body a; body b on a hinge; a length on a rod or a rope; the point on body B (bx, by) exactly when
// it names body B, else the world point (x, y). Scene text and share strings say it each in their
// own words (keys or letters); `key` is the misplaced key.
struct JointGap {
  enum class Kind { NoBodyA, NoBodyB, NoLength, WorldPointWithBodyB, BodyPointWithoutBodyB };
  Kind kind = Kind::NoBodyA;
  const LinkKey* key = nullptr;
};
std::optional<JointGap> jointGap(const SceneJoint& joint, const JointMarks& marks);

// The joints' and the springs' part of checkScene, once settings and bodies have passed.
std::optional<SceneProblem> checkJoints(const Scene& scene, const SceneMarks* marks);
std::optional<SceneProblem> checkSprings(const Scene& scene, const SceneMarks* marks);

struct Overlap {
  std::size_t first = 0;  // body indices, first < second
  std::size_t second = 0;
  double depth = 0;  // m, > 0
};

// A value within the limits that the solvers may still not handle well, to warn about.
struct SceneWarning {
  std::size_t body = 0;  // the body to point at
  std::string message;
};

// The warnings of docs/limits.md, in this order: moving bodies whose masses differ by more than
// limits::kMassRatioContact or kMassRatioTimestep (contacts between such bodies may not hold: the
// light one can sink into or pass through the heavy one), and bodies fast enough to pass through
// another body within one step without the solver seeing a contact. The scene must pass checkScene.
std::vector<SceneWarning> findLimitWarnings(const Scene& scene);

// The time-stepping solver asked for MPRGP in a scene where two bodies with friction (one of them
// movable) can touch: those contacts' groups are solved by APGD (docs/timestep.md). The message,
// or nothing.
std::optional<std::string> mprgpFrictionWarning(const Scene& scene);

// Pairs of bodies that overlap (penetrate) in their start states, except pairs of two fixed bodies
// and pairs a joint joins (which never interact). The scene must pass checkScene.
std::vector<Overlap> findOverlaps(const Scene& scene);

}  // namespace contactlab
