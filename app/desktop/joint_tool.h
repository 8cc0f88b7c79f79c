// The joint tools of the desktop program, from where the mouse was pressed and released to the
// joint or spring to add, read from the snapshot on screen; or the reason there is none, said so
// that the person knows what to do instead. Pure: no SDL, no ImGui, nothing changed.
//
//   pin     click a point of a movable body: that point is pinned to the world where it is
//   hinge   click where two bodies overlap: they are hinged at that point (the movable one is A)
//   rod     drag from a point of one body to a point of another body, or to empty space (the
//   rope    world): the length is the distance between the two points at release
//   spring  drag from a point of a body to a point of the world (empty space or a fixed body): the
//           rest length is the distance
#pragma once

#include <string>
#include <vector>

#include "contactlab/forces.h"
#include "contactlab/joints.h"
#include "contactlab/result.h"
#include "world_snapshot.h"

namespace contactlab {

// A new spring's stiffness and damping follow the body's mass m so that any body bounces on it
// at the same pace: k = m (2 pi f)^2 and c = 2 zeta m (2 pi f).
inline constexpr double kSpringFrequency = 1;       // Hz
inline constexpr double kSpringDampingRatio = 0.1;  // zeta: lightly damped

// The joints get their names later (freeJointName); `tolerance` (m) is how near a body counts as
// on it.
Result<JointDef> pinAt(const WorldSnapshot& world, Vec2 point, double tolerance);
Result<JointDef> hingeAt(const WorldSnapshot& world, Vec2 point, double tolerance);
// A rod or a rope from `from` to `to`.
Result<JointDef> linkBetween(const WorldSnapshot& world, JointKind kind, Vec2 from, Vec2 to,
                             double tolerance);
Result<SpringDef> springBetween(const WorldSnapshot& world, Vec2 from, Vec2 to, double tolerance);

// The first of J1, J2, ... that no joint of `joints` is named.
std::string freeJointName(const std::vector<JointDef>& joints);

}  // namespace contactlab
