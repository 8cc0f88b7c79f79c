// Scene text (docs/scene-format.md): the parser, which reads statements (settings, bodies, joints,
// springs) into a Scene with the position of every value, checks the whole scene and reports
// overlaps. The canonical writer is scene_text_writer.cpp.
#include <algorithm>
#include <vector>

#include "contactlab/message_quote.h"
#include "contactlab/scene.h"
#include "decimal_text.h"
#include "scene_check.h"
#include "scene_joint_vocabulary.h"
#include "scene_vocabulary.h"

namespace contactlab {
namespace {

struct Token {
  std::string_view text;
  std::size_t offset = 0;  // in the whole source
  std::size_t end() const { return offset + text.size(); }
};

bool isSpaceInLine(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

// The tokens of source[begin, end) up to a '#'.
std::vector<Token> tokenize(std::string_view source, std::size_t begin, std::size_t end) {
  std::vector<Token> tokens;
  std::size_t i = begin;
  while (i < end && source[i] != '#') {
    if (isSpaceInLine(source[i])) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < end && !isSpaceInLine(source[i]) && source[i] != '#') ++i;
    tokens.push_back({source.substr(start, i - start), start});
  }
  return tokens;
}

class TextParser {
 public:
  TextParser(std::string_view text, std::string_view source) : text_(text), source_(source) {
    if (text_.starts_with("\xEF\xBB\xBF")) start_ = 3;  // a UTF-8 byte order mark
  }

  Result<LoadedScene> parse() {
    for (std::size_t begin = start_; begin <= text_.size();) {
      std::size_t end = std::min(text_.find('\n', begin), text_.size());
      std::vector<Token> tokens = tokenize(text_, begin, end);
      if (!tokens.empty()) {
        if (std::optional<Error> error = statement(tokens)) return *error;
      }
      begin = end + 1;
    }
    if (std::optional<SceneProblem> problem = applyLegacyWords(legacy_, scene_.settings, marks_))
      return errorAt(problem->offset, problem->message);
    if (std::optional<SceneProblem> problem = checkScene(scene_, &marks_))
      return errorAt(problem->offset, problem->message);
    LoadedScene loaded{scene_, {}};
    for (const Overlap& overlap : findOverlaps(scene_)) {
      loaded.warnings.push_back(
          concat({location(marks_.bodies[overlap.second].name), ": warning: bodies ",
                  quoted(scene_.bodies[overlap.first].name), " and ",
                  quoted(scene_.bodies[overlap.second].name), " overlap at the start (by ",
                  generalDecimal(overlap.depth, 3), " m)"}));
    }
    for (const SceneWarning& warning : findLimitWarnings(scene_)) {
      loaded.warnings.push_back(
          concat({location(marks_.bodies[warning.body].name), ": warning: ", warning.message}));
    }
    if (std::optional<std::string> warning = mprgpFrictionWarning(scene_)) {
      const std::size_t method = *marks_.settings[settingIndex(*findSetting("qp_method"))];
      loaded.warnings.push_back(concat({location(method), ": warning: ", *warning}));
    }
    return loaded;
  }

 private:
  // "source:line:column", both counted from 1 (columns in bytes).
  std::string location(std::size_t offset) const {
    const std::string_view before = text_.substr(0, offset);
    const std::size_t line = 1 + std::count(before.begin(), before.end(), '\n');
    const std::size_t newline = before.rfind('\n');
    const std::size_t lineStart = newline == std::string_view::npos ? start_ : newline + 1;
    return concat({escapeInput(source_, kQuotedPathLength), ":", std::to_string(line), ":",
                   std::to_string(offset - lineStart + 1)});
  }

  Error errorAt(std::size_t offset, const std::string& message) const {
    return Error{concat({location(offset), ": ", message})};
  }

  std::optional<Error> statement(const std::vector<Token>& tokens) {
    const std::string_view word = tokens[0].text;
    if (const SettingKey* key = findSetting(word)) return setting(*key, tokens);
    if (std::optional<ShapeKind> shape = findShape(word)) return body(*shape, tokens);
    if (word == "joint") return joint(tokens);
    if (word == "spring") return spring(tokens);
    std::string settings;
    for (const SettingKey& key : settingKeys())
      settings += concat({settings.empty() ? "" : ", ", key.name});
    return errorAt(tokens[0].offset,
                   concat({"unknown statement ", quoted(word), "; expected a setting (", settings,
                           "), a body (box, disc, polygon), a joint or a spring"}));
  }

  std::optional<Error> setting(const SettingKey& key, const std::vector<Token>& tokens) {
    const std::string expected = expectedValue(key);
    if (tokens.size() < 2) {
      return errorAt(tokens[0].end(), concat({"expected ", expected, " after ", quoted(key.name),
                                              ", found the end of the line"}));
    }
    if (tokens.size() > 2) {
      return errorAt(tokens[2].offset,
                     concat({"expected the end of the line after ", quoted(key.name),
                             " and its value, found ", quoted(tokens[2].text)}));
    }
    std::optional<std::size_t>& mark = marks_.settings[settingIndex(key)];
    if (mark) {
      return errorAt(tokens[0].offset, concat({quoted(key.name), " is set twice (first at ",
                                               location(*mark), "); expected each setting once"}));
    }
    const Token& value = tokens[1];
    if (!key.isWord()) {
      ParsedNumber number = parseNumber(value.text);
      if (number.status != ParsedNumber::Status::Ok)
        return errorAt(value.offset, numberProblem(number.status, key.name, value.text));
      if (std::optional<std::string> problem =
              setNumberSetting(key, number.value, key.name, value.text, scene_.settings))
        return errorAt(value.offset, *problem);
    } else if (const LegacyWord* legacy = findLegacyWord(key, value.text)) {
      legacy_.push_back({&key, legacy, value.offset});
    } else {
      auto word = std::find(key.words.begin(), key.words.end(), value.text);
      if (word == key.words.end()) {
        return errorAt(value.offset, concat({"expected ", expected, " after ", quoted(key.name),
                                             ", found ", quoted(value.text)}));
      }
      key.setWord(scene_.settings, static_cast<int>(word - key.words.begin()));
    }
    mark = value.offset;
    return std::nullopt;
  }

  std::optional<Error> body(ShapeKind shape, const std::vector<Token>& tokens) {
    const std::string kind(shapeName(shape));
    if (tokens.size() < 2) {
      return errorAt(tokens[0].end(), concat({"expected a body name after ", quoted(kind),
                                              ", found the end of the line"}));
    }
    if (!isValidBodyName(tokens[1].text)) {
      return errorAt(tokens[1].offset,
                     concat({"expected a body name (letters, digits, '_', '-', '.') after ",
                             quoted(kind), ", found ", quoted(tokens[1].text)}));
    }
    BodyDef def;
    def.shape = shape;
    def.name = std::string(tokens[1].text);
    BodyMarks marks;
    marks.name = tokens[1].offset;
    for (std::size_t i = 2; i < tokens.size(); ++i) {
      if (std::optional<Error> error = bodyValue(tokens[i], def, marks)) return error;
    }
    if (shape == ShapeKind::Polygon && !marks.fields[std::size_t(BodyField::Points)]) {
      return errorAt(marks.name,
                     concat({"expected points=x0,y0,x1,y1,... for polygon ", quoted(def.name),
                             " (at least 3 corners, counter-clockwise)"}));
    }
    scene_.bodies.push_back(std::move(def));
    marks_.bodies.push_back(marks);
    return std::nullopt;
  }

  std::optional<Error> bodyValue(const Token& token, BodyDef& def, BodyMarks& marks) {
    const std::string kind(shapeName(def.shape));
    const std::size_t equals = token.text.find('=');
    const std::string_view name = token.text.substr(0, equals);
    if (name == "fixed") {
      if (equals != std::string_view::npos)
        return errorAt(token.offset, "expected 'fixed' alone, without a value");
      if (def.fixed) return errorAt(token.offset, "'fixed' is given twice; expected it once");
      def.fixed = true;
      return std::nullopt;
    }
    if (equals == std::string_view::npos) {
      return errorAt(token.offset,
                     concat({"expected key=value or 'fixed', found ", quoted(token.text)}));
    }
    const BodyKey* key = findBodyKey(name);
    if (!key || !appliesTo(*key, def.shape)) {
      const std::string problem = key ? concat({"a ", kind, " has no key "}) : "unknown key ";
      return errorAt(token.offset, concat({problem, quoted(name), "; expected one of ",
                                           bodyKeyNames(def.shape), " or fixed"}));
    }
    std::optional<std::size_t>& mark = marks.fields[std::size_t(key->field)];
    if (mark)
      return errorAt(token.offset, concat({quoted(name), " is given twice; expected it once"}));
    const bool mass = key->field == BodyField::Mass, density = key->field == BodyField::Density;
    if ((mass && marks.fields[std::size_t(BodyField::Density)]) ||
        (density && marks.fields[std::size_t(BodyField::Mass)])) {
      return errorAt(token.offset,
                     "expected either mass or density, not both (a given mass "
                     "overrides density times area)");
    }
    const Token value{token.text.substr(equals + 1), token.offset + equals + 1};
    const std::string after = concat({name, "="});
    if (key->field == BodyField::Points) {
      if (std::optional<Error> error = points(value, def)) return error;
    } else {
      ParsedNumber number = parseNumber(value.text);
      if (number.status != ParsedNumber::Status::Ok)
        return errorAt(value.offset, numberProblem(number.status, after, value.text));
      setNumberField(def, key->field, number.value);
    }
    mark = value.offset;
    return std::nullopt;
  }

  std::optional<Error> points(const Token& value, BodyDef& def) {
    std::vector<double> coordinates;
    for (std::size_t begin = 0; begin <= value.text.size();) {
      const std::size_t end = std::min(value.text.find(',', begin), value.text.size());
      const std::string_view text = value.text.substr(begin, end - begin);
      ParsedNumber number = parseNumber(text);
      if (number.status != ParsedNumber::Status::Ok)
        return errorAt(value.offset + begin, numberProblem(number.status, "points=", text));
      coordinates.push_back(number.value);
      begin = end + 1;
    }
    if (coordinates.size() % 2 != 0) {
      return errorAt(value.offset, concat({"expected x,y pairs after 'points=', found ",
                                           std::to_string(coordinates.size()), " numbers"}));
    }
    for (std::size_t i = 0; i < coordinates.size(); i += 2)
      def.points.push_back({coordinates[i], coordinates[i + 1]});
    return std::nullopt;
  }

  // The name after 'joint' or 'spring', or why there is none.
  std::optional<Error> linkName(std::string_view noun, const std::vector<Token>& tokens) const {
    if (tokens.size() < 2) {
      return errorAt(tokens[0].end(), concat({"expected a ", noun, " name after ", quoted(noun),
                                              ", found the end of the line"}));
    }
    if (!isValidBodyName(tokens[1].text)) {
      return errorAt(tokens[1].offset,
                     concat({"expected a ", noun, " name (letters, digits, '_', '-', '.') after ",
                             quoted(noun), ", found ", quoted(tokens[1].text)}));
    }
    return std::nullopt;
  }

  // joint NAME KIND key=value ...
  std::optional<Error> joint(const std::vector<Token>& tokens) {
    if (std::optional<Error> error = linkName("joint", tokens)) return error;
    SceneJoint joint;
    joint.name = std::string(tokens[1].text);
    JointMarks marks;
    marks.name = tokens[1].offset;
    if (tokens.size() < 3) {
      return errorAt(tokens[1].end(),
                     concat({"expected a joint kind (", jointKindNames(), ") after joint ",
                             quoted(joint.name), ", found the end of the line"}));
    }
    std::optional<JointKind> kind = findJointKind(tokens[2].text);
    if (!kind) {
      return errorAt(tokens[2].offset,
                     concat({"unknown joint kind ", quoted(tokens[2].text), "; expected ",
                             jointKindNames(), " after joint ", quoted(joint.name)}));
    }
    joint.kind = *kind;
    marks.kind = tokens[2].offset;
    const std::string noun = concat({"a ", jointKindName(joint.kind)});
    const std::string keys = jointKeyNames(joint.kind);
    for (std::size_t i = 3; i < tokens.size(); ++i) {
      if (std::optional<Error> error =
              linkValue(tokens[i], jointKeys(), kind, noun, keys, marks.fields, joint))
        return error;
    }
    if (std::optional<Error> error = jointCompleteness(joint, marks)) return error;
    scene_.joints.push_back(std::move(joint));
    marks_.joints.push_back(marks);
    return std::nullopt;
  }

  // What a joint statement lacks once its keys are read (jointGap), in scene text's words.
  std::optional<Error> jointCompleteness(const SceneJoint& joint, const JointMarks& marks) const {
    const std::optional<JointGap> gap = jointGap(joint, marks);
    if (!gap) return std::nullopt;
    const std::string kind(jointKindName(joint.kind));
    const std::size_t at =
        gap->key ? *marks.fields[gap->key->field] - gap->key->name.size() - 1 : 0;
    switch (gap->kind) {
      case JointGap::Kind::NoBodyA:
        return errorAt(marks.name, concat({"expected a=BODY for ", kind, " ", quoted(joint.name),
                                           " (the body it holds)"}));
      case JointGap::Kind::NoBodyB:
        return errorAt(marks.kind, concat({"expected b=BODY for hinge ", quoted(joint.name),
                                           " (a hinge joins two bodies; a pin holds one to the "
                                           "world)"}));
      case JointGap::Kind::NoLength:
        return errorAt(marks.kind, concat({"expected length=L for ", kind, " ", quoted(joint.name),
                                           " (m, > 0)"}));
      case JointGap::Kind::WorldPointWithBodyB:
        return errorAt(at, concat({"'", gap->key->name, "=' is a world point, and ", kind, " ",
                                   quoted(joint.name),
                                   " joins two bodies (b=); expected bx= and by=, a point of body "
                                   "b"}));
      case JointGap::Kind::BodyPointWithoutBodyB:
        return errorAt(
            at, concat({"'", gap->key->name, "=' is a point of body b, and ", kind, " ",
                        quoted(joint.name), " has no b=; expected x= and y=, the world point"}));
    }
    return std::nullopt;
  }

  // spring NAME key=value ...
  std::optional<Error> spring(const std::vector<Token>& tokens) {
    if (std::optional<Error> error = linkName("spring", tokens)) return error;
    SceneSpring spring;
    spring.name = std::string(tokens[1].text);
    SpringMarks marks;
    marks.name = tokens[1].offset;
    const std::string keys = springKeyNames();
    for (std::size_t i = 2; i < tokens.size(); ++i) {
      if (std::optional<Error> error = linkValue(tokens[i], springKeys(), std::nullopt, "a spring",
                                                 keys, marks.fields, spring))
        return error;
    }
    if (!marks.fields[std::size_t(SpringField::Body)]) {
      return errorAt(marks.name, concat({"expected a=BODY for spring ", quoted(spring.name),
                                         " (the body it pulls)"}));
    }
    scene_.springs.push_back(std::move(spring));
    marks_.springs.push_back(marks);
    return std::nullopt;
  }

  // One key=value of a joint (of that kind) or a spring (no kind).
  template <typename Link, std::size_t N>
  std::optional<Error> linkValue(const Token& token, std::span<const LinkKey> keys,
                                 std::optional<JointKind> kind, std::string_view noun,
                                 std::string_view keyNames,
                                 std::array<std::optional<std::size_t>, N>& marks,
                                 Link& link) const {
    const std::size_t equals = token.text.find('=');
    if (equals == std::string_view::npos)
      return errorAt(token.offset, concat({"expected key=value, found ", quoted(token.text)}));
    const std::string_view name = token.text.substr(0, equals);
    const LinkKey* key = findLinkKey(keys, name);
    if (!key || (kind && !appliesTo(*key, *kind))) {
      const std::string problem = key ? concat({noun, " has no key "}) : "unknown key ";
      return errorAt(token.offset, concat({problem, quoted(name), "; expected one of ", keyNames}));
    }
    std::optional<std::size_t>& mark = marks[key->field];
    if (mark)
      return errorAt(token.offset, concat({quoted(name), " is given twice; expected it once"}));
    const Token value{token.text.substr(equals + 1), token.offset + equals + 1};
    const std::string after = concat({name, "="});
    if (key->namesBody) {
      if (!isValidBodyName(value.text)) {
        return errorAt(value.offset, concat({"expected a body name after ", quoted(after),
                                             ", found ", quoted(value.text)}));
      }
      setValue(link, *key, value.text);
    } else {
      ParsedNumber number = parseNumber(value.text);
      if (number.status != ParsedNumber::Status::Ok)
        return errorAt(value.offset, numberProblem(number.status, after, value.text));
      setValue(link, *key, number.value);
    }
    mark = value.offset;
    return std::nullopt;
  }

  std::string_view text_;
  std::string_view source_;
  std::size_t start_ = 0;
  Scene scene_;
  SceneMarks marks_;
  std::vector<LegacyWordRead> legacy_;
};

}  // namespace

Result<LoadedScene> parseScene(std::string_view text, std::string_view sourceName) {
  return TextParser(text, sourceName).parse();
}

}  // namespace contactlab
