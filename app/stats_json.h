// The CLI's JSON of a world's running totals (World::statistics()) and of its last step
// (World::lastStep()): docs/cli.md, "Statistics".
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "contactlab/world.h"

namespace contactlab {

// {"steps", "collisions", "unresolved_penetrations", "deepest_penetration", "contact": {...},
// "timestep": {...}}: a section per solver, each with its steps, effort, statuses and stage times.
nlohmann::ordered_json statisticsJson(const Statistics& totals);

// The name of a body by its id (an empty string for an unknown id).
using BodyNames = std::function<std::string(BodyId)>;

// {"step", "time", "solver", the same sections for this step, "collision_events": [...]}, with the
// names of the bodies in each collision.
nlohmann::ordered_json stepReportJson(const StepReport& step, const BodyNames& nameOf);

}  // namespace contactlab
