// The mouse drag of a running simulation: a spring from the point of the body that was grabbed to
// the mouse, with stiffness k = m w^2 that scales with the body's mass so every body follows the
// mouse at the same pace (w = 2 pi f), and a body held still hangs g / w^2 below the mouse (6 cm
// at f = 2 Hz). A spring's own dashpot damps only along the spring, which would leave a body held
// at rest swinging sideways; so the grabbed point also gets two dashpots (springs of zero
// stiffness) along x and y, anchored far away so that each pulls along one axis, together a
// damping force -c v at the point with c = 2 zeta m w. Pure bookkeeping on the World API.
#pragma once

#include <array>
#include <vector>

#include "contactlab/forces.h"
#include "contactlab/scene.h"
#include "contactlab/world.h"

namespace contactlab {

struct DragTuning {
  double frequency = 2;       // Hz: how fast a dragged body follows
  double dampingRatio = 0.7;  // zeta: 1 is critical
};

// The spring for dragging `body` by the world point `grab` towards `anchor` (no damping of its
// own), and the two dashpots that damp the grabbed point along x and along y.
SpringDef dragSpringDef(const BodyView& body, Vec2 grab, Vec2 anchor, DragTuning tuning = {});
std::array<SpringDef, 2> dragDashpotDefs(const BodyView& body, Vec2 grab, Vec2 anchor,
                                         DragTuning tuning = {});

// How far below the mouse a body held still hangs: g / w^2.
double dragSag(double gravity, DragTuning tuning = {});

class DragSpring {
 public:
  // Grabs `body` at the world point `grab`. Fails (and changes nothing) for a fixed body, which a
  // spring cannot move, or an unknown one. Ends a drag already under way first.
  Status begin(World& world, BodyId body, Vec2 grab, DragTuning tuning = {});
  // Moves the mouse end of the spring (and the dashpots' anchors with it).
  Status moveTo(World& world, Vec2 anchor);
  // Lets go: removes the spring and the dashpots (harmless if the body or they are gone).
  void end(World& world);

  bool active() const { return !(spring_ == SpringId{}); }
  BodyId body() const { return body_; }
  Vec2 bodyPoint() const { return bodyPoint_; }  // body frame
  Vec2 anchor() const { return anchor_; }

 private:
  SpringId spring_;
  std::array<SpringId, 2> dashpots_{};
  BodyId body_;
  Vec2 bodyPoint_{0, 0};
  Vec2 anchor_{0, 0};
};

// Removes from `springs` (World::springDefinitions) the drag's spring and dashpots, leaving the
// springs of the scene: those the window draws.
void leaveOutDrag(const DragSpring& drag, std::vector<SpringDef>& springs);

// The world's scene (captureScene) without the drag's spring and dashpots: what is saved or shared
// while a body is being dragged.
Scene sceneWithoutDrag(const World& world, const DragSpring& drag);

}  // namespace contactlab
