// The world's parameters, each with its documented default (docs/physics.md).
#pragma once

namespace contactlab {

enum class IntegratorKind { Euler, Midpoint, Rk4 };

// How several collisions found at the same instant are resolved.
enum class CollisionHandling {
  Serial,        // one contact at a time, the fastest approaching first, until none approaches
  Simultaneous,  // one impulse LCP over all colliding contacts
};

// Which simulation advances the world (docs/physics.md, docs/timestep.md).
enum class SolverKind {
  Contact,   // ContactSim (Baraff's LCP for resting contact, frictionless) on ImpulseSim
  Timestep,  // velocity-level time stepping with Coulomb friction (reference 003)
};

// How the time-stepping solver solves a step's contact problem (docs/timestep.md).
enum class TimestepScheme {
  Qp,        // each group's QP/CCP solved by qpMethod to qpTolerance, at most qpIterations
  Substeps,  // substeps of one Gauss-Seidel sweep each with Coulomb's law (fast, fixed cost)
};

// The iterative solver of the time-stepping contact problem (frictionless QP or friction CCP),
// under TimestepScheme::Qp.
enum class QpSolverKind {
  Pgs,    // projected Gauss-Seidel, one contact at a time
  Mprgp,  // Dostal's MPRGP; frictionless problems only: a group with friction is solved by APGD,
          // and Statistics::qpApgdInPlaceOfMprgp counts those solves
  Apgd,   // accelerated projected gradient descent (Nesterov)
};

struct WorldSettings {
  double gravity = 9.81;    // m/s^2, pulls along -y
  double damping = 0;       // k: force -k v (N s/m), torque -k * rotateRatio * omega
  double rotateRatio = 1;   // m^2, scales damping of rotation
  double elasticity = 0.8;  // coefficient of restitution of bodies that do not set their own
  double friction = 0.6;    // Coulomb coefficient of bodies that do not set their own
  double dt = 0.01;         // s, the fixed step
  IntegratorKind integrator = IntegratorKind::Rk4;
  CollisionHandling collisions = CollisionHandling::Serial;
  double distanceTol = 0.01;  // m: a vertex this close to an edge can be a resting contact
  double velocityTol = 0.5;   // m/s: ...if it approaches or leaves slower than this
  // Resting contacts are steered to a gap of half the distance tolerance by a critically damped
  // correction with this time constant, in steps (larger is softer, smaller is stiffer).
  double gapRecoverySteps = 2;

  SolverKind solver = SolverKind::Contact;
  // Time-stepping solver only (docs/timestep.md).
  TimestepScheme timestepScheme = TimestepScheme::Qp;
  // TimestepScheme::Qp: each group's problem is solved until its residual (a relative velocity
  // error) is at most qpTolerance or qpIterations iterations ran; APGD aims at a hundredth of
  // qpTolerance on a group at rest (docs/timestep.md, "Depth").
  QpSolverKind qpMethod = QpSolverKind::Apgd;
  double qpTolerance = 1e-3;
  int qpIterations = 500;  // 1 to 1000000
  // TimestepScheme::Substeps: substeps per step (1 to 1000), each one sweep plus two relax sweeps;
  // it replaces the tolerance and the iteration cap.
  int substeps = 4;
  // Fraction of a contact's excess closeness (target gap minus gap) removed per step by moving
  // positions (gap_projection.h), in (0, 1].
  double gapStabilization = 0.2;
  // m: contacts closer than this (plus how far the two bodies can travel in the step) enter the
  // step's problem, so that contacts about to close are held before they penetrate.
  double contactMargin = 0.02;
  // m/s: contacts approaching faster than this bounce with the pair's restitution; slower ones
  // come to rest.
  double restitutionThreshold = 1;
};

}  // namespace contactlab
