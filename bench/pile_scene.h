// A pile of n random blocks (0.4-1.2 m, 0.5-3 kg, tilted up to 0.3 rad) dropped in rows into a
// container whose width grows with sqrt(n). Shared by the benchmarks.
#pragma once

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "contactlab/world.h"

namespace contactlab::bench {

// The width inside the container of a pile of n blocks.
inline double pileWidth(int blocks) {
  return std::max(6.0, 1.6 * std::sqrt(double(blocks)));
}

// A floor and two 40 m walls, `inside` metres apart, with no blocks.
inline World pileContainer(double inside) {
  World world = World::create({}).value();
  auto fixedBox = [&](const char* name, double w, double h, double x, double y) {
    BodyDef def;
    def.name = name;
    def.width = w;
    def.height = h;
    def.fixed = true;
    def.state.position = {x, y};
    world.addBody(def);
  };
  fixedBox("floor", inside + 4, 1, 0, -0.5);
  fixedBox("leftWall", 0.5, 40, -inside / 2 - 0.25, 20);
  fixedBox("rightWall", 0.5, 40, inside / 2 + 0.25, 20);
  return world;
}

// Block `index` of a pile, its size, mass and tilt drawn from `random`, centred at `position`.
inline BodyDef pileBlock(int index, std::mt19937& random, Vec2 position) {
  std::uniform_real_distribution<double> size(0.4, 1.2), mass(0.5, 3), tilt(-0.3, 0.3);
  BodyDef def;
  def.name = "block" + std::to_string(index);
  def.width = size(random);
  def.height = 0.8 * size(random);
  def.mass = mass(random);
  def.state.angle = tilt(random);
  def.state.position = position;
  return def;
}

inline World pileWorld(int blocks, std::uint32_t seed = 20261202) {
  const double inside = pileWidth(blocks);
  World world = pileContainer(inside);
  std::mt19937 random(seed);
  const int columns = std::max(1, static_cast<int>(inside / 1.8));
  for (int i = 0; i < blocks; ++i) {
    const Vec2 position{-inside / 2 + 0.9 + 1.8 * (i % columns), 1 + 1.4 * (i / columns)};
    world.addBody(pileBlock(i, random, position));
  }
  return world;
}

}  // namespace contactlab::bench
