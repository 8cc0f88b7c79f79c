#include "integrator.h"

namespace contactlab {

// y1 = y0 + h/6 (k1 + 2 k2 + 2 k3 + k4).
void Integrator::combineRk4(std::span<const BodyState> start, std::span<const BodyRate> k1,
                            double h, std::span<BodyState> end) {
  const double w = h / 6;
  for (size_t i = 0; i < start.size(); ++i) {
    const BodyRate &a = k1[i], &b = k2_[i], &c = k3_[i], &d = k4_[i];
    end[i].position =
        start[i].position + w * (a.velocity + 2.0 * (b.velocity + c.velocity) + d.velocity);
    end[i].angle = start[i].angle + w * (a.omega + 2 * (b.omega + c.omega) + d.omega);
    end[i].velocity =
        start[i].velocity +
        w * (a.acceleration + 2.0 * (b.acceleration + c.acceleration) + d.acceleration);
    end[i].omega = start[i].omega + w * (a.alpha + 2 * (b.alpha + c.alpha) + d.alpha);
  }
}

}  // namespace contactlab
