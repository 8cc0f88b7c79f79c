// The clock the comparison bench times steps with: wall time by default, or with --cpu the
// processor time of the calling thread (each engine steps on one thread), which leaves out the
// time the thread waited for a core on a machine shared with other work.
#pragma once

#include <ctime>

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

}  // namespace contactlab::bench
