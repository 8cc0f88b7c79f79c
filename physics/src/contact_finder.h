// Contact detection for a whole world state: broad phase, then the narrow phase on each pair.
#pragma once

#include <algorithm>
#include <span>
#include <utility>
#include <vector>

#include "broad_phase.h"
#include "contact_geometry.h"
#include "contactlab/result.h"
#include "model.h"
#include "padded_pairs.h"
#include "scratch.h"
#include "transform.h"

namespace contactlab {

// A contact between two bodies of the model (dense indices), oriented as in eq. (5): body 1 owns
// the point, body 2 the normal.
struct Contact {
  int body1 = 0;
  int body2 = 0;
  ContactGeometry geometry;
  // d' = n . (p1' - p2'), > 0 separating: set by find() and findBetween() (ContactSim reads it),
  // left 0 by findReusing() (the time-stepping solver does not).
  double normalSpeed = 0;
};
// The bodies of `c`, whose geometry is set, found between bodies i (the narrow phase's first
// shape) and j, and no normal speed.
inline void setBodies(Contact& c, int i, int j) {
  c.body1 = c.geometry.pointOwnerIsFirst ? i : j;
  c.body2 = c.geometry.pointOwnerIsFirst ? j : i;
  c.normalSpeed = 0;
}
// Writes into `c` the contact of geometry `g` found between bodies i and j (setBodies): every
// field, in place (a contact built on the stack and copied is read back across the pieces it was
// stored in, a stall per contact).
inline void setContact(Contact& c, const ContactGeometry& g, int i, int j) {
  c.geometry = g;
  setBodies(c, i, j);
}

// Identifies a contact across evaluations: the two bodies and the touching features.
struct ContactKey {
  int body1 = 0;
  int body2 = 0;
  std::uint32_t feature = 0;
  auto operator<=>(const ContactKey&) const = default;
};
inline ContactKey keyOf(const Contact& c) {
  return {c.body1, c.body2, c.geometry.feature};
}
// The two bodies of `c`, the lower first: its pair, by which contacts are listed.
inline std::pair<int, int> orderedPair(const Contact& c) {
  return {std::min(c.body1, c.body2), std::max(c.body1, c.body2)};
}
// The key of rope `joint` (its index in Model::joints) stretched past its length, as collisions
// list it beside the contacts (no contact has body -1).
inline ContactKey ropeKey(int joint) {
  return {-1, -1, static_cast<std::uint32_t>(joint)};
}
inline bool isRopeKey(const ContactKey& key) {
  return key.body1 < 0;
}

// Whether a body is a disc, and its radius: what carrying a contact reads of its shape, kept per
// body beside its placement (a pile's Body records, read one cache miss at a time, took a sixth of
// the contact search on pyramid100 where the second-level cache is 512 KB).
struct Roundness {
  bool disc = false;
  double radius = 0;
};

// A contact as it was collided, in the frames of its bodies, so that it moves with them: point1
// in body 1's frame and point2 in body 2's (for a centre-line normal, the anchors, which are the
// points of a polygon's corner and a disc's centre; a disc's own point is rebuilt on its
// surface), an edge normal in body 2's frame (a centre-line normal as it was, in the world).
struct HeldContact {
  bool pointOwnerIsFirst = true;
  NormalKind normalKind = NormalKind::EdgeOfBody2;
  std::uint32_t feature = 0;
  Vec2 normal{0, 1};
  Vec2 point1{0, 0};
  Vec2 point2{0, 0};
};

class ContactFinder {
 public:
  // Every contact with distance below `margin`, in a deterministic order: by pair of bodies (i, j),
  // i < j, as the broad phase sorts them. With `reach` (one entry per body, m, >= 0), the pair (i,
  // j) counts up to margin + reach[i] + reach[j]: the time-stepping solver's speculative contacts,
  // bodies that can close the gap within a step. Pairs listed in `skip` (i < j, sorted) are left
  // out: ContactSim's overlapping pairs (overlap_separation.h).
  void find(const Model& model, std::span<const BodyState> states, double margin,
            std::vector<Contact>& out, std::span<const double> reach = {},
            std::span<const std::pair<int, int>> skip = {});
  // find() for a time-stepping solver that calls it once a step: the contacts of a pair whose
  // second body has stayed within kReuseDistance and kReuseAngle of where it was relative to the
  // first when the pair was last collided (and whose margin is within kReuseMarginSlack of the one
  // it was collided with: it was collided that much farther) are that pair's contacts within its
  // margin, carried along with the two bodies (each point with its body, an edge normal with its
  // body, the distance recomputed), not collided again: a resting pile's detection then costs the
  // carrying. Its broad phase keeps its pairs between calls (padded_pairs.h).
  // Results depend on the earlier calls; forgetReuse() drops them (bodies added or removed, a
  // fresh start).
  void findReusing(const Model& model, std::span<const BodyState> states, double margin,
                   std::vector<Contact>& out, std::span<const double> reach);
  void forgetReuse();
  // Takes back the last findReusing(): the reuse is again what it was before that call. Valid once,
  // right after it.
  void undoReuse();
  // Whether the reuse refers to pairs of bodies of a model of `bodyCount` bodies, sorted as looked
  // up (warm_start_check.cpp).
  Status validateReuse(std::size_t bodyCount) const;

  // The contacts find() gives for the listed pairs of bodies (i < j) only, in their order.
  void findBetween(const Model& model, std::span<const BodyState> states, double margin,
                   std::span<const std::pair<int, int>> pairs, std::vector<Contact>& out);

 private:
  // A pair as it was collided: where body j sat relative to body i then (its position in i's frame
  // and the difference of their angles), the margin, and its contacts (in contacts_, all found
  // within that margin and kReuseMarginSlack beyond it).
  struct CollidedPair {
    int i = 0, j = 0;
    Vec2 offset{0, 0};  // R_i^T (x_j - x_i)
    double turn = 0;    // theta_j - theta_i
    double margin = 0;
    std::uint32_t first = 0, count = 0;
  };
  // The boxes, placements and static flags of every body (find, findReusing).
  void place(const Model& model, std::span<const BodyState> states, std::span<const double> reach);
  void appendContacts(std::span<const ContactGeometry> geometry, int i, int j,
                      std::span<const BodyState> states, std::vector<Contact>& out);
  void collidePair(const Model& model, std::span<const BodyState> states, int i, int j,
                   const Transform& ti, const Transform& tj, double margin,
                   std::vector<Contact>& out);

  // State (findReusing(): results depend on it): the pairs collided, sorted, and their contacts.
  std::vector<CollidedPair> collided_;
  std::vector<HeldContact> contacts_;
  // Workspace (scratch.h), not copied with the world; the Next buffers also hold what undoReuse()
  // puts back, until the next call.
  Scratch<std::vector<CollidedPair>> collidedNext_;
  Scratch<std::vector<HeldContact>> contactsNext_;
  Scratch<BroadPhase> broadPhase_;
  Scratch<PaddedPairs> paddedPairs_;  // findReusing's broad phase
  Scratch<std::vector<double>> radius_;
  Scratch<std::vector<Roundness>> roundness_;
  Scratch<std::vector<Aabb>> boxes_;
  Scratch<std::vector<bool>> isStatic_;
  Scratch<std::vector<Transform>> transforms_;
  Scratch<std::vector<std::pair<int, int>>> pairs_;
  Scratch<std::vector<ContactGeometry>> geometry_;
};

// How far the bodies of a pair may move relative to each other from where they were when the pair
// was collided before it is collided again, and how much its margin (which follows the bodies'
// reach) may change: a pair is collided that much beyond its margin, so that a margin grown by up
// to the slack finds every contact there. A settling stack's margins move by millimetres a step
// with its speeds: with 1 mm, pyramid100 collided 24 % of its pairs again over its first 10 s.
inline constexpr double kReuseDistance = 1e-3;      // m
inline constexpr double kReuseAngle = 1e-3;         // rad
inline constexpr double kReuseMarginSlack = 0.003;  // m

}  // namespace contactlab
