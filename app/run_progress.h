// Long runs of contactlab-cli: progress on standard error and a clean stop on Ctrl+C.
//
// Nothing is printed for a run that ends within kQuietSeconds of wall time. After that, on a
// terminal a progress bar is redrawn in place a few times a second; otherwise (a file, a pipe) a
// plain line is printed every kLineSeconds. Ctrl+C (SIGINT) only raises a flag that the run checks
// between steps, so the run stops with a whole state to print; a second Ctrl+C ends the program at
// once (the default action), for a step that does not end.
#pragma once

#include <chrono>
#include <string>

namespace contactlab {

constexpr double kQuietSeconds = 1.5;
constexpr double kLineSeconds = 5.0;
constexpr int kExitInterrupted = 130;  // 128 + SIGINT, as shells report it

// Installs the SIGINT handler; the first Ctrl+C from then on makes interrupted() true.
void watchForInterrupt();
bool interrupted();

class RunProgress {
 public:
  // `steps` steps that end at simulated time `endTime`.
  RunProgress(long steps, double endTime);
  // After step `step` (1 to steps), at simulated time `time`; prints when it is due.
  void update(long step, double time);
  // Ends the progress bar's line, if one was drawn.
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  void print(long step, double time, double elapsed);

  long steps_;
  double endTime_;
  bool terminal_;
  Clock::time_point start_ = Clock::now();
  double nextPrint_ = kQuietSeconds;  // wall seconds since start_
  bool barDrawn_ = false;
};

}  // namespace contactlab
