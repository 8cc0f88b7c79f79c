// Undoable edits of the scene's joints and springs (document.h): each is one entry in the history,
// and on error nothing changes.
#pragma once

#include <optional>
#include <string>

#include "contactlab/forces.h"
#include "contactlab/joints.h"
#include "document.h"

namespace contactlab {

// Adds the joint, named freeJointName (J1, J2, ...) when `def.name` is empty; returns its name.
Result<std::string> addJoint(Document& doc, JointDef def);
Status addSpring(Document& doc, const SpringDef& def);
Status removeJoint(Document& doc, const std::string& name);
// A rod's or a rope's length (m, > 0) and a rope's elasticity (0..1), in the scene (the world is
// rebuilt from it).
Status editJoint(Document& doc, const std::string& name, std::optional<double> length,
                 std::optional<double> elasticity);

// The spring at `index` among the scene's springs (the world's without the mouse drag's): removed,
// or its stiffness (N/m), rest length (m) and damping (N s/m) changed; the world is rebuilt.
Status removeSpring(Document& doc, int index);
Status editSpring(Document& doc, int index, std::optional<double> stiffness,
                  std::optional<double> restLength, std::optional<double> damping);

}  // namespace contactlab
