// The clock the comparison bench times steps with: wall time by default, or with --cpu the
// processor time of the calling thread (each engine steps on one thread), which leaves out the
// time the thread waited for a core on a machine shared with other work.
#pragma once

#include <algorithm>
#include <ctime>
#include <vector>

namespace contactlab::bench {

inline bool& stepClockIsCpu() {
  static bool cpu = false;
  return cpu;
}

// Seconds on the chosen clock, from an arbitrary origin.
inline double stepClockSeconds() {
  timespec now{};
  clock_gettime(stepClockIsCpu() ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

// The clock's own share of an interval between two readings: the median of 101 intervals between
// readings taken back to back, measured once (after --cpu is read). The processor clock is a
// system call of about 0.4 us here, which would otherwise count in every step of both engines
// (column20's steps take 7-9 us).
inline double stepClockOverhead() {
  static const double overhead = [] {
    std::vector<double> gaps;
    for (int i = 0; i < 101; ++i) {
      const double start = stepClockSeconds();
      gaps.push_back(stepClockSeconds() - start);
    }
    std::nth_element(gaps.begin(), gaps.begin() + 50, gaps.end());
    return gaps[50];
  }();
  return overhead;
}

// The seconds since `start` (a stepClockSeconds() reading), less the clock's own share.
inline double stepClockSince(double start) {
  return std::max(stepClockSeconds() - start - stepClockOverhead(), 0.0);
}

}  // namespace contactlab::bench
