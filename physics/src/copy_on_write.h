// A value shared by copies of its owner until one of them changes it (copy on write): copying the
// owner copies a pointer, and the first change through a shared value makes the changer its own.
#pragma once

#include <atomic>
#include <memory>

namespace contactlab {

template <class T>
class CopyOnWrite {
 public:
  CopyOnWrite() : value_(std::make_shared<T>()) {}

  const T& operator*() const { return *value_; }
  const T* operator->() const { return value_.get(); }

  // The value, for a change: first made this owner's own if another owner shares it. Owners may
  // live on different threads: a value seen unshared here was released by the others, and the
  // acquire fence orders their last reads before this change.
  T& edit() {
    if (value_.use_count() > 1) {
      value_ = std::make_shared<T>(*value_);
    } else {
      std::atomic_thread_fence(std::memory_order_acquire);
    }
    return *value_;
  }

 private:
  std::shared_ptr<T> value_;
};

}  // namespace contactlab
