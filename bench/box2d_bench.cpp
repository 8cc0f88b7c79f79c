// The four scenes of DESIGN.md's Box2D table (timestep_scenes.h) on ContactLab's time-stepping
// solver and, when Box2D 2.4.1 was found at build time, on Box2D with its documented settings
// (8 velocity and 3 position iterations, sleeping off), side by side in one run, one thread.
//
// Per scene and engine: wall milliseconds per step (median of R runs), the largest displacement of
// any body after settling (from 1 s to the end for the box scenes, from 15 s to the end for the
// discs), the deepest overlap at the end and at any step of the run (Box2D: below its polygon
// skin, the surface it keeps bodies apart at; ContactLab: found at the start of a step), and the
// top box's height loss at the end and the largest during the run.
// Then ContactLab's stage times and QP/CCP effort per step (solves, iterations, capped solves).
//
// Usage: contactlab-bench-box2d [--runs R] [--method pgs|mprgp|apgd|substep] [--substeps N]
//                               [--iterations N] [--tolerance T] [--gap-stabilization B]
//                               [scene ...]
// (default: all four scenes, R = 3, the default solver: apgd).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench_world.h"
#include "contactlab/world.h"
#include "timestep_scenes.h"

#ifdef CONTACTLAB_HAVE_BOX2D
#include <box2d/box2d.h>
#endif

using namespace contactlab;
using namespace contactlab::bench;

namespace {

struct Outcome {
  double msPerStep = 0;
  double displacement = 0;  // m, largest after settling
  double overlap = 0;       // m, deepest at the end
  double deepest = 0;       // m, deepest at any step
  double topLoss = 0;       // m, at the end
  double worstTopLoss = 0;  // m, largest during the run
  Statistics stats;         // ContactLab only: the solver's statistics of the last run
};

using Clock = std::chrono::steady_clock;

int settleStep(const BenchScene& scene) {
  return scene.discs.empty() ? 60 : 900;
}

// Records positions at the settling step, tracks the top box, and fills an Outcome.
struct Tracker {
  std::vector<double> settledX, settledY;
  double topStart = 0;
  Outcome outcome;
  void settle(const std::vector<double>& x, const std::vector<double>& y) {
    settledX = x;
    settledY = y;
  }
  void finish(const std::vector<double>& x, const std::vector<double>& y) {
    for (size_t i = 0; i < x.size(); ++i)
      outcome.displacement =
          std::max(outcome.displacement, std::hypot(x[i] - settledX[i], y[i] - settledY[i]));
  }
};

Outcome runContactLab(const BenchScene& scene, const WorldSettings& base) {
  WorldSettings settings = base;
  settings.solver = SolverKind::Timestep;
  BenchWorld built = buildBenchWorld(scene, settings);
  World& world = built.world;
  const std::vector<BodyId>& moving = built.moving;
  auto positions = [&](std::vector<double>& x, std::vector<double>& y) {
    x.clear();
    y.clear();
    for (BodyId id : moving) {
      const BodyState s = world.body(id)->state;
      x.push_back(s.position.x);
      y.push_back(s.position.y);
    }
  };
  Tracker tracker;
  const BodyId top = moving.back();
  tracker.topStart = world.body(top)->state.position.y;
  std::vector<double> x, y;
  double seconds = 0;
  for (int step = 1; step <= scene.steps; ++step) {
    const auto start = Clock::now();
    if (!world.step()) {
      std::fprintf(stderr, "%s: the simulation failed\n", scene.name.c_str());
      std::exit(3);
    }
    seconds += std::chrono::duration<double>(Clock::now() - start).count();
    if (scene.tracksTopBox)
      tracker.outcome.worstTopLoss = std::max(tracker.outcome.worstTopLoss,
                                              tracker.topStart - world.body(top)->state.position.y);
    if (step == settleStep(scene)) {
      positions(x, y);
      tracker.settle(x, y);
    }
  }
  positions(x, y);
  tracker.finish(x, y);
  Outcome& out = tracker.outcome;
  out.msPerStep = 1e3 * seconds / scene.steps;
  out.stats = world.statistics();
  for (const ContactReport& c : world.contacts()) out.overlap = std::max(out.overlap, -c.distance);
  out.deepest = std::max(out.stats.deepestPenetration, out.overlap);
  if (scene.tracksTopBox) out.topLoss = tracker.topStart - world.body(top)->state.position.y;
  return out;
}

#ifdef CONTACTLAB_HAVE_BOX2D
// The deepest overlap of touching Box2D contacts, below their polygon skins.
double box2dOverlap(b2World& world) {
  double deepest = 0;
  for (b2Contact* c = world.GetContactList(); c; c = c->GetNext()) {
    if (!c->IsTouching()) continue;
    b2WorldManifold manifold;
    c->GetWorldManifold(&manifold);
    for (int i = 0; i < c->GetManifold()->pointCount; ++i)
      deepest = std::max(deepest, -static_cast<double>(manifold.separations[i]));
  }
  return deepest;
}

Outcome runBox2d(const BenchScene& scene) {
  b2World world(b2Vec2(0, -static_cast<float>(kBenchGravity)));
  world.SetAllowSleeping(false);
  std::vector<b2Body*> moving;
  for (const SceneBox& b : scene.boxes) {
    b2BodyDef def;
    def.type = b.fixed ? b2_staticBody : b2_dynamicBody;
    def.position.Set(static_cast<float>(b.x), static_cast<float>(b.y));
    b2Body* body = world.CreateBody(&def);
    b2PolygonShape shape;
    shape.SetAsBox(static_cast<float>(b.w / 2), static_cast<float>(b.h / 2));
    b2FixtureDef fixture;
    fixture.shape = &shape;
    fixture.density = 1;
    fixture.friction = static_cast<float>(scene.friction);
    fixture.restitution = static_cast<float>(scene.restitution);
    body->CreateFixture(&fixture);
    if (!b.fixed) moving.push_back(body);
  }
  for (const SceneDisc& d : scene.discs) {
    b2BodyDef def;
    def.type = b2_dynamicBody;
    def.position.Set(static_cast<float>(d.x), static_cast<float>(d.y));
    b2Body* body = world.CreateBody(&def);
    b2CircleShape shape;
    shape.m_radius = static_cast<float>(d.r);
    b2FixtureDef fixture;
    fixture.shape = &shape;
    fixture.density = 1;
    fixture.friction = static_cast<float>(scene.friction);
    fixture.restitution = static_cast<float>(scene.restitution);
    body->CreateFixture(&fixture);
    moving.push_back(body);
  }
  auto positions = [&](std::vector<double>& x, std::vector<double>& y) {
    x.clear();
    y.clear();
    for (b2Body* body : moving) {
      x.push_back(body->GetPosition().x);
      y.push_back(body->GetPosition().y);
    }
  };
  Tracker tracker;
  b2Body* top = moving.back();
  tracker.topStart = top->GetPosition().y;
  std::vector<double> x, y;
  double seconds = 0;
  for (int step = 1; step <= scene.steps; ++step) {
    const auto start = Clock::now();
    world.Step(static_cast<float>(kBenchDt), 8, 3);
    seconds += std::chrono::duration<double>(Clock::now() - start).count();
    tracker.outcome.deepest = std::max(tracker.outcome.deepest, box2dOverlap(world));
    if (scene.tracksTopBox)
      tracker.outcome.worstTopLoss =
          std::max(tracker.outcome.worstTopLoss, tracker.topStart - top->GetPosition().y);
    if (step == settleStep(scene)) {
      positions(x, y);
      tracker.settle(x, y);
    }
  }
  positions(x, y);
  tracker.finish(x, y);
  Outcome& out = tracker.outcome;
  out.msPerStep = 1e3 * seconds / scene.steps;
  out.overlap = box2dOverlap(world);
  if (scene.tracksTopBox) out.topLoss = tracker.topStart - top->GetPosition().y;
  return out;
}
#endif

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Median time of `runs` runs; the physics numbers of the last run (every run is deterministic).
template <class Run>
Outcome medianOf(int runs, Run run) {
  std::vector<double> times;
  Outcome out;
  for (int r = 0; r < runs; ++r) {
    out = run();
    times.push_back(out.msPerStep);
  }
  out.msPerStep = median(times);
  return out;
}

void printRow(const char* engine, const std::string& scene, int bodies, const Outcome& o,
              bool top) {
  std::printf("| %-9s | %-10s | %5d | %8.3f | %9.4f | %8.4f | %8.4f |", scene.c_str(), engine,
              bodies, o.msPerStep, o.displacement, o.overlap, o.deepest);
  if (top) {
    std::printf(" %8.4f | %8.4f |\n", o.topLoss, o.worstTopLoss);
  } else {
    std::printf(" %8s | %8s |\n", "-", "-");
  }
}

}  // namespace

// Where ContactLab's time went (stage times of the last run, per step) and how hard its solves
// were: QP/CCP solves and iterations per step, solves stopped at the cap.
void printStages(const std::string& scene, const Outcome& o) {
  const TimestepWork& s = o.stats.timestep;
  const double steps = std::max<double>(1, static_cast<double>(s.steps));
  std::printf("| %-9s | %9.3f | %8.3f | %8.3f | %8.3f | %8.2f | %8.1f | %11lld |\n", scene.c_str(),
              1e3 * s.time.detection / steps, 1e3 * s.time.build / steps,
              1e3 * s.time.solve / steps, 1e3 * s.time.gaps / steps,
              static_cast<double>(s.qpSolves) / steps, static_cast<double>(s.qpIterations) / steps,
              static_cast<long long>(s.qpUnconverged));
}

int main(int argc, char** argv) {
  int runs = 3;
  WorldSettings settings;
  std::vector<std::string> names;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool hasValue = i + 1 < argc;
    if (arg == "--runs" && hasValue) {
      runs = std::max(1, std::atoi(argv[++i]));
    } else if (arg == "--method" && hasValue) {
      const std::string m = argv[++i];
      // "substep" names the substeps scheme; the others the QP method.
      settings.timestepScheme = m == "substep" ? TimestepScheme::Substeps : TimestepScheme::Qp;
      settings.qpMethod = m == "pgs"     ? QpSolverKind::Pgs
                          : m == "mprgp" ? QpSolverKind::Mprgp
                                         : QpSolverKind::Apgd;
    } else if (arg == "--substeps" && hasValue) {
      settings.substeps = std::atoi(argv[++i]);
    } else if (arg == "--iterations" && hasValue) {
      settings.qpIterations = std::atoi(argv[++i]);
    } else if (arg == "--tolerance" && hasValue) {
      settings.qpTolerance = std::atof(argv[++i]);
    } else if (arg == "--gap-stabilization" && hasValue) {
      settings.gapStabilization = std::atof(argv[++i]);
    } else {
      names.push_back(arg);
    }
  }
  if (names.empty()) names = {"pyramid20", "pyramid40", "column20", "rain1000"};
  const double gap = settings.distanceTol / 2;
  constexpr double kBox2dGap = 0.02;  // two 1 cm polygon skins
  auto sceneNamed = [](const std::string& name, double g) {
    if (name == "pyramid20") return pyramidScene(20, g);
    if (name == "pyramid40") return pyramidScene(40, g);
    if (name == "column20") return columnScene(20, g);
    if (name == "rain1000") return rainScene();
    std::fprintf(stderr, "unknown scene '%s' (pyramid20, pyramid40, column20, rain1000)\n",
                 name.c_str());
    std::exit(2);
  };
  const char* methods[] = {"pgs", "mprgp", "apgd"};
  const bool substeps = settings.timestepScheme == TimestepScheme::Substeps;
  char solve[96];
  if (substeps)
    std::snprintf(solve, sizeof solve, "%d substeps", settings.substeps);
  else
    std::snprintf(solve, sizeof solve, "tolerance %g, at most %d iterations", settings.qpTolerance,
                  settings.qpIterations);
  std::printf(
      "ContactLab timestep (%s, %s, gap %g m) vs %s; gravity 10, dt 1/60, one thread, median of "
      "%d runs\n\n",
      substeps ? "substep" : methods[static_cast<int>(settings.qpMethod)], solve, gap,
#ifdef CONTACTLAB_HAVE_BOX2D
      "Box2D 2.4.1 (8 + 3 iterations, sleeping off, gap 0.02 m)",
#else
      "Box2D (not found at build time: skipped)",
#endif
      runs);
  std::printf(
      "| scene     | engine     | bodies | ms/step | moved (m) | overlap  | deepest  | top loss "
      "| worst    |\n");
  std::printf(
      "|-----------|------------|-------:|--------:|----------:|---------:|---------:|---------:|"
      "---------:|\n");
  std::vector<std::pair<std::string, Outcome>> ourOutcomes;
  for (const std::string& name : names) {
    const BenchScene ours = sceneNamed(name, gap);
    int bodies = 0;
    for (const SceneBox& b : ours.boxes) bodies += !b.fixed;
    bodies += static_cast<int>(ours.discs.size());
    const Outcome a = medianOf(runs, [&] { return runContactLab(ours, settings); });
    printRow("ContactLab", name, bodies, a, ours.tracksTopBox);
    ourOutcomes.emplace_back(name, a);
#ifdef CONTACTLAB_HAVE_BOX2D
    const BenchScene theirs = sceneNamed(name, kBox2dGap);
    const Outcome b = medianOf(runs, [&] { return runBox2d(theirs); });
    printRow("Box2D", name, bodies, b, theirs.tracksTopBox);
    std::printf(
        "| %-9s | ratio      |        | %7.2fx |           |          |          |          |"
        "          |\n",
        name.c_str(), a.msPerStep / b.msPerStep);
#endif
    std::fflush(stdout);
  }
  std::printf(
      "\nContactLab per step (last run): stage ms, QP/CCP solves and iterations, solves stopped "
      "at the cap (gaps: the position correction of gaps, gap_projection.h)\n\n"
      "| scene     | detection | build    | QP       | gaps     | solves   | QP iter  | "
      "unconverged |\n|-----------|----------:|---------:|---------:|---------:|---------:|"
      "---------:|------------:|\n");
  for (const auto& [name, outcome] : ourOutcomes) printStages(name, outcome);
  return 0;
}
