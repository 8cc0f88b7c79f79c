// Where the Bodies panel puts a new body: a unique name ("box3") and a spot at the middle of the
// view, raised above whatever is already there so it does not start inside another body.
#pragma once

#include <string>

#include "camera.h"
#include "ui_model.h"
#include "world_snapshot.h"

namespace contactlab {

// The first of prefix1, prefix2, ... that no body of `world` has.
std::string uniqueBodyName(const WorldSnapshot& world, const std::string& prefix);

// The definition the form describes, placed at `spot` (x) and above any body overlapping it.
BodyDef newBodyDef(const AddBodyForm& form, const WorldSnapshot& world, Vec2 spot);

}  // namespace contactlab
