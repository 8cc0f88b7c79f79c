// The Simulation panel's line while the physics falls behind real time (ui/behind_line.h).
#include <doctest/doctest.h>

#include "behind_line.h"

using namespace contactlab;

namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("the line says how fast the physics runs, and suggests the substeps unless they run") {
  WorldSettings qp;
  qp.solver = SolverKind::Timestep;
  qp.timestepScheme = TimestepScheme::Qp;
  const std::string slow = behindLine(0.62, qp);
  CHECK(has(slow, "62% of the requested speed"));
  CHECK(has(slow, "scheme: substeps"));

  WorldSettings contact;
  contact.solver = SolverKind::Contact;
  CHECK(has(behindLine(0.3, contact), "30% of the requested speed"));
  CHECK(has(behindLine(0.3, contact), "scheme: substeps"));

  WorldSettings substeps = qp;
  substeps.timestepScheme = TimestepScheme::Substeps;
  const std::string already = behindLine(0.5, substeps);
  CHECK(has(already, "50% of the requested speed"));
  CHECK_FALSE(has(already, "scheme: substeps"));
}
