// Contact forces as arrows a class can read: each contact's normal force (and each joint's force)
// in red and its friction in violet, from the contact point into the body the force acts on (body 1
// of the report, or the reaction on body 2 when body 1 is fixed and body 2 is not), with the head
// at the far end, moved a few pixels sideways into that body so that its edge never hides the
// shaft; optionally the resultant of the contact forces on each body, from its centre of mass.
// The contacts of one manifold (two bodies touching along one normal, at two corners say) whose
// points lie closer on the screen than an arrow head's width, where their arrows could not be told
// apart, are drawn as one arrow of their summed force (and one of their summed friction) at their
// centre of pressure: every force still shown, at the same scale, as what the eye can separate. The
// scale (m of arrow per N) is automatic by default: the largest force about a quarter of the view,
// in round steps. Pure C++: the drawing and the value labels use these arrows.
#pragma once

#include <string>
#include <vector>

#include "camera.h"
#include "draw_list.h"
#include "view_options.h"
#include "world_snapshot.h"

namespace contactlab {

namespace palette {
inline constexpr Rgba kForce{220, 20, 20, 255};      // normal contact forces
inline constexpr Rgba kFriction{130, 40, 200, 255};  // friction forces
inline constexpr Rgba kResultant{120, 0, 0, 255};    // a body's resultant contact force
}  // namespace palette

// Sizes of the arrows on the screen, in pixels.
inline constexpr double kForceInset = 4;       // sideways into the body acted on
inline constexpr float kForceWidth = 3.0f;     // shaft
inline constexpr float kForceHead = 11.0f;     // head length (shorter arrows are all head)
inline constexpr double kForceMinimum = 0.75;  // arrows shorter than this are not drawn

// The largest value 1, 2 or 5 x 10^k that is at most x (x > 0 and finite; else 0).
double roundDown125(double x);

// The automatic scale (m of arrow per N) for a view whose shorter side is `viewMetres` and whose
// largest force is `largestForce` N: the largest force drawn about a quarter of that side, the
// scale a round step 1, 2 or 5 x 10^k. `current` (0: none yet) is kept while the largest arrow it
// draws stays between an eighth and a half of the side, so the scale does not flicker as forces
// change. With no force (or none finite) the current scale stays (or 0.02 m/N, the manual default).
double automaticForceScale(double largestForce, double viewMetres, double current);

// The legend's force: the round force (1, 2 or 5 x 10^k N) whose arrow is the longest of at most
// `longest` pixels, at `pixelsPerNewton`.
double legendForce(double pixelsPerNewton, double longest = 100);

struct ForceArrow {
  Vec2 tail{0, 0}, head{0, 0};  // screen pixels
  Rgba color;
  double newtons = 0;  // the force's magnitude
  int body = -1;       // the snapshot index of the body it acts on
};

// The arrows of `world`'s contacts (and resultants) as `options` asks, at options.forceScale.
void forceArrows(const WorldSnapshot& world, const Camera& camera, const ViewOptions& options,
                 std::vector<ForceArrow>& out);

// An arrow's label: `newtons` as "49.1 N" (three figures from 1 N up, three decimals below) or, for
// ForceLabels::Weights and a finite positive `weight` (m g of the body acted on, N), as "0.50 m g".
// Values that agree to a billionth read the same (a tie rounds the same way on both sides of it).
std::string forceLabel(double newtons, ForceLabels labels, double weight);

// The largest contact or joint force of `world` (normal and friction combined, N).
double largestContactForce(const WorldSnapshot& world);

}  // namespace contactlab
