// ContactFinder::findReusing: contacts of pairs whose bodies have barely moved are carried along
// with them instead of being collided again (contact_finder.h).
#include <cmath>

#include "contact_finder.h"
#include "narrow_phase.h"

namespace contactlab {
namespace {

// Whether body j sits where it sat relative to body i, within kReuseDistance and kReuseAngle: a
// contact's geometry depends only on that (the two bodies moving together carry it unchanged).
// `offset` and `turn` are j's place relative to i then (CollidedPair).
bool sameRelativePlacement(const BodyState& nowI, const BodyState& nowJ, const Transform& placeI,
                           Vec2 offsetThen, double turnThen) {
  const Vec2 offset = placeI.rotateBack(nowJ.position - nowI.position) - offsetThen;
  const double turn = (nowJ.angle - nowI.angle) - turnThen;
  return glm::dot(offset, offset) <= kReuseDistance * kReuseDistance &&
         std::abs(turn) <= kReuseAngle;
}

// Contact geometry found with the two shapes at (first, second), held in the frames of the bodies
// that own its points and normal (HeldContact), written into `out`.
void hold(const ContactGeometry& g, const Transform& first, const Transform& second,
          HeldContact& out) {
  const Transform& place1 = g.pointOwnerIsFirst ? first : second;
  const Transform& place2 = g.pointOwnerIsFirst ? second : first;
  out.pointOwnerIsFirst = g.pointOwnerIsFirst;
  out.normalKind = g.normalKind;
  out.feature = g.feature;
  if (g.normalKind == NormalKind::CentreLine) {
    out.point1 = place1.applyInverse(g.anchor1);
    out.point2 = place2.applyInverse(g.anchor2);
    out.normal = g.normal;
  } else {
    out.point1 = place1.applyInverse(g.point1);
    out.point2 = place2.applyInverse(g.point2);
    out.normal = place2.rotateBack(g.normal);
  }
}

// A held contact carried along with the two shapes to (first, second), written into `out`: each
// point with the body that owns it, an edge normal with the body of the edge, a centre-line normal
// along the carried anchors (the points that define it). A disc's point is not a point of its
// material (a rolling disc turns under it): it is put back on the disc's surface facing the other
// body. Written in place: a pile carries thousands of contacts a step.
void carry(const HeldContact& h, const Roundness& first, const Roundness& second,
           const Transform& toFirst, const Transform& toSecond, ContactGeometry& out) {
  const bool ownerFirst = h.pointOwnerIsFirst;
  const Roundness& shape1 = ownerFirst ? first : second;
  const Roundness& shape2 = ownerFirst ? second : first;
  const Transform& to1 = ownerFirst ? toFirst : toSecond;
  const Transform& to2 = ownerFirst ? toSecond : toFirst;
  out.pointOwnerIsFirst = ownerFirst;
  out.normalKind = h.normalKind;
  out.feature = h.feature;
  out.point1 = to1.apply(h.point1);
  out.point2 = to2.apply(h.point2);
  if (h.normalKind == NormalKind::CentreLine) {
    out.anchor1 = out.point1;
    out.anchor2 = out.point2;
    const Vec2 line = out.anchor1 - out.anchor2;
    const double length = glm::length(line);
    out.normal = length > 0 ? line / length : h.normal;
  } else {
    out.anchor1 = out.anchor2 = Vec2{0, 0};
    out.normal = to2.rotate(h.normal);
  }
  if (shape1.disc) out.point1 = to1.position - shape1.radius * out.normal;
  if (shape2.disc) out.point2 = to2.position + shape2.radius * out.normal;
  out.distance = glm::dot(out.normal, out.point1 - out.point2);
}

// The next contact of `out`, whose first `count` are this call's: an element already there while
// the vector is long enough, so that a pile's contacts are overwritten in place from step to step
// rather than zeroed and written again (the caller writes every field).
Contact& nextSlot(std::vector<Contact>& out, size_t& count) {
  if (count == out.size()) out.emplace_back();
  return out[count++];
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
  size_t count = 0;  // out's first count are this call's
  place(model, states, reach);
  paddedPairs_.findPairs(boxes_, isStatic_, radius_, margin, pairs_);
  collidedNext_.clear();
  contactsNext_.clear();
  size_t cursor = 0;  // collided_ is sorted by pair, as pairs_ is
  for (auto [i, j] : pairs_) {
    if (model.jointed(i, j)) continue;  // as in find(): bodies a joint joins never touch
    const double pairMargin = margin + reach[i] + reach[j];
    while (cursor < collided_.size() &&
           std::pair(collided_[cursor].i, collided_[cursor].j) < std::pair(i, j))
      ++cursor;
    // Each record written in place, field by field (a copy of one built on the stack reads it back
    // across the pieces it was stored in, a stall per record).
    CollidedPair& next = collidedNext_.emplace_back();
    if (cursor < collided_.size() && collided_[cursor].i == i && collided_[cursor].j == j &&
        std::abs(collided_[cursor].margin - pairMargin) <= kReuseMarginSlack &&
        sameRelativePlacement(states[i], states[j], transforms_[i], collided_[cursor].offset,
                              collided_[cursor].turn)) {
      const CollidedPair& then = collided_[cursor];
      for (size_t k = then.first; k < then.first + then.count; ++k) {
        Contact& c = nextSlot(out, count);
        carry(contacts_[k], roundness_[i], roundness_[j], transforms_[i], transforms_[j],
              c.geometry);
        setBodies(c, i, j);
        if (!(c.geometry.distance < pairMargin)) --count;
      }
      next = then;
      next.first = static_cast<std::uint32_t>(contactsNext_.size());
      contactsNext_.insert(contactsNext_.end(), contacts_.begin() + then.first,
                           contacts_.begin() + then.first + then.count);
    } else {
      next.i = i;
      next.j = j;
      next.offset = transforms_[i].rotateBack(states[j].position - states[i].position);
      next.turn = states[j].angle - states[i].angle;
      next.margin = pairMargin;
      next.first = static_cast<std::uint32_t>(contactsNext_.size());
      geometry_.clear();
      // Held up to the largest margin the pair may be carried with; returned up to its own.
      collideShapes(model.bodies[i].shape, transforms_[i], model.bodies[j].shape, transforms_[j],
                    pairMargin, geometry_, kReuseMarginSlack);
      next.count = static_cast<std::uint32_t>(geometry_.size());
      for (const ContactGeometry& g : geometry_) {
        hold(g, transforms_[i], transforms_[j], contactsNext_.emplace_back());
        if (!(g.distance < pairMargin)) continue;
        setContact(nextSlot(out, count), g, i, j);
      }
    }
  }
  out.resize(count);
  collided_.swap(collidedNext_);
  contacts_.swap(contactsNext_);
}

}  // namespace contactlab
