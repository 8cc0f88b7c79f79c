#include "constraint_colouring.h"

#include <bit>

#include "contactlab_assert.h"

namespace contactlab {

void ConstraintColouring::colour(std::span<const std::pair<int, int>> bodies,
                                 std::span<const char> movable, std::vector<int>& colours) {
  taken_.assign(movable.size(), 0);
  colours.resize(bodies.size());
  constexpr std::uint64_t kAll = (std::uint64_t{1} << kMaxColours) - 1;
  for (size_t k = bodies.size(); k-- > 0;) {
    const auto [a, b] = bodies[k];
    CONTACTLAB_ASSERT(a >= 0 && b >= 0 && static_cast<size_t>(a) < movable.size() &&
                          static_cast<size_t>(b) < movable.size(),
                      "colouring: a constraint's bodies must be bodies of the world");
    const std::uint64_t taken = (movable[a] ? taken_[a] : 0) | (movable[b] ? taken_[b] : 0);
    const std::uint64_t free = ~taken & kAll;
    if (free == 0) {
      colours[k] = kOverflowColour;
      continue;
    }
    const int c = std::countr_zero(free);
    colours[k] = c;
    const std::uint64_t bit = std::uint64_t{1} << c;
    if (movable[a]) taken_[a] |= bit;
    if (movable[b]) taken_[b] |= bit;
  }
}

}  // namespace contactlab
