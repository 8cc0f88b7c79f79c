// Writing share strings (docs/share-strings.md; the alphabet: scene_share_alphabet.h).
#include <cmath>
#include <cstdint>
#include <span>
#include <string>

#include "contactlab/scene.h"
#include "decimal_text.h"
#include "scene_joint_vocabulary.h"
#include "scene_share_alphabet.h"
#include "scene_vocabulary.h"

namespace contactlab {
namespace {

using namespace share;

std::string shareNumber(double value) {
  std::string decimal = formatNumber(value);
  if (std::isfinite(value) && decimal.size() <= 1 + kBitsDigits) return decimal;
  std::uint64_t bits = doubleBits(value);
  std::string text(1, kBitsMark);
  for (std::size_t digit = 0; digit < kBitsDigits; ++digit)
    text += kBase64[(bits >> (6 * (kBitsDigits - 1 - digit))) & 63];
  return text;
}

template <typename Link>
std::string linkFields(const Link& link, std::span<const LinkKey> keys) {
  std::string out;
  for (const LinkKey& key : keys) {
    if (!isWritten(link, key)) continue;
    out += concat({",", std::string_view(&key.letter, 1),
                   key.namesBody ? bodyName(link, key) : shareNumber(numberValue(link, key))});
  }
  return out;
}

}  // namespace

std::string encodeShare(const Scene& scene) {
  std::string out = std::string(kPrefix) + std::to_string(kVersion);
  for (const SettingKey& key : settingKeys()) {
    if (isDefaultSetting(key, scene.settings)) continue;
    out += ',';
    out += key.letter;
    // Whole numbers as the short decimals of their doubles, as before they were whole ("1e3").
    if (key.isWord()) {
      out += settingText(key, scene.settings);
    } else {
      out += shareNumber(key.isNumber() ? scene.settings.*key.number
                                        : static_cast<double>(scene.settings.*key.whole));
    }
  }
  for (const BodyDef& def : scene.bodies) {
    const char letter = kShapeLetters[static_cast<std::size_t>(def.shape)];
    out += '~';
    out += def.fixed ? static_cast<char>(letter - 'a' + 'A') : letter;
    out += def.name;
    for (const BodyKey& key : bodyKeys()) {
      if (!isWritten(def, key.field)) continue;
      out += ',';
      out += key.letter;
      if (key.field == BodyField::Points) {
        for (std::size_t i = 0; i < def.points.size(); ++i) {
          out += concat(
              {i > 0 ? "," : "", shareNumber(def.points[i].x), ",", shareNumber(def.points[i].y)});
        }
      } else {
        out += shareNumber(numberField(def, key.field));
      }
    }
  }
  for (const SceneJoint& joint : scene.joints) {
    out += concat({"~", std::string_view(&kJointLetter, 1), joint.name, ",",
                   jointKindName(joint.kind), linkFields(joint, jointKeys())});
  }
  for (const SceneSpring& spring : scene.springs)
    out += concat(
        {"~", std::string_view(&kSpringLetter, 1), spring.name, linkFields(spring, springKeys())});
  return out;
}

}  // namespace contactlab
