// The desktop program's JSON report (--report): the CLI's run output for the world on screen
// (time, bodies, contacts, energy, stats), plus the view (so a script can find a body's pixel),
// the frame rate and physics timing of the Statistics panel, and the run's status with what the
// window tells the person (the notice box and the status line).
#pragma once

#include <map>
#include <nlohmann/json.hpp>

#include "camera.h"
#include "perf_meter.h"
#include "ui_model.h"
#include "world_snapshot.h"

namespace contactlab {

struct ReportInputs {
  const WorldSnapshot& world;
  const Camera& camera;
  const ViewOptions& view;
  const PerfMeter& perf;
  const SimulationStatus& status;
  const std::string& selected;
  const std::string& notice;   // the notice box's message, empty when none is shown
  const std::string& message;  // the status line's message, empty when none is shown
  const std::map<std::string, Rect>& itemRects;  // UiState::itemRects
  double wallSeconds;
};

nlohmann::ordered_json desktopReport(const ReportInputs& in);

}  // namespace contactlab
