// The Simulation panel's line while the physics cannot keep up (SimulationStatus::behind): how fast
// it runs and why, and, unless the world already steps by substeps, that they keep up with larger
// scenes (the web page's line says the same, web/page/logic.js behindText).
#pragma once

#include <string>

#include "contactlab/settings.h"

namespace contactlab {

// `speed`: simulated time over real time times the rate (SimulationStatus::speed).
std::string behindLine(double speed, const WorldSettings& settings);

}  // namespace contactlab
