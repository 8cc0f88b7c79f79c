// What the Graph panel and the Export dialog keep from frame to frame (UiState::graph), and the
// export they ask for (Commands::exportData). No ImGui here: plain data.
#pragma once

#include <string>

#include "graph_record.h"

namespace contactlab {

// File > Export data: the plotted series (time, then one column per series), every body's state at
// every recorded sample (the columns of `contactlab-cli run --format csv`), or every joint's
// anchors, force and tension at every sample (those of `--format joints-csv`).
enum class ExportKind { Series, Bodies, Joints };

struct DataExport {
  std::string path;
  ExportKind kind = ExportKind::Bodies;
};

// The Add row of the Graph panel: what is chosen but not added yet.
struct GraphChoice {
  QuantityOf of = QuantityOf::Body;
  Quantity quantity = Quantity::Y;
  std::string body;
  std::string pair;  // "a/b" as listed from the contacts now
  int point = 0;     // 0: the pair's total; k: point k
  std::string joint;
};

struct GraphState {
  bool open = false;  // the Graph window is shown (View > Graph, G)
  GraphRecord record;
  int xAxis = -1;  // -1: time; else the series plotted along x (a phase plot)
  GraphChoice choice;
  bool exportDialogOpen = false;  // File > Export data... was chosen: open the dialog
  std::string exportPath;
  ExportKind exportKind = ExportKind::Bodies;
};

// The series the Graph panel starts with for `world` (--graph): the first moving body's y, and the
// normal force at each point of its first contact (or the world's energies when nothing moves).
void addDefaultSeries(const WorldSnapshot& world, GraphRecord& record);

}  // namespace contactlab
