// Undo/redo lists of scene snapshots (edit_history.h).
#include "edit_history.h"

#include <utility>

namespace contactlab {

void EditHistory::push(Moment before) {
  undo_.push_back(std::move(before));
  while (undo_.size() > limit_) undo_.pop_front();
  redo_.clear();
}

void EditHistory::record(Moment before) {
  endGesture();
  push(std::move(before));
}

void EditHistory::beginGesture(Moment before) {
  endGesture();
  gestureBefore_ = std::move(before);
  gestureChanged_ = false;
}

void EditHistory::gestureChanged() {
  gestureChanged_ = true;
}

void EditHistory::endGesture() {
  if (gestureBefore_ && gestureChanged_) push(std::move(*gestureBefore_));
  gestureBefore_.reset();
  gestureChanged_ = false;
}

std::optional<Moment> EditHistory::undo(Moment current) {
  endGesture();
  if (undo_.empty()) return std::nullopt;
  Moment target = std::move(undo_.back());
  undo_.pop_back();
  redo_.push_back(std::move(current));
  return target;
}

std::optional<Moment> EditHistory::redo(Moment current) {
  endGesture();
  if (redo_.empty()) return std::nullopt;
  Moment target = std::move(redo_.back());
  redo_.pop_back();
  undo_.push_back(std::move(current));
  return target;
}

}  // namespace contactlab
