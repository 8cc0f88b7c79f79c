// The run's frame-time histogram (frame_time_histogram.h).
#include "frame_time_histogram.h"

#include <algorithm>
#include <cmath>

namespace contactlab {

void FrameTimeHistogram::add(double seconds) {
  const double ms = std::max(0.0, 1000 * seconds);
  const int bin = static_cast<int>(std::min(ms / kBinMs, static_cast<double>(kBins - 1)));
  ++bins_[bin];
  ++count_;
  maxMs_ = std::max(maxMs_, ms);
  totalSeconds_ += std::max(0.0, seconds);
}

double FrameTimeHistogram::quantileMs(double q) const {
  if (count_ == 0) return 0;
  const auto rank = static_cast<std::int64_t>(
      std::max(1.0, std::ceil(std::clamp(q, 0.0, 1.0) * static_cast<double>(count_))));
  std::int64_t seen = 0;
  for (int bin = 0; bin < kBins; ++bin) {
    seen += bins_[bin];
    if (seen >= rank) return (bin + 0.5) * kBinMs;
  }
  return (kBins - 0.5) * kBinMs;
}

}  // namespace contactlab
