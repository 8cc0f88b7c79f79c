// File > Export data: the CSV text of the Graph panel's recording (graph_record.h).
//   Series: "time (s)" then one column per plotted series, headed by its label with its unit;
//           a value the series did not have (NaN: its body was not there) is an empty field.
//   Bodies: every body's state at every recorded sample, with exactly the header, columns and
//           number format of `contactlab-cli run --format csv` (run_output.h): one row per body
//           per sample, in the world's order.
//   Joints: every joint's anchors, force on A and tension at every recorded sample, with exactly
//           the header, columns and number format of `contactlab-cli run --format joints-csv`.
#pragma once

#include <cstddef>
#include <string>

#include "graph_record.h"
#include "graph_state.h"

namespace contactlab {

std::string seriesCsv(const GraphRecord& record);
std::string bodiesCsv(const GraphRecord& record);
std::string jointsCsv(const GraphRecord& record);

// The rows of bodiesCsv (without its header): one per body per sample.
std::size_t bodyRows(const GraphRecord& record);
// The rows of jointsCsv (without its header): one per joint per sample.
std::size_t jointRows(const GraphRecord& record);

}  // namespace contactlab
