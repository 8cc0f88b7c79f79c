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

namespace {

// A disc on a rod from the world's origin, released 60 degrees out, and a box hanging from a pin.
World jointWorld() {
  World world = makeWorld();
  const BodyId bob = add(world, discDef("bob", 0.1, std::sqrt(3.0), -1, 2));
  const BodyId box = add(world, boxDef("box", 1, 1, 5, 0, 3));
  JointDef rod;
  rod.name = "R";
  rod.kind = JointKind::Rod;
  rod.a = bob;
  rod.length = 2;
  JointDef pin;
  pin.name = "P";
  pin.kind = JointKind::Pin;
  pin.a = box;
  pin.anchorA = {0, 0.5};
  pin.anchorB = {5, 0.5};
  REQUIRE(world.addJoint(rod).ok());
  REQUIRE(world.addJoint(pin).ok());
  return world;
}

}  // namespace

TEST_CASE("the joints' CSV is the CLI's joints-csv of the world at each recorded time") {
  World world = jointWorld();
  GraphRecord record(GraphRecord::kCapacity, 0);
  std::ostringstream cli;
  writeJointCsvHeader(cli);
  for (int k = 0; k < 30; ++k) {
    record.record(snapshotOf(world));
    std::vector<JointReport> joints;
    writeJointCsvRows(cli, frameFacts(world, joints));
    stepValid(world);
  }
  CHECK(jointsCsv(record) == cli.str());
  CHECK(jointRows(record) == 2 * 30);
  const std::vector<std::string> text = lines(jointsCsv(record));
  CHECK(text.front() == "time,name,kind,a,b,ax,ay,bx,by,fx,fy,tension");
  CHECK(fields(text[1])[4].empty());  // the rod holds the bob to the world
}

TEST_CASE("a decimated recording keeps each sample's joints with its bodies' states") {
  World world = jointWorld();
  GraphRecord record(4, 0);  // decimated several times over 20 samples
  for (int k = 0; k < 20; ++k) {
    record.record(snapshotOf(world));
    stepValid(world);
  }
  REQUIRE(record.size() <= 4);
  for (int i = 0; i < record.size(); ++i) {
    REQUIRE(record.jointCount(i) == 2);
    CHECK(record.bodyName(i, 0) == "bob");
    // The rod holds the bob at its centre: its anchor A is the bob's position at that sample.
    CHECK(record.joint(i, 0).name == "R");
    CHECK(record.joint(i, 0).pointA == record.bodyState(i, 0).position);
    CHECK(record.nameAt(i, record.joint(i, 1).a) == "box");
  }
}
