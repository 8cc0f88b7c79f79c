// The collisions the window has not seen yet (frame_snapshot.h).
#include "frame_snapshot.h"

#include <algorithm>

namespace contactlab {

void CollisionLog::forgetBefore(std::uint64_t seen) {
  if (seen <= first_) return;
  const auto drop = static_cast<std::size_t>(std::min<std::uint64_t>(seen - first_, marks_.size()));
  marks_.erase(marks_.begin(), marks_.begin() + static_cast<std::ptrdiff_t>(drop));
  first_ += drop;
}

void CollisionLog::clear() {
  first_ += marks_.size();
  marks_.clear();
}

}  // namespace contactlab
