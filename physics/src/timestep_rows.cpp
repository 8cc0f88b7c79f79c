#include "timestep_rows.h"

#include <algorithm>
#include <cmath>

#include "contact_materials.h"
#include "contactlab_assert.h"

namespace contactlab {

RowVelocity rowVelocity(const QpContact& row, std::span<const double> u) {
  CONTACTLAB_ASSERT(row.body1 >= 0 && row.body2 >= 0 &&
                        3 * static_cast<size_t>(std::max(row.body1, row.body2)) + 2 < u.size(),
                    "timestep row: 3 velocities per body, the row's bodies within them");
  const double* u1 = &u[3 * static_cast<size_t>(row.body1)];
  const double* u2 = &u[3 * static_cast<size_t>(row.body2)];
  const Vec2 dv{u1[0] - u2[0], u1[1] - u2[1]};
  const Vec2 t = perpendicular(row.normal);
  return {glm::dot(row.normal, dv) + row.normalArm1 * u1[2] - row.normalArm2 * u2[2],
          glm::dot(t, dv) + row.tangentArm1 * u1[2] - row.tangentArm2 * u2[2]};
}

TimestepRow timestepRow(const Model& model, const Contact& c, std::span<const BodyState> states,
                        std::span<const double> velocity, std::span<const double> start) {
  CONTACTLAB_ASSERT(
      velocity.size() == 3 * model.bodies.size() && start.size() == 3 * model.bodies.size(),
      "timestep row: 3 velocities per body");
  const WorldSettings& w = model.settings;
  const ContactGeometry& g = c.geometry;
  const Body& b1 = model.bodies[c.body1];
  const Body& b2 = model.bodies[c.body2];
  TimestepRow out;
  QpContact& row = out.row;
  row.body1 = c.body1;
  row.body2 = c.body2;
  row.normal = g.normal;
  const Vec2 t = perpendicular(g.normal);
  const Vec2 arm1 = g.point1 - states[c.body1].position;
  const Vec2 arm2 = g.point2 - states[c.body2].position;
  row.normalArm1 = cross(arm1, g.normal);
  row.normalArm2 = cross(arm2, g.normal);
  row.tangentArm1 = cross(arm1, t);
  row.tangentArm2 = cross(arm2, t);
  row.friction = pairFriction(b1.friction, b2.friction);

  const RowVelocity free = rowVelocity(row, velocity);
  const RowVelocity before = rowVelocity(row, start);
  out.freeNormal = free.n;
  out.freeTangent = free.t;
  out.startTangent = before.t;

  const double h = w.dt;
  const double excess = g.distance - w.distanceTol / 2;
  out.bias = std::max(excess - kTouchingBand * w.distanceTol, 0.0) / h;
  const double e = pairRestitution(b1.elasticity, b2.elasticity);
  if (e > 0 && before.n < -w.restitutionThreshold && excess + h * before.n < 0)
    out.bias = std::min(out.bias, e * before.n);
  return out;
}

}  // namespace contactlab
