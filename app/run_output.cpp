#include "run_output.h"

#include <cmath>
#include <string>

#include "compact_number.h"

namespace contactlab {
namespace {

// Array elements are named by their "name" when they have one, else by their index.
std::optional<std::string> nonFiniteIn(const nlohmann::ordered_json& value,
                                       const std::string& place) {
  if (value.is_number_float() && !std::isfinite(value.get<double>()))
    return place + " = " + compactNumber(value.get<double>());
  if (value.is_object()) {
    for (const auto& [key, item] : value.items())
      if (auto found = nonFiniteIn(item, place.empty() ? key : place + "." + key)) return found;
  }
  if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i) {
      const auto& item = value[i];
      std::string child = place;
      if (item.is_object() && item.contains("name") && item["name"].is_string()) {
        child += ".";
        child += item["name"].get<std::string>();
      } else {
        child += '[';
        child += std::to_string(i);
        child += ']';
      }
      if (auto found = nonFiniteIn(item, child)) return found;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> nonFiniteValue(const nlohmann::ordered_json& frame) {
  return nonFiniteIn(frame, "");
}

FrameFacts frameFacts(World& world, std::vector<JointReport>& joints) {
  joints = world.joints();
  FrameFacts facts{.time = world.time(),
                   .bodies = {},
                   .contacts = world.contacts(),
                   .joints = joints,
                   .nameOf =
                       [&world](BodyId id) {
                         std::optional<BodyView> body = world.body(id);
                         return body ? body->def.name : std::string();
                       },
                   .energy = world.energy(),
                   .statistics = world.statistics(),
                   .lastStep = world.lastStep()};
  for (BodyId id : world.bodies()) {
    BodyView b = *world.body(id);
    facts.bodies.emplace_back(std::move(b.def.name), b.state);
  }
  return facts;
}

nlohmann::ordered_json frameJson(const FrameFacts& facts, double wallSeconds) {
  nlohmann::ordered_json frame;
  frame["time"] = facts.time;
  frame["bodies"] = nlohmann::ordered_json::array();
  for (const auto& [name, state] : facts.bodies) {
    frame["bodies"].push_back({{"name", name},
                               {"x", state.position.x},
                               {"y", state.position.y},
                               {"angle", state.angle},
                               {"vx", state.velocity.x},
                               {"vy", state.velocity.y},
                               {"omega", state.omega}});
  }
  frame["contacts"] = nlohmann::ordered_json::array();
  for (const ContactReport& c : facts.contacts) {
    frame["contacts"].push_back({{"a", facts.nameOf(c.body1)},
                                 {"b", facts.nameOf(c.body2)},
                                 {"x", c.point.x},
                                 {"y", c.point.y},
                                 {"nx", c.normal.x},
                                 {"ny", c.normal.y},
                                 {"force", c.force},
                                 {"friction", c.friction}});
  }
  frame["joints"] = nlohmann::ordered_json::array();
  for (const JointReport& j : facts.joints) {
    nlohmann::ordered_json joint = {
        {"name", j.name},
        {"kind", jointKindName(j.kind)},
        {"a", facts.nameOf(j.a)},
        {"b", j.b.isNull() ? nlohmann::ordered_json() : nlohmann::ordered_json(facts.nameOf(j.b))},
        {"ax", j.pointA.x},
        {"ay", j.pointA.y},
        {"bx", j.pointB.x},
        {"by", j.pointB.y},
        {"fx", j.force.x},
        {"fy", j.force.y}};
    if (holdsDistance(j.kind)) joint["tension"] = j.tension;
    frame["joints"].push_back(std::move(joint));
  }
  const Energy& e = facts.energy;
  frame["energy"] = {{"kinetic", e.kinetic}, {"potential", e.potential}, {"total", e.total}};
  const Statistics& s = facts.statistics;
  // steps, collisions, lcp_solves and wall_seconds first: the CLI contract (docs/cli.md).
  nlohmann::ordered_json stats = {{"steps", s.steps},
                                  {"collisions", s.collisions},
                                  {"lcp_solves", s.contact.lcpSolves},
                                  {"wall_seconds", wallSeconds}};
  stats.update(statisticsJson(s));
  frame["stats"] = std::move(stats);
  frame["last_step"] = stepReportJson(facts.lastStep, facts.nameOf);
  return frame;
}

void writeCsvHeader(std::ostream& out) {
  out << "time,name,x,y,angle,vx,vy,omega\n";
}

void writeCsvRow(std::ostream& out, double time, std::string_view name, const BodyState& state) {
  out << compactNumber(time) << ',' << name << ',' << compactNumber(state.position.x) << ','
      << compactNumber(state.position.y) << ',' << compactNumber(state.angle) << ','
      << compactNumber(state.velocity.x) << ',' << compactNumber(state.velocity.y) << ','
      << compactNumber(state.omega) << '\n';
}

void writeCsvRows(std::ostream& out, const World& world) {
  for (BodyId id : world.bodies()) {
    BodyView b = *world.body(id);
    writeCsvRow(out, world.time(), b.def.name, b.state);
  }
}

void writeJointCsvHeader(std::ostream& out) {
  out << "time,name,kind,a,b,ax,ay,bx,by,fx,fy,tension\n";
}

void writeJointCsvRow(std::ostream& out, double time, const JointReport& joint,
                      std::string_view nameA, std::string_view nameB) {
  out << compactNumber(time) << ',' << joint.name << ',' << jointKindName(joint.kind) << ','
      << nameA << ',' << nameB << ',' << compactNumber(joint.pointA.x) << ','
      << compactNumber(joint.pointA.y) << ',' << compactNumber(joint.pointB.x) << ','
      << compactNumber(joint.pointB.y) << ',' << compactNumber(joint.force.x) << ','
      << compactNumber(joint.force.y) << ',';
  if (holdsDistance(joint.kind)) out << compactNumber(joint.tension);
  out << '\n';
}

void writeJointCsvRows(std::ostream& out, const FrameFacts& facts) {
  for (const JointReport& j : facts.joints)
    writeJointCsvRow(out, facts.time, j, facts.nameOf(j.a),
                     j.b.isNull() ? std::string() : facts.nameOf(j.b));
}

}  // namespace contactlab
