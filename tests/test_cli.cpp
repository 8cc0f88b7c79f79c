// End-to-end tests of the built contactlab-cli: every preset runs; each class of bad input exits
// with code 2 and names the place; a failing simulation exits with 3 and keeps its output; share
// strings round-trip through the command line.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numbers>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

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

// Runs a shell command and captures its standard output and error.
Outcome shell(const std::string& command) {
  const std::string errPath = "contactlab_cli_test_stderr.txt";
  Outcome outcome;
  FILE* pipe = popen((command + " 2>" + errPath).c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::array<char, 4096> buffer;
  size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    outcome.out.append(buffer.data(), n);
  int status = pclose(pipe);
  outcome.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  outcome.err = slurp(errPath);
  return outcome;
}

// Runs contactlab-cli with `arguments` (already shell-quoted) and captures both streams.
Outcome cli(const std::string& arguments) {
  return shell(std::string(CONTACTLAB_CLI) + " " + arguments);
}

std::string writeTemp(const std::string& name, const std::string& text) {
  std::ofstream(name) << text;
  return name;
}

// The run was refused as bad input, printed nothing and said why with every phrase.
void expectRefused(const std::string& arguments, std::initializer_list<std::string> phrases) {
  CAPTURE(arguments);
  Outcome o = cli(arguments);
  CAPTURE(o.err);
  CHECK(o.exitCode == 2);
  CHECK(o.out.empty());
  for (const std::string& phrase : phrases) CHECK(o.err.find(phrase) != std::string::npos);
}

// contactlab-cli started in the background with its output in files, for tests that signal it.
struct Background {
  pid_t pid = -1;
  std::string outPath, errPath;
};

Background start(const std::vector<std::string>& arguments) {
  Background run{-1, "contactlab_cli_test_bg_out.txt", "contactlab_cli_test_bg_err.txt"};
  std::filesystem::remove(run.outPath);  // nothing of an earlier run may be taken for this one's
  std::filesystem::remove(run.errPath);
  std::vector<char*> argv{const_cast<char*>(CONTACTLAB_CLI)};
  for (const std::string& argument : arguments) argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  run.pid = fork();
  REQUIRE(run.pid >= 0);
  if (run.pid == 0) {
    signal(SIGINT, SIG_DFL);  // not the test framework's handler, before exec replaces it
    const int out = open(run.outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = open(run.errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0 || err < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) _exit(127);
    execv(CONTACTLAB_CLI, argv.data());
    _exit(127);
  }
  return run;
}

// Waits (polling, up to `seconds`) until the file contains `text`.
bool waitForText(const std::string& path, const std::string& text, double seconds) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < until) {
    if (slurp(path).find(text) != std::string::npos) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

// The exit code of a finished child; minus the signal's number when a signal ended it.
int exitCodeOf(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);  // killed: not 130
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
      for (const char* key : {"name", "x", "y", "angle", "vx", "vy", "omega"})
        CHECK(body.contains(key));
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

TEST_CASE("a pendulum's rod in the CLI output: anchors, force and tension m g cos(theta)") {
  // Released at rest 30 degrees out: v = 0, so the tension is m g cos 30 degrees.
  const std::string scene = writeTemp("pendulum.scene",
                                      "disc bob r=0.1 x=1 y=-1.7320508075688772 mass=2\n"
                                      "joint R rod a=bob x=0 y=0 length=2\n");
  Outcome o = cli("run " + scene + " --time 0");
  REQUIRE(o.exitCode == 0);
  auto frame = nlohmann::json::parse(o.out);
  REQUIRE(frame["joints"].size() == 1);
  const auto& j = frame["joints"][0];
  CHECK(j["name"] == "R");
  CHECK(j["kind"] == "rod");
  CHECK(j["a"] == "bob");
  CHECK(j["b"].is_null());
  CHECK(j["ax"].get<double>() == doctest::Approx(1));
  CHECK(j["bx"].get<double>() == 0);
  CHECK(j["by"].get<double>() == 0);
  const double tension = 2 * 9.81 * std::cos(std::numbers::pi / 6);
  CHECK(j["tension"].get<double>() == doctest::Approx(tension).epsilon(1e-9));
  // The force on the bob points from it to the pivot, tension long.
  CHECK(j["fx"].get<double>() == doctest::Approx(-tension * 0.5).epsilon(1e-9));
  CHECK(j["fy"].get<double>() == doctest::Approx(tension * std::sqrt(3) / 2).epsilon(1e-9));
}

namespace {

// The rows of a CSV text after its header, each split at its commas (empty fields kept).
std::vector<std::vector<std::string>> csvRows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream lines(text);
  std::string line;
  std::getline(lines, line);  // the header
  while (std::getline(lines, line)) {
    std::vector<std::string> fields(1);
    for (char c : line) {
      if (c == ',')
        fields.emplace_back();
      else
        fields.back() += c;
    }
    rows.push_back(std::move(fields));
  }
  return rows;
}

}  // namespace

TEST_CASE("--format joints-csv: a rod pendulum released horizontally has no tension at release") {
  // At rest with the rod horizontal, gravity is across the rod: tension m v^2 / L + m g cos 90 = 0.
  const std::string scene = writeTemp("horizontal.scene",
                                      "disc bob r=0.1 x=2 y=0 mass=2\n"
                                      "joint R rod a=bob x=0 y=0 length=2\n");
  Outcome o = cli("run " + scene + " --time 0.1 --dt 0.01 --every 5 --format joints-csv");
  REQUIRE(o.exitCode == 0);
  CHECK(o.out.rfind("time,name,kind,a,b,ax,ay,bx,by,fx,fy,tension\n", 0) == 0);
  const auto rows = csvRows(o.out);
  REQUIRE(rows.size() == 3);  // one joint at t = 0, 0.05, 0.1
  for (const auto& row : rows) {
    REQUIRE(row.size() == 12);
    CHECK(row[1] == "R");
    CHECK(row[2] == "rod");
    CHECK(row[3] == "bob");
    CHECK(row[4].empty());  // the world
    CHECK(std::stod(row[7]) == 0);
    CHECK(std::stod(row[8]) == 0);
  }
  CHECK(std::stod(rows[0][0]) == 0);
  CHECK(std::stod(rows[0][5]) == doctest::Approx(2));
  CHECK(std::abs(std::stod(rows[0][11])) < 1e-9);
  CHECK(std::abs(std::stod(rows[0][9])) < 1e-9);
  CHECK(std::abs(std::stod(rows[0][10])) < 1e-9);
  // Once it swings, the rod pulls the bob towards the pivot.
  CHECK(std::stod(rows[2][11]) > 0);
}

TEST_CASE("--format joints-csv: a mass hanging still from a pin is held up by m g") {
  const double m = 3, g = 9.81;
  const std::string scene = writeTemp("hanging.scene",
                                      "box block w=1 h=1 x=0 y=0 mass=3\n"
                                      "joint P pin a=block ax=0 ay=0.5 x=0 y=0.5\n");
  Outcome o = cli("run " + scene + " --time 0.5 --every 25 --format joints-csv");
  REQUIRE(o.exitCode == 0);
  const auto rows = csvRows(o.out);
  REQUIRE(rows.size() >= 2);
  for (const auto& row : rows) {
    REQUIRE(row.size() == 12);
    CHECK(row[2] == "pin");
    CHECK(row[3] == "block");
    CHECK(std::stod(row[5]) == doctest::Approx(0).epsilon(1e-9));
    CHECK(std::stod(row[6]) == doctest::Approx(0.5).epsilon(1e-9));
    CHECK(std::abs(std::stod(row[9])) < 1e-9 * m * g);
    CHECK(std::stod(row[10]) == doctest::Approx(m * g).epsilon(1e-9));
    CHECK(row[11].empty());  // a pin has no tension
  }
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

TEST_CASE("share link prints the page's address, '#' and the share string; run opens the link") {
  Outcome encoded = cli("share encode tapering-stack");
  REQUIRE(encoded.exitCode == 0);
  const std::string share = encoded.out.substr(0, encoded.out.find('\n'));
  Outcome link = cli("share link tapering-stack --base https://school.example/lab/");
  REQUIRE(link.exitCode == 0);
  CHECK(link.out == "https://school.example/lab/#" + share + "\n");
  Outcome byDefault = cli("share link tapering-stack");
  REQUIRE(byDefault.exitCode == 0);
  CHECK(byDefault.out.starts_with("file://"));
  CHECK(byDefault.out.find("/build/web/index.html#" + share) != std::string::npos);
  Outcome fromLink = cli("run '" + link.out.substr(0, link.out.size() - 1) + "' --time 0.1");
  Outcome fromShare = cli("run '" + share + "' --time 0.1");
  REQUIRE(fromLink.exitCode == 0);
  const auto a = nlohmann::json::parse(fromLink.out), b = nlohmann::json::parse(fromShare.out);
  CHECK(a["bodies"] == b["bodies"]);
  CHECK(a["contacts"] == b["contacts"]);
  expectRefused("share link tapering-stack --base ftp://school.example/", {"--base", "http://"});
  expectRefused("share link tapering-stack --base 'https://x/#a'", {"'#'"});
  expectRefused("run 'https://x/lab/#cl1~b!'", {"share string, character 6"});
}

TEST_CASE("presets lists every preset with its description; --help works for each command") {
  Outcome o = cli("presets");
  REQUIRE(o.exitCode == 0);
  for (const Preset& preset : listPresets()) {
    CHECK(o.out.find(preset.name) != std::string::npos);
    CHECK(o.out.find(preset.description) != std::string::npos);
  }
  for (const char* command : {"--help", "run --help", "share --help", "share encode --help",
                              "share link --help", "presets --help", "bench --help"}) {
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
  // tapering-stack runs ContactSim: its section holds the solves, the time-stepping one none.
  CHECK(report["stats"]["steps"] == 20);
  CHECK(report["stats"]["contact"]["steps"] == 20);
  CHECK(report["stats"]["contact"]["lcp_solves"].get<long>() > 0);
  CHECK(report["stats"]["timestep"]["steps"] == 0);
  CHECK(report["stage_ms_per_step"]["solve"].get<double>() > 0);
}

TEST_CASE("numbers on the command line are plain finite decimals in their range") {
  expectRefused("run block-on-floor --time nan", {"--time", "finite", "'nan'"});
  expectRefused("run block-on-floor --time inf", {"--time", "finite"});
  expectRefused("run block-on-floor --time 0x10", {"--time", "decimal number", "'0x10'"});
  expectRefused("run block-on-floor --time +1", {"--time", "decimal number"});
  expectRefused("run block-on-floor --time ' 1'", {"--time", "decimal number"});
  expectRefused("run block-on-floor --time -1", {"--time"});
  expectRefused("run block-on-floor --dt 0", {"--dt", "> 0"});
  expectRefused("run block-on-floor --dt nan", {"--dt", "finite"});
  expectRefused("run block-on-floor --dt 1e300", {"--dt", "at most 1 ", "1e+300"});
  expectRefused("run block-on-floor --every 0", {"--every", "whole number"});
  expectRefused("run block-on-floor --every 2.5", {"--every", "whole number"});
  expectRefused("run block-on-floor --every 1e3", {"--every", "whole number"});
  expectRefused("run block-on-floor --every 99999999999", {"--every", "10000000"});
  expectRefused("bench block-on-floor --steps 0x10", {"--steps", "whole number"});
  expectRefused("bench block-on-floor --steps 20000000", {"--steps", "10000000"});
}

TEST_CASE("a range error prints the value compactly, not its 309 digits") {
  Outcome o = cli("run block-on-floor --time 1e400");
  CHECK(o.exitCode == 2);
  CHECK(o.err.find("'1e400'") != std::string::npos);
  CHECK(o.err.size() < 200);
  o = cli("run block-on-floor --time 1e300");
  CHECK(o.exitCode == 2);
  CHECK(o.err.find("1e+300") != std::string::npos);
  CHECK(o.err.size() < 200);
}

TEST_CASE(
    "a run that would take no step, or more than the step limit, is refused with the reason") {
  // time / dt beyond the limit of 1e7 steps, or beyond what a double holds.
  expectRefused("run block-on-floor --time 1e19", {"would take", "at most 10000000 steps"});
  expectRefused("run block-on-floor --time 1e300", {"would take", "at most 10000000 steps"});
  expectRefused("run block-on-floor --dt 1e-9", {"2000000000 steps", "at most 10000000 steps"});
  const std::string tiny = writeTemp("contactlab_cli_tiny_dt.scene", "dt 1e-320\nbox a w=1 h=1\n");
  expectRefused("run " + tiny, {"the scene's dt", "at most 10000000 steps"});
  // Less than half a step rounds to no step at all.
  expectRefused("run block-on-floor --dt 1 --time 0.4", {"less than half a step", "--time 0"});
  expectRefused("run block-on-floor --time 0.001", {"less than half a step"});
  // --time 0 is the documented way to print the initial state.
  Outcome o = cli("run block-on-floor --time 0");
  REQUIRE(o.exitCode == 0);
  auto frame = nlohmann::json::parse(o.out);
  CHECK(frame["time"] == 0.0);
  CHECK(frame["stats"]["steps"] == 0);
}

TEST_CASE("write failures of the output are errors with the system's reason, exit code 4") {
  Outcome o = cli("run block-on-floor --time 0.1 --out /dev/full");
  CHECK(o.exitCode == 4);
  CHECK(o.err.find("--out /dev/full: write failed: No space left on device") != std::string::npos);
  o = cli("run block-on-floor --time 0.1 > /dev/full");
  CHECK(o.exitCode == 4);
  CHECK(o.err.find("standard output: write failed") != std::string::npos);
  for (const char* command : {"presets", "share encode block-on-floor", "share decode cl1~bA",
                              "bench block-on-floor --steps 5"}) {
    CAPTURE(command);
    o = cli(std::string(command) + " > /dev/full");
    CHECK(o.exitCode == 4);
    CHECK(o.err.find("No space left on device") != std::string::npos);
  }
}

TEST_CASE("an existing --out file is replaced whole, or left as it was when writing fails") {
  const std::string file = "contactlab_cli_test_precious.json";
  writeTemp(file, "precious\n");
  // A file size limit of 1 KiB makes the writes of a long time series fail with EFBIG (the signal
  // that would end the program is ignored, so the write reports the error).
  Outcome o = shell("trap '' XFSZ; ulimit -f 1; " + std::string(CONTACTLAB_CLI) +
                    " run tapering-stack --time 1 --every 1 --out " + file);
  CHECK(o.exitCode == 4);
  CHECK(o.err.find("write failed") != std::string::npos);
  CHECK(o.err.find("left as it was") != std::string::npos);
  const bool leftAsItWas = slurp(file) == "precious\n";
  CHECK(leftAsItWas);
  for (const auto& entry : std::filesystem::directory_iterator("."))
    CHECK(entry.path().filename().string().find(file + ".contactlab-") == std::string::npos);
  // A run that succeeds replaces it.
  o = cli("run tapering-stack --time 0.1 --out " + file);
  REQUIRE(o.exitCode == 0);
  CHECK(nlohmann::json::parse(slurp(file))["time"].get<double>() ==
        doctest::Approx(0.1).epsilon(0.05));
}

TEST_CASE("Ctrl+C stops a long run with exit code 130 and the state at that moment printed") {
  // 1e7 steps: minutes of wall time, so the run is still going when the signal comes.
  Background run = start({"run", "tapering-stack", "--dt", "1e-5", "--time", "100"});
  // Long runs print progress lines on a standard error that is not a terminal; the first one
  // comes after a second or two, and shows that the run is under way.
  const bool progress = waitForText(run.errPath, "progress:", 60);
  CHECK(progress);
  kill(run.pid, SIGINT);
  CHECK(exitCodeOf(run.pid) == 130);
  const std::string out = slurp(run.outPath);
  CAPTURE(out);
  CHECK(std::count(out.begin(), out.end(), '\n') == 1);
  auto frame = nlohmann::json::parse(out);
  CHECK(frame["time"].get<double>() > 0);
  CHECK(frame["time"].get<double>() < 100);
  CHECK(frame["stats"]["steps"].get<long>() > 0);
  CHECK(frame["bodies"].size() == 5);
  CHECK(slurp(run.errPath).find("interrupted at t = ") != std::string::npos);
}

TEST_CASE("short runs print nothing on standard error") {
  Outcome o = cli("run block-on-floor --time 0.5");
  REQUIRE(o.exitCode == 0);
  CHECK(o.err.empty());
}

TEST_CASE("input echoed in messages is escaped and cut") {
  const std::string escape =
      writeTemp("contactlab_cli_escape.scene", "box a w=1 h=1 \x1b[2J\x1b]0;owned\x07=1\n");
  Outcome o = cli("run " + escape);
  CHECK(o.exitCode == 2);
  CHECK(o.err.find("\\x1b[2J") != std::string::npos);
  CHECK(o.err.find('\x1b') == std::string::npos);
  CHECK(o.err.find('\x07') == std::string::npos);

  const std::string key = "k" + std::string(1 << 20, 'x');  // a megabyte token
  const std::string huge =
      writeTemp("contactlab_cli_huge_token.scene", "box a w=1 h=1 " + key + "=1\n");
  o = cli("run " + huge);
  CHECK(o.exitCode == 2);
  CHECK(o.err.size() < 300);
  CHECK(o.err.find("xxx' (" + std::to_string(key.size()) + " bytes)") != std::string::npos);

  // A 64 KiB scene argument that names nothing: quoted with the room of a path (240 characters).
  o = cli("run " + std::string(1 << 16, 'a'));
  CHECK(o.exitCode == 2);
  CHECK(o.err.size() < 400);
  CHECK(o.err.find("a' (65536 bytes) is not a scene file") != std::string::npos);
  o = cli("run $(printf 'no-such\\033[31m')");
  CHECK(o.exitCode == 2);
  CHECK(o.err.find("no-such\\x1b[31m") != std::string::npos);
  CHECK(o.err.find('\x1b') == std::string::npos);
}

TEST_CASE("share string versions are canonical: cl0, cl01 and cl001 are refused at character 3") {
  for (const char* text : {"cl0~bA", "cl01~bA", "cl001~bA,w2"}) {
    CAPTURE(text);
    Outcome o = cli(std::string("share decode '") + text + "'");
    CHECK(o.exitCode == 2);
    CHECK(o.err.find("character 3: expected a version number") != std::string::npos);
    CHECK(cli(std::string("run '") + text + "'").exitCode == 2);
  }
}

TEST_CASE("devices, FIFOs, folders and empty files given as scenes are refused saying why") {
  expectRefused("run /dev/null", {"/dev/null", "character device", "regular files"});
  expectRefused("run /dev/zero", {"/dev/zero", "character device"});
  const std::string fifo = "contactlab_cli_test.fifo";
  std::filesystem::remove(fifo);
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  expectRefused("run " + fifo, {"FIFO"});  // refused without opening it (which would block)
  std::filesystem::remove(fifo);
  expectRefused("run " + std::filesystem::temp_directory_path().string(), {"a folder"});
  expectRefused("run " + writeTemp("contactlab_cli_empty.scene", ""), {"the file is empty"});
  const std::string large = writeTemp("contactlab_cli_large.scene", "box a w=1 h=1\n");
  std::filesystem::resize_file(large, (64u << 20) + 1);  // sparse: takes no disk space
  expectRefused("run " + large, {"larger than 64 MB"});
  std::filesystem::remove(large);
}

TEST_CASE("the JSON of a run never holds null: a state that is not finite is a failure, exit 3") {
  // Energies that overflow a double while the state is finite (or scenes refused at load).
  for (const char* body :
       {"box a w=1 h=1 y=1e308", "box a w=1 h=1 y=-1e308", "box a w=1 h=1 mass=1e308",
        "disc a r=1e308", "box a w=1 h=1 vy=1e200"}) {
    CAPTURE(body);
    const std::string path = writeTemp("contactlab_cli_overflow_energy.scene", body);
    for (const char* every : {"", " --every 1"}) {
      Outcome o = cli("run " + path + " --time 0.05" + every);
      CHECK(o.exitCode != 0);
      CHECK(o.out.find("null") == std::string::npos);
      CHECK(o.out.find("inf") == std::string::npos);
      CHECK(o.out.find("nan") == std::string::npos);
    }
    Outcome csv = cli("run " + path + " --time 0.05 --format csv");
    CHECK(csv.exitCode != 0);
    CHECK(csv.out.find("inf") == std::string::npos);
  }
}

TEST_CASE("a scene's warnings reach standard error once each, saying where, and the run goes on") {
  const std::string scene = writeTemp("contactlab_cli_warnings.scene",
                                      "box floor w=20 h=1 y=-0.5 fixed\n"
                                      "box A w=1 h=1 y=0.5\n"
                                      "box B w=1 h=1 y=0.5\n");
  Outcome o = cli("run " + scene + " --time 0");
  CAPTURE(o.err);
  CHECK(o.exitCode == 0);
  CHECK(o.err.rfind(scene + ":3:", 0) == 0);  // the message starts with the place
  CHECK(o.err.find("warning:") != std::string::npos);
  CHECK(o.err.find("warning:") == o.err.rfind("warning:"));
  CHECK(nlohmann::json::parse(o.out)["bodies"].size() == 3);
}
