// A check that fails, for the CTest tests of CONTACTLAB_ASSERT (CMakeLists.txt here): built with
// the checks on it must abort naming file:line, the condition and the message; built with them
// off it must run on without evaluating the condition.
#include <cstdio>

#include "contactlab_assert.h"

namespace {

int evaluations = 0;

bool failingCondition() {
  ++evaluations;
  return false;
}

}  // namespace

int main() {
  CONTACTLAB_ASSERT(failingCondition(), "the probe's check fails on purpose");
  std::printf("the condition was evaluated %d times\n", evaluations);
  return evaluations;
}
