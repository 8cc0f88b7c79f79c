// What the desktop program remembers between runs about its own look: the text size, which
// columns and sections are open, whether the Graph window is, the columns' widths, one column or
// two. Kept as JSON in the state folder (preferences.json); a file that cannot be read is reported
// and the defaults are used (nothing else depends on it).
#pragma once

#include <string>
#include <string_view>

#include "contactlab/result.h"
#include "panel_layout.h"

namespace contactlab {

struct UiPreferences {
  double textScale = 1;    // 1 to 3
  PanelLayout layout;      // its `lesson` is not kept: a run starts with the panels
  bool graphOpen = false;  // the Graph window (its series are not kept: they name bodies)
};

std::string preferencesJson(const UiPreferences& preferences);

// The preferences in `text`. Keys that are missing keep their defaults and unknown keys are
// ignored (a newer program's file still opens); a value of the wrong type or out of range is an
// error naming the key.
Result<UiPreferences> readPreferences(std::string_view text);

}  // namespace contactlab
