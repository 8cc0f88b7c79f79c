#include "compact_number.h"

#include <charconv>

namespace contactlab {

std::string compactNumber(double value) {
  char buffer[32];
  std::to_chars_result end = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, end.ptr);
}

}  // namespace contactlab
