// File > Export data's CSV (app/desktop/data_export.h): every body's state is written exactly as
// `contactlab-cli run --format csv` writes it (the same header, columns and digits, row for row),
// and the plotted series as a time column and one column per series that reads back to the same
// doubles, with an empty field where a series had no value.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "data_export.h"
#include "run_output.h"
#include "snapshot_fixtures.h"
#include "world_fixtures.h"

using namespace contactlab;
using namespace contactlab::testing;

namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, ',')) out.push_back(field);
  if (!line.empty() && line.back() == ',') out.push_back("");
  return out;
}

}  // namespace

TEST_CASE("the bodies' CSV is the CLI's CSV of the world at each recorded time") {
  World world = makeWorld();
  addFloor(world);
  add(world, boxDef("block", 2, 1, 0, 0.505, 2));
  add(world, discDef("ball", 0.25, 3, 2, 0.5));
  GraphRecord record(GraphRecord::kCapacity, 0);  // a sample at every step
  std::ostringstream cli;
  writeCsvHeader(cli);
  for (int k = 0; k < 40; ++k) {
    record.record(snapshotOf(world));
    writeCsvRows(cli, world);
    stepValid(world);
  }
  CHECK(bodiesCsv(record) == cli.str());
  CHECK(bodyRows(record) == 3 * 40);
  CHECK(lines(bodiesCsv(record)).front() == "time,name,x,y,angle,vx,vy,omega");
}

TEST_CASE("the series' CSV: units in the header, the same doubles back, empty where none") {
  World world = makeWorld();
  add(world, discDef("ball", 0.5, 0, 10, 1));
  GraphRecord record(GraphRecord::kCapacity, 0);
  record.addSeries({.quantity = Quantity::Y, .body = "ball", .other = {}});
  record.addSeries({.quantity = Quantity::Vy, .body = "ghost", .other = {}});
  for (int k = 0; k < 10; ++k) {
    stepValid(world);
    record.record(snapshotOf(world));
  }
  const std::vector<std::string> rows = lines(seriesCsv(record));
  REQUIRE(rows.size() == 11);
  CHECK(rows[0] == "time (s),ball y (m),ghost vy (m/s)");
  for (int i = 0; i < 10; ++i) {
    const std::vector<std::string> f = fields(rows[i + 1]);
    REQUIRE(f.size() == 3);
    CHECK(std::strtod(f[0].c_str(), nullptr) == record.time(i));
    CHECK(std::strtod(f[1].c_str(), nullptr) == record.value(0, i));
    CHECK(f[2].empty());
  }
}
