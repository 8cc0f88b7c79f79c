#include "timestep_joints.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "contactlab_assert.h"
#include "timestep_rows.h"

namespace contactlab {

void timestepJointRows(const Model& model, std::span<const BodyState> states,
                       std::span<const BodyRate> noRates, std::span<const double> reach,
                       std::vector<JointRow>& out) {
  jointRows(model, states, noRates, std::numeric_limits<double>::infinity(), out);
  const WorldSettings& w = model.settings;
  const auto immovable = [&](int body) { return body < 0 || model.bodies[body].fixed(); };
  const auto travel = [&](int body) { return body < 0 ? 0.0 : reach[body]; };
  std::erase_if(out, [&](const JointRow& row) {
    if (immovable(row.body1) && immovable(row.body2)) return true;
    return row.oneSided && !reach.empty() &&
           row.gap - w.distanceTol / 2 > w.contactMargin + travel(row.body1) + travel(row.body2);
  });
}

int jointRowIndex(std::span<const JointRow> rows, std::size_t k) {
  CONTACTLAB_ASSERT(k < rows.size(), "timestep joints: no such row");
  return k > 0 && rows[k - 1].joint == rows[k].joint ? 1 : 0;
}

double jointSeparation(const Model& model, const JointRow& row) {
  const Joint& joint = model.joints[row.joint];
  if (row.oneSided) return row.gap - model.settings.distanceTol / 2;
  if (holdsDistance(joint.def.kind)) return glm::length(row.offset) - joint.def.length;
  return glm::dot(row.normal, row.offset);
}

TimestepJointRow timestepJointRow(const Model& model, const JointRow& row,
                                  std::span<const BodyVelocity> velocity) {
  const WorldSettings& w = model.settings;
  const double h = w.dt;
  TimestepJointRow out;
  QpContact& c = out.row;
  c.body1 = row.body1;
  c.body2 = row.body2;
  c.normal = row.normal;
  c.normalArm1 = row.arm1;
  c.normalArm2 = row.arm2;
  c.bilateral = !row.oneSided;
  const BodyVelocity none;
  const BodyVelocity& v1 = velocity[row.body1];
  const BodyVelocity& v2 = row.body2 >= 0 ? velocity[row.body2] : none;
  const double free = normalVelocity(c, v1, v2);
  double bias = h * row.freeAcceleration / 2;
  if (row.oneSided) {
    const double excess = row.gap - w.distanceTol / 2;
    bias += std::max(excess - kTouchingBand * w.distanceTol, 0.0) / h;
    const double e = model.joints[row.joint].def.elasticity;
    if (e > 0 && row.speed < -w.restitutionThreshold && excess + h * row.speed < 0)
      bias = std::min(bias, e * row.speed);
  }
  out.r = free + bias;
  return out;
}

}  // namespace contactlab
