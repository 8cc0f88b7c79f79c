// CONTACTLAB_ASSERT(condition, message): a check of an invariant the library relies on (an index
// in range, a layout of 2 rows per contact or 3 entries per body, a map reset after use), not of
// input, which is checked and refused with an Error (body_validation.h).
//
// On in Debug builds and in sanitizer builds (the top CMakeLists.txt defines CONTACTLAB_ASSERTS=1
// for them): a failed check prints file:line, the condition and the message to stderr and aborts.
// Off in Release: the condition and the message are compiled (so a disabled check cannot rot) but
// never evaluated, and cost nothing. Checks in hot loops stay O(1).
#pragma once

namespace contactlab {

// Prints "file:line: CONTACTLAB_ASSERT(condition) failed: message" to stderr and aborts.
[[noreturn, gnu::cold]] void assertionFailed(const char* file, int line, const char* condition,
                                             const char* message);

}  // namespace contactlab

#if defined(CONTACTLAB_ASSERTS) && CONTACTLAB_ASSERTS
#define CONTACTLAB_ASSERT(condition, message) \
  (static_cast<bool>(condition)               \
       ? static_cast<void>(0)                 \
       : ::contactlab::assertionFailed(__FILE__, __LINE__, #condition, message))
#else
#define CONTACTLAB_ASSERT(condition, message) \
  static_cast<void>(sizeof(static_cast<bool>(condition)) + sizeof(message))
#endif
