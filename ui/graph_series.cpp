// Values and labels of the Graph panel's series (graph_series.h).
#include "graph_series.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace contactlab {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The unit tangent of normal `n` turned to point right, or up when it is vertical: the direction
// "along the contact" whichever body the normal points from.
Vec2 rightwardTangent(Vec2 n) {
  Vec2 t = perpendicular(n);
  if (t.x < 0 || (t.x == 0 && t.y < 0)) t = -t;
  double length = glm::length(t);
  return length > 0 ? t / length : Vec2{1, 0};
}

double bodyValue(Quantity quantity, const SnapshotBody& body, const BodyState& s) {
  switch (quantity) {
    case Quantity::X:
      return s.position.x;
    case Quantity::Y:
      return s.position.y;
    case Quantity::Angle:
      return s.angle;
    case Quantity::Vx:
      return s.velocity.x;
    case Quantity::Vy:
      return s.velocity.y;
    case Quantity::Omega:
      return s.omega;
    case Quantity::Speed:
      return glm::length(s.velocity);
    case Quantity::KineticEnergy:
      if (body.def.fixed) return 0;  // infinite mass at rest
      return 0.5 * body.mass * glm::dot(s.velocity, s.velocity) +
             0.5 * body.inertia * s.omega * s.omega;
    default:
      return kNaN;
  }
}

// The normal or tangential force of contact `c` on body `on` (one of its two bodies).
double contactForce(Quantity quantity, const ContactReport& c, BodyId on) {
  if (quantity == Quantity::NormalForce) return c.force;
  const double sign = c.body1 == on ? 1 : -1;
  return sign * c.friction * glm::dot(perpendicular(c.normal), rightwardTangent(c.normal));
}

double pairValue(const GraphSeries& series, const WorldSnapshot& world) {
  std::optional<BodyId> a = world.findBody(series.body);
  std::optional<BodyId> b = world.findBody(series.other);
  if (!a || !b) return kNaN;
  std::vector<const ContactReport*> points = contactPoints(world, *a, *b);
  if (series.point == 0 || points.empty()) {
    double total = 0;
    for (const ContactReport* c : points) total += contactForce(series.quantity, *c, *a);
    return total;
  }
  if (static_cast<int>(points.size()) != series.points || series.point > series.points) return kNaN;
  return contactForce(series.quantity, *points[series.point - 1], *a);
}

double worldValue(Quantity quantity, const Energy& energy) {
  switch (quantity) {
    case Quantity::KineticTotal:
      return energy.kinetic;
    case Quantity::PotentialTotal:
      return energy.potential;
    case Quantity::EnergyTotal:
      return energy.total;
    default:
      return kNaN;
  }
}

double jointValue(const GraphSeries& series, const WorldSnapshot& world) {
  for (const JointReport& joint : world.joints) {
    if (joint.name != series.body) continue;
    if (series.quantity == Quantity::JointForce) return glm::length(joint.force);
    return holdsDistance(joint.kind) ? joint.tension : kNaN;
  }
  return kNaN;
}

}  // namespace

QuantityOf quantityOf(Quantity quantity) {
  if (quantity >= Quantity::JointForce) return QuantityOf::Joint;
  if (quantity <= Quantity::KineticEnergy) return QuantityOf::Body;
  if (quantity <= Quantity::FrictionForce) return QuantityOf::Pair;
  return QuantityOf::World;
}

const char* quantityUnit(Quantity quantity) {
  switch (quantity) {
    case Quantity::X:
    case Quantity::Y:
      return "m";
    case Quantity::Angle:
      return "rad";
    case Quantity::Vx:
    case Quantity::Vy:
    case Quantity::Speed:
      return "m/s";
    case Quantity::Omega:
      return "rad/s";
    case Quantity::NormalForce:
    case Quantity::FrictionForce:
    case Quantity::JointForce:
    case Quantity::JointTension:
      return "N";
    default:
      return "J";
  }
}

const char* quantityName(Quantity quantity) {
  static constexpr const char* kNames[] = {"x",
                                           "y",
                                           "angle",
                                           "vx",
                                           "vy",
                                           "omega",
                                           "speed",
                                           "kinetic energy",
                                           "normal force",
                                           "friction",
                                           "kinetic energy",
                                           "potential energy",
                                           "total energy",
                                           "force",
                                           "tension"};
  return kNames[static_cast<int>(quantity)];
}

std::string seriesLabel(const GraphSeries& series) {
  std::string label;
  switch (quantityOf(series.quantity)) {
    case QuantityOf::Body:
    case QuantityOf::Joint:
      label = series.body + " ";
      break;
    case QuantityOf::Pair:
      label = series.body + "/" + series.other + " ";
      if (series.point > 0)
        label +=
            "point " + std::to_string(series.point) + " of " + std::to_string(series.points) + " ";
      break;
    case QuantityOf::World:
      break;
  }
  return label + quantityName(series.quantity) + " (" + quantityUnit(series.quantity) + ")";
}

std::vector<const ContactReport*> contactPoints(const WorldSnapshot& world, BodyId a, BodyId b) {
  std::vector<const ContactReport*> points;
  Vec2 normalSum{0, 0};  // the normals turned to point towards `a`
  for (const ContactReport& c : world.contacts) {
    if (c.body1 == a && c.body2 == b) {
      normalSum += c.normal;
    } else if (c.body1 == b && c.body2 == a) {
      normalSum -= c.normal;
    } else {
      continue;
    }
    points.push_back(&c);
  }
  const Vec2 along = rightwardTangent(normalSum);
  std::stable_sort(points.begin(), points.end(),
                   [along](const ContactReport* p, const ContactReport* q) {
                     return glm::dot(p->point, along) < glm::dot(q->point, along);
                   });
  return points;
}

double seriesValue(const GraphSeries& series, const WorldSnapshot& world) {
  switch (quantityOf(series.quantity)) {
    case QuantityOf::Body: {
      std::optional<BodyId> id = world.findBody(series.body);
      if (!id) return kNaN;
      const int i = world.indexOf(*id);
      return bodyValue(series.quantity, world.body(i), world.states[i]);
    }
    case QuantityOf::Pair:
      return pairValue(series, world);
    case QuantityOf::World:
      return worldValue(series.quantity, world.energy);
    case QuantityOf::Joint:
      return jointValue(series, world);
  }
  return kNaN;
}

}  // namespace contactlab
