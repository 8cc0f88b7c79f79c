// Undo and redo of scene edits, over whole-scene snapshots (captureScene): each undo entry is the
// scene as it was just before an edit, each redo entry the scene an undo left. A drag or a slider
// held across many frames is one gesture and becomes one entry, and only if it changed something.
// Pure data: no SDL, no ImGui.
#pragma once

#include <cstddef>
#include <deque>
#include <optional>

#include "contactlab/scene.h"

namespace contactlab {

class EditHistory {
 public:
  explicit EditHistory(std::size_t limit = 100) : limit_(limit) {}

  // A one-shot edit (add, delete, load...) is about to change the scene; `before` is the scene
  // now. Forgets what could be redone; drops the oldest entry past the limit.
  void record(Scene before);

  // A gesture starts; `before` is the scene now. Changes during the gesture make one entry when it
  // ends. A gesture already under way ends first.
  void beginGesture(Scene before);
  void gestureChanged();
  void endGesture();
  bool inGesture() const { return gestureBefore_.has_value(); }

  // The scene to go back to (or nothing to undo); `current` becomes redoable. Ends a gesture.
  std::optional<Scene> undo(Scene current);
  // The scene to go forward to (or nothing to redo); `current` becomes undoable again.
  std::optional<Scene> redo(Scene current);

  bool canUndo() const { return !undo_.empty(); }
  bool canRedo() const { return !redo_.empty(); }
  std::size_t undoCount() const { return undo_.size(); }
  std::size_t redoCount() const { return redo_.size(); }

 private:
  void push(Scene before);

  std::size_t limit_;
  std::deque<Scene> undo_;
  std::deque<Scene> redo_;
  std::optional<Scene> gestureBefore_;
  bool gestureChanged_ = false;
};

}  // namespace contactlab
