// The check after every step, for every solver, that the state it reached is still physical
// (docs/limits.md): every body finite, inside the world (|x|, |y| <= kWorldSize), no faster than
// the speed limit, and no kinetic energy from nowhere. The last one compares the moving bodies'
// kinetic energy T before and after the step with the work W the forces could have done in it:
//
//   W = max(0, V_before - V_after) + sum over thrusts |F| (|dx| + |d angle| |r|),
//
// where V is the potential energy of gravity and the springs (conservative: what they can give is
// what V lost) and a thrust F at a point r from the centre does at most |F| times the distance
// that point travelled. Damping and collisions with restitution <= 1 only take energy away. The
// step diverged when
//
//   T_after > kEnergyGrowth (T_before + W) + T_floor,
//
// T_floor being the kinetic energy of every moving body at kEnergyFloorSpeed, so that a scene at
// rest may start moving (a gap correction, a bounce off a spring-loaded body) without an alarm.
#pragma once

#include <span>

#include "contactlab/result.h"
#include "model.h"

namespace contactlab {

// Success, or an Error naming the bodies (the first few) whose state after the step is not
// physical, and what is wrong with it.
Status checkStep(const Model& model, std::span<const BodyState> before,
                 std::span<const BodyState> after);

}  // namespace contactlab
