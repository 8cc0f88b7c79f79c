// Frame times over a whole run, for the exit report: a histogram of 0.1 ms bins up to one second
// (longer frames count in the last bin) gives the median and other quantiles to 0.1 ms, and the
// longest frame and the frames' total are kept exactly. Its storage is allocated once.
#pragma once

#include <cstdint>
#include <vector>

namespace contactlab {

class FrameTimeHistogram {
 public:
  void add(double seconds);
  std::int64_t count() const { return count_; }
  // The middle of the bin that holds the q-quantile (0 <= q <= 1), in ms; 0 when empty.
  double quantileMs(double q) const;
  double maxMs() const { return maxMs_; }
  double totalSeconds() const { return totalSeconds_; }  // of every time added, exactly

 private:
  static constexpr double kBinMs = 0.1;
  static constexpr int kBins = 10000;
  std::vector<std::uint32_t> bins_ = std::vector<std::uint32_t>(kBins);
  std::int64_t count_ = 0;
  double maxMs_ = 0;
  double totalSeconds_ = 0;
};

}  // namespace contactlab
