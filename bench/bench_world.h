// A World holding one of the benchmark scenes (timestep_scenes.h): its boxes and discs named b0,
// b1... in the scene's order, with the scene's gravity, step, friction and restitution over
// `base`'s other settings.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "contactlab/world.h"
#include "timestep_scenes.h"

namespace contactlab::bench {

struct BenchWorld {
  World world;
  std::vector<BodyId> moving;  // the scene's movable bodies, in its order
};

inline BenchWorld buildBenchWorld(const BenchScene& scene, const WorldSettings& base) {
  WorldSettings settings = base;
  settings.gravity = kBenchGravity;
  settings.dt = kBenchDt;
  settings.friction = scene.friction;
  settings.elasticity = scene.restitution;
  BenchWorld built{World::create(settings).value(), {}};
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
