// Paces fixed physics steps against real time: real seconds that pass while running are owed as
// rate * seconds of simulated time, paid in whole steps of dt. When the steps cannot keep up, the
// debt past a small backlog is given up (the simulation slows down instead of freezing the
// program to catch up) and counted, so the panel can say so.
#pragma once

namespace contactlab {

class StepClock {
 public:
  // Forget any debt (pausing, replacing the world).
  void reset() { owed_ = 0; }

  // `realSeconds` passed at `rate` simulated seconds per real second.
  void elapse(double realSeconds, double rate, double dt);

  // A step is due when a whole dt is owed (to round-off: the debt is a sum of frame times).
  bool due(double dt) const { return owed_ >= dt * (1 - 1e-9); }
  void stepped(double dt) { owed_ -= dt; }
  // Whether a step may be taken before it is due, to answer the mouse at once: while nothing is
  // owed ahead, so that the simulation is never more than one step ahead of real time (the next
  // steps wait for real time to catch up).
  bool mayStepAhead() const { return owed_ >= 0; }

  // Real seconds until the next step is due at `rate` (0 if due now).
  double secondsUntilDue(double dt, double rate) const;

  // Simulated seconds given up since construction because steps were too slow.
  double droppedSeconds() const { return dropped_; }

  // The most simulated time owed before the surplus is dropped: 0.1 s or 4 steps, the larger.
  static double backlogLimit(double dt);

 private:
  double owed_ = 0;
  double dropped_ = 0;
};

}  // namespace contactlab
