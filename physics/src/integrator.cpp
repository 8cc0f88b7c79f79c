#include "integrator.h"

namespace contactlab {

void interpolateStates(std::span<const BodyState> start, std::span<const BodyState> end, double h,
                       double t, std::vector<BodyState>& out) {
  // The cubic Hermite basis: p(t) = h00 p0 + h10 h p0' + h01 p1 + h11 h p1'.
  const double t2 = t * t, t3 = t2 * t;
  const double h00 = 2 * t3 - 3 * t2 + 1, h01 = 3 * t2 - 2 * t3;
  const double h10 = h * (t3 - 2 * t2 + t), h11 = h * (t3 - t2);
  out.resize(start.size());
  for (size_t i = 0; i < start.size(); ++i) {
    const BodyState &a = start[i], &b = end[i];
    out[i].position = h00 * a.position + h10 * a.velocity + h01 * b.position + h11 * b.velocity;
    out[i].angle = h00 * a.angle + h10 * a.omega + h01 * b.angle + h11 * b.omega;
    out[i].velocity = (1 - t) * a.velocity + t * b.velocity;
    out[i].omega = (1 - t) * a.omega + t * b.omega;
  }
}

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
