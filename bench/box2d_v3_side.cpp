// Box2D v3's side of contactlab-bench-box2d (box2d_sides.h), through its C API. Built only when
// CMake is given -DCONTACTLAB_BOX2D_V3_DIR (bench/CMakeLists.txt).
#include <box2d/box2d.h>

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "box2d_sides.h"

namespace contactlab::bench {

namespace {

// The deepest overlap of the touching contacts of `bodies` (each contact is seen from both of its
// dynamic bodies; the fixed ones' contacts from the dynamic side).
double deepestOverlap(const std::vector<b2BodyId>& bodies, std::vector<b2ContactData>& buffer) {
  double deepest = 0;
  for (b2BodyId id : bodies) {
    buffer.resize(static_cast<size_t>(std::max(1, b2Body_GetContactCapacity(id))));
    const int count = b2Body_GetContactData(id, buffer.data(), static_cast<int>(buffer.size()));
    for (int c = 0; c < count; ++c) {
      const b2Manifold& m = buffer[static_cast<size_t>(c)].manifold;
      for (int i = 0; i < m.pointCount; ++i)
        deepest = std::max(deepest, -static_cast<double>(m.points[i].separation));
    }
  }
  return deepest;
}

b2ShapeDef shapeDef(const BenchScene& scene) {
  b2ShapeDef def = b2DefaultShapeDef();
  def.density = 1;
  def.material.friction = static_cast<float>(scene.friction);
  def.material.restitution = static_cast<float>(scene.restitution);
  return def;
}

b2BodyId addBody(b2WorldId world, b2BodyType type, double x, double y) {
  b2BodyDef def = b2DefaultBodyDef();
  def.type = type;
  def.position = {static_cast<float>(x), static_cast<float>(y)};
  return b2CreateBody(world, &def);
}

// Adds one step's profile to `stages` (ms).
void addStages(const b2Profile& p, V3Stages& stages) {
  stages.detection += p.pairs + p.collide + p.refit;
  stages.prepare += p.prepareStages + p.prepareConstraints;
  stages.substeps += p.integrateVelocities + p.warmStart + p.solveImpulses + p.integratePositions +
                     p.relaxImpulses + p.applyRestitution + p.storeImpulses;
}

// Box2D v3's run of a scene (box2d_sides.h: EngineRun), through its C API.
class V3Run : public EngineRun<V3Outcome> {
 public:
  explicit V3Run(const BenchScene& scene) : EngineRun(scene.steps) {
    b2WorldDef def = b2DefaultWorldDef();
    def.gravity = {0, -static_cast<float>(kBenchGravity)};
    def.enableSleep = false;
    def.workerCount = 1;  // and no enqueueTask: every stage runs on this thread
    world_ = b2CreateWorld(&def);
    const b2ShapeDef shape = shapeDef(scene);
    for (const SceneBox& b : scene.boxes) {
      const b2BodyId body = addBody(world_, b.fixed ? b2_staticBody : b2_dynamicBody, b.x, b.y);
      const b2Polygon box = b2MakeBox(static_cast<float>(b.w / 2), static_cast<float>(b.h / 2));
      b2CreatePolygonShape(body, &shape, &box);
      if (!b.fixed) moving_.push_back(body);
    }
    for (const SceneDisc& d : scene.discs) {
      const b2BodyId body = addBody(world_, b2_dynamicBody, d.x, d.y);
      const b2Circle circle{{0, 0}, static_cast<float>(d.r)};
      b2CreateCircleShape(body, &shape, &circle);
      moving_.push_back(body);
    }
    top_ = moving_.back();
    tracker_.emplace(scene, b2Body_GetPosition(top_).y);
  }
  ~V3Run() override { b2DestroyWorld(world_); }
  V3Run(const V3Run&) = delete;
  V3Run& operator=(const V3Run&) = delete;

  V3Outcome finish() override {
    V3Outcome out;
    static_cast<Outcome&>(out) = tracker_->outcome();
    out.msPerStep = msPerStep();
    out.overlap = deepestOverlap(moving_, buffer_);
    out.stages = {stages_.detection / steps(), stages_.prepare / steps(),
                  stages_.substeps / steps()};
    return out;
  }

 private:
  void step() override { b2World_Step(world_, static_cast<float>(kBenchDt), 4); }
  void measure(int number) override {
    addStages(b2World_GetProfile(world_), stages_);
    Outcome& out = tracker_->outcome();
    out.deepest = std::max(out.deepest, deepestOverlap(moving_, buffer_));
    tracker_->top(b2Body_GetPosition(top_).y);
    tracker_->recordAt(number, moving_, [](b2BodyId body) {
      const b2Vec2 p = b2Body_GetPosition(body);
      return std::pair<double, double>(p.x, p.y);
    });
  }

  b2WorldId world_;
  std::vector<b2BodyId> moving_;
  b2BodyId top_;
  std::optional<RunTracker> tracker_;
  std::vector<b2ContactData> buffer_;
  V3Stages stages_;
};

}  // namespace

std::unique_ptr<EngineRun<V3Outcome>> startBox2dV3(const BenchScene& scene) {
  return std::make_unique<V3Run>(scene);
}

}  // namespace contactlab::bench
