#include "run_progress.h"

#include <unistd.h>

#include <csignal>
#include <cstdio>

namespace contactlab {
namespace {

volatile std::sig_atomic_t interruptRequested = 0;

extern "C" void onInterrupt(int) {
  interruptRequested = 1;
}

constexpr int kBarWidth = 30;
constexpr double kBarSeconds = 0.25;

// "42 s", "3 min 20 s", "2 h 05 min".
std::string duration(double seconds) {
  const long s = static_cast<long>(seconds + 0.5);
  char text[48];
  if (s < 60) {
    std::snprintf(text, sizeof text, "%ld s", s);
  } else if (s < 3600) {
    std::snprintf(text, sizeof text, "%ld min %02ld s", s / 60, s % 60);
  } else {
    std::snprintf(text, sizeof text, "%ld h %02ld min", s / 3600, s / 60 % 60);
  }
  return text;
}

}  // namespace

void watchForInterrupt() {
  struct sigaction action = {};
  action.sa_handler = onInterrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART | SA_RESETHAND;  // a second Ctrl+C takes the default action
  sigaction(SIGINT, &action, nullptr);
}

bool interrupted() {
  return interruptRequested != 0;
}

RunProgress::RunProgress(long steps, double endTime)
    : steps_(steps), endTime_(endTime), terminal_(isatty(STDERR_FILENO) == 1) {}

void RunProgress::update(long step, double time) {
  const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
  if (elapsed < nextPrint_) return;
  print(step, time, elapsed);
  nextPrint_ = elapsed + (terminal_ ? kBarSeconds : kLineSeconds);
}

void RunProgress::print(long step, double time, double elapsed) {
  const double done = static_cast<double>(step) / static_cast<double>(steps_);
  const std::string left = done > 0 ? duration(elapsed * (1 - done) / done) : "?";
  if (terminal_) {
    const int filled = static_cast<int>(done * kBarWidth);
    std::string bar = std::string(filled, '#') + std::string(kBarWidth - filled, '.');
    std::fprintf(stderr, "\r[%s] %3d%%  t = %.4g of %.4g s  %s elapsed, about %s left   ",
                 bar.c_str(), static_cast<int>(100 * done), time, endTime_,
                 duration(elapsed).c_str(), left.c_str());
    barDrawn_ = true;
  } else {
    std::fprintf(stderr,
                 "progress: %d%% (step %ld of %ld, t = %.6g of %.6g s), %s elapsed, about %s "
                 "left\n",
                 static_cast<int>(100 * done), step, steps_, time, endTime_,
                 duration(elapsed).c_str(), left.c_str());
  }
  std::fflush(stderr);
}

void RunProgress::finish() {
  if (barDrawn_) std::fputc('\n', stderr);
  barDrawn_ = false;
}

}  // namespace contactlab
