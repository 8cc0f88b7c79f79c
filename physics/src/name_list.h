// Names for a message that may concern many bodies: "body 'a'" or "bodies 'a', 'b', 'c' and 4
// more", so that the message stays short however many there are.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

namespace contactlab {

constexpr std::size_t kNamedBodies = 3;

// `nameOf(i)` gives the name of body i.
template <class NameOf>
std::string bodyList(const std::vector<std::size_t>& bodies, NameOf nameOf) {
  std::string list = bodies.size() == 1 ? "body " : "bodies ";
  const std::size_t named = std::min(bodies.size(), kNamedBodies);
  for (std::size_t k = 0; k < named; ++k) {
    if (k > 0) list += k + 1 == bodies.size() ? " and " : ", ";
    list += '\'';
    list += nameOf(bodies[k]);
    list += '\'';
  }
  if (bodies.size() > named) list += " and " + std::to_string(bodies.size() - named) + " more";
  return list;
}

}  // namespace contactlab
