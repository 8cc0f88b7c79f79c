// A rigid placement in the plane: rotation by `angle` about the origin, then translation.
#pragma once

#include <cmath>

#include "contactlab/vec2.h"

namespace contactlab {

struct Transform {
  Vec2 position{0, 0};
  double cosine = 1;
  double sine = 0;

  Transform() = default;
  Transform(Vec2 p, double angle) { place(p, angle); }

  // Placed at p turned by `angle`, in place: a placement built apart and copied in is read back
  // with one 16-byte load across the two 8-byte stores of its cosine and sine, a stall per copy.
  void place(Vec2 p, double angle) {
    position = p;
    cosine = std::cos(angle);
    sine = std::sin(angle);
  }

  Vec2 rotate(Vec2 v) const { return {cosine * v.x - sine * v.y, sine * v.x + cosine * v.y}; }
  Vec2 rotateBack(Vec2 v) const { return {cosine * v.x + sine * v.y, -sine * v.x + cosine * v.y}; }
  Vec2 apply(Vec2 local) const { return position + rotate(local); }
  Vec2 applyInverse(Vec2 world) const { return rotateBack(world - position); }
};

// cos(turn) - 1 and sin(turn), for the turn of a body over a step. Bodies turn little in a step:
// below 0.01 rad the Taylor series to the 8th order are exact in double precision (the next terms
// are below 1e-18 of them) and cos - 1 is free of cancellation; beyond, std::cos and std::sin.
// The series' factors are multiplied by their reciprocals rather than divided (within an ulp of
// the quotient; the substeps call this for every body every substep, and seven divisions took 3 %
// of a large rain's step).
inline void rotationOf(double turn, double& cosMinusOne, double& sine) {
  if (std::abs(turn) < 0.01) {
    const double t2 = turn * turn;
    cosMinusOne = -t2 * 0.5 * (1 - t2 * (1.0 / 12) * (1 - t2 * (1.0 / 30) * (1 - t2 * (1.0 / 56))));
    sine = turn * (1 - t2 * (1.0 / 6) * (1 - t2 * (1.0 / 20) * (1 - t2 * (1.0 / 42))));
    return;
  }
  cosMinusOne = std::cos(turn) - 1;
  sine = std::sin(turn);
}

// `arm` turned by the rotation whose cos - 1 and sin rotationOf gave: arm + (R - I) arm, the
// small change added to the arm (free of the cancellation of R arm - arm).
inline Vec2 turned(Vec2 arm, double cosMinusOne, double sine) {
  return arm + Vec2{cosMinusOne * arm.x - sine * arm.y, sine * arm.x + cosMinusOne * arm.y};
}

}  // namespace contactlab
