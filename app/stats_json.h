// The CLI's JSON of a world's running totals (World::statistics()) and of its last step
// (World::lastStep()): docs/cli.md, "Statistics".
#pragma once

#include <nlohmann/json.hpp>

#include "contactlab/world.h"

namespace contactlab {

// {"steps", "collisions", "unresolved_penetrations", "deepest_penetration", "contact": {...},
// "timestep": {...}}: a section per solver, each with its steps, effort, statuses and stage times.
nlohmann::ordered_json statisticsJson(const Statistics& totals);

// {"step", "time", "solver", the same sections for this step, "collision_events": [...]}, with the
// names of the bodies in each collision.
nlohmann::ordered_json stepReportJson(const StepReport& step, const World& world);

}  // namespace contactlab
