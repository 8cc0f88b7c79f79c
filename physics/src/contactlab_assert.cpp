// The report of a failed CONTACTLAB_ASSERT (contactlab_assert.h). Built in every configuration, so
// that a program may enable the checks in its own sources against a Release library.
#include "contactlab_assert.h"

#include <cstdio>
#include <cstdlib>

namespace contactlab {

void assertionFailed(const char* file, int line, const char* condition, const char* message) {
  std::fprintf(stderr, "%s:%d: CONTACTLAB_ASSERT(%s) failed: %s\n", file, line, condition, message);
  std::fflush(stderr);
  std::abort();
}

}  // namespace contactlab
