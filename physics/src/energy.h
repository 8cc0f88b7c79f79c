// The mechanical energy of a world's state: kinetic energy of the moving bodies, potential energy
// of gravity (m g y, zero at y = 0) and of the springs.
#pragma once

#include <span>

#include "contactlab/report.h"
#include "model.h"

namespace contactlab {

Energy energyOf(const Model& model, std::span<const BodyState> states);

}  // namespace contactlab
