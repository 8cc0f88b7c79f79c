// The rules of a joint's definition (joint_validation.h).
#include "joint_validation.h"

#include <cmath>

#include "body_validation.h"
#include "contactlab/limits.h"
#include "number_text.h"
#include "scene_vocabulary.h"

namespace contactlab {
namespace {

bool finite(Vec2 p) {
  return std::isfinite(p.x) && std::isfinite(p.y);
}

}  // namespace

std::optional<JointFlaw> jointFlaw(const JointDef& def, const JointBodies& bodies) {
  const JointKind kind = def.kind;
  if (static_cast<std::size_t>(kind) > static_cast<std::size_t>(JointKind::Rope))
    return JointFlaw{JointPart::Kind, "unknown kind; expected pin, hinge, rod or rope"};
  const std::string noun = concat({"a ", jointKindName(kind)});
  if (kind == JointKind::Pin && !bodies.b.empty()) {
    return JointFlaw{JointPart::BodyB,
                     "a pin holds a body to the world; expected no body b (a hinge, a rod or a "
                     "rope joins two bodies)"};
  }
  if (kind == JointKind::Hinge && bodies.b.empty()) {
    return JointFlaw{JointPart::Kind,
                     "a hinge joins two bodies; expected body b (a pin holds a body to the world)"};
  }
  if (!bodies.b.empty() && bodies.a == bodies.b) {
    return JointFlaw{JointPart::BodyB, concat({"joins body ", quoted(bodies.a),
                                               " to itself; expected two different bodies"})};
  }
  if (bodies.aFixed && (bodies.b.empty() || bodies.bFixed)) {
    const std::string other =
        bodies.b.empty() ? std::string("the world") : concat({"fixed body ", quoted(bodies.b)});
    return JointFlaw{JointPart::BodyA, concat({"holds fixed body ", quoted(bodies.a), " to ", other,
                                               "; expected a body that moves"})};
  }
  if (!finite(def.anchorA) || !finite(def.anchorB))
    return JointFlaw{JointPart::Anchors, "anchors must be finite"};
  // A joint's points and length are held to a spring's reach (limits.h): with a rod anchored
  // 2e154 m from its body (the distance squared, 4e308, is past the largest double) the substeps'
  // report of the contacts' forces came out NaN (fuzz/regressions/rod-anchor-far.share).
  for (const Vec2 anchor : {def.anchorA, def.anchorB})
    if (Status within = requireWithinSpringReach(anchor, "anchors"); !within)
      return JointFlaw{JointPart::Anchors, within.error().message};
  if (holdsDistance(kind) && !(def.length > 0 && std::isfinite(def.length))) {
    return JointFlaw{JointPart::Length,
                     concat({noun, "'s length must be a finite number > 0 (found ",
                             numberText(def.length, 0), " m)"})};
  }
  if (holdsDistance(kind) && def.length > limits::kSpringReach) {
    return JointFlaw{JointPart::Length,
                     concat({noun, "'s length must be at most ", numberText(limits::kSpringReach),
                             " m (found ", numberText(def.length, 0), " m)"})};
  }
  if (!holdsDistance(kind) && !sameBits(def.length, 0)) {
    return JointFlaw{JointPart::Length,
                     concat({"only a rod or a rope has a length; expected 0 on ", noun})};
  }
  if (kind == JointKind::Rope && !(def.elasticity >= 0 && def.elasticity <= 1)) {
    return JointFlaw{JointPart::Elasticity,
                     concat({"a rope's elasticity must be between 0 and 1 (found ",
                             numberText(def.elasticity, 0), ")"})};
  }
  if (kind != JointKind::Rope && !sameBits(def.elasticity, 0)) {
    return JointFlaw{JointPart::Elasticity,
                     concat({"only a rope has an elasticity; expected 0 on ", noun})};
  }
  return std::nullopt;
}

}  // namespace contactlab
