// What the world view shows and at which scales, and the marks the program lays over the world
// (selection, the mouse spring, collision impulses). Plain data shared by the drawing, the panels
// and the program.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "contactlab/body.h"
#include "contactlab/vec2.h"

namespace contactlab {

// What the force arrows are labelled with: nothing, newtons, or multiples of the weight m g of the
// body the force acts on.
enum class ForceLabels : std::uint8_t { None, Newtons, Weights };

struct ViewOptions {
  bool grid = true;
  bool forces = true;          // red arrows: the normal force at each resting contact
  bool friction = true;        // violet arrows: the friction force at each contact
  bool resultants = false;     // dark red arrows: each body's resultant contact force
  bool autoForceScale = true;  // forceScale follows the view (force_arrows.h) or is set by hand
  double forceScale = 0.02;    // m of arrow per N of force
  ForceLabels forceLabels = ForceLabels::None;
  bool impulses = true;         // bursts where collisions happened
  bool velocities = false;      // arrows from each centre of mass
  double velocityScale = 0.25;  // m of arrow per m/s
  bool centres = true;          // centre-of-mass marks
  bool names = false;           // body names next to the bodies (drawn by the UI as text)
  double strokeScale = 1;       // the force arrows' widths, heads and inset grow with the text
};

// A collision impulse to mark: where, how strong (N s), and how far it has faded (0 new, 1 gone).
struct ImpulseMark {
  Vec2 point{0, 0};
  double impulse = 0;
  double fade = 0;
};

// The spring of a mouse drag: from a point of the body (world coordinates) to the mouse.
struct SpringLine {
  Vec2 bodyPoint{0, 0};
  Vec2 anchor{0, 0};
};

struct Overlay {
  BodyId selected;                   // null: nothing selected
  std::string_view selectedJoint;    // a joint's name; empty: none selected
  int selectedSpring = -1;           // a spring's place in the snapshot's springs; -1: none
  std::optional<SpringLine> spring;  // while dragging with the spring
  std::optional<SpringLine> link;    // a rod, rope or spring being dragged out with a joint tool
  std::span<const ImpulseMark> impulses;
};

}  // namespace contactlab
