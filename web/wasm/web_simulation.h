// The web page's simulation (web/, docs/web.md): a World loaded from a link's share string, a
// preset or scene text, stepped, read and dragged through a small interface that bindings.cpp
// gives to JavaScript. Plain C++ on the physics library, so that it is tested natively as well
// (tests/test_web_simulation.cpp) and compiled to WebAssembly unchanged.
//
// What crosses to JavaScript: strings (JSON for structured answers, "" for success or an error
// message), numbers, and flat arrays of doubles (bodies' states, contacts) read in place.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "contactlab/scene.h"
#include "contactlab/world.h"
#include "drag_solve_cap.h"
#include "drag_spring.h"

namespace contactlab {

class WebSimulation {
 public:
  WebSimulation();

  // Loads a share string ("cl1~..."), a preset's name or scene text. On success the world is the
  // new scene at time 0 and "" is returned; otherwise the message (the CLI's, naming the
  // character of a share string or the line and column of scene text) and nothing changes.
  std::string load(const std::string& source);
  // The presets as JSON: [{"name", "description"}], sorted by name.
  std::string presetsJson() const;
  // The loaded scene's bodies as drawn (JSON): [{"name", "shape", "fixed", "corners": [x, y, ...]
  // in the body's frame (boxes and polygons), "radius" (discs)}], in world order.
  std::string bodiesJson() const;
  // The world's settings (JSON): gravity, damping, elasticity, friction, dt, solver.
  std::string settingsJson() const;

  // Advances `count` steps; "" or the step's error (the world is left as before that step).
  std::string step(int count);
  double time() const;
  // Back to the loaded scene (or the last one a paused move made): time 0.
  void reset();

  // x, y, angle, vx, vy, omega of each body, in world order.
  const std::vector<double>& states();
  // x, y, nx, ny, force (N), friction (N) of each contact the last solve found; the force acts
  // on the body the point belongs to along the normal.
  const std::vector<double>& contacts();
  // The bodies of each of those contacts, as indices in world order: body 1 (the point is on it,
  // the force acts on it along the normal) and body 2 (which takes the reaction).
  const std::vector<int>& contactBodies();
  // The joints as JSON: [{"name", "kind", "ax", "ay", "bx", "by", "fx", "fy", "tension"}].
  std::string jointsJson();
  // Kinetic, potential and total energy (J) as JSON.
  std::string energyJson() const;

  // gravity (m/s^2, >= 0), damping (N s/m, >= 0), elasticity (0..1), friction (>= 0), dt (s, > 0):
  // "" or why the value is refused (nothing changes).
  std::string setSetting(const std::string& name, double value);
  // "contact" (ContactSim), "timestep" (the time-stepping QP solved to its tolerance) or
  // "substeps" (time stepping by substeps: a fixed cost per step, for large scenes); settingsJson()
  // names the world's the same way.
  std::string setSolver(const std::string& name);

  // The topmost body whose outline is within `tolerance` m of the world point, or -1.
  int bodyAt(double x, double y, double tolerance) const;
  // A drag while running: a spring from the grabbed point of `body` to the pointer. While it pulls
  // under time stepping to a tolerance, each step's solves stop at the iterations that fit about
  // 5 ms (drag_solve_cap.h), as in the desktop program, so that the body follows the pointer.
  std::string grab(int body, double x, double y);
  void dragTo(double x, double y);
  void release();
  // A move while paused: the body's centre to (x, y), its velocity kept at 0. The moved scene
  // becomes what reset() returns to.
  std::string moveBody(int body, double x, double y);

  // The current scene as a share string (the drag spring left out).
  std::string share() const;

 private:
  std::optional<BodyId> idOf(int body) const;

  Scene loaded_;
  World world_;
  DragSpring drag_;
  DragSolveCap dragCap_;
  double lastStepSeconds_ = 0;  // wall time of the last step
  std::vector<double> states_, contacts_;
  std::vector<int> contactBodies_, indexOfSlot_;
};

}  // namespace contactlab
