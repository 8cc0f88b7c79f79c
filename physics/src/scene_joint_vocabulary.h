// The words both scene formats share for joints and springs: the joint kinds, and each statement's
// keys with their names in scene text and their letters in share strings. A key either names a body
// or holds a number; which keys a joint takes depends on its kind and on whether it names a body B.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "contactlab/scene.h"

namespace contactlab {

std::optional<JointKind> findJointKind(std::string_view name);
std::string jointKindNames();  // "pin, hinge, rod or rope", for messages

enum class JointField {
  BodyA,
  BodyB,
  AnchorAx,
  AnchorAy,
  AnchorBx,
  AnchorBy,
  WorldX,
  WorldY,
  Length,
  Elasticity
};
enum class SpringField { Body, PointX, PointY, AnchorX, AnchorY, Stiffness, RestLength, Damping };
constexpr std::size_t kJointFieldCount = 10;
constexpr std::size_t kSpringFieldCount = 8;

// Where a key's value goes relative to body B: some keys belong to joints that join two bodies
// (b, bx, by), some to joints that hold a body to the world (x, y), the others to either.
enum class BodyBUse { Either, WithBodyB, WithoutBodyB };

// A key of a joint or spring statement; `field` is a JointField or SpringField.
struct LinkKey {
  std::size_t field;
  std::string_view name;  // in scene text, e.g. "ax"
  char letter;            // in share strings, e.g. 'p'
  bool namesBody;         // the value is a body's name, not a number
  unsigned kinds;         // joints: bit (1 << JointKind) for each kind the key applies to
  BodyBUse bodyB;
};

// Every key, in writing order.
std::span<const LinkKey> jointKeys();
std::span<const LinkKey> springKeys();
const LinkKey* findLinkKey(std::span<const LinkKey> keys, std::string_view name);
const LinkKey* findLinkKeyByLetter(std::span<const LinkKey> keys, char letter);
const LinkKey& jointKey(JointField field);
const LinkKey& springKey(SpringField field);
bool appliesTo(const LinkKey& key, JointKind kind);
// The text names ("a, ax, ay, x, y") or share letters ("a (a), p (ax), ...") of a kind's keys.
std::string jointKeyNames(JointKind kind);
std::string springKeyNames();
std::string jointKeyLetters(JointKind kind);
std::string springKeyLetters();

// Whether the canonical form writes the key: it applies to the joint (kind and body B) and, for a
// number, differs from its default; body A always, a rod's length always.
bool isWritten(const SceneJoint& joint, const LinkKey& key);
bool isWritten(const SceneSpring& spring, const LinkKey& key);
// Values by key: names for keys that name a body, numbers for the others.
const std::string& bodyName(const SceneJoint& joint, const LinkKey& key);
const std::string& bodyName(const SceneSpring& spring, const LinkKey& key);
double numberValue(const SceneJoint& joint, const LinkKey& key);
double numberValue(const SceneSpring& spring, const LinkKey& key);
void setValue(SceneJoint& joint, const LinkKey& key, std::string_view name);
void setValue(SceneSpring& spring, const LinkKey& key, std::string_view name);
void setValue(SceneJoint& joint, const LinkKey& key, double number);
void setValue(SceneSpring& spring, const LinkKey& key, double number);

}  // namespace contactlab
