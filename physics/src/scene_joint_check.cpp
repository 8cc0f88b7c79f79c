// The joints' and springs' checks of checkScene: the rules of World::addJoint (joint_validation.h)
// and the library's validateSpring, names unique among the joints (among the springs), and bodies
// that exist and, when the reader marked offsets, are defined before the joint or spring that names
// them.
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "body_validation.h"
#include "joint_validation.h"
#include "scene_check.h"

namespace contactlab {
namespace {

class BodyIndex {
 public:
  explicit BodyIndex(const Scene& scene) : scene_(scene) {
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) indices_.emplace(scene.bodies[i].name, i);
  }

  // The problem with `name` as the body a statement names, or nothing. `statementAt` is the offset
  // of the statement's name and `valueAt` that of the body's name in it.
  std::optional<SceneProblem> problem(const std::string& what, const std::string& name,
                                      std::size_t statementAt, std::size_t valueAt,
                                      const SceneMarks* marks) const {
    auto found = indices_.find(name);
    if (found == indices_.end()) {
      return SceneProblem{valueAt, concat({what, "unknown body ", quoted(name),
                                           "; expected the name of a body defined before it"})};
    }
    if (marks && marks->bodies[found->second].name > statementAt) {
      return SceneProblem{valueAt, concat({what, "body ", quoted(name),
                                           " is defined after it; expected a body defined "
                                           "before it"})};
    }
    return std::nullopt;
  }

  bool fixed(const std::string& name) const { return scene_.bodies[indices_.at(name)].fixed; }

 private:
  const Scene& scene_;
  std::unordered_map<std::string_view, std::size_t> indices_;
};

std::optional<SceneProblem> nameProblem(std::string_view noun, const std::string& name,
                                        std::size_t at,
                                        std::unordered_set<std::string_view>& names) {
  if (name.empty()) return SceneProblem{at, concat({"a ", noun, " needs a name"})};
  if (!isValidBodyName(name)) {
    return SceneProblem{at, concat({"expected a ", noun,
                                    " name of letters, digits, '_', '-' and "
                                    "'.', found ",
                                    quoted(name)})};
  }
  if (!names.insert(name).second) {
    return SceneProblem{
        at, concat({"a ", noun, " named ", quoted(name), " already exists; expected a new name"})};
  }
  return std::nullopt;
}

// The joint's problems with its kind, bodies, anchors, length and elasticity; the name is checked.
std::optional<SceneProblem> jointProblem(const SceneJoint& joint, const BodyIndex& bodies,
                                         const JointMarks& at, const SceneMarks* marks) {
  const std::string what = concat({"joint ", quoted(joint.name), ": "});
  const auto mark = [&](JointField field, std::size_t otherwise) {
    const std::optional<std::size_t>& given = at.fields[static_cast<std::size_t>(field)];
    return given ? *given : otherwise;
  };
  const std::size_t aAt = mark(JointField::BodyA, at.name), bAt = mark(JointField::BodyB, at.name);
  if (static_cast<std::size_t>(joint.kind) > static_cast<std::size_t>(JointKind::Rope))
    return SceneProblem{at.kind, concat({what, "unknown kind; expected ", jointKindNames()})};
  if (joint.bodyA.empty())
    return SceneProblem{at.name, concat({what, "expected body a, the body the joint holds"})};
  if (auto problem = bodies.problem(what, joint.bodyA, at.name, aAt, marks)) return problem;
  if (!joint.bodyB.empty()) {
    if (auto problem = bodies.problem(what, joint.bodyB, at.name, bAt, marks)) return problem;
  }
  const JointDef def{joint.name,    joint.kind,    {},           {},
                     joint.anchorA, joint.anchorB, joint.length, joint.elasticity};
  JointBodies sides{joint.bodyA, joint.bodyB, bodies.fixed(joint.bodyA)};
  if (!joint.bodyB.empty()) sides.bFixed = bodies.fixed(joint.bodyB);
  const std::optional<JointFlaw> flaw = jointFlaw(def, sides);
  if (!flaw) return std::nullopt;
  const std::size_t where = [&] {
    switch (flaw->part) {
      case JointPart::Kind:
        return at.kind;
      case JointPart::BodyA:
        return aAt;
      case JointPart::BodyB:
        return bAt;
      case JointPart::Length:
        return mark(JointField::Length, at.kind);
      case JointPart::Elasticity:
        return mark(JointField::Elasticity, at.kind);
      case JointPart::Anchors:
        break;
    }
    return at.name;
  }();
  return SceneProblem{where, concat({what, flaw->message})};
}

SpringDef springDef(const SceneSpring& spring) {
  SpringDef def;
  def.bodyPoint = spring.point;
  def.anchor = spring.anchor;
  def.stiffness = spring.stiffness;
  def.restLength = spring.restLength;
  def.damping = spring.damping;
  return def;
}

// The first given number that fails validateSpring on a spring that has only that number, else
// the spring's name.
std::size_t springCulprit(const SceneSpring& spring, const SpringMarks& at) {
  for (const LinkKey& key : springKeys()) {
    const std::optional<std::size_t>& mark = at.fields[key.field];
    if (!mark || key.namesBody) continue;
    SceneSpring probe;
    setValue(probe, key, numberValue(spring, key));
    if (!validateSpring(springDef(probe))) return *mark;
  }
  return at.name;
}

}  // namespace

std::optional<JointGap> jointGap(const SceneJoint& joint, const JointMarks& marks) {
  using Kind = JointGap::Kind;
  const auto given = [&](JointField field) {
    return marks.fields[static_cast<std::size_t>(field)].has_value();
  };
  if (!given(JointField::BodyA)) return JointGap{Kind::NoBodyA};
  if (joint.kind == JointKind::Hinge && !given(JointField::BodyB)) return JointGap{Kind::NoBodyB};
  if (holdsDistance(joint.kind) && !given(JointField::Length)) return JointGap{Kind::NoLength};
  const bool toBody = given(JointField::BodyB);
  for (const LinkKey& key : jointKeys()) {
    if (!marks.fields[key.field]) continue;
    if (toBody && key.bodyB == BodyBUse::WithoutBodyB)
      return JointGap{Kind::WorldPointWithBodyB, &key};
    if (!toBody && key.bodyB == BodyBUse::WithBodyB)
      return JointGap{Kind::BodyPointWithoutBodyB, &key};
  }
  return std::nullopt;
}

std::optional<SceneProblem> checkJoints(const Scene& scene, const SceneMarks* marks) {
  const BodyIndex bodies(scene);
  std::unordered_set<std::string_view> names;
  for (std::size_t i = 0; i < scene.joints.size(); ++i) {
    const SceneJoint& joint = scene.joints[i];
    const JointMarks at = marks ? marks->joints[i] : JointMarks{};
    if (auto problem = nameProblem("joint", joint.name, at.name, names)) return problem;
    if (auto problem = jointProblem(joint, bodies, at, marks)) return problem;
  }
  return std::nullopt;
}

std::optional<SceneProblem> checkSprings(const Scene& scene, const SceneMarks* marks) {
  const BodyIndex bodies(scene);
  std::unordered_set<std::string_view> names;
  for (std::size_t i = 0; i < scene.springs.size(); ++i) {
    const SceneSpring& spring = scene.springs[i];
    const SpringMarks at = marks ? marks->springs[i] : SpringMarks{};
    if (auto problem = nameProblem("spring", spring.name, at.name, names)) return problem;
    const std::string what = concat({"spring ", quoted(spring.name), ": "});
    if (spring.body.empty())
      return SceneProblem{at.name, concat({what, "expected body a, the body the spring pulls"})};
    const std::optional<std::size_t>& bodyAt =
        at.fields[static_cast<std::size_t>(SpringField::Body)];
    if (auto problem = bodies.problem(what, spring.body, at.name, bodyAt.value_or(at.name), marks))
      return problem;
    Status valid = validateSpring(springDef(spring));
    if (!valid)
      return SceneProblem{springCulprit(spring, at), concat({what, valid.error().message})};
  }
  return std::nullopt;
}

}  // namespace contactlab
