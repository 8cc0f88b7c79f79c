// Box2D v3's side of contactlab-bench-joints' grid (box2d_v3_joint_grid.h), through its C API.
#include "box2d_v3_joint_grid.h"

#include <box2d/box2d.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "joint_grid_scene.h"

namespace contactlab::bench {

JointGridRun runBox2dV3JointGrid(int n, int steps) {
  b2WorldDef worldDef = b2DefaultWorldDef();
  worldDef.gravity = {0, -10};
  worldDef.enableSleep = false;
  const b2WorldId world = b2CreateWorld(&worldDef);
  b2ShapeDef shapeDef = b2DefaultShapeDef();
  shapeDef.density = 1;
  const b2Circle circle = {{0, 0}, static_cast<float>(kGridDiscRadius)};
  const JointGrid grid = jointGrid(n);
  std::vector<b2BodyId> discs;
  for (const GridDisc& d : grid.discs) {
    b2BodyDef bodyDef = b2DefaultBodyDef();
    bodyDef.type = d.fixed ? b2_staticBody : b2_dynamicBody;
    bodyDef.position = {static_cast<float>(d.x), static_cast<float>(d.y)};
    discs.push_back(b2CreateBody(world, &bodyDef));
    b2CreateCircleShape(discs.back(), &shapeDef, &circle);
  }
  auto anchor = [](double x, double y) {
    return b2Vec2{static_cast<float>(x), static_cast<float>(y)};
  };
  for (const GridHinge& h : grid.hinges) {
    b2RevoluteJointDef jointDef = b2DefaultRevoluteJointDef();
    jointDef.bodyIdA = discs[h.a];
    jointDef.bodyIdB = discs[h.b];
    jointDef.localAnchorA = anchor(h.ax, h.ay);
    jointDef.localAnchorB = anchor(h.bx, h.by);
    b2CreateRevoluteJoint(world, &jointDef);
  }
  const auto start = std::chrono::steady_clock::now();
  for (int s = 0; s < steps; ++s) b2World_Step(world, static_cast<float>(kGridDt), 4);
  JointGridRun run;
  run.msPerStep =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() /
      steps;
  for (const GridHinge& h : grid.hinges) {
    const b2Vec2 apart = b2Sub(b2Body_GetWorldPoint(discs[h.a], anchor(h.ax, h.ay)),
                               b2Body_GetWorldPoint(discs[h.b], anchor(h.bx, h.by)));
    run.drift = std::max(run.drift, static_cast<double>(b2Length(apart)));
  }
  b2DestroyWorld(world);
  return run;
}

}  // namespace contactlab::bench
