// ContactFinder::findReusing: contacts of pairs whose bodies have barely moved are carried along
// with them instead of being collided again (contact_finder.h).
#include <cmath>

#include "contact_finder.h"
#include "narrow_phase.h"

namespace contactlab {
namespace {

// Whether body j sits where it sat relative to body i, within kReuseDistance and kReuseAngle: a
// contact's geometry depends only on that (the two bodies moving together carry it unchanged).
bool sameRelativePlacement(const BodyState& nowI, const BodyState& nowJ, const Transform& placeI,
                           const Transform& placeThenI, const Transform& placeThenJ,
                           double angleThenI, double angleThenJ) {
  const Vec2 offset = placeI.rotateBack(nowJ.position - nowI.position) -
                      placeThenI.rotateBack(placeThenJ.position - placeThenI.position);
  const double turn = (nowJ.angle - nowI.angle) - (angleThenJ - angleThenI);
  return glm::dot(offset, offset) <= kReuseDistance * kReuseDistance &&
         std::abs(turn) <= kReuseAngle;
}

// The rigid motion taking placement `from` to placement `to`, applied to a world point.
Vec2 carry(Vec2 p, const Transform& from, const Transform& to) {
  return to.apply(from.applyInverse(p));
}

Vec2 turn(Vec2 v, const Transform& from, const Transform& to) {
  return to.rotate(from.rotateBack(v));
}

// Contact geometry found with the two shapes at (fromFirst, fromSecond), carried along with them
// to (toFirst, toSecond): each point with the body that owns it, an edge normal with the body of
// the edge, a centre-line normal along the carried anchors (the points that define it). A disc's
// point is not a point of its material (a rolling disc turns under it): it is put back on the
// disc's surface facing the other body.
ContactGeometry carried(const ContactGeometry& g, const Shape& first, const Shape& second,
                        const Transform& fromFirst, const Transform& fromSecond,
                        const Transform& toFirst, const Transform& toSecond) {
  const bool ownerFirst = g.pointOwnerIsFirst;
  const Shape& shape1 = ownerFirst ? first : second;
  const Shape& shape2 = ownerFirst ? second : first;
  const Transform& from1 = ownerFirst ? fromFirst : fromSecond;
  const Transform& from2 = ownerFirst ? fromSecond : fromFirst;
  const Transform& to1 = ownerFirst ? toFirst : toSecond;
  const Transform& to2 = ownerFirst ? toSecond : toFirst;
  ContactGeometry out = g;
  out.point1 = carry(g.point1, from1, to1);
  out.point2 = carry(g.point2, from2, to2);
  if (g.normalKind == NormalKind::CentreLine) {
    out.anchor1 = carry(g.anchor1, from1, to1);
    out.anchor2 = carry(g.anchor2, from2, to2);
    const Vec2 line = out.anchor1 - out.anchor2;
    const double length = glm::length(line);
    out.normal = length > 0 ? line / length : g.normal;
  } else {
    out.normal = turn(g.normal, from2, to2);
  }
  if (shape1.isDisc()) out.point1 = to1.position - shape1.radius * out.normal;
  if (shape2.isDisc()) out.point2 = to2.position + shape2.radius * out.normal;
  out.distance = glm::dot(out.normal, out.point1 - out.point2);
  return out;
}

}  // namespace

void ContactFinder::forgetReuse() {
  collided_.clear();
  contacts_.clear();
}

void ContactFinder::undoReuse() {
  collided_.swap(collidedNext_);
  contacts_.swap(contactsNext_);
}

void ContactFinder::findReusing(const Model& model, std::span<const BodyState> states,
                                double margin, std::vector<Contact>& out,
                                std::span<const double> reach) {
  out.clear();
  place(model, states, reach);
  broadPhase_.findPairs(boxes_, isStatic_, margin, pairs_);
  collidedNext_.clear();
  contactsNext_.clear();
  size_t cursor = 0;  // collided_ is sorted by pair, as pairs_ is
  for (auto [i, j] : pairs_) {
    const double pairMargin = margin + reach[i] + reach[j];
    while (cursor < collided_.size() &&
           std::pair(collided_[cursor].i, collided_[cursor].j) < std::pair(i, j))
      ++cursor;
    CollidedPair next;
    if (cursor < collided_.size() && collided_[cursor].i == i && collided_[cursor].j == j &&
        std::abs(collided_[cursor].margin - pairMargin) <= kReuseMarginSlack &&
        sameRelativePlacement(states[i], states[j], transforms_[i], collided_[cursor].placementI,
                              collided_[cursor].placementJ, collided_[cursor].angleI,
                              collided_[cursor].angleJ)) {
      next = collided_[cursor];
      geometry_.clear();
      for (size_t k = next.first; k < next.first + next.count; ++k) {
        const ContactGeometry g =
            carried(contacts_[k], model.bodies[i].shape, model.bodies[j].shape, next.placementI,
                    next.placementJ, transforms_[i], transforms_[j]);
        if (g.distance < next.margin) geometry_.push_back(g);
      }
      next.first = static_cast<std::uint32_t>(contactsNext_.size());
      contactsNext_.insert(contactsNext_.end(), contacts_.begin() + collided_[cursor].first,
                           contacts_.begin() + collided_[cursor].first + next.count);
    } else {
      next.i = i;
      next.j = j;
      next.placementI = transforms_[i];
      next.placementJ = transforms_[j];
      next.angleI = states[i].angle;
      next.angleJ = states[j].angle;
      next.margin = pairMargin;
      next.first = static_cast<std::uint32_t>(contactsNext_.size());
      geometry_.clear();
      collideShapes(model.bodies[i].shape, transforms_[i], model.bodies[j].shape, transforms_[j],
                    pairMargin, geometry_);
      next.count = static_cast<std::uint32_t>(geometry_.size());
      contactsNext_.insert(contactsNext_.end(), geometry_.begin(), geometry_.end());
    }
    collidedNext_.push_back(next);
    appendContacts(geometry_, i, j, states, out);
  }
  collided_.swap(collidedNext_);
  contacts_.swap(contactsNext_);
}

}  // namespace contactlab
