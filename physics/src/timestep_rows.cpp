#include "timestep_rows.h"

#include <algorithm>
#include <cmath>

#include "contact_materials.h"
#include "contactlab_assert.h"

namespace contactlab {

TimestepRow timestepRow(const Model& model, const Contact& c, std::span<const BodyState> states,
                        std::span<const BodyVelocity> velocity,
                        std::span<const BodyVelocity> start) {
  CONTACTLAB_ASSERT(velocity.size() == model.bodies.size() && start.size() == model.bodies.size(),
                    "timestep row: a velocity per body");
  const WorldSettings& w = model.settings;
  const ContactGeometry& g = c.geometry;
  const Body& b1 = model.bodies[c.body1];
  const Body& b2 = model.bodies[c.body2];
  TimestepRow out;
  out.row = {contactRow(c.body1, c.body2, g.normal, g.point1 - states[c.body1].position,
                        g.point2 - states[c.body2].position),
             pairFriction(b1.friction, b2.friction)};
  const QpContact& row = out.row;

  out.freeNormal = normalVelocity(row, velocity);
  out.freeTangent = tangentVelocity(row, velocity);
  out.startTangent = tangentVelocity(row, start);
  const double startNormal = normalVelocity(row, start);

  const double h = w.dt;
  const double excess = g.distance - w.distanceTol / 2;
  out.bias = std::max(excess - kTouchingBand * w.distanceTol, 0.0) / h;
  const double e = pairRestitution(b1.elasticity, b2.elasticity);
  if (e > 0 && startNormal < -w.restitutionThreshold && excess + h * startNormal < 0)
    out.bias = std::min(out.bias, e * startNormal);
  return out;
}

}  // namespace contactlab
