// What `contactlab-cli run` prints for one output step: the JSON object of DESIGN.md's CLI
// contract, or CSV rows (one per body) for spreadsheets.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>

#include "contactlab/world.h"

namespace contactlab {

// {"time", "bodies": [...], "contacts": [...], "energy": {...}, "stats": {...}}
nlohmann::ordered_json frameJson(const World& world, double wallSeconds);

// The first number of the frame that is not finite, with its place ("bodies.block.vy = inf"), if
// any. Such a frame is a failed simulation and is never printed: JSON would show it as null.
std::optional<std::string> nonFiniteValue(const nlohmann::ordered_json& frame);

void writeCsvHeader(std::ostream& out);
// One row per body: time,name,x,y,angle,vx,vy,omega (shortest round-trip decimals).
void writeCsvRows(std::ostream& out, const World& world);

}  // namespace contactlab
