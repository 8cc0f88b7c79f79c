// Scratch<T>: a member that holds a solver's workspace (buffers a call fills and reads before it
// returns), as opposed to its state (what one step leaves for the next: a warm start, a cache that
// changes results). A copy of the owner starts with an empty workspace, which its first call
// rebuilds, so copying a World copies its state and warm start only (docs/api.md, "Copies");
// assigning to one keeps its own buffers. Moves move the buffers.
#pragma once

#include <utility>

namespace contactlab {

template <class T>
class Scratch : public T {
 public:
  using T::T;
  using T::operator=;
  Scratch() = default;
  Scratch(const Scratch&) : T() {}
  Scratch(Scratch&&) noexcept = default;
  Scratch& operator=(const Scratch&) { return *this; }
  Scratch& operator=(Scratch&&) noexcept = default;
  ~Scratch() = default;
};

}  // namespace contactlab
