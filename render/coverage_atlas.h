// The coverage atlas: one small alpha texture that lets a single quad draw what used to take many
// thin triangles. Software OpenGL (llvmpipe) pays per triangle and, for a long sliver one pixel
// wide, for every 4 x 4 pixel block it touches; an anti-aliased line drawn as a solid core and two
// fading fringe strips (six slivers) cost several times the quad that covers the same pixels. With
// the atlas a line is one quad whose texture coordinate across it reads its alpha profile, and the
// centre-of-mass mark is one quad reading a pre-drawn picture of it.
//
// Layout (kAtlasWidth x kAtlasHeight texels, alpha only, sampled at the nearest texel: the
// profiles are fine enough not to need filtering, which software rendering pays for per pixel):
//   rows 0 .. kProfileRows - 1: line profiles. Row j is the profile of a line whose solid core is
//     the fraction r_j = j / (kProfileRows - 1) of its half-width: across the row (u from 0 to 1,
//     edge to edge; d = |2u - 1| the distance from the centre line as a fraction of the half-width)
//     alpha = clamp((1 - d) / (1 - r_j), 0, 1). The last row (r = 1) is solid: triangles that are
//     not lines read it.
//   rows kProfileRows .. + kMarkSize - 1, columns 0 .. kMarkSize - 1: the centre-of-mass mark (a
//     one-pixel ring of radius kMarkRadius with its upper-right and lower-left quarters filled),
//     one texel per pixel (each 0 or 1: crisp), its centre at the corner between the middle four
//     texels.
// Pure C++: the OpenGL canvas uploads the texels once.
#pragma once

#include <cstdint>
#include <vector>

namespace contactlab {

inline constexpr int kAtlasWidth = 64;
inline constexpr int kProfileRows = 64;
inline constexpr int kMarkSize = 16;
inline constexpr double kMarkRadius = 5;  // pixels
inline constexpr int kAtlasHeight = kProfileRows + kMarkSize;

// The atlas' texels, row after row (row 0 first), kAtlasWidth x kAtlasHeight alpha bytes.
std::vector<std::uint8_t> coverageAtlas();

// The texture coordinate v of the profile row nearest a solid core of `coreFraction` (0 to 1) of
// the half-width.
float profileRowV(double coreFraction);

// Texture coordinates of a solid texel (the middle of the last profile row).
inline constexpr float kSolidU = 0.5f;
inline constexpr float kSolidV = (kProfileRows - 0.5f) / kAtlasHeight;

// The mark's quad: kMarkQuad x kMarkQuad pixels about its centre (the ring's outer edge is at
// kMarkRadius + 0.5), and its texture rectangle (u0, v0) to (u1, v1), the middle of the mark's
// texels.
inline constexpr int kMarkQuad = 12;
inline constexpr float kMarkU0 = float(kMarkSize - kMarkQuad) / 2 / kAtlasWidth;
inline constexpr float kMarkU1 = float(kMarkSize + kMarkQuad) / 2 / kAtlasWidth;
inline constexpr float kMarkV0 = (kProfileRows + float(kMarkSize - kMarkQuad) / 2) / kAtlasHeight;
inline constexpr float kMarkV1 = (kProfileRows + float(kMarkSize + kMarkQuad) / 2) / kAtlasHeight;

}  // namespace contactlab
