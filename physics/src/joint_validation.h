// The rules of a joint's definition, shared by World::addJoint and the scene check (which say
// them with different prefixes and positions): what the kind needs of body B, bodies that move,
// finite anchors, a length exactly on rods and ropes, an elasticity only on ropes.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "contactlab/joints.h"

namespace contactlab {

// Which part of the definition a flaw is in, so that a reader can point at it.
enum class JointPart { Kind, BodyA, BodyB, Anchors, Length, Elasticity };

struct JointFlaw {
  JointPart part;
  std::string message;  // without the joint's name
};

// The joint's bodies as the caller knows them: their names (b empty: the world) and whether each
// is fixed. Whether they exist is the caller's check.
struct JointBodies {
  std::string_view a, b;
  bool aFixed = false, bFixed = false;
};

// The first rule `def` (its kind, anchors, length, elasticity) breaks with `bodies`, or nothing.
std::optional<JointFlaw> jointFlaw(const JointDef& def, const JointBodies& bodies);

}  // namespace contactlab
