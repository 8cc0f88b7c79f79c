// Lanes: eight floats handled as one value (the GCC/Clang vector extension), for solvers that
// treat eight independent constraints at once. Each operation rounds every lane exactly as the
// scalar float operation would, so a lane's result does not depend on the instructions chosen:
// SSE2 (two instructions per operation), AVX2 (one), or scalar code (WebAssembly) give the same
// bits. Single precision halves the bytes a sweep streams and doubles the lanes per instruction
// (Box2D v3's solver is single precision too); the callers keep positions and the rows' geometry
// in double and round only what the sweeps read and write (substep_lanes.h).
// Functions marked CONTACTLAB_LANES_CLONES are compiled three times on x86-64 with GCC, for the
// baseline, for AVX2 and for x86-64-v4 (AVX-512's 32 vector registers spare a sweep most of its
// spills: 3-5 % on the substeps' step), and the one the processor can run is picked when the
// program starts (one binary runs everywhere). No FMA (physics/CMakeLists.txt turns contraction
// off where lanes are used): a fused multiply-add rounds once where the scalar code rounds twice.
#pragma once

// Lanes pass between functions by value only inside one translation unit, inlined, never across an
// ABI boundary: GCC's note that a 32-byte vector is passed differently with and without AVX does
// not apply.
#if defined(__clang__)
#define CONTACTLAB_LANES_ABI_NOTE_OFF _Pragma("clang diagnostic ignored \"-Wpsabi\"")
#elif defined(__GNUC__)
#define CONTACTLAB_LANES_ABI_NOTE_OFF _Pragma("GCC diagnostic ignored \"-Wpsabi\"")
#else
#define CONTACTLAB_LANES_ABI_NOTE_OFF
#endif
CONTACTLAB_LANES_ABI_NOTE_OFF

namespace contactlab {

inline constexpr int kLanes = 8;
using Lanes = float __attribute__((vector_size(kLanes * sizeof(float)), aligned(32)));
using LaneMask = int __attribute__((vector_size(kLanes * sizeof(int)), aligned(32)));

// Before a loop whose iterations write only data no other iteration reads or writes (columns of
// one array per field, qp_apgd.cpp): GCC may vectorize it without checking for overlap. (Clang's
// counterpart turns a loop it cannot vectorize, as for WebAssembly without SIMD, into a warning.)
#if defined(__GNUC__) && !defined(__clang__)
#define CONTACTLAB_INDEPENDENT_ITERATIONS _Pragma("GCC ivdep")
#else
#define CONTACTLAB_INDEPENDENT_ITERATIONS
#endif

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define CONTACTLAB_LANES_CLONES __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define CONTACTLAB_LANES_CLONES
#endif

[[gnu::always_inline]] inline Lanes splat(float x) {
  return Lanes{x, x, x, x, x, x, x, x};
}
// std::max(a, b) lane by lane: b where a < b, else a.
[[gnu::always_inline]] inline Lanes maxLanes(Lanes a, Lanes b) {
  return a < b ? b : a;
}
// std::clamp(v, lo, hi) lane by lane.
[[gnu::always_inline]] inline Lanes clampLanes(Lanes v, Lanes lo, Lanes hi) {
  return v < lo ? lo : (hi < v ? hi : v);
}
[[gnu::always_inline]] inline Lanes selectLanes(LaneMask m, Lanes a, Lanes b) {
  return m ? a : b;
}
// Whether every lane of a comparison's mask is set.
[[gnu::always_inline]] inline bool allLanes(LaneMask m) {
  return (m[0] & m[1] & m[2] & m[3] & m[4] & m[5] & m[6] & m[7]) != 0;
}

}  // namespace contactlab
