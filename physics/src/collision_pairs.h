// The narrow phase per pair of shape types (polygon-polygon, disc-polygon, disc-disc) and the
// feature code they share. Private to the narrow phase; collideShapes dispatches to these.
#pragma once

#include <cstdint>
#include <vector>

#include "contact_geometry.h"
#include "shape.h"
#include "transform.h"

namespace contactlab {

// Feature numbers of ContactGeometry::feature (see contact_geometry.h).
inline constexpr std::uint32_t kDiscFeatureOfBody1 = 0xffff;
inline constexpr std::uint32_t kDiscFeatureOfBody2 = 0x7fff;

inline std::uint32_t featureCode(std::uint32_t featureOfBody1, std::uint32_t featureOfBody2,
                                 bool body2FeatureIsVertex) {
  return (featureOfBody1 & 0xffffu) | ((featureOfBody2 & 0x7fffu) << 16) |
         (body2FeatureIsVertex ? 1u << 31 : 0u);
}

// Vertex-edge contacts both ways between two polygons, closer than margin + beyond; two contacts
// within a tenth of `margin` of each other seen from both sides are one (collideShapes).
void collidePolygons(const Shape& a, const Transform& ta, const Shape& b, const Transform& tb,
                     double margin, double beyond, std::vector<ContactGeometry>& out);

// The one contact between a disc (always body 1) and a polygon: disc-edge or disc-vertex.
// `discIsFirst` says whether the disc was collideShapes' first argument.
void collideDiscPolygon(const Shape& disc, const Transform& discPlace, const Shape& polygon,
                        const Transform& polygonPlace, bool discIsFirst, double margin,
                        std::vector<ContactGeometry>& out);

// The contact between two discs along the line of centres, a being body 1.
void collideDiscs(const Shape& a, const Transform& ta, const Shape& b, const Transform& tb,
                  double margin, std::vector<ContactGeometry>& out);

}  // namespace contactlab
