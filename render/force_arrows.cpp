// Contact-force arrows (force_arrows.h).
#include "force_arrows.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace contactlab {
namespace {

constexpr double kDefaultScale = 0.02;  // m per N, ViewOptions' manual default

// The arrow of a force `force` (N) acting on body `body` at world point `point`, or nothing if it
// would be too short to see, moved `inset` pixels sideways towards `inward`, a world point inside
// the body (its centre of mass). The camera scales both axes alike, so the arrow on the screen is
// the force times the pixels per newton, y flipped: one point placed, not three.
void addArrow(Vec2 point, Vec2 force, Vec2 inward, double inset, int body, Rgba color,
              const Camera& camera, double scale, std::vector<ForceArrow>& out) {
  const double newtons = glm::length(force);
  const double pixelsPerNewton = scale * camera.pixelsPerMeter;
  const double length = newtons * pixelsPerNewton;
  if (!(length >= kForceMinimum)) return;
  const Vec2 along = Vec2{force.x, -force.y} * pixelsPerNewton;  // screen y points down
  const Vec2 tail = camera.worldToScreen(point);
  Vec2 side = Vec2{-along.y, along.x} / length;
  if (glm::dot(Vec2{inward.x - point.x, point.y - inward.y}, side) < 0) side = -side;
  const Vec2 shift = side * inset;
  out.push_back({tail + shift, tail + along + shift, color, newtons, body});
}

// A contact as seen from `body1`: its point, and the normal force and friction on body1 (a report
// between the same bodies the other way round gives the reaction).
struct Seen {
  Vec2 point, normal, force, friction;
};

Seen seenFrom(const ContactReport& c, BodyId body1) {
  const double sign = c.body1 == body1 ? 1 : -1;
  return {c.point, sign * c.normal, sign * c.force * c.normal,
          sign * c.friction * perpendicular(c.normal)};
}

// A contact's place in the report and its pair of bodies (snapshot indices, smaller first).
struct PairOf {
  int low = -1, high = -1;
  std::size_t index = 0;
  auto operator<=>(const PairOf&) const = default;
};

// The contacts in runs of one pair of bodies, either way round (sorted by the pair, then by their
// place in the report, so that a snapshot always gives the same arrows).
void byPair(const WorldSnapshot& world, std::vector<PairOf>& order) {
  order.resize(world.contacts.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    const int a = world.indexOf(world.contacts[k].body1),
              b = world.indexOf(world.contacts[k].body2);
    order[k] = {std::min(a, b), std::max(a, b), k};
  }
  // The time-stepping solvers report their contacts sorted so already.
  if (!std::is_sorted(order.begin(), order.end())) std::sort(order.begin(), order.end());
}

// Whether the contacts order[first, end) (one pair of bodies, seen from body1) form one manifold
// whose points lie within `pixels` of one another on the screen: their normals agree and no two
// points are farther apart.
bool tightManifold(const WorldSnapshot& world, const std::vector<PairOf>& order, std::size_t first,
                   std::size_t end, BodyId body1, const Camera& camera, double pixels) {
  const Seen a = seenFrom(world.contacts[order[first].index], body1);
  for (std::size_t i = first; i < end; ++i) {
    const Seen s = seenFrom(world.contacts[order[i].index], body1);
    if (glm::dot(s.normal, a.normal) < 0.999) return false;
    for (std::size_t k = i + 1; k < end; ++k)
      if (glm::length(s.point - world.contacts[order[k].index].point) * camera.pixelsPerMeter >=
          pixels)
        return false;
  }
  return true;
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
  // Contacts of one pair of bodies closer on the screen than an arrow head is wide are drawn as
  // one arrow of their sum, at their centre of pressure.
  const double headWidth = 2 * kArrowHeadSpread * kForceHead * options.strokeScale;
  auto contactArrows = [&](const ContactReport& c) {
    const int body1 = world.indexOf(c.body1), body2 = world.indexOf(c.body2);
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
  };
  std::vector<PairOf> order;
  byPair(world, order);
  for (std::size_t first = 0, end = 0; first < order.size(); first = end) {
    end = first + 1;
    while (end < order.size() && order[end].low == order[first].low &&
           order[end].high == order[first].high)
      ++end;
    if (order[first].low < 0) continue;
    const ContactReport& c = world.contacts[order[first].index];
    if (end - first > 1 && tightManifold(world, order, first, end, c.body1, camera, headWidth)) {
      // Seen from the body held up by the other (the normal points up into it), as a floor's
      // force is drawn on the body resting on it.
      const BodyId on = c.normal.y >= 0 ? c.body1 : c.body2;
      Vec2 normal{0, 0}, friction{0, 0}, weighted{0, 0}, mean{0, 0};
      double pushing = 0;
      for (std::size_t k = first; k < end; ++k) {
        const Seen s = seenFrom(world.contacts[order[k].index], on);
        normal += s.force;
        friction += s.friction;
        const double f = glm::length(s.force);
        weighted += s.point * f;
        pushing += f;
        mean += s.point / static_cast<double>(end - first);
      }
      ContactReport merged = c;
      if (on != c.body1) std::swap(merged.body1, merged.body2);
      merged.point = pushing > 0 ? weighted / pushing : mean;
      merged.normal = glm::length(normal) > 0 ? glm::normalize(normal) : seenFrom(c, on).normal;
      merged.force = glm::dot(normal, merged.normal);
      merged.friction = glm::dot(friction, perpendicular(merged.normal));
      contactArrows(merged);
    } else {
      for (std::size_t k = first; k < end; ++k) contactArrows(world.contacts[order[k].index]);
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
