// Where the Bodies panel puts a new body: a unique name ("box3") and a spot in the view that is
// free: the middle of the view if nothing is there, else the nearest free column beside it at
// that height, else the column where it lands lowest, raised above what is there, so that new
// bodies never start inside others and a few of them fill the view before they stack.
#pragma once

#include <string>

#include "camera.h"
#include "ui_model.h"
#include "world_snapshot.h"

namespace contactlab {

// The first of prefix1, prefix2, ... that no body of `world` has.
std::string uniqueBodyName(const WorldSnapshot& world, const std::string& prefix);

// The definition the form describes, placed in `visible` (the world rectangle on the screen).
BodyDef newBodyDef(const AddBodyForm& form, const WorldSnapshot& world, const Rect& visible);

}  // namespace contactlab
