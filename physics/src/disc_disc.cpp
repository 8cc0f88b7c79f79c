// Disc-disc contact: the normal runs along the line of centres, from the second disc to the first.
#include "collision_pairs.h"

namespace contactlab {

void collideDiscs(const Shape& a, const Transform& ta, const Shape& b, const Transform& tb,
                  double margin, std::vector<ContactGeometry>& out) {
  Vec2 offset = ta.position - tb.position;
  double centreDistance = glm::length(offset);
  double distance = centreDistance - a.radius - b.radius;
  if (!(distance < margin)) return;
  // Centres closer than a trillionth of the radii have no usable line between them: push along +y.
  bool coincident = !(centreDistance > 1e-12 * (a.radius + b.radius));
  Vec2 normal = coincident ? Vec2{0, 1} : offset / centreDistance;

  ContactGeometry& contact = out.emplace_back();  // in place: no copy read back across its pieces
  contact.pointOwnerIsFirst = true;
  contact.normalKind = NormalKind::CentreLine;
  contact.normal = normal;
  contact.point1 = ta.position - a.radius * normal;
  contact.point2 = tb.position + b.radius * normal;
  contact.distance = distance;
  contact.anchor1 = ta.position;
  contact.anchor2 = tb.position;
  contact.feature = featureCode(kDiscFeatureOfBody1, kDiscFeatureOfBody2, false);
}

}  // namespace contactlab
