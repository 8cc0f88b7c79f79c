// CSV text of the Graph panel's recording (data_export.h).
#include "data_export.h"

#include <cmath>
#include <sstream>

#include "compact_number.h"
#include "run_output.h"

namespace contactlab {
namespace {

// A header field: quoted when it holds a comma, a quote or a line break (RFC 4180).
std::string csvField(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

}  // namespace

std::string seriesCsv(const GraphRecord& record) {
  std::ostringstream out;
  out << "time (s)";
  for (const GraphSeries& series : record.series()) out << ',' << csvField(seriesLabel(series));
  out << '\n';
  for (int i = 0; i < record.size(); ++i) {
    out << compactNumber(record.time(i));
    for (int s = 0; s < static_cast<int>(record.series().size()); ++s) {
      out << ',';
      if (std::isfinite(record.value(s, i))) out << compactNumber(record.value(s, i));
    }
    out << '\n';
  }
  return out.str();
}

std::string bodiesCsv(const GraphRecord& record) {
  std::ostringstream out;
  writeCsvHeader(out);
  for (int i = 0; i < record.size(); ++i)
    for (std::size_t b = 0; b < record.bodyCount(i); ++b)
      writeCsvRow(out, record.time(i), record.bodyName(i, b), record.bodyState(i, b));
  return out.str();
}

std::string jointsCsv(const GraphRecord& record) {
  std::ostringstream out;
  writeJointCsvHeader(out);
  for (int i = 0; i < record.size(); ++i) {
    for (std::size_t j = 0; j < record.jointCount(i); ++j) {
      const JointReport& joint = record.joint(i, j);
      writeJointCsvRow(out, record.time(i), joint, record.nameAt(i, joint.a),
                       record.nameAt(i, joint.b));
    }
  }
  return out.str();
}

std::size_t jointRows(const GraphRecord& record) {
  std::size_t rows = 0;
  for (int i = 0; i < record.size(); ++i) rows += record.jointCount(i);
  return rows;
}

std::size_t bodyRows(const GraphRecord& record) {
  std::size_t rows = 0;
  for (int i = 0; i < record.size(); ++i) rows += record.bodyCount(i);
  return rows;
}

}  // namespace contactlab
