// The scenes of the Box2D comparison (timestep_scenes.h) on ContactLab's time-stepping solver and,
// when found or built, on Box2D 2.4.1 (8 velocity and 3 position iterations) and Box2D v3
// (b2DefaultWorldDef, 4 substeps), side by side in one run, one thread, sleeping off
// (box2d_sides.h). Without Box2D v3, issue 17's v3 figures stand in as a reference.
//
// Per scene and engine: milliseconds per step (median of R runs, the engines' runs taken in turn
// kWindowSteps steps at a time, box2d_sides.h, and the two scenes of a growth, when both are
// named, taken together in the same way; wall time, or with --cpu the stepping thread's processor
// time), the largest displacement of any body after settling (from 1 s to the end for
// the box scenes, from 15 s to the end for the discs) and, for the stacks, between 5 s and 10 s
// (steps 300 to 600), the deepest overlap at the end and at any step of the run (Box2D 2.4.1: below
// its polygon skin, the surface it keeps bodies apart at; Box2D v3: its manifolds' separations,
// computed at the start of a step; ContactLab: found at the start of a step), and the top box's
// height loss at the end and the largest during the run. Then the times side by side with their
// ratios, the growth from pyramid40 to pyramid100 and from rain1000 to rain10000 of each engine,
// and ContactLab's stage times and QP/CCP effort per step (solves, iterations, capped solves).
//
// With --jitter NM, run k starts from the scene with each movable body's x moved by k NM
// nanometres times a whole number from -6 to 6 (timestep_scenes.h: jitteredScene; run 0 is the
// scene itself), and a last table gives each engine's quality in every run with its median and
// largest: a large pyramid's motion after settling is chaotic, so one start is one sample of it.
//
// Usage: contactlab-bench-box2d [--runs R] [--method pgs|mprgp|apgd|substep]...
//                               [--substeps N] [--iterations N] [--tolerance T]
//                               [--gap-stabilization B] [--without-box2d-2] [--cpu]
//                               [--jitter NM]
//                               [scene | small | large | all]...
// (default: the four small scenes, R = 3, the default solver: apgd). --method may be repeated: each
// one is a ContactLab row. The scenes: pyramid20, pyramid40, column20, rain1000 (small) and
// pyramid70, pyramid100, rain4000, rain10000 (large; they take minutes).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bench_arguments.h"
#include "bench_world.h"
#include "box2d_sides.h"
#include "box2d_v3_reference.h"
#include "contactlab/world.h"
#include "run_tracker.h"
#include "step_clock.h"
#include "timestep_scenes.h"

using namespace contactlab;
using namespace contactlab::bench;

namespace {

#ifdef CONTACTLAB_HAVE_BOX2D
constexpr bool kHaveV2 = true;
#else
constexpr bool kHaveV2 = false;
#endif
// Box2D 2.4.1 runs when found, unless --without-box2d-2 (its rain10000 takes minutes). --cpu times
// the steps in the stepping thread's processor time instead of wall time (step_clock.h): on a
// machine shared with other work it leaves out the waits for a core.
bool withV2 = kHaveV2;
#ifdef CONTACTLAB_HAVE_BOX2D_V3
constexpr bool kHaveV3 = true;
#else
constexpr bool kHaveV3 = false;
#endif

struct OurOutcome : Outcome {
  Statistics stats;  // the solver's statistics of the last run
};

// One ContactLab configuration asked for with --method.
struct Method {
  std::string name;  // as given: pgs, mprgp, apgd or substep
  WorldSettings settings;
};

struct SceneResult {
  std::string name;
  int bodies = 0;
  bool stack = false;  // a pyramid or the column (the measures after 5 s and of the top box)
  std::vector<OurOutcome> ours;  // one per method
  std::optional<Outcome> v2;
  std::optional<V3Outcome> v3;
  // Each run's ms per step, per method and of v3, in the order they ran (one after the other).
  std::vector<std::vector<double>> ourTimes;
  std::vector<double> v3Times;
  // Every run's outcome, per method, of 2.4.1 and of v3 (for --jitter's table).
  std::vector<std::vector<Outcome>> ourOutcomes;
  std::vector<Outcome> v2Outcomes, v3Outcomes;
};

// ContactLab's run of a scene with the time-stepping solver's `settings` (a Method's).
class OurRun : public EngineRun<OurOutcome> {
 public:
  OurRun(const BenchScene& scene, const WorldSettings& settings)
      : EngineRun(scene.steps), scene_(scene), built_(buildBenchWorld(scene, settings)) {
    tracker_.emplace(scene, world().body(built_.moving.back())->state.position.y);
  }

  OurOutcome finish() override {
    OurOutcome out;
    static_cast<Outcome&>(out) = tracker_->outcome();
    out.msPerStep = msPerStep();
    out.stats = world().statistics();
    for (const ContactReport& c : world().contacts())
      out.overlap = std::max(out.overlap, -c.distance);
    out.deepest = std::max(out.stats.deepestPenetration, out.overlap);
    return out;
  }

 private:
  void step() override {
    if (!world().step()) {
      std::fprintf(stderr, "%s: the simulation failed\n", scene_.name.c_str());
      std::exit(3);
    }
  }
  void measure(int number) override {
    World& w = world();
    tracker_->top(w.body(built_.moving.back())->state.position.y);
    tracker_->recordAt(number, built_.moving, [&](BodyId id) {
      const Vec2 p = w.body(id)->state.position;
      return std::pair(p.x, p.y);
    });
  }
  World& world() { return built_.world; }

  BenchScene scene_;
  BenchWorld built_;
  std::optional<RunTracker> tracker_;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// One engine's runs of a scene: their times and outcomes. final(): the physics numbers of the last
// run (without --jitter every run is the same, deterministic) with the median time.
template <class Out>
struct Runs {
  std::vector<double> times;
  std::vector<Outcome> outcomes;
  Out last;
  void add(const Out& out) {
    last = out;
    times.push_back(out.msPerStep);
    outcomes.push_back(out);
  }
  Out final() const {
    Out out = last;
    out.msPerStep = median(times);
    return out;
  }
};

BenchScene sceneNamed(const std::string& name, double gap) {
  std::optional<BenchScene> scene = comparisonScene(name, gap);
  if (!scene) {
    std::fprintf(stderr,
                 "unknown scene '%s' (pyramid20, pyramid40, column20, rain1000, pyramid70, "
                 "pyramid100, rain4000, rain10000; small, large or all)\n",
                 name.c_str());
    std::exit(2);
  }
  if (const int disc = discOverlappingABox(*scene); disc >= 0) {
    std::fprintf(stderr, "%s: disc %d starts overlapping a box\n", name.c_str(), disc);
    std::exit(2);
  }
  return *scene;
}

std::string loadAverage() {
  std::ifstream file("/proc/loadavg");
  double one = 0, five = 0, fifteen = 0;
  if (!(file >> one >> five >> fifteen)) return "unknown";
  char text[64];
  std::snprintf(text, sizeof text, "%.2f %.2f %.2f", one, five, fifteen);
  return text;
}

std::string label(const Method& m) {
  return "CL " + m.name;
}

void printRow(const std::string& scene, const std::string& engine, int bodies, const Outcome& o,
              bool stack) {
  std::printf("| %-10s | %-10s | %6d | %8.3f | %9.4f |", scene.c_str(), engine.c_str(), bodies,
              o.msPerStep, o.displacement);
  if (stack)
    std::printf(" %9.4f |", o.lateMotion);
  else
    std::printf(" %9s |", "-");
  std::printf(" %8.4f | %8.4f |", o.overlap, o.deepest);
  if (stack)
    std::printf(" %8.4f | %8.4f |\n", o.topLoss, o.worstTopLoss);
  else
    std::printf(" %8s | %8s |\n", "-", "-");
}

std::string cell(const char* format, double value) {
  char text[32];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

// Each run's value of one quality measure (mm), then the median and the largest over the runs.
std::string spread(const std::vector<Outcome>& runs, double Outcome::*measure) {
  std::string text;
  std::vector<double> values;
  for (const Outcome& o : runs) {
    values.push_back(1e3 * (o.*measure));
    text += (text.empty() ? "" : " ") + cell("%.1f", values.back());
  }
  return text + "; " + cell("%.1f", median(values)) + ", " +
         cell("%.1f", *std::max_element(values.begin(), values.end()));
}

// A Markdown table, the first column left-aligned, the others right-aligned.
void printTable(const std::vector<std::string>& headers,
                const std::vector<std::vector<std::string>>& rows) {
  std::vector<size_t> widths;
  for (const std::string& h : headers) widths.push_back(h.size());
  for (const auto& row : rows)
    for (size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], row[i].size());
  auto line = [&](const std::vector<std::string>& cells) {
    for (size_t i = 0; i < cells.size(); ++i)
      std::printf(i == 0 ? "| %-*s " : "| %*s ", static_cast<int>(widths[i]), cells[i].c_str());
    std::printf("|\n");
  };
  line(headers);
  for (size_t i = 0; i < widths.size(); ++i)
    std::printf("|%s%s", std::string(widths[i] + 1, '-').c_str(), i == 0 ? "-" : ":");
  std::printf("|\n");
  for (const auto& row : rows) line(row);
}

// v3's time on `scene`: measured in this run or, without v3, issue 17's figure.
std::optional<double> v3Ms(const SceneResult& r) {
  if (r.v3) return r.v3->msPerStep;
  return v3ReferenceMs(r.name);
}

// The least and the largest ratio of a run's time to the v3 run next to it ("-" without them).
std::string runRatios(const std::vector<double>& ours, const std::vector<double>& v3) {
  if (ours.empty() || ours.size() != v3.size()) return "-";
  double least = ours[0] / v3[0], largest = least;
  for (size_t k = 1; k < ours.size(); ++k) {
    least = std::min(least, ours[k] / v3[k]);
    largest = std::max(largest, ours[k] / v3[k]);
  }
  return cell("%.2f-", least) + cell("%.2fx", largest);
}

void printSideBySide(const std::vector<Method>& methods, const std::vector<SceneResult>& results) {
  const std::string ref = kHaveV3 ? "" : " (ref)";
  std::vector<std::string> headers{"scene", "bodies"};
  for (const Method& m : methods) headers.push_back(label(m));
  if (withV2) headers.push_back("Box2D 2.4.1");
  headers.push_back("Box2D v3.1.1" + ref);
  for (const Method& m : methods) headers.push_back(m.name + " / v3" + ref);
  if (kHaveV3)
    for (const Method& m : methods) headers.push_back(m.name + " / v3, each run");
  if (withV2)
    for (const Method& m : methods) headers.push_back(m.name + " / 2.4.1");
  std::vector<std::vector<std::string>> rows;
  for (const SceneResult& r : results) {
    std::vector<std::string> row{r.name, std::to_string(r.bodies)};
    for (const OurOutcome& o : r.ours) row.push_back(cell("%.3f", o.msPerStep));
    if (withV2) row.push_back(cell("%.3f", r.v2->msPerStep));
    const std::optional<double> v3 = v3Ms(r);
    row.push_back(v3 ? cell("%.3f", *v3) : "-");
    for (const OurOutcome& o : r.ours) row.push_back(v3 ? cell("%.2fx", o.msPerStep / *v3) : "-");
    if (kHaveV3)
      for (const std::vector<double>& times : r.ourTimes)
        row.push_back(runRatios(times, r.v3Times));
    if (withV2)
      for (const OurOutcome& o : r.ours)
        row.push_back(cell("%.2fx", o.msPerStep / r.v2->msPerStep));
    rows.push_back(row);
  }
  printTable(headers, rows);
}

// Each engine's time on `to` over its time on `from`, when both were run (together: runGroups).
void printGrowth(const std::vector<Method>& methods, const std::vector<SceneResult>& results,
                 const std::string& from, const std::string& to, double target) {
  const SceneResult* a = nullptr;
  const SceneResult* b = nullptr;
  for (const SceneResult& r : results) {
    if (r.name == from) a = &r;
    if (r.name == to) b = &r;
  }
  if (!a || !b) return;
  std::printf("growth %s -> %s (%.2fx the bodies; ContactLab's target: at most %gx):", from.c_str(),
              to.c_str(), static_cast<double>(b->bodies) / a->bodies, target);
  for (size_t m = 0; m < methods.size(); ++m)
    std::printf(" %s %.2fx,", label(methods[m]).c_str(),
                b->ours[m].msPerStep / a->ours[m].msPerStep);
  if (withV2) std::printf(" Box2D 2.4.1 %.2fx,", b->v2->msPerStep / a->v2->msPerStep);
  const std::optional<double> v3a = v3Ms(*a), v3b = v3Ms(*b);
  if (v3a && v3b) std::printf(" Box2D v3.1.1%s %.2fx", kHaveV3 ? "" : " (ref)", *v3b / *v3a);
  std::printf("\n");
}

// Where ContactLab's time went (stage times of the last run, per step) and how hard its solves
// were: QP/CCP solves and iterations per step, solves stopped at the cap.
void printStages(const std::vector<Method>& methods, const std::vector<SceneResult>& results) {
  std::printf(
      "\nContactLab per step (last run): stage ms, QP/CCP solves and iterations, solves stopped "
      "at the cap (gaps: the position correction of gaps, gap_projection.h)%s\n\n"
      "| scene      | method  | detection | build    | QP       | gaps     | solves   | QP iter  | "
      "unconverged "
      "|\n|------------|---------|----------:|---------:|---------:|---------:|---------:|"
      "---------:|------------:|\n",
      kHaveV3 ? "; the stages on the wall clock, ours and Box2D v3's alike (v3's from its own "
                "profile, box2d_sides.h: V3Stages; its build column is its preparation of the "
                "contact constraints, its QP column its substeps)"
              : "");
  for (const SceneResult& r : results) {
    for (size_t m = 0; m < methods.size(); ++m) {
      const TimestepWork& s = r.ours[m].stats.timestep;
      const double steps = std::max<double>(1, static_cast<double>(s.steps));
      std::printf("| %-10s | %-7s | %9.3f | %8.3f | %8.3f | %8.3f | %8.2f | %8.1f | %11lld |\n",
                  r.name.c_str(), methods[m].name.c_str(), 1e3 * s.time.detection / steps,
                  1e3 * s.time.build / steps, 1e3 * s.time.solve / steps, 1e3 * s.time.gaps / steps,
                  static_cast<double>(s.qpSolves) / steps,
                  static_cast<double>(s.qpIterations) / steps,
                  static_cast<long long>(s.qpUnconverged));
    }
    if (r.v3) {
      const V3Stages& v = r.v3->stages;
      std::printf("| %-10s | %-7s | %9.3f | %8.3f | %8.3f | %8s | %8s | %8s | %11s |\n",
                  r.name.c_str(), "v3", v.detection, v.prepare, v.substeps, "-", "-", "-", "-");
    }
  }
}

// --jitter's table: per scene and engine, each run's quality in mm (run k started k jitter nm
// away), then the median and the largest over the runs.
void printJitteredQuality(const std::vector<Method>& methods,
                          const std::vector<SceneResult>& results, double jitter) {
  std::printf(
      "\nQuality over the runs, run k started from the scene jittered by k x %g nm (mm: each run; "
      "median, largest)\n\n",
      jitter);
  std::vector<std::vector<std::string>> rows;
  for (const SceneResult& r : results) {
    auto add = [&](const std::string& engine, const std::vector<Outcome>& runs) {
      if (runs.empty()) return;
      rows.push_back({r.name, engine, spread(runs, &Outcome::displacement),
                      r.stack ? spread(runs, &Outcome::lateMotion) : "-",
                      spread(runs, &Outcome::deepest),
                      r.stack ? spread(runs, &Outcome::topLoss) : "-"});
    };
    for (size_t m = 0; m < methods.size(); ++m) add(label(methods[m]), r.ourOutcomes[m]);
    add("Box2D 2.4", r.v2Outcomes);
    add("Box2D v3", r.v3Outcomes);
  }
  printTable({"scene", "engine", "moved", "5-10s", "deepest", "top loss"}, rows);
}

std::string describe(const Method& m) {
  const WorldSettings& s = m.settings;
  char text[128];
  if (s.timestepScheme == TimestepScheme::Substeps)
    std::snprintf(text, sizeof text, "%s: %d substeps", m.name.c_str(), s.substeps);
  else
    std::snprintf(text, sizeof text, "%s: tolerance %g, at most %d iterations", m.name.c_str(),
                  s.qpTolerance, s.qpIterations);
  return text;
}

// A scene of the comparison, placed at each engine's resting gap, and its runs on every engine.
struct SceneRuns {
  BenchScene ours, v2, v3;
  SceneResult result;
  std::vector<Runs<OurOutcome>> ourRuns;  // one per method
  Runs<Outcome> v2Runs;
  Runs<V3Outcome> v3Runs;
};

SceneRuns sceneRuns(const std::string& name, double gap, size_t methods) {
  SceneRuns scene;
  scene.ours = sceneNamed(name, gap);
  scene.v2 = sceneNamed(name, kBox2dV2Gap);
  scene.v3 = sceneNamed(name, kBox2dV3Gap);
  SceneResult& r = scene.result;
  r.name = name;
  r.stack = scene.ours.tracksTopBox;
  for (const SceneBox& b : scene.ours.boxes) r.bodies += !b.fixed;
  r.bodies += static_cast<int>(scene.ours.discs.size());
  scene.ourRuns.resize(methods);
  return scene;
}

// The growths the tables give (printGrowth), from one scene to a larger one, and issue 17's target
// for ContactLab's.
struct Growth {
  const char* from;
  const char* to;
  double target;
};
constexpr Growth kGrowths[] = {{"pyramid40", "pyramid100", 7}, {"rain1000", "rain10000", 11}};

// The named scenes (indices into `names`) in the groups that are run together: the two scenes of a
// growth when both are named, at the place of the first named, and every other scene alone.
std::vector<std::vector<size_t>> runGroups(const std::vector<std::string>& names) {
  std::vector<std::vector<size_t>> groups;
  std::vector<bool> placed(names.size(), false);
  auto index = [&](const std::string& name) {
    return static_cast<size_t>(std::find(names.begin(), names.end(), name) - names.begin());
  };
  for (size_t k = 0; k < names.size(); ++k) {
    if (placed[k]) continue;
    std::vector<size_t> group{k};
    for (const Growth& growth : kGrowths) {
      const size_t a = index(growth.from), b = index(growth.to);
      if (a == names.size() || b == names.size() || (k != a && k != b)) continue;
      const size_t partner = k == a ? b : a;
      if (!placed[partner] && partner != k) group.push_back(partner);
    }
    for (size_t g : group) placed[g] = true;
    groups.push_back(group);
  }
  return groups;
}

// `runs` runs of each scene of `group` on every engine (run k jittered by k x `jitter` nm), the
// scenes' runs taken together: the engines' runs of all of them in turn a window at a time
// (kWindowSteps steps of the longest scene, the others' steps in proportion), so that a change in
// the machine's speed falls on every engine and every scene of the group alike.
void runTogether(const std::vector<SceneRuns*>& group, const std::vector<Method>& methods, int runs,
                 double jitter) {
  struct Live {  // one run of a scene on every engine
    std::vector<std::unique_ptr<EngineRun<OurOutcome>>> ours;
    std::unique_ptr<EngineRun<Outcome>> v2;
    std::unique_ptr<EngineRun<V3Outcome>> v3;
    int taken = 0;
  };
  int longest = 0;
  for (const SceneRuns* scene : group) longest = std::max(longest, scene->ours.steps);
  for (int run = 0; run < runs; ++run) {
    const double shift = 1e-9 * jitter * run;
    std::vector<Live> live(group.size());
    for (size_t k = 0; k < group.size(); ++k) {
      for (const Method& m : methods)
        live[k].ours.push_back(
            std::make_unique<OurRun>(jitteredScene(group[k]->ours, shift), m.settings));
#ifdef CONTACTLAB_HAVE_BOX2D
      if (withV2) live[k].v2 = startBox2dV2(jitteredScene(group[k]->v2, shift));
#endif
#ifdef CONTACTLAB_HAVE_BOX2D_V3
      live[k].v3 = startBox2dV3(jitteredScene(group[k]->v3, shift));
#endif
    }
    for (int done = 0; done < longest;) {
      done = std::min(longest, done + kWindowSteps);
      for (size_t k = 0; k < group.size(); ++k) {
        const long long steps = group[k]->ours.steps;
        const int target = static_cast<int>((done * steps + longest - 1) / longest);
        const int window = target - live[k].taken;
        live[k].taken = target;
        for (auto& method : live[k].ours) method->advance(window);
        if (live[k].v2) live[k].v2->advance(window);
        if (live[k].v3) live[k].v3->advance(window);
      }
    }
    for (size_t k = 0; k < group.size(); ++k) {
      SceneRuns& scene = *group[k];
      for (size_t m = 0; m < methods.size(); ++m) scene.ourRuns[m].add(live[k].ours[m]->finish());
      if (live[k].v2) scene.v2Runs.add(live[k].v2->finish());
      if (live[k].v3) scene.v3Runs.add(live[k].v3->finish());
    }
  }
}

// Fills the scene's result from its runs (the median time, the last run's physics) and prints its
// rows.
void finishScene(SceneRuns& scene, const std::vector<Method>& methods) {
  SceneResult& r = scene.result;
  const bool stack = scene.ours.tracksTopBox;
  for (size_t m = 0; m < methods.size(); ++m) {
    r.ours.push_back(scene.ourRuns[m].final());
    r.ourTimes.push_back(scene.ourRuns[m].times);
    r.ourOutcomes.push_back(scene.ourRuns[m].outcomes);
    printRow(r.name, label(methods[m]), r.bodies, r.ours.back(), stack);
  }
  if (!scene.v2Runs.times.empty()) {
    r.v2 = scene.v2Runs.final();
    r.v2Outcomes = scene.v2Runs.outcomes;
    printRow(r.name, "Box2D 2.4", r.bodies, *r.v2, stack);
  }
  if (!scene.v3Runs.times.empty()) {
    r.v3 = scene.v3Runs.final();
    r.v3Times = scene.v3Runs.times;
    r.v3Outcomes = scene.v3Runs.outcomes;
    printRow(r.name, "Box2D v3", r.bodies, *r.v3, stack);
  }
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 3;
  double jitter = 0;  // nm (--jitter)
  WorldSettings base;
  std::vector<std::string> methodNames, names;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool hasValue = i + 1 < argc;
    if (arg == "--runs" && hasValue) {
      runs = countArgument(arg, argv[++i], 1, 1000);
    } else if (arg == "--method" && hasValue) {
      const std::string m = argv[++i];
      if (m != "pgs" && m != "mprgp" && m != "apgd" && m != "substep") {
        std::fprintf(stderr, "unknown method '%s' (pgs, mprgp, apgd, substep)\n", m.c_str());
        return 2;
      }
      methodNames.push_back(m);
    } else if (arg == "--substeps" && hasValue) {
      base.substeps = countArgument(arg, argv[++i], 1, 1000000);
    } else if (arg == "--iterations" && hasValue) {
      base.qpIterations = countArgument(arg, argv[++i], 1, 1000000000);
    } else if (arg == "--tolerance" && hasValue) {
      base.qpTolerance = numberArgument(arg, argv[++i], 0, 1e9);
    } else if (arg == "--gap-stabilization" && hasValue) {
      base.gapStabilization = numberArgument(arg, argv[++i], 0, 1e9);
    } else if (arg == "--without-box2d-2") {
      withV2 = false;
    } else if (arg == "--jitter" && hasValue) {
      jitter = numberArgument(arg, argv[++i], 0, 1e3);
    } else if (arg == "--cpu") {
      stepClockIsCpu() = true;
    } else if (arg == "small" || arg == "large" || arg == "all") {
      if (arg != "large")
        names.insert(names.end(), smallSceneNames().begin(), smallSceneNames().end());
      if (arg != "small")
        names.insert(names.end(), largeSceneNames().begin(), largeSceneNames().end());
    } else {
      names.push_back(arg);
    }
  }
  if (names.empty()) names = smallSceneNames();
  if (methodNames.empty()) methodNames = {"apgd"};
  std::vector<Method> methods;
  for (const std::string& name : methodNames) {
    Method m{name, base};
    m.settings.solver = SolverKind::Timestep;
    // "substep" names the substeps scheme; the others the QP method.
    m.settings.timestepScheme = name == "substep" ? TimestepScheme::Substeps : TimestepScheme::Qp;
    m.settings.qpMethod = name == "pgs"     ? QpSolverKind::Pgs
                          : name == "mprgp" ? QpSolverKind::Mprgp
                                            : QpSolverKind::Apgd;
    methods.push_back(m);
  }
  // Unknown names and settings no world takes fail before any run.
  const double gap = base.distanceTol / 2;
  std::vector<SceneRuns> scenes;
  for (const std::string& name : names) {
    scenes.push_back(sceneRuns(name, gap, methods.size()));
    for (const Method& m : methods) benchWorldOrExit(scenes.back().ours, m.settings);
  }

  std::printf("ContactLab timestep (gap %g m;", gap);
  for (const Method& m : methods) std::printf(" %s;", describe(m).c_str());
  std::printf(
      " one thread)\nBox2D 2.4.1: %s\nBox2D v3: %s\ngravity 10, dt 1/60, sleeping off, median of "
      "%d runs, %s\nload average at the start: %s\n\n",
      withV2    ? "8 + 3 iterations, gap 0.02 m"
      : kHaveV2 ? "skipped (--without-box2d-2)"
                : "not found at build time: skipped",
      kHaveV3 ? "b2DefaultWorldDef, 4 substeps, workerCount 1, gap 0"
              : "not built (-DCONTACTLAB_BOX2D_V3_DIR): issue 17's figures as a reference",
      runs,
      stepClockIsCpu() ? "ms/step in the stepping thread's processor time (--cpu)" : "wall ms/step",
      loadAverage().c_str());
  std::printf(
      "| scene      | engine     | bodies |  ms/step | moved (m) | 5-10s (m) | overlap  | deepest  "
      "| top loss | worst    |\n"
      "|------------|------------|-------:|---------:|----------:|----------:|---------:|---------:"
      "|"
      "---------:|---------:|\n");
  for (const std::vector<size_t>& group : runGroups(names)) {
    std::vector<SceneRuns*> together;
    for (size_t k : group) together.push_back(&scenes[k]);
    runTogether(together, methods, runs, jitter);
    for (size_t k : group) finishScene(scenes[k], methods);
    std::fflush(stdout);
  }
  std::vector<SceneResult> results;
  for (const SceneRuns& scene : scenes) results.push_back(scene.result);
  std::printf("\nms per step side by side%s\n\n",
              kHaveV3 ? ""
                      : " (ref: Box2D v3.1.1 from issue 17, another run under another load; "
                        "build with -DCONTACTLAB_BOX2D_V3_DIR to measure it here)");
  printSideBySide(methods, results);
  std::printf("\n");
  for (const Growth& growth : kGrowths)
    printGrowth(methods, results, growth.from, growth.to, growth.target);
  printStages(methods, results);
  if (jitter > 0) printJitteredQuality(methods, results, jitter);
  std::printf("\nload average at the end: %s\n", loadAverage().c_str());
  return 0;
}
