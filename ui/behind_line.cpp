#include "behind_line.h"

#include <cstdio>

namespace contactlab {

std::string behindLine(double speed, const WorldSettings& settings) {
  char text[160];
  std::snprintf(text, sizeof text,
                "Behind: the physics runs at %.0f%% of the requested speed (steps take longer "
                "than the time they simulate).",
                100 * speed);
  std::string line = text;
  const bool substeps = settings.solver == SolverKind::Timestep &&
                        settings.timestepScheme == TimestepScheme::Substeps;
  if (!substeps)
    line +=
        " Time stepping by substeps (solver: time stepping, scheme: substeps) keeps up with "
        "larger scenes.";
  return line;
}

}  // namespace contactlab
