// Box2D 2.4.1's side of contactlab-bench-box2d (box2d_sides.h).
#include <box2d/box2d.h>

#include <algorithm>
#include <vector>

#include "box2d_sides.h"
#include "step_clock.h"

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

}  // namespace

Outcome runBox2dV2(const BenchScene& scene) {
  b2World world(b2Vec2(0, -static_cast<float>(kBenchGravity)));
  world.SetAllowSleeping(false);
  std::vector<b2Body*> moving;
  for (const SceneBox& b : scene.boxes) {
    b2PolygonShape shape;
    shape.SetAsBox(static_cast<float>(b.w / 2), static_cast<float>(b.h / 2));
    b2Body* body = addBody(world, b.fixed ? b2_staticBody : b2_dynamicBody, b.x, b.y, shape, scene);
    if (!b.fixed) moving.push_back(body);
  }
  for (const SceneDisc& d : scene.discs) {
    b2CircleShape shape;
    shape.m_radius = static_cast<float>(d.r);
    moving.push_back(addBody(world, b2_dynamicBody, d.x, d.y, shape, scene));
  }
  b2Body* top = moving.back();
  RunTracker tracker(scene, top->GetPosition().y);
  Positions positions;
  double seconds = 0;
  for (int step = 1; step <= scene.steps; ++step) {
    const double start = stepClockSeconds();
    world.Step(static_cast<float>(kBenchDt), 8, 3);
    seconds += stepClockSince(start);
    Outcome& out = tracker.outcome();
    out.deepest = std::max(out.deepest, deepestOverlap(world));
    tracker.top(top->GetPosition().y);
    if (tracker.wantsPositions(step)) {
      positions.clear();
      for (b2Body* body : moving) {
        positions.x.push_back(body->GetPosition().x);
        positions.y.push_back(body->GetPosition().y);
      }
      tracker.record(step, positions);
    }
  }
  Outcome& out = tracker.outcome();
  out.msPerStep = 1e3 * seconds / scene.steps;
  out.overlap = deepestOverlap(world);
  return out;
}

}  // namespace contactlab::bench
