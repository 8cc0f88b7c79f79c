// The tables of joint and spring keys shared by scene text and share strings. A key's letter, once
// written in a share string, keeps its meaning.
#include "scene_joint_vocabulary.h"

#include "scene_vocabulary.h"

namespace contactlab {
namespace {

constexpr unsigned kindBit(JointKind kind) {
  return 1u << static_cast<unsigned>(kind);
}
constexpr unsigned kPin = kindBit(JointKind::Pin);
constexpr unsigned kHinge = kindBit(JointKind::Hinge);
constexpr unsigned kRod = kindBit(JointKind::Rod);
constexpr unsigned kRope = kindBit(JointKind::Rope);
constexpr unsigned kAllKinds = kPin | kHinge | kRod | kRope;

constexpr std::size_t index(JointField field) {
  return static_cast<std::size_t>(field);
}
constexpr std::size_t index(SpringField field) {
  return static_cast<std::size_t>(field);
}

// Indexed by JointField.
constexpr LinkKey kJointKeys[kJointFieldCount] = {
    {index(JointField::BodyA), "a", 'a', true, kAllKinds, BodyBUse::Either},
    {index(JointField::BodyB), "b", 'b', true, kHinge | kRod | kRope, BodyBUse::WithBodyB},
    {index(JointField::AnchorAx), "ax", 'p', false, kAllKinds, BodyBUse::Either},
    {index(JointField::AnchorAy), "ay", 'q', false, kAllKinds, BodyBUse::Either},
    {index(JointField::AnchorBx), "bx", 's', false, kHinge | kRod | kRope, BodyBUse::WithBodyB},
    {index(JointField::AnchorBy), "by", 't', false, kHinge | kRod | kRope, BodyBUse::WithBodyB},
    {index(JointField::WorldX), "x", 'x', false, kPin | kRod | kRope, BodyBUse::WithoutBodyB},
    {index(JointField::WorldY), "y", 'y', false, kPin | kRod | kRope, BodyBUse::WithoutBodyB},
    {index(JointField::Length), "length", 'l', false, kRod | kRope, BodyBUse::Either},
    {index(JointField::Elasticity), "elasticity", 'e', false, kRope, BodyBUse::Either},
};

// Indexed by SpringField.
constexpr LinkKey kSpringKeys[kSpringFieldCount] = {
    {index(SpringField::Body), "a", 'a', true, kAllKinds, BodyBUse::Either},
    {index(SpringField::PointX), "ax", 'p', false, kAllKinds, BodyBUse::Either},
    {index(SpringField::PointY), "ay", 'q', false, kAllKinds, BodyBUse::Either},
    {index(SpringField::AnchorX), "x", 'x', false, kAllKinds, BodyBUse::Either},
    {index(SpringField::AnchorY), "y", 'y', false, kAllKinds, BodyBUse::Either},
    {index(SpringField::Stiffness), "k", 'k', false, kAllKinds, BodyBUse::Either},
    {index(SpringField::RestLength), "rest", 'r', false, kAllKinds, BodyBUse::Either},
    {index(SpringField::Damping), "c", 'c', false, kAllKinds, BodyBUse::Either},
};

constexpr bool indexedByField(std::span<const LinkKey> keys) {
  for (std::size_t i = 0; i < keys.size(); ++i)
    if (keys[i].field != i) return false;
  return true;
}
static_assert(indexedByField(kJointKeys), "kJointKeys must list the fields in JointField order");
static_assert(indexedByField(kSpringKeys), "kSpringKeys must list the fields in SpringField order");

double* numberSlot(SceneJoint& joint, JointField field) {
  switch (field) {
    case JointField::AnchorAx:
      return &joint.anchorA.x;
    case JointField::AnchorAy:
      return &joint.anchorA.y;
    case JointField::AnchorBx:
    case JointField::WorldX:
      return &joint.anchorB.x;
    case JointField::AnchorBy:
    case JointField::WorldY:
      return &joint.anchorB.y;
    case JointField::Length:
      return &joint.length;
    case JointField::Elasticity:
      return &joint.elasticity;
    default:
      return nullptr;
  }
}

double* numberSlot(SceneSpring& spring, SpringField field) {
  switch (field) {
    case SpringField::PointX:
      return &spring.point.x;
    case SpringField::PointY:
      return &spring.point.y;
    case SpringField::AnchorX:
      return &spring.anchor.x;
    case SpringField::AnchorY:
      return &spring.anchor.y;
    case SpringField::Stiffness:
      return &spring.stiffness;
    case SpringField::RestLength:
      return &spring.restLength;
    case SpringField::Damping:
      return &spring.damping;
    default:
      return nullptr;
  }
}

std::string* nameSlot(SceneJoint& joint, JointField field) {
  return field == JointField::BodyA ? &joint.bodyA : &joint.bodyB;
}

JointField jointField(const LinkKey& key) {
  return static_cast<JointField>(key.field);
}
SpringField springField(const LinkKey& key) {
  return static_cast<SpringField>(key.field);
}

bool appliesToJoint(const LinkKey& key, const SceneJoint& joint) {
  if (!appliesTo(key, joint.kind)) return false;
  if (key.bodyB == BodyBUse::WithBodyB) return !joint.bodyB.empty();
  if (key.bodyB == BodyBUse::WithoutBodyB) return joint.bodyB.empty();
  return true;
}

std::string keyList(std::span<const LinkKey> keys, unsigned kinds, bool letters) {
  std::string list;
  for (const LinkKey& key : keys) {
    if ((key.kinds & kinds) == 0) continue;
    if (!list.empty()) list += ", ";
    list += letters ? concat({std::string_view(&key.letter, 1), " (", key.name, ")"})
                    : std::string(key.name);
  }
  return list;
}

}  // namespace

std::optional<JointKind> findJointKind(std::string_view name) {
  for (JointKind kind : {JointKind::Pin, JointKind::Hinge, JointKind::Rod, JointKind::Rope})
    if (jointKindName(kind) == name) return kind;
  return std::nullopt;
}

std::string jointKindNames() {
  return "pin, hinge, rod or rope";
}

std::span<const LinkKey> jointKeys() {
  return kJointKeys;
}

std::span<const LinkKey> springKeys() {
  return kSpringKeys;
}

const LinkKey* findLinkKey(std::span<const LinkKey> keys, std::string_view name) {
  for (const LinkKey& key : keys)
    if (key.name == name) return &key;
  return nullptr;
}

const LinkKey* findLinkKeyByLetter(std::span<const LinkKey> keys, char letter) {
  for (const LinkKey& key : keys)
    if (key.letter == letter) return &key;
  return nullptr;
}

const LinkKey& jointKey(JointField field) {
  return kJointKeys[index(field)];
}

const LinkKey& springKey(SpringField field) {
  return kSpringKeys[index(field)];
}

bool appliesTo(const LinkKey& key, JointKind kind) {
  return (key.kinds & kindBit(kind)) != 0;
}

std::string jointKeyNames(JointKind kind) {
  return keyList(kJointKeys, kindBit(kind), false);
}

std::string springKeyNames() {
  return keyList(kSpringKeys, kAllKinds, false);
}

std::string jointKeyLetters(JointKind kind) {
  return keyList(kJointKeys, kindBit(kind), true);
}

std::string springKeyLetters() {
  return keyList(kSpringKeys, kAllKinds, true);
}

bool isWritten(const SceneJoint& joint, const LinkKey& key) {
  if (!appliesToJoint(key, joint)) return false;
  const JointField field = jointField(key);
  if (field == JointField::BodyA || field == JointField::Length) return true;
  if (field == JointField::BodyB) return !joint.bodyB.empty();
  return !sameBits(numberValue(joint, key), 0);
}

bool isWritten(const SceneSpring& spring, const LinkKey& key) {
  if (key.namesBody) return true;
  static const SceneSpring kDefaults;
  return !sameBits(numberValue(spring, key), numberValue(kDefaults, key));
}

const std::string& bodyName(const SceneJoint& joint, const LinkKey& key) {
  return *nameSlot(const_cast<SceneJoint&>(joint), jointField(key));
}

const std::string& bodyName(const SceneSpring& spring, const LinkKey&) {
  return spring.body;
}

double numberValue(const SceneJoint& joint, const LinkKey& key) {
  const double* slot = numberSlot(const_cast<SceneJoint&>(joint), jointField(key));
  return slot ? *slot : 0;
}

double numberValue(const SceneSpring& spring, const LinkKey& key) {
  const double* slot = numberSlot(const_cast<SceneSpring&>(spring), springField(key));
  return slot ? *slot : 0;
}

void setValue(SceneJoint& joint, const LinkKey& key, std::string_view name) {
  *nameSlot(joint, jointField(key)) = std::string(name);
}

void setValue(SceneSpring& spring, const LinkKey&, std::string_view name) {
  spring.body = std::string(name);
}

void setValue(SceneJoint& joint, const LinkKey& key, double number) {
  if (double* slot = numberSlot(joint, jointField(key))) *slot = number;
}

void setValue(SceneSpring& spring, const LinkKey& key, double number) {
  if (double* slot = numberSlot(spring, springField(key))) *slot = number;
}

}  // namespace contactlab
