// Step reports and the running totals they add up to (report.h).
#pragma once

#include "contactlab/report.h"

namespace contactlab {

// Empties `report` for a step of `solver` (keeping its buffers).
void startReport(StepReport& report, SolverKind solver);

// Adds a finished step to the totals: counts and times summed, worst residuals, largest groups and
// deepest penetrations kept; the step's solver section goes to the same section of the totals.
void addStep(Statistics& totals, const StepReport& step);

}  // namespace contactlab
