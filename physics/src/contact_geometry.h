// Where two shapes touch or nearly touch: the output of the narrow phase.
#pragma once

#include <cstdint>

#include "contactlab/vec2.h"

namespace contactlab {

// How the contact normal moves with the bodies (needed for the n' term of eq. 6 and 10).
enum class NormalKind : std::uint8_t {
  // The normal is an edge normal of body 2: it turns with body 2, n' = w2 x n.
  EdgeOfBody2,
  // The normal is the unit vector from anchor2 (a point fixed in body 2) to anchor1 (a point fixed
  // in body 1): disc-disc (both centres), polygon vertex on a disc (the vertex and the disc
  // centre),
  // disc on a polygon vertex (the disc centre and the vertex). n' = (I - n n^T)(q1' - q2') / |q1 -
  // q2|.
  CentreLine,
};

// One contact between body 1 and body 2 in the sense of the reference (eq. 5): body 2 owns the
// normal, which points from body 2 towards body 1. The narrow phase returns contacts between its
// first and second argument; `pointOwnerIsFirst` says which of the two plays body 1.
struct ContactGeometry {
  bool pointOwnerIsFirst = true;  // true: body 1 = first shape, body 2 = second; false: swapped
  NormalKind normalKind = NormalKind::EdgeOfBody2;
  Vec2 normal{0, 1};    // unit, world frame, from body 2 towards body 1
  Vec2 point1{0, 0};    // world point on the surface of body 1 (the vertex, or the disc's point)
  Vec2 point2{0, 0};    // world point on the surface of body 2 (the nearest point to point1)
  double distance = 0;  // n . (point1 - point2): > 0 apart, < 0 penetrating
  Vec2 anchor1{0, 0};   // CentreLine only: world position of the point of body 1 defining n
  Vec2 anchor2{0, 0};   // CentreLine only: world position of the point of body 2 defining n
  // Identifies the feature pair so that the same contact can be recognised in the next evaluation
  // (warm start): bits 0-15 the vertex index of body 1 (0xffff for a disc), bits 16-30 the edge or
  // vertex index of body 2 (0x7fff for a disc), bit 31 set when body 2's feature is a vertex.
  std::uint32_t feature = 0;
};

}  // namespace contactlab
