// The documented limits of a world (docs/limits.md): the ranges the solvers are built for. Values
// beyond them are refused when a body, a spring or the settings are given; a step that carries a
// body beyond them fails and is undone.
#pragma once

#include <cstddef>

namespace contactlab::limits {

constexpr double kWorldSize = 1e6;      // m: |x| and |y| of every body's centre
constexpr double kSpeedLimit = 1e4;     // m/s: |v|, and |omega| times the bounding radius
constexpr double kMinSize = 1e-4;       // m: box sides, disc radii, a polygon's thinnest half
constexpr double kMaxSize = 1e5;        // m: box sides, disc radii, polygon corner coordinates
constexpr double kMinMass = 1e-9;       // kg: given, or density times area
constexpr double kMaxMass = 1e12;       // kg
constexpr double kMinDensity = 1e-9;    // kg/m^2
constexpr double kMaxDensity = 1e12;    // kg/m^2
constexpr double kMaxGravity = 1e4;     // m/s^2, either sign
constexpr double kMaxDt = 1;            // s: the time step (at 1e20 s the substeps' float rows
                                        // overflow; a longer step than 1 s only flings bodies)
constexpr double kMaxStiffness = 1e18;  // N/m and N s/m: springs' stiffness and damping
constexpr double kSpringReach = 1e7;  // m: |x|, |y| of spring anchors and body points, rest length
constexpr std::size_t kMaxCorners = 1000;  // corners of one polygon

// Warned about at load, not refused: heaviest to lightest moving body, beyond which contacts may
// not hold. Measured on a 1 x 1 m box under a heavier one on a floor, 2 s: ContactSim holds 1e9
// and lets the light box through the floor at 1e10; time stepping holds 5e4, sinks 1 cm at 1e5
// and throws the heavy box up at 1e6. The limits keep a factor of 10 below what held.
constexpr double kMassRatioContact = 1e8;
constexpr double kMassRatioTimestep = 5e3;

// A step fails when the moving bodies' kinetic energy ends above
// kEnergyGrowth * (its value before + the work the forces could do) + the floor, where the floor
// is the kinetic energy of every moving body at kEnergyFloorSpeed.
constexpr double kEnergyGrowth = 10;
constexpr double kEnergyFloorSpeed = 10;  // m/s

}  // namespace contactlab::limits
