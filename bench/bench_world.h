// A World holding one of the benchmark scenes (timestep_scenes.h): its boxes and discs named b0,
// b1... in the scene's order, with the scene's gravity, step, friction and restitution over
// `base`'s other settings.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "contactlab/world.h"
#include "timestep_scenes.h"

namespace contactlab::bench {

struct BenchWorld {
  World world;
  std::vector<BodyId> moving;  // the scene's movable bodies, in its order
};

// `base` with the scene's gravity, step, friction and restitution.
inline WorldSettings benchSettings(const BenchScene& scene, const WorldSettings& base) {
  WorldSettings settings = base;
  settings.gravity = kBenchGravity;
  settings.dt = kBenchDt;
  settings.friction = scene.friction;
  settings.elasticity = scene.restitution;
  return settings;
}

// The empty world of `base`'s settings for `scene` (benchSettings); settings no world takes stop
// the program (status 2) with the reason.
inline World benchWorldOrExit(const BenchScene& scene, const WorldSettings& base) {
  Result<World> world = World::create(benchSettings(scene, base));
  if (!world) {
    std::fprintf(stderr, "invalid settings: %s\n", world.error().message.c_str());
    std::exit(2);
  }
  return std::move(world.value());
}

inline BenchWorld buildBenchWorld(const BenchScene& scene, const WorldSettings& base) {
  BenchWorld built{benchWorldOrExit(scene, base), {}};
  int serial = 0;
  auto addBody = [&](BodyDef def) {
    def.name = "b" + std::to_string(serial++);
    Result<BodyId> id = built.world.addBody(def);
    if (!id) {
      std::fprintf(stderr, "%s\n", id.error().message.c_str());
      std::exit(2);
    }
    return id.value();
  };
  for (const SceneBox& b : scene.boxes) {
    BodyDef def;
    def.width = b.w;
    def.height = b.h;
    def.fixed = b.fixed;
    def.state.position = {b.x, b.y};
    BodyId id = addBody(def);
    if (!b.fixed) built.moving.push_back(id);
  }
  for (const SceneDisc& d : scene.discs) {
    BodyDef def;
    def.shape = ShapeKind::Disc;
    def.radius = d.r;
    def.state.position = {d.x, d.y};
    built.moving.push_back(addBody(def));
  }
  return built;
}

}  // namespace contactlab::bench
