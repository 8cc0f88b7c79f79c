// Reading share strings (docs/share-strings.md; the alphabet: scene_share_alphabet.h; writing:
// scene_share_writer.cpp): every statement checked as it is read, errors naming the character.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <vector>

#include "contactlab/message_quote.h"
#include "contactlab/scene.h"
#include "decimal_text.h"
#include "scene_check.h"
#include "scene_joint_vocabulary.h"
#include "scene_share_alphabet.h"
#include "scene_vocabulary.h"

namespace contactlab {
namespace {

using namespace share;

bool isAllowed(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.' || c == '_' || c == '~' || c == ',';
}

bool isLetter(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

// A version is written as a positive decimal without leading zeros, so that each version has one
// spelling: "1", "12"; not "0", "01" or "".
bool isCanonicalVersion(std::string_view text) {
  return !text.empty() && text[0] >= '1' && text[0] <= '9' &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// A piece of the share string and where it starts in the whole input.
struct Piece {
  std::string_view text;
  std::size_t offset = 0;
  Piece sub(std::size_t from, std::size_t count = std::string_view::npos) const {
    return {text.substr(from, count), offset + std::min(from, text.size())};
  }
};

std::vector<Piece> split(Piece piece, char separator) {
  std::vector<Piece> pieces;
  for (std::size_t begin = 0; begin <= piece.text.size();) {
    const std::size_t end = std::min(piece.text.find(separator, begin), piece.text.size());
    pieces.push_back(piece.sub(begin, end - begin));
    begin = end + 1;
  }
  return pieces;
}

class ShareDecoder {
 public:
  explicit ShareDecoder(std::string_view text) : text_(text) {}

  Result<Scene> decode() {
    std::size_t begin = 0, end = text_.size();
    while (begin < end && isSpace(text_[begin])) ++begin;
    while (end > begin && isSpace(text_[end - 1])) --end;
    const Piece whole{text_.substr(begin, end - begin), begin};
    for (std::size_t i = 0; i < whole.text.size(); ++i) {
      if (!isAllowed(whole.text[i])) return unexpectedCharacter(whole.offset + i);
    }
    std::vector<Piece> statements = split(whole, '~');
    if (std::optional<Error> error = header(statements[0])) return *error;
    for (std::size_t i = 1; i < statements.size(); ++i) {
      if (std::optional<Error> error = statement(statements[i])) return *error;
    }
    if (std::optional<SceneProblem> problem = applyLegacyWords(legacy_, scene_.settings, marks_))
      return errorAt(problem->offset, problem->message);
    if (std::optional<SceneProblem> problem = checkScene(scene_, &marks_))
      return errorAt(problem->offset, problem->message);
    return scene_;
  }

 private:
  Error errorAt(std::size_t offset, const std::string& message) const {
    return Error{concat({"share string, character ", std::to_string(offset + 1), ": ", message})};
  }

  Error unexpectedCharacter(std::size_t offset) const {
    const char c = text_[offset];
    const unsigned char byte = static_cast<unsigned char>(c);
    const std::string found = byte < 0x20 || byte >= 0x7f ? concat({"byte ", std::to_string(byte)})
                                                          : quoted(std::string_view(&c, 1));
    std::string message =
        concat({"expected a letter, a digit, '-', '.', '_', '~' or ',', found ", found});
    if (c == '%') message += " (decode the link's percent-escapes first)";
    return errorAt(offset, message);
  }

  std::optional<Error> header(Piece statement) {
    std::vector<Piece> fields = split(statement, ',');
    const Piece head = fields[0];
    if (!head.text.starts_with(kPrefix)) {
      return errorAt(head.offset, concat({"expected a share string starting with '", kPrefix,
                                          std::to_string(kVersion), "', found ",
                                          quoted(head.text.substr(0, 8))}));
    }
    const Piece version = head.sub(kPrefix.size());
    if (!isCanonicalVersion(version.text)) {
      return errorAt(version.offset,
                     concat({"expected a version number after 'cl' (1, 2, ...: digits without a "
                             "leading 0), then ',' or '~', found ",
                             quoted(version.text)}));
    }
    unsigned number = 0;
    std::from_chars_result read =
        std::from_chars(version.text.data(), version.text.data() + version.text.size(), number);
    if (read.ec != std::errc{} || number != kVersion) {
      return errorAt(
          version.offset,
          concat({"expected share string version ", std::to_string(kVersion), ", found version ",
                  escapeInput(version.text), " (made by a newer or unknown program)"}));
    }
    for (std::size_t i = 1; i < fields.size(); ++i) {
      if (std::optional<Error> error = setting(fields[i])) return error;
    }
    return std::nullopt;
  }

  std::optional<Error> setting(Piece field) {
    const SettingKey* key = field.text.empty() ? nullptr : findSettingByLetter(field.text[0]);
    if (!key) {
      std::string letters;
      for (const SettingKey& k : settingKeys())
        letters += concat(
            {letters.empty() ? "" : ", ", std::string_view(&k.letter, 1), " (", k.name, ")"});
      return errorAt(field.offset, concat({"expected a setting letter: ", letters, "; found ",
                                           quoted(field.text.substr(0, 1))}));
    }
    std::optional<std::size_t>& mark = marks_.settings[settingIndex(*key)];
    if (mark) {
      return errorAt(field.offset, concat({"setting ", quoted(std::string_view(&key->letter, 1)),
                                           " (", key->name, ") is given twice; expected it once"}));
    }
    const Piece value = field.sub(1);
    if (!key->isWord()) {
      std::optional<double> number;
      if (std::optional<Error> error = readNumber(value, key->letter, number)) return error;
      if (std::optional<std::string> problem = setNumberSetting(
              *key, *number, std::string_view(&key->letter, 1), value.text, scene_.settings))
        return errorAt(value.offset, *problem);
    } else if (const LegacyWord* legacy = findLegacyWord(*key, value.text)) {
      legacy_.push_back({key, legacy, value.offset});
    } else {
      auto word = std::find(key->words.begin(), key->words.end(), value.text);
      if (word == key->words.end()) {
        return errorAt(value.offset, concat({"expected ", wordChoices(*key), " after ",
                                             quoted(std::string_view(&key->letter, 1)), ", found ",
                                             quoted(value.text)}));
      }
      key->setWord(scene_.settings, static_cast<int>(word - key->words.begin()));
    }
    mark = value.offset;
    return std::nullopt;
  }

  std::optional<Error> statement(Piece statement) {
    if (statement.text.starts_with(kJointLetter)) return joint(statement);
    if (statement.text.starts_with(kSpringLetter)) return spring(statement);
    return body(statement);
  }

  // The name after a joint's or spring's letter, or why it is not one.
  std::optional<Error> linkName(std::string_view noun, Piece head) const {
    const Piece name = head.sub(1);
    if (isValidBodyName(name.text)) return std::nullopt;
    return errorAt(name.offset,
                   concat({"expected a ", noun, " name (letters, digits, '_', '-', '.') after ",
                           quoted(head.text.substr(0, 1)), ", found ", quoted(name.text)}));
  }

  // j NAME , KIND , fields
  std::optional<Error> joint(Piece statement) {
    std::vector<Piece> fields = split(statement, ',');
    if (std::optional<Error> error = linkName("joint", fields[0])) return error;
    SceneJoint joint;
    joint.name = std::string(fields[0].text.substr(1));
    JointMarks marks;
    marks.name = fields[0].offset + 1;
    if (fields.size() < 2) {
      return errorAt(statement.offset + statement.text.size(),
                     concat({"expected ',' and a joint kind (", jointKindNames(), ") after joint ",
                             quoted(joint.name), ", found the end"}));
    }
    std::optional<JointKind> kind = findJointKind(fields[1].text);
    if (!kind) {
      return errorAt(fields[1].offset,
                     concat({"unknown joint kind ", quoted(fields[1].text), "; expected ",
                             jointKindNames(), " after joint ", quoted(joint.name)}));
    }
    joint.kind = *kind;
    marks.kind = fields[1].offset;
    const std::string noun = concat({"a ", jointKindName(joint.kind)});
    const std::string letters = jointKeyLetters(joint.kind);
    for (std::size_t i = 2; i < fields.size(); ++i) {
      if (std::optional<Error> error =
              linkField(fields[i], jointKeys(), kind, noun, letters, marks.fields, joint))
        return error;
    }
    if (std::optional<Error> error = jointCompleteness(joint, marks)) return error;
    scene_.joints.push_back(std::move(joint));
    marks_.joints.push_back(marks);
    return std::nullopt;
  }

  // What a joint statement lacks once its fields are read (jointGap), in share strings' letters.
  std::optional<Error> jointCompleteness(const SceneJoint& joint, const JointMarks& marks) const {
    const std::optional<JointGap> gap = jointGap(joint, marks);
    if (!gap) return std::nullopt;
    const std::string kind(jointKindName(joint.kind));
    const std::size_t at = gap->key ? *marks.fields[gap->key->field] - 1 : 0;
    const std::string_view letter = gap->key ? std::string_view(&gap->key->letter, 1) : "";
    switch (gap->kind) {
      case JointGap::Kind::NoBodyA:
        return errorAt(marks.name, concat({"expected a (the body it holds) for ", kind, " ",
                                           quoted(joint.name)}));
      case JointGap::Kind::NoBodyB:
        return errorAt(marks.kind,
                       concat({"expected b (the second body) for hinge ", quoted(joint.name),
                               "; a pin holds a body to the world"}));
      case JointGap::Kind::NoLength:
        return errorAt(marks.kind,
                       concat({"expected l (length, m, > 0) for ", kind, " ", quoted(joint.name)}));
      case JointGap::Kind::WorldPointWithBodyB:
        return errorAt(
            at, concat({"'", letter, "' is a world point, and ", kind, " ", quoted(joint.name),
                        " joins two bodies (b); expected s and t, a point of body b"}));
      case JointGap::Kind::BodyPointWithoutBodyB:
        return errorAt(
            at, concat({"'", letter, "' is a point of body b, and ", kind, " ", quoted(joint.name),
                        " has no b; expected x and y, the world point"}));
    }
    return std::nullopt;
  }

  // s NAME , fields
  std::optional<Error> spring(Piece statement) {
    std::vector<Piece> fields = split(statement, ',');
    if (std::optional<Error> error = linkName("spring", fields[0])) return error;
    SceneSpring spring;
    spring.name = std::string(fields[0].text.substr(1));
    SpringMarks marks;
    marks.name = fields[0].offset + 1;
    const std::string letters = springKeyLetters();
    for (std::size_t i = 1; i < fields.size(); ++i) {
      if (std::optional<Error> error = linkField(fields[i], springKeys(), std::nullopt, "a spring",
                                                 letters, marks.fields, spring))
        return error;
    }
    if (!marks.fields[std::size_t(SpringField::Body)]) {
      return errorAt(marks.name,
                     concat({"expected a (the body it pulls) for spring ", quoted(spring.name)}));
    }
    scene_.springs.push_back(std::move(spring));
    marks_.springs.push_back(marks);
    return std::nullopt;
  }

  // One field of a joint (of that kind) or a spring (no kind): a key letter and a body's name or a
  // number.
  template <typename Link, std::size_t N>
  std::optional<Error> linkField(Piece field, std::span<const LinkKey> keys,
                                 std::optional<JointKind> kind, std::string_view noun,
                                 std::string_view letters,
                                 std::array<std::optional<std::size_t>, N>& marks, Link& link) {
    const char first = field.text.empty() ? '\0' : field.text[0];
    const LinkKey* key = isLetter(first) ? findLinkKeyByLetter(keys, first) : nullptr;
    if (!key || (kind && !appliesTo(*key, *kind))) {
      return errorAt(field.offset, concat({"expected a key letter of ", noun, ": ", letters,
                                           "; found ", quoted(field.text.substr(0, 1))}));
    }
    std::optional<std::size_t>& mark = marks[key->field];
    const std::string_view letter(&key->letter, 1);
    if (mark) {
      return errorAt(field.offset, concat({"key ", quoted(letter), " (", key->name,
                                           ") is given twice; expected it once"}));
    }
    const Piece value = field.sub(1);
    if (key->namesBody) {
      if (!isValidBodyName(value.text)) {
        return errorAt(value.offset, concat({"expected a body name after ", quoted(letter),
                                             ", found ", quoted(value.text)}));
      }
      setValue(link, *key, value.text);
    } else {
      std::optional<double> number;
      if (std::optional<Error> error = readNumber(value, key->letter, number)) return error;
      setValue(link, *key, *number);
    }
    mark = value.offset;
    return std::nullopt;
  }

  std::optional<Error> body(Piece statement) {
    std::vector<Piece> fields = split(statement, ',');
    const Piece head = fields[0];
    const char tag = head.text.empty() ? '\0' : head.text[0];
    const char* letter = std::find(std::begin(kShapeLetters), std::end(kShapeLetters),
                                   static_cast<char>(tag | 0x20));
    if (!isLetter(tag) || letter == std::end(kShapeLetters)) {
      return errorAt(head.offset, concat({"expected a body: b (box), d (disc) or p (polygon), "
                                          "uppercase when fixed, then its name; or a joint (j) "
                                          "or a spring (s); found ",
                                          quoted(head.text.substr(0, 1))}));
    }
    BodyDef def;
    def.shape = static_cast<ShapeKind>(letter - std::begin(kShapeLetters));
    def.fixed = tag >= 'A' && tag <= 'Z';
    const Piece name = head.sub(1);
    if (!isValidBodyName(name.text)) {
      return errorAt(name.offset,
                     concat({"expected a body name (letters, digits, '_', '-', '.') "
                             "after ",
                             quoted(head.text.substr(0, 1)), ", found ", quoted(name.text)}));
    }
    def.name = std::string(name.text);
    BodyMarks marks;
    marks.name = name.offset;
    const BodyKey* listKey = nullptr;  // the key whose list the next numbers continue
    for (std::size_t i = 1; i < fields.size(); ++i) {
      if (std::optional<Error> error = bodyField(fields[i], def, marks, listKey)) return error;
    }
    if (def.shape == ShapeKind::Polygon && def.points.empty()) {
      return errorAt(head.offset, concat({"expected points (p) for polygon ", quoted(def.name),
                                          ": at least 3 corners, counter-clockwise"}));
    }
    if (def.points.size() * 2 != coordinates_.size()) {
      return errorAt(*marks.fields[std::size_t(BodyField::Points)],
                     concat({"expected x,y pairs after 'p', found ",
                             std::to_string(coordinates_.size()), " numbers"}));
    }
    coordinates_.clear();
    scene_.bodies.push_back(std::move(def));
    marks_.bodies.push_back(marks);
    return std::nullopt;
  }

  std::optional<Error> bodyField(Piece field, BodyDef& def, BodyMarks& marks,
                                 const BodyKey*& listKey) {
    const char first = field.text.empty() ? '\0' : field.text[0];
    if (listKey && !isLetter(first)) return coordinate(field, def);
    const BodyKey* key = isLetter(first) ? findBodyKeyByLetter(first) : nullptr;
    if (!key || !appliesTo(*key, def.shape)) {
      std::string letters;
      for (const BodyKey& k : bodyKeys()) {
        if (appliesTo(k, def.shape))
          letters += concat(
              {letters.empty() ? "" : ", ", std::string_view(&k.letter, 1), " (", k.name, ")"});
      }
      return errorAt(field.offset,
                     concat({"expected a key letter of a ", shapeName(def.shape), ": ", letters,
                             "; found ", quoted(field.text.substr(0, 1))}));
    }
    std::optional<std::size_t>& mark = marks.fields[std::size_t(key->field)];
    if (mark) {
      return errorAt(field.offset, concat({"key ", quoted(std::string_view(&key->letter, 1)), " (",
                                           key->name, ") is given twice; expected it once"}));
    }
    if ((key->field == BodyField::Mass && marks.fields[std::size_t(BodyField::Density)]) ||
        (key->field == BodyField::Density && marks.fields[std::size_t(BodyField::Mass)])) {
      return errorAt(field.offset, "expected either mass (m) or density (d), not both");
    }
    mark = field.offset + 1;
    listKey = key->field == BodyField::Points ? key : nullptr;
    if (listKey) return coordinate(field.sub(1), def);
    std::optional<double> number;
    if (std::optional<Error> error = readNumber(field.sub(1), key->letter, number)) return error;
    setNumberField(def, key->field, *number);
    return std::nullopt;
  }

  std::optional<Error> coordinate(Piece value, BodyDef& def) {
    std::optional<double> number;
    if (std::optional<Error> error = readNumber(value, 'p', number)) return error;
    coordinates_.push_back(*number);
    if (coordinates_.size() % 2 == 0)
      def.points.push_back({coordinates_[coordinates_.size() - 2], coordinates_.back()});
    return std::nullopt;
  }

  std::optional<Error> readNumber(Piece value, char key, std::optional<double>& number) {
    const std::string after(1, key);
    if (value.text.starts_with(kBitsMark)) {
      std::uint64_t bits = 0;
      const Piece digits = value.sub(1);
      for (std::size_t i = 0; i < digits.text.size() && i < kBitsDigits; ++i) {
        const std::size_t digit = kBase64.find(digits.text[i]);
        if (digit == std::string_view::npos || (i == 0 && digit >= 16)) {
          return errorAt(digits.offset + i, concat({"expected a base64url digit of a number's bits",
                                                    i == 0 ? " (A to P first)" : "", ", found ",
                                                    quoted(digits.text.substr(i, 1))}));
        }
        bits = bits << 6 | digit;
      }
      if (digits.text.size() != kBitsDigits) {
        return errorAt(value.offset, concat({"expected '_' and ", std::to_string(kBitsDigits),
                                             " base64url digits after ", quoted(after), ", found ",
                                             quoted(value.text)}));
      }
      number = doubleFromBits(bits);
      if (!std::isfinite(*number)) {
        return errorAt(value.offset,
                       concat({"expected a finite number after ", quoted(after), ", found ",
                               quoted(value.text), " (", formatNumber(*number), ")"}));
      }
      return std::nullopt;
    }
    ParsedNumber parsed = parseNumber(value.text);
    if (parsed.status != ParsedNumber::Status::Ok)
      return errorAt(value.offset, numberProblem(parsed.status, after, value.text));
    number = parsed.value;
    return std::nullopt;
  }

  std::string_view text_;
  Scene scene_;
  SceneMarks marks_;
  std::vector<LegacyWordRead> legacy_;
  std::vector<double> coordinates_;  // of the current body's points, to catch an odd count
};

}  // namespace

Result<Scene> decodeShare(std::string_view text) {
  return ShareDecoder(text).decode();
}

bool looksLikeShareString(std::string_view text) {
  while (!text.empty() && isSpace(text.front())) text.remove_prefix(1);
  while (!text.empty() && isSpace(text.back())) text.remove_suffix(1);
  if (!text.starts_with(kPrefix)) return false;
  text.remove_prefix(kPrefix.size());
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  return digits > 0 && (digits == text.size() || text[digits] == ',' || text[digits] == '~');
}

}  // namespace contactlab
