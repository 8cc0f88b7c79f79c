// One side of bench/compare_in_process.sh: a bench scene's world with the substeps, built against
// one source tree's library. The script compiles this file twice, once per tree, with the
// library's namespace renamed (-Dcontactlab=cl_a, cl_b) and SIDE_NAME set to a or b, so that the
// two libraries link into one program (in_process_ab.cpp) without clashing.
#include <ctime>

#include "bench_world.h"
#include "contactlab/world.h"

#define SIDE_JOIN2(a, b) a##b
#define SIDE_JOIN(a, b) SIDE_JOIN2(a, b)
#define SIDE(name) SIDE_JOIN(SIDE_NAME, name)

namespace {

double threadSeconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

}  // namespace

// The scene's world, or null for a scene the tree does not know.
extern "C" void* SIDE(_make)(const char* scene) {
  contactlab::WorldSettings base;
  base.solver = contactlab::SolverKind::Timestep;
  base.timestepScheme = contactlab::TimestepScheme::Substeps;
  const auto found = contactlab::bench::comparisonScene(scene, base.distanceTol / 2);
  if (!found) return nullptr;
  return new contactlab::bench::BenchWorld(contactlab::bench::buildBenchWorld(*found, base));
}

// One step; the thread's processor seconds it took.
extern "C" double SIDE(_step)(void* world) {
  const double start = threadSeconds();
  static_cast<contactlab::bench::BenchWorld*>(world)->world.step();
  return threadSeconds() - start;
}

// The sums of the moving bodies' x and y, to tell whether the two sides moved alike.
extern "C" void SIDE(_sums)(void* world, double* x, double* y) {
  auto& built = *static_cast<contactlab::bench::BenchWorld*>(world);
  *x = *y = 0;
  for (const contactlab::BodyId id : built.moving) {
    *x += built.world.body(id)->state.position.x;
    *y += built.world.body(id)->state.position.y;
  }
}

extern "C" void SIDE(_free)(void* world) {
  delete static_cast<contactlab::bench::BenchWorld*>(world);
}
