// Joint and spring edits (joint_edits.h).
#include "joint_edits.h"

#include "joint_tool.h"

namespace contactlab {
namespace {

Error noJoint(const std::string& name) {
  return Error{"no joint named '" + name + "'"};
}

}  // namespace

Result<std::string> addJoint(Document& doc, JointDef def) {
  if (def.name.empty()) def.name = freeJointName(doc.world.jointDefinitions());
  Status status = applyEdit(doc, [&](World& w) -> Status {
    Result<JointId> id = w.addJoint(def);
    return id ? Status{} : Status{id.error()};
  });
  if (!status) return status.error();
  return def.name;
}

Status addSpring(Document& doc, const SpringDef& def) {
  return applyEdit(doc, [&](World& w) -> Status {
    Result<SpringId> id = w.addSpring(def);
    return id ? Status{} : Status{id.error()};
  });
}

Status removeJoint(Document& doc, const std::string& name) {
  for (const JointReport& joint : doc.world.joints()) {
    if (joint.name != name) continue;
    return applyEdit(doc, [&](World& w) { return w.removeJoint(joint.id); });
  }
  return noJoint(name);
}

Status editJoint(Document& doc, const std::string& name, std::optional<double> length,
                 std::optional<double> elasticity) {
  return editScene(doc, [&](Scene& scene) -> Status {
    for (SceneJoint& joint : scene.joints) {
      if (joint.name != name) continue;
      if (length) joint.length = *length;
      if (elasticity) joint.elasticity = *elasticity;
      return {};
    }
    return noJoint(name);
  });
}

Status removeSpring(Document& doc, int index) {
  return editScene(doc, [&](Scene& scene) -> Status {
    if (index < 0 || index >= static_cast<int>(scene.springs.size()))
      return Error{"no spring number " + std::to_string(index + 1)};
    scene.springs.erase(scene.springs.begin() + index);
    return {};
  });
}

Status editSpring(Document& doc, int index, std::optional<double> stiffness,
                  std::optional<double> restLength, std::optional<double> damping) {
  return editScene(doc, [&](Scene& scene) -> Status {
    if (index < 0 || index >= static_cast<int>(scene.springs.size()))
      return Error{"no spring number " + std::to_string(index + 1)};
    SceneSpring& spring = scene.springs[index];
    if (stiffness) spring.stiffness = *stiffness;
    if (restLength) spring.restLength = *restLength;
    if (damping) spring.damping = *damping;
    return {};
  });
}

}  // namespace contactlab
