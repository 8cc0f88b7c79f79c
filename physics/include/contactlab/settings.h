// The world's parameters, each with its documented default (docs/physics.md).
#pragma once

namespace contactlab {

enum class IntegratorKind { Euler, Midpoint, Rk4 };

// How several collisions found at the same instant are resolved.
enum class CollisionHandling {
  Serial,        // one contact at a time, the fastest approaching first, until none approaches
  Simultaneous,  // one impulse LCP over all colliding contacts
};

struct WorldSettings {
  double gravity = 9.81;       // m/s^2, pulls along -y
  double damping = 0;          // k: force -k v (N s/m), torque -k * rotateRatio * omega
  double rotateRatio = 1;      // m^2, scales damping of rotation
  double elasticity = 0.8;     // coefficient of restitution of bodies that do not set their own
  double friction = 0.6;       // Coulomb coefficient of bodies that do not set their own
  double dt = 0.01;            // s, the fixed step
  IntegratorKind integrator = IntegratorKind::Rk4;
  CollisionHandling collisions = CollisionHandling::Serial;
  double distanceTol = 0.01;   // m: a vertex this close to an edge can be a resting contact
  double velocityTol = 0.5;    // m/s: ...if it approaches or leaves slower than this
  // Resting contacts are steered to a gap of half the distance tolerance by a critically damped
  // correction with this time constant, in steps (larger is softer, smaller is stiffer).
  double gapRecoverySteps = 2;
};

}  // namespace contactlab
