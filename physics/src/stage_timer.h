// Accumulates the wall time of a pipeline stage into a StageTimes field.
#pragma once

#include <chrono>

namespace contactlab {

class StageTimer {
 public:
  explicit StageTimer(double& total) : total_(total), start_(std::chrono::steady_clock::now()) {}
  ~StageTimer() {
    total_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  StageTimer(const StageTimer&) = delete;
  StageTimer& operator=(const StageTimer&) = delete;

 private:
  double& total_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace contactlab
