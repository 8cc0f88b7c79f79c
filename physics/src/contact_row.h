// One contact's rows of the Jacobian, written once for every solver (ContactSim's matrix A,
// ImpulseSim's impulses, the time-stepping QP and its substeps). Reference 003: each contact gives
// a column of D,
//   D_n = [ n ; r1 x n ] on body 1 and [ -n ; -(r2 x n) ] on body 2,
//   D_t = [ t ; r1 x t ] on body 1 and [ -t ; -(r2 x t) ] on body 2,   t = perpendicular(n),
// with n the normal from body 2 to body 1 and r_i = p_i - x_i the lever arm of the contact point
// from body i's centre of mass. For body velocities v = (vx, vy, omega) per body:
//   normalVelocity  u_n = D_n^T v = n . (v1 - v2) + (r1 x n) omega1 - (r2 x n) omega2,
//   tangentVelocity u_t = D_t^T v (the same with t),
//   applyImpulse    v += M^-1 (D_n gamma_n + D_t gamma_t),
// and the contact's 2x2 block of N = D^T M^-1 D. Reference 004's ContactSim and ImpulseSim use
// the normal row alone: a force f acts as +f n on body 1 at p1 and -f n on body 2 at p2, and
// eq. (9)'s A = J M^-1 J^T has J = D_n^T (contact_matrix.h).
//
// Each function keeps the order of its floating-point operations: the solvers' results are
// bit-for-bit those of the formulas as written here, so a change of order is a change of results.
#pragma once

#include <span>

#include "contactlab/vec2.h"

namespace contactlab {

// D_n and D_t of one contact. body1 != body2.
struct ContactRow {
  // Indices into the caller's bodies (a fixed body has zero inverse mass).
  int body1 = 0, body2 = 0;
  Vec2 normal{0, 1};                        // unit, from body 2 to body 1
  double normalArm1 = 0, normalArm2 = 0;    // r1 x n, r2 x n
  double tangentArm1 = 0, tangentArm2 = 0;  // r1 x t, r2 x t, t = perpendicular(n)
};

// A body's M^-1: 1 / m and 1 / I, both 0 for a fixed body.
struct InverseMass {
  double invMass = 0;
  double invInertia = 0;
};

// A body's generalized velocity (vx, vy, omega), or a change of it.
struct BodyVelocity {
  Vec2 linear{0, 0};
  double angular = 0;
};
static_assert(sizeof(BodyVelocity) == 3 * sizeof(double));

// The rows of a contact with normal n (from body 2 to body 1) and lever arms r1, r2.
inline ContactRow contactRow(int body1, int body2, Vec2 normal, Vec2 arm1, Vec2 arm2) {
  const Vec2 t = perpendicular(normal);
  ContactRow row;
  row.body1 = body1;
  row.body2 = body2;
  row.normal = normal;
  row.normalArm1 = cross(arm1, normal);
  row.normalArm2 = cross(arm2, normal);
  row.tangentArm1 = cross(arm1, t);
  row.tangentArm2 = cross(arm2, t);
  return row;
}

// d . (v1 - v2) + arm1 omega1 - arm2 omega2, with the bodies' relative linear velocity given: one
// row of D^T v (d = n or t), the operations every function below rounds the same way.
inline double alongRow(Vec2 direction, double arm1, double arm2, Vec2 relative,
                       const BodyVelocity& v1, const BodyVelocity& v2) {
  return glm::dot(direction, relative) + arm1 * v1.angular - arm2 * v2.angular;
}

// u_n = D_n^T v for the velocities v1, v2 of the row's two bodies.
inline double normalVelocity(const ContactRow& row, const BodyVelocity& v1,
                             const BodyVelocity& v2) {
  return alongRow(row.normal, row.normalArm1, row.normalArm2, v1.linear - v2.linear, v1, v2);
}

// u_t = D_t^T v for the velocities v1, v2 of the row's two bodies.
inline double tangentVelocity(const ContactRow& row, const BodyVelocity& v1,
                              const BodyVelocity& v2) {
  return alongRow(perpendicular(row.normal), row.tangentArm1, row.tangentArm2,
                  v1.linear - v2.linear, v1, v2);
}

// Both, u_n and u_t, with the bodies' relative velocity taken once.
inline void rowVelocities(const ContactRow& row, const BodyVelocity& v1, const BodyVelocity& v2,
                          double& normal, double& tangent) {
  const Vec2 relative = v1.linear - v2.linear;
  normal = alongRow(row.normal, row.normalArm1, row.normalArm2, relative, v1, v2);
  tangent = alongRow(perpendicular(row.normal), row.tangentArm1, row.tangentArm2, relative, v1, v2);
}

// v += M^-1 (D_n normal + D_t tangent) for the row's two bodies (inverse masses m1, m2).
inline void applyImpulse(const ContactRow& row, const InverseMass& m1, const InverseMass& m2,
                         double normal, double tangent, BodyVelocity& v1, BodyVelocity& v2) {
  const Vec2 p = normal * row.normal + tangent * perpendicular(row.normal);
  v1.linear += m1.invMass * p;
  v1.angular += m1.invInertia * (row.normalArm1 * normal + row.tangentArm1 * tangent);
  v2.linear -= m2.invMass * p;
  v2.angular -= m2.invInertia * (row.normalArm2 * normal + row.tangentArm2 * tangent);
}

// v += M^-1 D_n normal: the normal row alone, rounded as (normal / m) n and (normal / I)(r x n)
// (ContactSim's and ImpulseSim's order; applyImpulse with tangent 0 rounds as (n normal) / m).
inline void applyNormalImpulse(const ContactRow& row, const InverseMass& m1, const InverseMass& m2,
                               double normal, BodyVelocity& v1, BodyVelocity& v2) {
  v1.linear += normal * m1.invMass * row.normal;
  v1.angular += normal * m1.invInertia * row.normalArm1;
  v2.linear -= normal * m2.invMass * row.normal;
  v2.angular -= normal * m2.invInertia * row.normalArm2;
}

// The same three for velocities (and inverse masses) indexed by the row's bodies.
inline double normalVelocity(const ContactRow& row, std::span<const BodyVelocity> v) {
  return normalVelocity(row, v[row.body1], v[row.body2]);
}
inline double tangentVelocity(const ContactRow& row, std::span<const BodyVelocity> v) {
  return tangentVelocity(row, v[row.body1], v[row.body2]);
}
inline void applyImpulse(const ContactRow& row, std::span<const InverseMass> m, double normal,
                         double tangent, std::span<BodyVelocity> v) {
  applyImpulse(row, m[row.body1], m[row.body2], normal, tangent, v[row.body1], v[row.body2]);
}

// The contact's 2x2 block of N = D^T M^-1 D: D_n^T M^-1 D_n, D_n^T M^-1 D_t, D_t^T M^-1 D_t
// (n . n = t . t = 1, n . t = 0).
struct RowBlock {
  double nn = 0, nt = 0, tt = 0;
};
inline RowBlock rowBlock(const ContactRow& row, const InverseMass& m1, const InverseMass& m2) {
  const double linear = m1.invMass + m2.invMass;
  return {linear + m1.invInertia * row.normalArm1 * row.normalArm1 +
              m2.invInertia * row.normalArm2 * row.normalArm2,
          m1.invInertia * row.normalArm1 * row.tangentArm1 +
              m2.invInertia * row.normalArm2 * row.tangentArm2,
          linear + m1.invInertia * row.tangentArm1 * row.tangentArm1 +
              m2.invInertia * row.tangentArm2 * row.tangentArm2};
}

}  // namespace contactlab
