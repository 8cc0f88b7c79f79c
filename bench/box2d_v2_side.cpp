// Box2D 2.4.1's side of contactlab-bench-box2d (box2d_sides.h).
#include <box2d/box2d.h>

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "box2d_sides.h"

namespace contactlab::bench {

namespace {

// The deepest overlap of touching contacts, below their polygon skins.
double deepestOverlap(b2World& world) {
  double deepest = 0;
  for (b2Contact* c = world.GetContactList(); c; c = c->GetNext()) {
    if (!c->IsTouching()) continue;
    b2WorldManifold manifold;
    c->GetWorldManifold(&manifold);
    for (int i = 0; i < c->GetManifold()->pointCount; ++i)
      deepest = std::max(deepest, -static_cast<double>(manifold.separations[i]));
  }
  return deepest;
}

b2Body* addBody(b2World& world, b2BodyType type, double x, double y, const b2Shape& shape,
                const BenchScene& scene) {
  b2BodyDef def;
  def.type = type;
  def.position.Set(static_cast<float>(x), static_cast<float>(y));
  b2Body* body = world.CreateBody(&def);
  b2FixtureDef fixture;
  fixture.shape = &shape;
  fixture.density = 1;
  fixture.friction = static_cast<float>(scene.friction);
  fixture.restitution = static_cast<float>(scene.restitution);
  body->CreateFixture(&fixture);
  return body;
}

// Box2D 2.4.1's run of a scene (box2d_sides.h: EngineRun).
class V2Run : public EngineRun<Outcome> {
 public:
  explicit V2Run(const BenchScene& scene)
      : EngineRun(scene.steps), world_(b2Vec2(0, -static_cast<float>(kBenchGravity))) {
    world_.SetAllowSleeping(false);
    for (const SceneBox& b : scene.boxes) {
      b2PolygonShape shape;
      shape.SetAsBox(static_cast<float>(b.w / 2), static_cast<float>(b.h / 2));
      b2Body* body =
          addBody(world_, b.fixed ? b2_staticBody : b2_dynamicBody, b.x, b.y, shape, scene);
      if (!b.fixed) moving_.push_back(body);
    }
    for (const SceneDisc& d : scene.discs) {
      b2CircleShape shape;
      shape.m_radius = static_cast<float>(d.r);
      moving_.push_back(addBody(world_, b2_dynamicBody, d.x, d.y, shape, scene));
    }
    top_ = moving_.back();
    tracker_.emplace(scene, top_->GetPosition().y);
  }

  Outcome finish() override {
    Outcome out = tracker_->outcome();
    out.msPerStep = msPerStep();
    out.overlap = deepestOverlap(world_);
    return out;
  }

 private:
  void step() override { world_.Step(static_cast<float>(kBenchDt), 8, 3); }
  void measure(int number) override {
    Outcome& out = tracker_->outcome();
    out.deepest = std::max(out.deepest, deepestOverlap(world_));
    tracker_->top(top_->GetPosition().y);
    tracker_->recordAt(number, moving_, [](const b2Body* body) {
      return std::pair<double, double>(body->GetPosition().x, body->GetPosition().y);
    });
  }

  b2World world_;
  std::vector<b2Body*> moving_;
  b2Body* top_ = nullptr;
  std::optional<RunTracker> tracker_;
};

}  // namespace

std::unique_ptr<EngineRun<Outcome>> startBox2dV2(const BenchScene& scene) {
  return std::make_unique<V2Run>(scene);
}

}  // namespace contactlab::bench
