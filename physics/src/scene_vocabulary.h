// The words both scene formats share: settings and body keys with their names in scene text and
// their letters in share strings, which fields a body uses, and the spelling of numbers. The text
// format, share strings and the scene checks all read these tables, so the formats always agree.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "contactlab/body.h"
#include "contactlab/settings.h"

namespace contactlab {

// A word an older version of the formats wrote for a setting that now belongs to another setting:
// `qp_method substep` is today `timestep_scheme substeps`. Reading it sets `setting` to `meaning`
// (applyLegacyWords, scene_check.h); the setting it was read for keeps its default.
struct LegacyWord {
  std::string_view word;     // "substep"
  std::string_view setting;  // "timestep_scheme"
  std::string_view meaning;  // "substeps"
};

// A world setting: a number, a whole number, or one word of a fixed list (an enum).
struct SettingKey {
  std::string_view name;                    // in scene text, e.g. "gravity"
  char letter;                              // in share strings, e.g. 'g'
  double WorldSettings::*number = nullptr;  // number settings
  int WorldSettings::*whole = nullptr;      // whole-number settings
  std::span<const std::string_view> words;  // word settings: one word per enum value, in order
  int (*getWord)(const WorldSettings&) = nullptr;
  void (*setWord)(WorldSettings&, int) = nullptr;
  std::span<const LegacyWord> legacyWords;  // word settings: words older versions wrote

  bool isNumber() const { return number != nullptr; }
  bool isWhole() const { return whole != nullptr; }
  bool isWord() const { return getWord != nullptr; }
};

// Every setting, in writing order.
std::span<const SettingKey> settingKeys();
const SettingKey* findSetting(std::string_view name);
const SettingKey* findSettingByLetter(char letter);
std::size_t settingIndex(const SettingKey& key);  // position in settingKeys()
bool isDefaultSetting(const SettingKey& key, const WorldSettings& settings);
void copySetting(const SettingKey& key, const WorldSettings& from, WorldSettings& to);
// The setting's value as written in both formats (a number, a whole number, or its word).
std::string settingText(const SettingKey& key, const WorldSettings& settings);
std::string wordChoices(const SettingKey& key);  // "euler, midpoint or rk4"
// What a reader expects as the setting's value: "a number", "a whole number", "pgs, mprgp or apgd".
std::string expectedValue(const SettingKey& key);
const LegacyWord* findLegacyWord(const SettingKey& key, std::string_view word);
// Stores a number read for a number or whole-number setting, or says why it cannot be: a
// whole-number setting takes only whole numbers an int holds ("4.5" is refused, "8.0" and "1e3"
// are whole). `after` names the setting as the message should: "substeps", or "u" in a share
// string.
std::optional<std::string> setNumberSetting(const SettingKey& key, double value,
                                            std::string_view after, std::string_view found,
                                            WorldSettings& settings);

enum class BodyField {
  Width,
  Height,
  Radius,
  Points,
  X,
  Y,
  Angle,
  Mass,
  Density,
  Vx,
  Vy,
  Omega,
  Elasticity,
  Friction
};
constexpr std::size_t kBodyFieldCount = 14;

struct BodyKey {
  BodyField field;
  std::string_view name;  // in scene text, e.g. "vx"
  char letter;            // in share strings, e.g. 'u'
  unsigned shapes;        // bit (1 << ShapeKind) set for each shape the key applies to
};

// Every body key, in writing order (sizes first).
std::span<const BodyKey> bodyKeys();
const BodyKey* findBodyKey(std::string_view name);
const BodyKey* findBodyKeyByLetter(char letter);
bool appliesTo(const BodyKey& key, ShapeKind shape);
std::string bodyKeyNames(ShapeKind shape);  // the keys of a shape, for messages: "w, h, mass, ..."

std::string_view shapeName(ShapeKind shape);  // "box", "disc", "polygon"
std::optional<ShapeKind> findShape(std::string_view name);

// Whether the field is written for this body: the body uses it and it differs from the default
// (optional fields: it is present). Points are written when the body is a polygon.
bool isWritten(const BodyDef& def, BodyField field);
// The value of a number field (not Points); an absent optional reads as 0.
double numberField(const BodyDef& def, BodyField field);
void setNumberField(BodyDef& def, BodyField field, double value);
void copyField(BodyField field, const BodyDef& from, BodyDef& to);

// The pieces joined into one string, for messages.
std::string concat(std::initializer_list<std::string_view> pieces);
// Input in single quotes, escaped and cut to a safe length (quoteInput), or "nothing" when empty.
std::string quoted(std::string_view text);

// Bitwise equality: tells -0.0 from 0.0 and compares NaNs by their bits.
bool sameBits(double a, double b);

// The shortest decimal that reads back as the same double: the shorter of the fixed and the
// scientific forms, with the exponent written without '+' and leading zeros ("1e5", "2.5e-7").
std::string formatNumber(double value);

struct ParsedNumber {
  enum class Status { Ok, NotANumber, OutOfRange, NotFinite } status;
  double value = 0;
};
// Reads a whole string as a decimal number ("-2.5", ".5", "1e-3"; no '+' sign, no hex).
ParsedNumber parseNumber(std::string_view text);
// "expected a number after 'w=', found 'abc'" and its siblings for the other failures.
std::string numberProblem(ParsedNumber::Status status, std::string_view after,
                          std::string_view found);

}  // namespace contactlab
