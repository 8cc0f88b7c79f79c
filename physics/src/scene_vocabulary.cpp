// The tables of settings and body keys shared by scene text and share strings, and the spelling of
// numbers. To add a word setting (an enum of WorldSettings), add its words and one wordSetting
// line. A word once written keeps its meaning: when a value moves to another setting, its old word
// stays readable as a LegacyWord.
#include "scene_vocabulary.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "contactlab/message_quote.h"
#include "contactlab/scene.h"
#include "decimal_text.h"

namespace contactlab {
namespace {

template <auto member>
int getWord(const WorldSettings& settings) {
  return static_cast<int>(settings.*member);
}

template <auto member>
void setWord(WorldSettings& settings, int index) {
  settings.*member = static_cast<std::remove_cvref_t<decltype(settings.*member)>>(index);
}

constexpr SettingKey numberSetting(std::string_view name, char letter,
                                   double WorldSettings::*member) {
  return {name, letter, member, nullptr, {}, nullptr, nullptr, {}};
}

constexpr SettingKey wholeSetting(std::string_view name, char letter, int WorldSettings::*member) {
  return {name, letter, nullptr, member, {}, nullptr, nullptr, {}};
}

// `words` lists the enum's values in declaration order. Share strings and scene files store the
// words, not their positions, so the order may change; a word, once used, must keep its meaning.
template <auto member>
constexpr SettingKey wordSetting(std::string_view name, char letter,
                                 std::span<const std::string_view> words,
                                 std::span<const LegacyWord> legacyWords = {}) {
  return {name, letter, nullptr, nullptr, words, &getWord<member>, &setWord<member>, legacyWords};
}

constexpr std::string_view kIntegratorWords[] = {"euler", "midpoint", "rk4"};
constexpr std::string_view kCollisionWords[] = {"serial", "simultaneous"};
constexpr std::string_view kSolverWords[] = {"contact", "timestep"};
constexpr std::string_view kSchemeWords[] = {"qp", "substeps"};
constexpr std::string_view kQpMethodWords[] = {"pgs", "mprgp", "apgd"};
// Until the scheme was a setting of its own, the substeps were a QP method.
constexpr LegacyWord kQpMethodLegacyWords[] = {{"substep", "timestep_scheme", "substeps"}};

constexpr SettingKey kSettings[] = {
    numberSetting("gravity", 'g', &WorldSettings::gravity),
    numberSetting("damping", 'd', &WorldSettings::damping),
    numberSetting("rotate_ratio", 'r', &WorldSettings::rotateRatio),
    numberSetting("elasticity", 'e', &WorldSettings::elasticity),
    numberSetting("friction", 'f', &WorldSettings::friction),
    numberSetting("dt", 't', &WorldSettings::dt),
    wordSetting<&WorldSettings::integrator>("integrator", 'i', kIntegratorWords),
    wordSetting<&WorldSettings::collisions>("collisions", 'c', kCollisionWords),
    numberSetting("distance_tol", 'p', &WorldSettings::distanceTol),
    numberSetting("velocity_tol", 'v', &WorldSettings::velocityTol),
    numberSetting("gap_recovery_steps", 'n', &WorldSettings::gapRecoverySteps),
    wordSetting<&WorldSettings::solver>("solver", 's', kSolverWords),
    wordSetting<&WorldSettings::timestepScheme>("timestep_scheme", 'x', kSchemeWords),
    wordSetting<&WorldSettings::qpMethod>("qp_method", 'm', kQpMethodWords, kQpMethodLegacyWords),
    numberSetting("qp_tolerance", 'q', &WorldSettings::qpTolerance),
    wholeSetting("qp_iterations", 'k', &WorldSettings::qpIterations),
    wholeSetting("substeps", 'u', &WorldSettings::substeps),
    numberSetting("gap_stabilization", 'b', &WorldSettings::gapStabilization),
    numberSetting("contact_margin", 'a', &WorldSettings::contactMargin),
    numberSetting("restitution_threshold", 'h', &WorldSettings::restitutionThreshold),
};

constexpr unsigned shapeBit(ShapeKind shape) {
  return 1u << static_cast<unsigned>(shape);
}
constexpr unsigned kBox = shapeBit(ShapeKind::Box);
constexpr unsigned kDisc = shapeBit(ShapeKind::Disc);
constexpr unsigned kPolygon = shapeBit(ShapeKind::Polygon);
constexpr unsigned kAll = kBox | kDisc | kPolygon;

// Indexed by BodyField.
constexpr BodyKey kBodyKeys[kBodyFieldCount] = {
    {BodyField::Width, "w", 'w', kBox},
    {BodyField::Height, "h", 'h', kBox},
    {BodyField::Radius, "r", 'r', kDisc},
    {BodyField::Points, "points", 'p', kPolygon},
    {BodyField::X, "x", 'x', kAll},
    {BodyField::Y, "y", 'y', kAll},
    {BodyField::Angle, "angle", 'a', kAll},
    {BodyField::Mass, "mass", 'm', kAll},
    {BodyField::Density, "density", 'd', kAll},
    {BodyField::Vx, "vx", 'u', kAll},
    {BodyField::Vy, "vy", 'v', kAll},
    {BodyField::Omega, "omega", 'o', kAll},
    {BodyField::Elasticity, "elasticity", 'e', kAll},
    {BodyField::Friction, "friction", 'f', kAll},
};

constexpr bool indexedByField() {
  for (std::size_t i = 0; i < kBodyFieldCount; ++i)
    if (static_cast<std::size_t>(kBodyKeys[i].field) != i) return false;
  return static_cast<std::size_t>(BodyField::Friction) + 1 == kBodyFieldCount;
}
static_assert(indexedByField(), "kBodyKeys must list the fields in BodyField order");

constexpr std::string_view kShapeNames[] = {"box", "disc", "polygon"};

const BodyDef kDefaultBody{};

double* plainSlot(BodyDef& def, BodyField field) {
  switch (field) {
    case BodyField::Width:
      return &def.width;
    case BodyField::Height:
      return &def.height;
    case BodyField::Radius:
      return &def.radius;
    case BodyField::Density:
      return &def.density;
    case BodyField::X:
      return &def.state.position.x;
    case BodyField::Y:
      return &def.state.position.y;
    case BodyField::Angle:
      return &def.state.angle;
    case BodyField::Vx:
      return &def.state.velocity.x;
    case BodyField::Vy:
      return &def.state.velocity.y;
    case BodyField::Omega:
      return &def.state.omega;
    default:
      return nullptr;
  }
}

std::optional<double>* optionalSlot(BodyDef& def, BodyField field) {
  switch (field) {
    case BodyField::Mass:
      return &def.mass;
    case BodyField::Elasticity:
      return &def.elasticity;
    case BodyField::Friction:
      return &def.friction;
    default:
      return nullptr;
  }
}

// Read-only access through the same switch.
const double* plainSlot(const BodyDef& def, BodyField field) {
  return plainSlot(const_cast<BodyDef&>(def), field);
}
const std::optional<double>* optionalSlot(const BodyDef& def, BodyField field) {
  return optionalSlot(const_cast<BodyDef&>(def), field);
}

// "1.5e+07" -> "1.5e7", "2e-05" -> "2e-5".
std::string shortenExponent(std::string text) {
  std::size_t e = text.find('e');
  if (e == std::string::npos) return text;
  std::size_t digits = e + 1;
  if (text[digits] == '+') {
    text.erase(digits, 1);
  } else if (text[digits] == '-') {
    ++digits;
  }
  while (digits + 1 < text.size() && text[digits] == '0') text.erase(digits, 1);
  return text;
}

}  // namespace

std::span<const SettingKey> settingKeys() {
  return kSettings;
}

const SettingKey* findSetting(std::string_view name) {
  for (const SettingKey& key : kSettings)
    if (key.name == name) return &key;
  return nullptr;
}

const SettingKey* findSettingByLetter(char letter) {
  for (const SettingKey& key : kSettings)
    if (key.letter == letter) return &key;
  return nullptr;
}

std::size_t settingIndex(const SettingKey& key) {
  return static_cast<std::size_t>(&key - kSettings);
}

bool isDefaultSetting(const SettingKey& key, const WorldSettings& settings) {
  const WorldSettings defaults;
  if (key.isNumber()) return sameBits(settings.*key.number, defaults.*key.number);
  if (key.isWhole()) return settings.*key.whole == defaults.*key.whole;
  return key.getWord(settings) == key.getWord(defaults);
}

void copySetting(const SettingKey& key, const WorldSettings& from, WorldSettings& to) {
  if (key.isNumber()) {
    to.*key.number = from.*key.number;
  } else if (key.isWhole()) {
    to.*key.whole = from.*key.whole;
  } else {
    key.setWord(to, key.getWord(from));
  }
}

std::string settingText(const SettingKey& key, const WorldSettings& settings) {
  if (key.isNumber()) return formatNumber(settings.*key.number);
  if (key.isWhole()) return std::to_string(settings.*key.whole);
  const int index = key.getWord(settings);
  if (index < 0 || static_cast<std::size_t>(index) >= key.words.size()) return "?";
  return std::string(key.words[index]);
}

std::string wordChoices(const SettingKey& key) {
  std::string list;
  for (std::size_t i = 0; i < key.words.size(); ++i) {
    if (i > 0) list += i + 1 == key.words.size() ? " or " : ", ";
    list += key.words[i];
  }
  return list;
}

std::string expectedValue(const SettingKey& key) {
  if (key.isNumber()) return "a number";
  if (key.isWhole()) return "a whole number";
  return wordChoices(key);
}

const LegacyWord* findLegacyWord(const SettingKey& key, std::string_view word) {
  for (const LegacyWord& legacy : key.legacyWords)
    if (legacy.word == word) return &legacy;
  return nullptr;
}

std::optional<std::string> setNumberSetting(const SettingKey& key, double value,
                                            std::string_view after, std::string_view found,
                                            WorldSettings& settings) {
  if (key.isNumber()) {
    settings.*key.number = value;
    return std::nullopt;
  }
  constexpr double kLowest = std::numeric_limits<int>::min();
  constexpr double kHighest = std::numeric_limits<int>::max();
  if (value != std::floor(value)) {
    return concat({"expected a whole number after '", after, "', found ", quoted(found)});
  }
  if (value < kLowest || value > kHighest) {
    return concat({"expected a whole number from ", std::to_string(int(kLowest)), " to ",
                   std::to_string(int(kHighest)), " after '", after, "', found ", quoted(found)});
  }
  settings.*key.whole = static_cast<int>(value);
  return std::nullopt;
}

std::span<const BodyKey> bodyKeys() {
  return kBodyKeys;
}

const BodyKey* findBodyKey(std::string_view name) {
  for (const BodyKey& key : kBodyKeys)
    if (key.name == name) return &key;
  return nullptr;
}

const BodyKey* findBodyKeyByLetter(char letter) {
  for (const BodyKey& key : kBodyKeys)
    if (key.letter == letter) return &key;
  return nullptr;
}

bool appliesTo(const BodyKey& key, ShapeKind shape) {
  return (key.shapes & shapeBit(shape)) != 0;
}

std::string bodyKeyNames(ShapeKind shape) {
  std::string list;
  for (const BodyKey& key : kBodyKeys) {
    if (!appliesTo(key, shape)) continue;
    if (!list.empty()) list += ", ";
    list += key.name;
  }
  return list;
}

std::string_view shapeName(ShapeKind shape) {
  return kShapeNames[static_cast<std::size_t>(shape)];
}

std::optional<ShapeKind> findShape(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kShapeNames); ++i)
    if (kShapeNames[i] == name) return static_cast<ShapeKind>(i);
  return std::nullopt;
}

bool isWritten(const BodyDef& def, BodyField field) {
  if (!appliesTo(kBodyKeys[static_cast<std::size_t>(field)], def.shape)) return false;
  if (field == BodyField::Points) return !def.points.empty();
  if (field == BodyField::Density && def.mass) return false;
  if (const std::optional<double>* optional = optionalSlot(def, field))
    return optional->has_value();
  return !sameBits(*plainSlot(def, field), *plainSlot(kDefaultBody, field));
}

double numberField(const BodyDef& def, BodyField field) {
  if (const std::optional<double>* optional = optionalSlot(def, field))
    return optional->value_or(0);
  const double* plain = plainSlot(def, field);
  return plain ? *plain : 0;
}

void setNumberField(BodyDef& def, BodyField field, double value) {
  if (std::optional<double>* optional = optionalSlot(def, field)) {
    *optional = value;
  } else if (double* plain = plainSlot(def, field)) {
    *plain = value;
  }
}

void copyField(BodyField field, const BodyDef& from, BodyDef& to) {
  if (field == BodyField::Points) {
    to.points = from.points;
  } else if (std::optional<double>* optional = optionalSlot(to, field)) {
    *optional = *optionalSlot(from, field);
  } else {
    *plainSlot(to, field) = *plainSlot(from, field);
  }
}

bool sameBits(double a, double b) {
  return doubleBits(a) == doubleBits(b);
}

std::string formatNumber(double value) {
  if (!std::isfinite(value)) return generalDecimal(value);
  std::string fixed = fixedDecimal(value);
  std::string scientific = shortenExponent(scientificDecimal(value));
  return scientific.size() < fixed.size() ? scientific : fixed;
}

ParsedNumber parseNumber(std::string_view text) {
  using NumberStatus = ParsedNumber::Status;
  const DecimalRead read = readDecimal(text);
  if (read.status == DecimalRead::Status::OutOfRange && read.used == text.size())
    return {NumberStatus::OutOfRange, 0};
  if (read.status != DecimalRead::Status::Ok || read.used != text.size())
    return {NumberStatus::NotANumber, 0};
  if (!std::isfinite(read.value)) return {NumberStatus::NotFinite, read.value};
  return {NumberStatus::Ok, read.value};
}

std::string numberProblem(ParsedNumber::Status status, std::string_view after,
                          std::string_view found) {
  using NumberStatus = ParsedNumber::Status;
  const std::string tail = concat({" after '", after, "', found ", quoted(found)});
  switch (status) {
    case NumberStatus::OutOfRange:
      return concat(
          {"expected a number a double can hold (0, or a magnitude from 4.9e-324 to "
           "1.7976931348623157e308)",
           tail});
    case NumberStatus::NotFinite:
      return concat({"expected a finite number", tail});
    default:
      return concat({"expected a number", tail});
  }
}

std::string concat(std::initializer_list<std::string_view> pieces) {
  std::string text;
  for (std::string_view piece : pieces) text += piece;
  return text;
}

std::string quoted(std::string_view text) {
  return quoteInput(text);
}

bool isValidBodyName(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-' || c == '.';
  });
}

}  // namespace contactlab
