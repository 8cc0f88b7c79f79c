// The example of docs/api.md: a headless program that builds a world with a floor and a box,
// steps it for a second and prints the forces that hold the box up. Built and run as a test.
#include <cstdio>

#include "contactlab/world.h"

int main() {
  using namespace contactlab;

  WorldSettings settings;  // ContactSim, gravity 9.81 m/s^2, dt 0.01 s
  Result<World> created = World::create(settings);
  if (!created) {
    std::fprintf(stderr, "%s\n", created.error().message.c_str());
    return 1;
  }
  World world = created.value();

  BodyDef floor;
  floor.name = "floor";
  floor.width = 10;
  floor.height = 1;
  floor.state.position = {0, -0.5};  // its top face is the line y = 0
  floor.fixed = true;

  BodyDef box;
  box.name = "box";
  box.width = 2;
  box.height = 1;
  box.mass = 2;
  // Resting contacts are held at a small gap, half of distance_tol: place the box there.
  box.state.position = {0, 0.5 + settings.distanceTol / 2};

  for (const BodyDef& def : {floor, box}) {
    Result<BodyId> added = world.addBody(def);
    if (!added) {
      std::fprintf(stderr, "%s\n", added.error().message.c_str());
      return 1;
    }
  }

  for (int i = 0; i < 100; ++i) {
    Status stepped = world.step();
    if (!stepped) {
      std::fprintf(stderr, "%s\n", stepped.error().message.c_str());
      return 1;
    }
  }

  // One report per resting contact: the box's two bottom corners on the floor, m g / 2 each.
  for (const ContactReport& c : world.contacts()) {
    const BodyView a = *world.body(c.body1);
    const BodyView b = *world.body(c.body2);
    std::printf("%s on %s at (%.3f, %.3f): %.3f N\n", a.def.name.c_str(), b.def.name.c_str(),
                c.point.x, c.point.y, c.force);
  }
  return 0;
}
