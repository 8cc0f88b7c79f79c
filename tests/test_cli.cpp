// End-to-end tests of the built contactlab-cli: every preset runs; each class of bad input exits
// with code 2 and names the place; a failing simulation exits with 3 and keeps its output; share
// strings round-trip through the command line.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <fstream>
#include <string>
#include <sys/wait.h>

#include "presets.h"

using namespace contactlab;

namespace {

struct Outcome {
  int exitCode = -1;
  std::string out;  // standard output
  std::string err;  // standard error
};

std::string slurp(const std::string& path) {
  std::ifstream file(path);
  return std::string(std::istreambuf_iterator<char>(file), {});
}

// Runs contactlab-cli with `arguments` (already shell-quoted) and captures both streams.
Outcome cli(const std::string& arguments) {
  const std::string errPath = "contactlab_cli_test_stderr.txt";
  const std::string command = std::string(CONTACTLAB_CLI) + " " + arguments + " 2>" + errPath;
  Outcome outcome;
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::array<char, 4096> buffer;
  size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) outcome.out.append(buffer.data(), n);
  int status = pclose(pipe);
  outcome.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  outcome.err = slurp(errPath);
  return outcome;
}

std::string writeTemp(const std::string& name, const std::string& text) {
  std::ofstream(name) << text;
  return name;
}

}  // namespace

TEST_CASE("every preset runs and prints the JSON of the contract") {
  for (const Preset& preset : listPresets()) {
    CAPTURE(preset.name);
    Outcome o = cli("run " + preset.name + " --time 0.2");
    REQUIRE(o.exitCode == 0);
    auto frame = nlohmann::json::parse(o.out);
    CHECK(frame["time"].get<double>() == doctest::Approx(0.2).epsilon(0.05));
    for (const char* key : {"bodies", "contacts", "energy", "stats"}) CHECK(frame.contains(key));
    for (const auto& body : frame["bodies"])
      for (const char* key : {"name", "x", "y", "angle", "vx", "vy", "omega"}) CHECK(body.contains(key));
    for (const char* key : {"kinetic", "potential", "total"}) CHECK(frame["energy"].contains(key));
    for (const char* key : {"steps", "collisions", "lcp_solves", "wall_seconds"})
      CHECK(frame["stats"].contains(key));
  }
}

TEST_CASE("a resting block's contacts carry its weight in the CLI output") {
  Outcome o = cli("run block-on-floor --time 1");
  REQUIRE(o.exitCode == 0);
  auto frame = nlohmann::json::parse(o.out);
  double total = 0;
  for (const auto& c : frame["contacts"]) {
    CHECK(c["a"] == "block");
    CHECK(c["b"] == "floor");
    total += c["force"].get<double>();
  }
  CHECK(total == doctest::Approx(2 * 9.81).epsilon(1e-6));
}

TEST_CASE("--every prints a time series; --format csv prints a header and a row per body") {
  Outcome json = cli("run tapering-stack --time 0.1 --dt 0.01 --every 5");
  REQUIRE(json.exitCode == 0);
  int lines = 0;
  for (char c : json.out) lines += c == '\n';
  CHECK(lines == 3);  // t = 0, 0.05, 0.1
  Outcome csv = cli("run tapering-stack --time 0.1 --every 10 --format csv");
  REQUIRE(csv.exitCode == 0);
  CHECK(csv.out.rfind("time,name,x,y,angle,vx,vy,omega\n", 0) == 0);
  lines = 0;
  for (char c : csv.out) lines += c == '\n';
  CHECK(lines == 1 + 2 * 5);  // header, then 5 bodies at t = 0 and t = 0.1
  const std::string file = "contactlab_cli_test_out.csv";
  CHECK(cli("run tapering-stack --time 0.1 --every 10 --format csv --out " + file).exitCode == 0);
  CHECK(slurp(file) == csv.out);
}

TEST_CASE("bad scene files exit with 2 and name file, line and column") {
  std::string path = writeTemp("contactlab_cli_bad.scene", "gravity 9.81\nbox a w=abc h=1\n");
  Outcome o = cli("run " + path);
  CHECK(o.exitCode == 2);
  CHECK(o.err.find(path + ":2:") != std::string::npos);
  CHECK(o.out.empty());

  path = writeTemp("contactlab_cli_bad2.scene", "box a w=1 h=1\nbox a w=1 h=1 x=3\n");
  o = cli("run " + path);
  CHECK(o.exitCode == 2);
  CHECK(o.err.find(":2:") != std::string::npos);
  CHECK(o.err.find("'a'") != std::string::npos);
}

TEST_CASE("bad share strings, missing scenes and bad arguments exit with 2 and say where") {
  Outcome o = cli("share decode 'cl1~bA,w2,y0.5~qq'");
  CHECK(o.exitCode == 2);
  CHECK(o.err.find("character") != std::string::npos);
  o = cli("run cl1~bA,wNaN");
  CHECK(o.exitCode == 2);
  CHECK(o.err.find("character") != std::string::npos);
  o = cli("run no-such-scene-anywhere");
  CHECK(o.exitCode == 2);
  CHECK(o.err.find("no-such-scene-anywhere") != std::string::npos);
  CHECK(cli("run tapering-stack --time -1").exitCode == 2);
  CHECK(cli("run tapering-stack --format xml").exitCode == 2);
  CHECK(cli("run tapering-stack --bogus").exitCode == 2);
  CHECK(cli("frobnicate").exitCode == 2);
  CHECK(cli("bench tapering-stack --steps 0").exitCode == 2);
}

TEST_CASE("a simulation that fails exits with 3, says why and keeps its output") {
  // The strongest gravity allowed drives a fast box past the speed limit (docs/limits.md) in the
  // first step.
  std::string path =
      writeTemp("contactlab_cli_overflow.scene", "gravity 1e4\nbox a w=1 h=1 vy=-9950\n");
  Outcome o = cli("run " + path + " --time 1 --every 1");
  CHECK(o.exitCode == 3);
  CHECK(o.err.find("failed") != std::string::npos);
  CHECK(!o.out.empty());
  nlohmann::json first = nlohmann::json::parse(o.out.substr(0, o.out.find('\n')));
  CHECK(first["time"] == 0.0);
}

TEST_CASE("share strings round-trip through the command line") {
  for (const Preset& preset : listPresets()) {
    CAPTURE(preset.name);
    Outcome encoded = cli("share encode " + preset.path);
    REQUIRE(encoded.exitCode == 0);
    std::string share = encoded.out.substr(0, encoded.out.find('\n'));
    Outcome decoded = cli("share decode '" + share + "'");
    REQUIRE(decoded.exitCode == 0);
    Outcome again = cli("share encode " + writeTemp("contactlab_cli_roundtrip.scene", decoded.out));
    CHECK(again.out == encoded.out);
    if (preset.name == "rain1000") continue;  // long; the others cover running from a string
    Outcome fromFile = cli("run " + preset.path + " --time 0.1");
    Outcome fromShare = cli("run '" + share + "' --time 0.1");
    REQUIRE(fromShare.exitCode == 0);
    auto a = nlohmann::json::parse(fromFile.out), b = nlohmann::json::parse(fromShare.out);
    CHECK(a["bodies"] == b["bodies"]);
  }
}

TEST_CASE("presets lists every preset with its description; --help works for each command") {
  Outcome o = cli("presets");
  REQUIRE(o.exitCode == 0);
  for (const Preset& preset : listPresets()) {
    CHECK(o.out.find(preset.name) != std::string::npos);
    CHECK(o.out.find(preset.description) != std::string::npos);
  }
  for (const char* command : {"--help", "run --help", "share --help", "share encode --help",
                              "presets --help", "bench --help"}) {
    CAPTURE(command);
    Outcome help = cli(command);
    CHECK(help.exitCode == 0);
    CHECK(help.out.find("Usage") != std::string::npos);
  }
}

TEST_CASE("bench prints ms per step and solver statistics as JSON") {
  Outcome o = cli("bench tapering-stack --steps 20");
  REQUIRE(o.exitCode == 0);
  auto report = nlohmann::json::parse(o.out);
  CHECK(report["steps"] == 20);
  CHECK(report["ms_per_step"].get<double>() > 0);
  CHECK(report["stats"].contains("lcp_solves"));
}
