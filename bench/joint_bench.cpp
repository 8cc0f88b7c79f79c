// Joints under every solver (issue 15): ms per step, under ContactSim, the time-stepping QP (APGD)
// and the substeps, of
//   chain100  a chain of 100 hinged links (0.5 m x 0.1 m, 0.2 kg), pinned at one end, released
//             horizontal, so it swings down and whips;
//   bridge10  a bridge of 10 planks (1 m x 0.1 m) joined by hinges and pinned at both ends 9.6 m
//             apart (it sags), with 20 blocks (0.3 m, 0.5 kg) dropped on it (joints and contacts
//             in one LCP);
//   grid40    Box2D v3's own joint benchmark at 40 x 40 (joint_grid_scene.h): 1,600 discs hinged
//             into a net hanging from seven fixed ones, which falls and swings (3,114 hinges), at
//             v3's 60 steps a second; not under ContactSim, whose exact events take minutes a
//             second on it.
// Each scene is built afresh and stepped N steps, R times, per solver (the default settings
// otherwise); printed: the median wall time per step, how much faster than real time that is
// (dt / step time), and the joints' worst drift at the end. With Box2D v3 built in (CMake given
// -DCONTACTLAB_BOX2D_V3_DIR, bench/CMakeLists.txt), grid40 also runs in v3 (box2d_v3_joint_grid.h:
// b2DefaultWorldDef, 4 substeps, one thread, sleeping off), its drift the largest distance between
// a hinge's anchors.
//
// Usage: contactlab-bench-joints [--steps N] [--runs R]   (default N = 300, R = 5)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "bench_arguments.h"
#include "contactlab/world.h"
#include "joint_grid_scene.h"
#ifdef CONTACTLAB_HAVE_BOX2D_V3
#include "box2d_v3_joint_grid.h"
#endif

using namespace contactlab;
using namespace contactlab::bench;

namespace {

BodyId addBox(World& world, const std::string& name, double w, double h, double mass, Vec2 at,
              bool fixed = false) {
  BodyDef def;
  def.name = name;
  def.width = w;
  def.height = h;
  def.mass = mass;
  def.fixed = fixed;
  def.state.position = at;
  Result<BodyId> id = world.addBody(def);
  if (!id) {
    std::fprintf(stderr, "%s\n", id.error().message.c_str());
    std::exit(2);
  }
  return id.value();
}

void join(World& world, const JointDef& def) {
  if (Result<JointId> id = world.addJoint(def); !id) {
    std::fprintf(stderr, "%s\n", id.error().message.c_str());
    std::exit(2);
  }
}

World chain(const WorldSettings& settings, int links) {
  World world = World::create(settings).value();
  const double length = 0.5;
  BodyId previous{};
  for (int i = 0; i < links; ++i) {
    const BodyId link =
        addBox(world, "link" + std::to_string(i), length, 0.1, 0.2, {length / 2 + i * length, 0});
    if (i == 0)
      join(world, {"top", JointKind::Pin, link, BodyId{}, {-length / 2, 0}, {0, 0}});
    else
      join(world, {"h" + std::to_string(i),
                   JointKind::Hinge,
                   link,
                   previous,
                   {-length / 2, 0},
                   {length / 2, 0}});
    previous = link;
  }
  return world;
}

World bridge(const WorldSettings& settings, int planks, int blocks) {
  World world = World::create(settings).value();
  addBox(world, "floor", 40, 1, 1, {0, -3.5}, true);
  // The pins are 4 % closer than the planks are long, so the bridge sags in a V (a taut straight
  // bridge could not carry a load at all: its tension would be infinite).
  const double length = 1, sag = std::acos(0.96), half = planks * length * 0.96 / 2;
  Vec2 end{-half, 0};
  BodyId previous{};
  for (int i = 0; i < planks; ++i) {
    const double angle = 2 * i < planks ? -sag : sag;
    const Vec2 along{std::cos(angle), std::sin(angle)};
    BodyDef def;
    def.name = "plank" + std::to_string(i);
    def.width = length;
    def.height = 0.1;
    def.mass = 1;
    def.state.position = end + along * (length / 2);
    def.state.angle = angle;
    const BodyId plank = world.addBody(def).value();
    end += along * length;
    if (i == 0)
      join(world, {"left", JointKind::Pin, plank, BodyId{}, {-length / 2, 0}, {-half, 0}});
    else
      join(world, {"h" + std::to_string(i),
                   JointKind::Hinge,
                   plank,
                   previous,
                   {-length / 2, 0},
                   {length / 2, 0}});
    previous = plank;
  }
  join(world, {"right", JointKind::Pin, previous, BodyId{}, {length / 2, 0}, {half, 0}});
  for (int k = 0; k < blocks; ++k)
    addBox(world, "block" + std::to_string(k), 0.3, 0.3, 0.5,
           {-half + 0.5 + (k % planks) * length * 0.96, 0.5 + 0.4 * (k / planks)});
  return world;
}

World grid(const WorldSettings& settings, int n) {
  WorldSettings sixty = settings;
  sixty.dt = kGridDt;
  World world = World::create(sixty).value();
  const JointGrid grid = jointGrid(n);
  std::vector<BodyId> discs;
  for (const GridDisc& d : grid.discs) {
    BodyDef def;
    def.name = "disc" + std::to_string(discs.size());
    def.shape = ShapeKind::Disc;
    def.radius = kGridDiscRadius;
    def.fixed = d.fixed;
    def.state.position = {d.x, d.y};
    discs.push_back(world.addBody(def).value());
  }
  for (std::size_t k = 0; k < grid.hinges.size(); ++k) {
    const GridHinge& h = grid.hinges[k];
    join(world, {"hinge" + std::to_string(k),
                 JointKind::Hinge,
                 discs[h.a],
                 discs[h.b],
                 {h.ax, h.ay},
                 {h.bx, h.by}});
  }
  return world;
}

constexpr int kGridSide = 40;  // grid40's discs a side

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  int steps = 300, runs = 5;
  for (int i = 1; i < argc; ++i) {
    const bool hasValue = i + 1 < argc;
    if (!std::strcmp(argv[i], "--steps") && hasValue) {
      steps = countArgument(argv[i], argv[i + 1], 1, 10000000);
      ++i;
    } else if (!std::strcmp(argv[i], "--runs") && hasValue) {
      runs = countArgument(argv[i], argv[i + 1], 1, 1000);
      ++i;
    } else {
      std::fprintf(stderr, "usage: contactlab-bench-joints [--steps N] [--runs R] (got '%s')\n",
                   argv[i]);
      return 2;
    }
  }
  const std::vector<std::pair<const char*, std::function<World(const WorldSettings&)>>> scenes = {
      {"chain100", [](const WorldSettings& s) { return chain(s, 100); }},
      {"bridge10", [](const WorldSettings& s) { return bridge(s, 10, 20); }},
      {"grid40", [](const WorldSettings& s) { return grid(s, kGridSide); }}};
  WorldSettings contactSim, qp, substeps;
  qp.solver = substeps.solver = SolverKind::Timestep;
  qp.timestepScheme = TimestepScheme::Qp;
  qp.qpMethod = QpSolverKind::Apgd;
  substeps.timestepScheme = TimestepScheme::Substeps;
  const std::pair<const char*, WorldSettings> solvers[] = {
      {"contactsim", contactSim}, {"qp-apgd", qp}, {"substeps", substeps}};
  std::printf("%-10s %-11s %10s %14s %12s\n", "scene", "solver", "ms/step", "x real time",
              "drift (m)");
  for (const auto& [name, make] : scenes) {
    for (const auto& [solver, settings] : solvers) {
      if (std::strcmp(name, "grid40") == 0 && settings.solver == SolverKind::Contact) continue;
      std::vector<double> times;
      double drift = 0;
      double dt = 0;
      for (int r = 0; r < runs; ++r) {
        World world = make(settings);
        dt = world.settings().dt;
        const auto start = std::chrono::steady_clock::now();
        for (int s = 0; s < steps; ++s) {
          if (Status stepped = world.step(); !stepped) {
            std::fprintf(stderr, "%s: %s\n", name, stepped.error().message.c_str());
            return 1;
          }
        }
        times.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count() /
            steps);
        drift = 0;
        for (const JointReport& j : world.joints()) {
          const double apart = glm::length(j.pointA - j.pointB);
          drift = std::max(drift, apart);
        }
      }
      const double ms = median(times);
      std::printf("%-10s %-11s %10.3f %14.1f %12.2e\n", name, solver, ms, dt * 1000 / ms, drift);
    }
#ifdef CONTACTLAB_HAVE_BOX2D_V3
    if (std::strcmp(name, "grid40") == 0) {
      std::vector<double> times;
      double drift = 0;
      for (int r = 0; r < runs; ++r) {
        const JointGridRun run = runBox2dV3JointGrid(kGridSide, steps);
        times.push_back(run.msPerStep);
        drift = run.drift;
      }
      const double ms = median(times);
      std::printf("%-10s %-11s %10.3f %14.1f %12.2e\n", name, "box2d-v3", ms, kGridDt * 1000 / ms,
                  drift);
    }
#endif
  }
  return 0;
}
