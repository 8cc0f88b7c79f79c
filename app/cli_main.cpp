// contactlab-cli: the headless runner. For now it runs the default classroom scene (a tapering
// stack on the floor) for 2 s and prints the final state as JSON.
#include <nlohmann/json.hpp>

#include <iostream>
#include <string>

#include "contactlab/world.h"

using namespace contactlab;

int main() {
  Result<World> created = World::create({});
  World world = created.value();
  BodyDef floor;
  floor.name = "floor";
  floor.width = 20;
  floor.height = 1;
  floor.fixed = true;
  floor.state.position = {0, -0.5};
  world.addBody(floor);
  double y = 0;
  const double gap = world.settings().distanceTol / 2;
  for (int i = 0; i < 3; ++i) {
    BodyDef block;
    block.name = std::string(1, char('A' + i));
    block.width = 3 - i;
    block.height = 1;
    block.mass = 3 - i;
    y += gap;
    block.state.position = {0, y + 0.5};
    y += 1;
    world.addBody(block);
  }
  for (int i = 0; i < 200; ++i) {
    Status status = world.step();
    if (!status) {
      std::cerr << "simulation failed: " << status.error().message << "\n";
      return 3;
    }
  }
  nlohmann::json out;
  out["time"] = world.time();
  for (BodyId id : world.bodies()) {
    BodyView b = *world.body(id);
    out["bodies"].push_back({{"name", b.def.name}, {"x", b.state.position.x}, {"y", b.state.position.y},
                             {"angle", b.state.angle}, {"vx", b.state.velocity.x},
                             {"vy", b.state.velocity.y}, {"omega", b.state.omega}});
  }
  for (const ContactReport& c : world.contacts()) {
    out["contacts"].push_back({{"a", world.body(c.body1)->def.name}, {"b", world.body(c.body2)->def.name},
                               {"x", c.point.x}, {"y", c.point.y}, {"nx", c.normal.x},
                               {"ny", c.normal.y}, {"force", c.force}, {"friction", c.friction}});
  }
  Energy e = world.energy();
  out["energy"] = {{"kinetic", e.kinetic}, {"potential", e.potential}, {"total", e.total}};
  std::cout << out.dump(1) << "\n";
  return 0;
}
