// The desktop program's remembered look as JSON (ui_preferences.h).
#include "ui_preferences.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace contactlab {
namespace {

using nlohmann::json;

// `object[key]` into `out` when present: a finite number in [low, high].
Status readNumber(const json& object, const char* key, double low, double high, double& out) {
  if (!object.contains(key)) return {};
  const json& value = object[key];
  if (!value.is_number() || !(value.get<double>() >= low && value.get<double>() <= high))
    return Error{std::string("'") + key + "' must be a number from " + json(low).dump() + " to " +
                 json(high).dump()};
  out = value.get<double>();
  return {};
}

Status readFlag(const json& object, const char* key, bool& out) {
  if (!object.contains(key)) return {};
  if (!object[key].is_boolean()) return Error{std::string("'") + key + "' must be true or false"};
  out = object[key].get<bool>();
  return {};
}

}  // namespace

std::string preferencesJson(const UiPreferences& p) {
  const PanelLayout& l = p.layout;
  nlohmann::ordered_json out = {
      {"text_scale", p.textScale},         {"controls_column", l.showControls},
      {"readouts_column", l.showReadouts}, {"one_column", l.oneColumn},
      {"left_width_em", l.leftEm},         {"right_width_em", l.rightEm},
      {"open_sections", l.openSections},   {"graph_open", p.graphOpen}};
  return out.dump(2) + "\n";
}

Result<UiPreferences> readPreferences(std::string_view text) {
  json object = json::parse(text, nullptr, false);
  if (object.is_discarded() || !object.is_object())
    return Error{"the preferences are not a JSON object"};
  UiPreferences p;
  PanelLayout& l = p.layout;
  double left = l.leftEm, right = l.rightEm;
  for (Status read :
       {readNumber(object, "text_scale", 1, 3, p.textScale),
        readFlag(object, "controls_column", l.showControls),
        readFlag(object, "readouts_column", l.showReadouts),
        readFlag(object, "one_column", l.oneColumn), readFlag(object, "graph_open", p.graphOpen),
        readNumber(object, "left_width_em", kColumnMinimumEm, 200, left),
        readNumber(object, "right_width_em", kColumnMinimumEm, 200, right)})
    if (!read) return read.error();
  l.leftEm = static_cast<float>(left);
  l.rightEm = static_cast<float>(right);
  if (object.contains("open_sections")) {
    const json& sections = object["open_sections"];
    if (!sections.is_array()) return Error{"'open_sections' must be a list of section names"};
    l.openSections.clear();
    for (const json& name : sections) {
      if (!name.is_string()) return Error{"'open_sections' must be a list of section names"};
      l.openSections.insert(name.get<std::string>());
    }
  }
  return p;
}

}  // namespace contactlab
