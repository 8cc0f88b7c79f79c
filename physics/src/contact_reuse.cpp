// ContactFinder::findReusing: contacts of pairs whose bodies have barely moved are carried along
// with them instead of being collided again (contact_finder.h).
#include <algorithm>
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
  replaced_.clear();
  replacedHeld_.clear();
  undoInPlace_ = false;
  liveHeld_ = heldBefore_ = liveBefore_ = 0;
}

void ContactFinder::undoReuse() {
  liveHeld_ = liveBefore_;
  if (undoInPlace_) {
    putBackReplaced();
    return;
  }
  collided_.swap(collidedNext_);
  contacts_.swap(contactsNext_);
}

void ContactFinder::putBackReplaced() {
  size_t held = 0;
  for (const ReplacedPair& r : replaced_) {
    collided_[r.index] = r.pair;
    std::copy_n(replacedHeld_.begin() + held, r.pair.count, contacts_.begin() + r.pair.first);
    held += r.pair.count;
  }
  contacts_.resize(heldBefore_);
  replaced_.clear();
  replacedHeld_.clear();
}

bool ContactFinder::carriable(const CollidedPair& then, std::span<const BodyState> states,
                              double pairMargin) const {
  return std::abs(then.margin - pairMargin) <= kReuseMarginSlack &&
         sameRelativePlacement(states[then.i], states[then.j], transforms_[then.i], then.offset,
                               then.turn);
}

void ContactFinder::carryPair(const CollidedPair& then, double pairMargin,
                              std::vector<Contact>& out, size_t& count) const {
  const int i = then.i, j = then.j;
  for (size_t k = then.first; k < then.first + then.count; ++k) {
    Contact& c = nextSlot(out, count);
    carry(contacts_[k], roundness_[i], roundness_[j], transforms_[i], transforms_[j], c.geometry);
    setBodies(c, i, j);
    if (!(c.geometry.distance < pairMargin)) --count;
  }
}

void ContactFinder::collidePairAfresh(const Model& model, std::span<const BodyState> states, int i,
                                      int j, double pairMargin, CollidedPair& record) {
  record.i = i;
  record.j = j;
  record.offset = transforms_[i].rotateBack(states[j].position - states[i].position);
  record.turn = states[j].angle - states[i].angle;
  record.margin = pairMargin;
  geometry_.clear();
  // Held up to the largest margin the pair may be carried with; returned up to its own.
  collideShapes(model.bodies[i].shape, transforms_[i], model.bodies[j].shape, transforms_[j],
                pairMargin, geometry_, kReuseMarginSlack);
  record.count = static_cast<std::uint32_t>(geometry_.size());
}

void ContactFinder::emitFresh(const CollidedPair& record, HeldContact* held,
                              std::vector<Contact>& out, size_t& count) const {
  const int i = record.i, j = record.j;
  for (const ContactGeometry& g : geometry_) {
    hold(g, transforms_[i], transforms_[j], *held++);
    if (!(g.distance < record.margin)) continue;
    setContact(nextSlot(out, count), g, i, j);
  }
}

void ContactFinder::copyRecords(size_t end) {
  collidedNext_.clear();
  contactsNext_.clear();
  for (size_t k = 0; k < end; ++k) {
    const CollidedPair& record = collided_[k];
    CollidedPair& next = collidedNext_.emplace_back(record);
    next.first = static_cast<std::uint32_t>(contactsNext_.size());
    contactsNext_.insert(contactsNext_.end(), contacts_.begin() + record.first,
                         contacts_.begin() + record.first + record.count);
  }
}

void ContactFinder::findReusing(const Model& model, std::span<const BodyState> states,
                                double margin, std::vector<Contact>& out,
                                std::span<const double> reach) {
  size_t count = 0;  // out's first count are this call's
  place(model, states, reach);
  paddedPairs_.findPairs(boxes_, isStatic_, radius_, margin, pairs_);
  replaced_.clear();
  replacedHeld_.clear();
  heldBefore_ = contacts_.size();
  liveBefore_ = liveHeld_;
  liveHeld_ = 0;
  // In place while the pairs are the last call's, in its order (a stack at rest, step after
  // step): a carried pair's record and contacts stay where they are, and a pair collided again
  // overwrites its own record, its contacts written over its old ones (as many or fewer) or after
  // all the others (more), noting what it replaced (replaced_) for undoReuse(). At the first pair
  // gone or new the records are copied into the Next buffers, without the gaps, from there on
  // (and the ones overwritten put back), as they are when the gaps grow to as many as the
  // contacts. pyramid100's 3.5 MB of records were otherwise copied every step.
  bool inPlace = contacts_.size() <= 2 * liveBefore_;
  if (!inPlace) copyRecords(0);
  size_t cursor = 0;  // collided_ is sorted by pair, as pairs_ is
  CollidedPair fresh;
  for (auto [i, j] : pairs_) {
    if (model.jointed(i, j)) continue;  // as in find(): bodies a joint joins never touch
    const double pairMargin = margin + reach[i] + reach[j];
    if (inPlace) {
      if (cursor < collided_.size() && collided_[cursor].i == i && collided_[cursor].j == j) {
        CollidedPair& then = collided_[cursor++];
        if (carriable(then, states, pairMargin)) {
          carryPair(then, pairMargin, out, count);
        } else {
          collidePairAfresh(model, states, i, j, pairMargin, fresh);
          replaced_.push_back({static_cast<std::uint32_t>(cursor - 1), then});
          replacedHeld_.insert(replacedHeld_.end(), contacts_.begin() + then.first,
                               contacts_.begin() + then.first + then.count);
          fresh.first = then.first;
          if (fresh.count > then.count) {
            fresh.first = static_cast<std::uint32_t>(contacts_.size());
            contacts_.resize(contacts_.size() + fresh.count);
          }
          then = fresh;
          emitFresh(then, contacts_.data() + then.first, out, count);
        }
        liveHeld_ += then.count;
        continue;
      }
      inPlace = false;
      copyRecords(cursor);
      putBackReplaced();
    }
    while (cursor < collided_.size() &&
           std::pair(collided_[cursor].i, collided_[cursor].j) < std::pair(i, j))
      ++cursor;
    if (cursor < collided_.size() && collided_[cursor].i == i && collided_[cursor].j == j &&
        carriable(collided_[cursor], states, pairMargin)) {
      const CollidedPair& then = collided_[cursor];
      carryPair(then, pairMargin, out, count);
      CollidedPair& next = collidedNext_.emplace_back(then);
      next.first = static_cast<std::uint32_t>(contactsNext_.size());
      contactsNext_.insert(contactsNext_.end(), contacts_.begin() + then.first,
                           contacts_.begin() + then.first + then.count);
    } else {
      collidePairAfresh(model, states, i, j, pairMargin, fresh);
      fresh.first = static_cast<std::uint32_t>(contactsNext_.size());
      collidedNext_.push_back(fresh);
      contactsNext_.resize(contactsNext_.size() + fresh.count);
      emitFresh(fresh, contactsNext_.data() + fresh.first, out, count);
    }
    liveHeld_ += collidedNext_.back().count;
  }
  out.resize(count);
  if (inPlace && cursor < collided_.size()) {
    // The last call's last pairs are gone.
    inPlace = false;
    copyRecords(cursor);
    putBackReplaced();
  }
  undoInPlace_ = inPlace;
  if (inPlace) return;
  collided_.swap(collidedNext_);
  contacts_.swap(contactsNext_);
}

}  // namespace contactlab
