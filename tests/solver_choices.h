// Every solver a world can run, for suites that check a contract under each of them.
#pragma once

#include "contactlab/settings.h"

namespace contactlab::testing {

struct SolverChoice {
  const char* name;
  SolverKind solver;
  TimestepScheme scheme;
  QpSolverKind qpMethod;
};

inline constexpr SolverChoice kSolvers[] = {
    {"contact", SolverKind::Contact, TimestepScheme::Qp, QpSolverKind::Apgd},
    {"timestep pgs", SolverKind::Timestep, TimestepScheme::Qp, QpSolverKind::Pgs},
    {"timestep mprgp", SolverKind::Timestep, TimestepScheme::Qp, QpSolverKind::Mprgp},
    {"timestep apgd", SolverKind::Timestep, TimestepScheme::Qp, QpSolverKind::Apgd},
    {"timestep substeps", SolverKind::Timestep, TimestepScheme::Substeps, QpSolverKind::Apgd},
};

// `settings` with the solver of `choice`.
inline WorldSettings settingsFor(const SolverChoice& choice, WorldSettings settings = {}) {
  settings.solver = choice.solver;
  settings.timestepScheme = choice.scheme;
  settings.qpMethod = choice.qpMethod;
  return settings;
}

}  // namespace contactlab::testing
