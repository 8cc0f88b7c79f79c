// From a scene to a world (checked whole first: bodies, then joints, then springs) and from a world
// back to a scene in canonical form.
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
  World& built = world.value();
  for (const BodyDef& def : scene.bodies) {
    Result<BodyId> added = built.addBody(def);
    if (!added) return added.error();
  }
  for (const SceneJoint& joint : scene.joints) {
    JointDef def{joint.name,
                 joint.kind,
                 *built.findBody(joint.bodyA),
                 joint.bodyB.empty() ? BodyId{} : *built.findBody(joint.bodyB),
                 joint.anchorA,
                 joint.anchorB,
                 joint.length,
                 joint.elasticity};
    Result<JointId> added = built.addJoint(def);
    if (!added) return added.error();
  }
  for (const SceneSpring& spring : scene.springs) {
    SpringDef def;
    def.body = *built.findBody(spring.body);
    def.bodyPoint = spring.point;
    def.anchor = spring.anchor;
    def.stiffness = spring.stiffness;
    def.restLength = spring.restLength;
    def.damping = spring.damping;
    Result<SpringId> added = built.addSpring(def);
    if (!added) return Error{concat({"spring ", quoted(spring.name), ": ", added.error().message})};
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
  const auto nameOf = [&](BodyId id) {
    return id.isNull() ? std::string() : world.body(id)->def.name;
  };
  for (const JointDef& def : world.jointDefinitions()) {
    SceneJoint joint{def.name,    def.kind,    nameOf(def.a), nameOf(def.b),
                     def.anchorA, def.anchorB, def.length,    def.elasticity};
    scene.joints.push_back(std::move(joint));
  }
  for (const SpringDef& def : world.springDefinitions()) {
    scene.springs.push_back({concat({"spring", std::to_string(scene.springs.size() + 1)}),
                             nameOf(def.body), def.bodyPoint, def.anchor, def.stiffness,
                             def.restLength, def.damping});
  }
  return scene;
}

}  // namespace contactlab
