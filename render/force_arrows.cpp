// Contact-force arrows (force_arrows.h).
#include "force_arrows.h"

#include <cmath>
#include <cstdio>

namespace contactlab {
namespace {

constexpr double kDefaultScale = 0.02;  // m per N, ViewOptions' manual default

// The arrow of a force `force` (N) acting on body `body` at world point `point`, or nothing if it
// would be too short to see, moved `inset` pixels sideways towards `inward`, a world point inside
// the body (its centre of mass).
void addArrow(Vec2 point, Vec2 force, Vec2 inward, double inset, int body, Rgba color,
              const Camera& camera, double scale, std::vector<ForceArrow>& out) {
  const Vec2 tail = camera.worldToScreen(point);
  const Vec2 head = camera.worldToScreen(point + force * scale);
  const Vec2 along = head - tail;
  const double length = glm::length(along);
  if (!(length >= kForceMinimum)) return;
  Vec2 side = Vec2{-along.y, along.x} / length;
  if (glm::dot(camera.worldToScreen(inward) - tail, side) < 0) side = -side;
  const Vec2 shift = side * inset;
  out.push_back({tail + shift, head + shift, color, glm::length(force), body});
}

}  // namespace

double roundDown125(double x) {
  if (!(x > 0) || !std::isfinite(x)) return 0;
  const double decade = std::pow(10.0, std::floor(std::log10(x)));
  for (double step : {5.0, 2.0, 1.0})
    if (step * decade <= x * (1 + 1e-12)) return step * decade;
  return decade / 2;  // log10 rounded up at a power of ten
}

double automaticForceScale(double largestForce, double viewMetres, double current) {
  if (!(largestForce > 0) || !std::isfinite(largestForce) || !(viewMetres > 0) ||
      !std::isfinite(viewMetres))
    return current > 0 ? current : kDefaultScale;
  if (current > 0) {
    const double share = largestForce * current / viewMetres;
    if (share >= 0.125 && share <= 0.5) return current;
  }
  return roundDown125(0.25 * viewMetres / largestForce);
}

double legendForce(double pixelsPerNewton, double longest) {
  if (!(pixelsPerNewton > 0) || !std::isfinite(pixelsPerNewton)) return 0;
  return roundDown125(longest / pixelsPerNewton);
}

std::string forceLabel(double newtons, ForceLabels labels, double weight) {
  const bool weights = labels == ForceLabels::Weights && weight > 0 && std::isfinite(weight);
  const double value = weights ? newtons / weight : newtons;
  const double nudged = value + std::abs(value) * 1e-9;
  int decimals = 2;  // m g: 0.50
  if (!weights) {
    const double size = std::abs(nudged);
    decimals = size >= 100 ? 0 : size >= 10 ? 1 : size >= 1 ? 2 : 3;
  }
  char text[48];
  std::snprintf(text, sizeof text, weights ? "%.*f m g" : "%.*f N", decimals, nudged);
  return text;
}

double largestContactForce(const WorldSnapshot& world) {
  double largest = 0;
  for (const ContactReport& c : world.contacts)
    largest = std::max(largest, std::hypot(c.force, c.friction));
  for (const JointReport& joint : world.joints)
    largest = std::max(largest, glm::length(joint.force));
  return largest;
}

void forceArrows(const WorldSnapshot& world, const Camera& camera, const ViewOptions& options,
                 std::vector<ForceArrow>& out) {
  out.clear();
  const double scale = options.forceScale;
  std::vector<Vec2> resultant(options.resultants ? world.bodyCount() : 0, Vec2{0, 0});
  const double inset = kForceInset * options.strokeScale;
  for (const ContactReport& c : world.contacts) {
    const int body1 = world.indexOf(c.body1), body2 = world.indexOf(c.body2);
    if (body1 < 0 || body2 < 0) continue;
    const Vec2 normal = c.normal * c.force;
    const Vec2 friction = perpendicular(c.normal) * c.friction;
    if (options.forces) {
      // On body 1, unless it is fixed and body 2 is not: then the reaction on body 2 (the points
      // coincide to within the contact's gap), so that the arrows sit on the bodies that move.
      const bool onSecond = world.body(body1).def.fixed && !world.body(body2).def.fixed;
      const int body = onSecond ? body2 : body1;
      const double sign = onSecond ? -1 : 1;
      const Vec2 centre = world.states[body].position;
      addArrow(c.point, sign * normal, centre, inset, body, palette::kForce, camera, scale, out);
      if (options.friction)
        addArrow(c.point, sign * friction, centre, inset, body, palette::kFriction, camera, scale,
                 out);
    }
    if (options.resultants) {
      resultant[body1] += normal + friction;
      resultant[body2] -= normal + friction;
    }
  }
  // A joint's force on body A (or its reaction on B when A is fixed), from A's anchor, like a
  // contact's; it joins the body's resultant.
  for (const JointReport& joint : world.joints) {
    const int a = world.indexOf(joint.a), b = joint.b.isNull() ? -1 : world.indexOf(joint.b);
    if (a < 0) continue;
    const bool onSecond = world.body(a).def.fixed && b >= 0;
    const int body = onSecond ? b : a;
    const Vec2 force = onSecond ? -joint.force : joint.force;
    if (options.forces)
      addArrow(onSecond ? joint.pointB : joint.pointA, force, world.states[body].position, 0, body,
               palette::kForce, camera, scale, out);
    if (options.resultants) {
      resultant[a] += joint.force;
      if (b >= 0) resultant[b] -= joint.force;
    }
  }
  for (std::size_t i = 0; i < resultant.size(); ++i) {
    if (world.body(i).def.fixed) continue;
    const Vec2 centre = world.states[i].position;
    addArrow(centre, resultant[i], centre, 0, static_cast<int>(i), palette::kResultant, camera,
             scale, out);
  }
}

}  // namespace contactlab
