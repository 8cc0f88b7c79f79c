// Scene text's canonical writer (docs/scene-format.md, "The written form"): every setting, then
// one line per body, joint and spring with the keys that differ from their defaults.
#include "contactlab/scene.h"
#include "scene_joint_vocabulary.h"
#include "scene_vocabulary.h"

namespace contactlab {
namespace {

template <typename Link>
std::string linkKeys(const Link& link, std::span<const LinkKey> keys) {
  std::string out;
  for (const LinkKey& key : keys) {
    if (!isWritten(link, key)) continue;
    out += concat({" ", key.name, "=",
                   key.namesBody ? bodyName(link, key) : formatNumber(numberValue(link, key))});
  }
  return out;
}

}  // namespace

std::string writeScene(const Scene& scene) {
  std::string out;
  for (const SettingKey& key : settingKeys())
    out += concat({key.name, " ", settingText(key, scene.settings), "\n"});
  if (!scene.bodies.empty()) out += "\n";
  for (const BodyDef& def : scene.bodies) {
    out += concat({shapeName(def.shape), " ", def.name});
    for (const BodyKey& key : bodyKeys()) {
      if (!isWritten(def, key.field)) continue;
      out += concat({" ", key.name, "="});
      if (key.field == BodyField::Points) {
        for (std::size_t i = 0; i < def.points.size(); ++i) {
          out += concat({i > 0 ? "," : "", formatNumber(def.points[i].x), ",",
                         formatNumber(def.points[i].y)});
        }
      } else {
        out += formatNumber(numberField(def, key.field));
      }
    }
    if (def.fixed) out += " fixed";
    out += "\n";
  }
  if (!scene.joints.empty() || !scene.springs.empty()) out += "\n";
  for (const SceneJoint& joint : scene.joints) {
    out += concat(
        {"joint ", joint.name, " ", jointKindName(joint.kind), linkKeys(joint, jointKeys()), "\n"});
  }
  for (const SceneSpring& spring : scene.springs)
    out += concat({"spring ", spring.name, linkKeys(spring, springKeys()), "\n"});
  return out;
}

}  // namespace contactlab
