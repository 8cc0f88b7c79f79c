// What `contactlab-cli run` prints for one output step: the JSON object of DESIGN.md's CLI
// contract, or CSV rows (one per body, or one per joint) for spreadsheets.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "contactlab/world.h"
#include "stats_json.h"

namespace contactlab {

// What one output step prints, read from a World (frameFacts) or from the desktop program's
// snapshot of one. The references point into that source.
struct FrameFacts {
  double time = 0;
  std::vector<std::pair<std::string, BodyState>> bodies;  // name and state, in the world's order
  std::span<const ContactReport> contacts;
  std::span<const JointReport> joints;
  BodyNames nameOf;
  Energy energy;
  const Statistics& statistics;
  const StepReport& lastStep;
};

// The facts of `world` now (computing its contacts if they are not yet); `joints` holds the
// joints' reports the facts point to.
FrameFacts frameFacts(World& world, std::vector<JointReport>& joints);

// {"time", "bodies": [...], "contacts": [...], "joints": [...], "energy": {...}, "stats": {...},
//  "last_step": {...}}
nlohmann::ordered_json frameJson(const FrameFacts& facts, double wallSeconds);

// The first number of the frame that is not finite, with its place ("bodies.block.vy = inf"), if
// any. Such a frame is a failed simulation and is never printed: JSON would show it as null.
std::optional<std::string> nonFiniteValue(const nlohmann::ordered_json& frame);

// The CSV of body states (docs/cli.md), also written by the desktop program's File > Export data.
void writeCsvHeader(std::ostream& out);
// One body's row: time,name,x,y,angle,vx,vy,omega (shortest round-trip decimals, compactNumber).
void writeCsvRow(std::ostream& out, double time, std::string_view name, const BodyState& state);
// One row per body of `world`, at its time.
void writeCsvRows(std::ostream& out, const World& world);

// The CSV of joints (`--format joints-csv`, docs/cli.md), also written by File > Export data.
void writeJointCsvHeader(std::ostream& out);
// One joint's row: time,name,kind,a,b,ax,ay,bx,by,fx,fy,tension: b empty for the world, the anchor
// points in world coordinates (m), the force on A (N), the tension (N) only on rods and ropes.
void writeJointCsvRow(std::ostream& out, double time, const JointReport& joint,
                      std::string_view nameA, std::string_view nameB);
// One row per joint of `facts`, at their time.
void writeJointCsvRows(std::ostream& out, const FrameFacts& facts);

}  // namespace contactlab
