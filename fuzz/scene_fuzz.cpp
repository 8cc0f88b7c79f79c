// libFuzzer target: scene text and share strings from arbitrary bytes. Either input must load
// whole or fail with a message; a loaded scene must write, re-read and build without trouble.
// The built world is then stepped a few steps under each solver (ContactSim; time stepping with
// each QP method): a step either succeeds with every body, the energy and every contact finite, or
// fails and leaves the bodies as they were; either way the world stays valid (World::validate). The
// cost per input is bounded: at most kMaxBodies bodies are stepped, kSteps steps per solver, with
// the iterative solvers' caps lowered.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "contactlab/scene.h"

using namespace contactlab;

namespace {

constexpr std::size_t kMaxBodies = 6;
constexpr int kSteps = 3;
constexpr int kMaxQpIterations = 200;
constexpr int kMaxSubsteps = 50;

bool finite(const BodyState& s) {
  return std::isfinite(s.position.x) && std::isfinite(s.position.y) && std::isfinite(s.angle) &&
         std::isfinite(s.velocity.x) && std::isfinite(s.velocity.y) && std::isfinite(s.omega);
}

bool same(const BodyState& a, const BodyState& b) {
  return a.position == b.position && a.angle == b.angle && a.velocity == b.velocity &&
         a.omega == b.omega;
}

std::vector<BodyState> statesOf(const World& world) {
  std::vector<BodyState> states;
  for (BodyId id : world.bodies()) states.push_back(world.body(id)->state);
  return states;
}

void mustBeValid(const World& world) {
  if (!world.validate().ok()) __builtin_trap();
}

void mustBeFinite(World& world) {
  mustBeValid(world);
  for (BodyId id : world.bodies())
    if (!finite(world.body(id)->state)) __builtin_trap();
  const Energy energy = world.energy();
  if (!std::isfinite(energy.kinetic) || !std::isfinite(energy.potential) ||
      !std::isfinite(energy.total))
    __builtin_trap();
  for (const ContactReport& c : world.contacts()) {
    if (!std::isfinite(c.point.x) || !std::isfinite(c.point.y) || !std::isfinite(c.normal.x) ||
        !std::isfinite(c.normal.y) || !std::isfinite(c.distance) || !std::isfinite(c.force) ||
        !std::isfinite(c.friction))
      __builtin_trap();
  }
}

void mustStep(Scene scene, SolverKind solver, TimestepScheme scheme, QpSolverKind qpMethod) {
  scene.settings.solver = solver;
  scene.settings.timestepScheme = scheme;
  scene.settings.qpMethod = qpMethod;
  scene.settings.qpIterations = std::min(scene.settings.qpIterations, kMaxQpIterations);
  scene.settings.substeps = std::min(scene.settings.substeps, kMaxSubsteps);
  Result<World> built = buildWorld(scene);
  if (!built.ok()) __builtin_trap();  // the scene loaded, so it builds
  World& world = built.value();
  mustBeFinite(world);
  for (int i = 0; i < kSteps; ++i) {
    const std::vector<BodyState> before = statesOf(world);
    if (!world.step().ok()) {
      const std::vector<BodyState> after = statesOf(world);
      for (std::size_t k = 0; k < before.size(); ++k)
        if (!same(before[k], after[k])) __builtin_trap();
      mustBeValid(world);
      return;
    }
    mustBeFinite(world);
  }
}

void mustRoundTripAndStep(const Scene& scene) {
  Result<LoadedScene> again = parseScene(writeScene(scene), "fuzz");
  if (!again.ok()) __builtin_trap();
  Result<Scene> shared = decodeShare(encodeShare(scene));
  if (!shared.ok()) __builtin_trap();
  if (encodeShare(shared.value()) != encodeShare(scene)) __builtin_trap();
  if (scene.bodies.size() > kMaxBodies) {
    (void)buildWorld(scene);
    return;
  }
  mustStep(scene, SolverKind::Contact, TimestepScheme::Qp, QpSolverKind::Apgd);
  for (QpSolverKind method : {QpSolverKind::Pgs, QpSolverKind::Mprgp, QpSolverKind::Apgd})
    mustStep(scene, SolverKind::Timestep, TimestepScheme::Qp, method);
  mustStep(scene, SolverKind::Timestep, TimestepScheme::Substeps, QpSolverKind::Apgd);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  Result<LoadedScene> loaded = parseScene(text, "fuzz");
  if (loaded.ok()) mustRoundTripAndStep(loaded->scene);
  Result<Scene> decoded = decodeShare(text);
  if (decoded.ok()) mustRoundTripAndStep(decoded.value());
  return 0;
}
