// Box2D v3's side of contactlab-bench-joints' grid (box2d_v3_joint_grid.h), through its C API.
#include "box2d_v3_joint_grid.h"

#include <box2d/box2d.h>

#include <algorithm>
#include <chrono>
#include <vector>

namespace contactlab::bench {

JointGridRun runBox2dV3JointGrid(int n, int steps) {
  b2WorldDef worldDef = b2DefaultWorldDef();
  worldDef.gravity = {0, -10};
  worldDef.enableSleep = false;
  const b2WorldId world = b2CreateWorld(&worldDef);
  b2ShapeDef shapeDef = b2DefaultShapeDef();
  shapeDef.density = 1;
  const b2Circle circle = {{0, 0}, 0.4f};
  auto isFixed = [n](int k, int i) { return i == 0 && k >= n / 2 - 3 && k <= n / 2 + 3; };
  struct Hinge {
    b2BodyId a, b;
    b2Vec2 anchorA, anchorB;
  };
  std::vector<b2BodyId> discs;
  std::vector<Hinge> hinges;
  for (int k = 0; k < n; ++k)
    for (int i = 0; i < n; ++i) {
      b2BodyDef bodyDef = b2DefaultBodyDef();
      bodyDef.type = isFixed(k, i) ? b2_staticBody : b2_dynamicBody;
      bodyDef.position = {static_cast<float>(k), static_cast<float>(-i)};
      const b2BodyId disc = b2CreateBody(world, &bodyDef);
      b2CreateCircleShape(disc, &shapeDef, &circle);
      if (i > 0) hinges.push_back({discs.back(), disc, {0, -0.5f}, {0, 0.5f}});
      if (k > 0 && !(isFixed(k - 1, i) && isFixed(k, i)))
        hinges.push_back({discs[discs.size() - n], disc, {0.5f, 0}, {-0.5f, 0}});
      discs.push_back(disc);
    }
  for (const Hinge& h : hinges) {
    b2RevoluteJointDef jointDef = b2DefaultRevoluteJointDef();
    jointDef.bodyIdA = h.a;
    jointDef.bodyIdB = h.b;
    jointDef.localAnchorA = h.anchorA;
    jointDef.localAnchorB = h.anchorB;
    b2CreateRevoluteJoint(world, &jointDef);
  }
  const auto start = std::chrono::steady_clock::now();
  for (int s = 0; s < steps; ++s) b2World_Step(world, 1.0f / 60, 4);
  JointGridRun run;
  run.msPerStep =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() /
      steps;
  for (const Hinge& h : hinges) {
    const b2Vec2 apart =
        b2Sub(b2Body_GetWorldPoint(h.a, h.anchorA), b2Body_GetWorldPoint(h.b, h.anchorB));
    run.drift = std::max(run.drift, static_cast<double>(b2Length(apart)));
  }
  b2DestroyWorld(world);
  return run;
}

}  // namespace contactlab::bench
