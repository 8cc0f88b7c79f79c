// From a scene to a world (checked whole first) and from a world back to a scene in canonical form.
#include "contactlab/scene.h"
#include "scene_check.h"
#include "scene_vocabulary.h"
#include "shape.h"

namespace contactlab {
namespace {

// Drops what the body does not use, so that the scene writes and reads back unchanged: the sizes
// of other shapes, and the density when a mass is given (the mass overrides it).
BodyDef canonical(BodyDef def) {
  const BodyDef defaults;
  if (def.shape != ShapeKind::Box) {
    def.width = defaults.width;
    def.height = defaults.height;
  }
  if (def.shape != ShapeKind::Disc) def.radius = defaults.radius;
  if (def.shape != ShapeKind::Polygon) def.points.clear();
  if (def.mass) def.density = defaults.density;
  return def;
}

}  // namespace

Result<World> buildWorld(const Scene& scene) {
  if (std::optional<SceneProblem> problem = checkScene(scene, nullptr))
    return Error{problem->message};
  Result<World> world = World::create(scene.settings);
  if (!world) return world.error();
  for (const BodyDef& def : scene.bodies) {
    Result<BodyId> added = world.value().addBody(def);
    if (!added) return added.error();
  }
  return world;
}

Scene captureScene(const World& world) {
  Scene scene;
  scene.settings = world.settings();
  for (BodyId id : world.bodies()) {
    BodyView view = *world.body(id);
    view.def.state = view.state;
    scene.bodies.push_back(canonical(std::move(view.def)));
  }
  return scene;
}

}  // namespace contactlab
