// Contact detection for a whole world state: broad phase, then the narrow phase on each pair.
#pragma once

#include <span>
#include <vector>

#include "broad_phase.h"
#include "contact_geometry.h"
#include "model.h"
#include "transform.h"

namespace contactlab {

// A contact between two bodies of the model (dense indices), oriented as in eq. (5): body 1 owns
// the point, body 2 the normal.
struct Contact {
  int body1 = 0;
  int body2 = 0;
  ContactGeometry geometry;
  double normalSpeed = 0;  // d' = n . (p1' - p2'), > 0 separating
};

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

class ContactFinder {
 public:
  // Every contact with distance below `margin`, in a deterministic order: by pair of bodies (i, j),
  // i < j, as the broad phase sorts them. With `reach` (one entry per body, m, >= 0), the pair (i,
  // j) counts up to margin + reach[i] + reach[j]: the time-stepping solver's speculative contacts,
  // bodies that can close the gap within a step.
  void find(const Model& model, std::span<const BodyState> states, double margin,
            std::vector<Contact>& out, std::span<const double> reach = {});
  // The contacts find() gives for the listed pairs of bodies (i < j) only, in their order.
  void findBetween(const Model& model, std::span<const BodyState> states, double margin,
                   std::span<const std::pair<int, int>> pairs, std::vector<Contact>& out);

 private:
  void collidePair(const Model& model, std::span<const BodyState> states, int i, int j,
                   const Transform& ti, const Transform& tj, double margin,
                   std::vector<Contact>& out);

  BroadPhase broadPhase_;
  std::vector<Aabb> boxes_;
  std::vector<bool> isStatic_;
  std::vector<Transform> transforms_;
  std::vector<std::pair<int, int>> pairs_;
  std::vector<ContactGeometry> geometry_;
};

}  // namespace contactlab
