// Undo and redo of scene edits, over whole-scene snapshots (captureScene): each undo entry is the
// moment just before an edit (the scene, and the start Reset went to then), each redo entry the
// moment an undo left. A drag or a slider
// held across many frames is one gesture and becomes one entry, and only if it changed something.
// Pure data: no SDL, no ImGui.
#pragma once

#include <cstddef>
#include <deque>
#include <optional>

#include "contactlab/scene.h"

namespace contactlab {

// What undo and redo put back: the scene, and the start that Reset went to at that moment (so that
// an undone edit never comes back through Reset).
struct Moment {
  Scene scene;
  Scene start;
};

class EditHistory {
 public:
  explicit EditHistory(std::size_t limit = 100) : limit_(limit) {}

  // A one-shot edit (add, delete, load...) is about to change the scene; `before` is the scene
  // now. Forgets what could be redone; drops the oldest entry past the limit.
  void record(Moment before);

  // A gesture starts; `before` is the scene now. Changes during the gesture make one entry when it
  // ends. A gesture already under way ends first.
  void beginGesture(Moment before);
  void gestureChanged();
  void endGesture();
  bool inGesture() const { return gestureBefore_.has_value(); }

  // The scene to go back to (or nothing to undo); `current` becomes redoable. Ends a gesture.
  std::optional<Moment> undo(Moment current);
  // The scene to go forward to (or nothing to redo); `current` becomes undoable again.
  std::optional<Moment> redo(Moment current);

  bool canUndo() const { return !undo_.empty(); }
  bool canRedo() const { return !redo_.empty(); }
  std::size_t undoCount() const { return undo_.size(); }
  std::size_t redoCount() const { return redo_.size(); }

 private:
  void push(Moment before);

  std::size_t limit_;
  std::deque<Moment> undo_;
  std::deque<Moment> redo_;
  std::optional<Moment> gestureBefore_;
  bool gestureChanged_ = false;
};

}  // namespace contactlab
