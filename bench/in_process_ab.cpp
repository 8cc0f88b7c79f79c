// bench/compare_in_process.sh's program: one scene's world from each of two libraries (sides a
// and b, in_process_side.cpp), stepped alternately in one process, the order flipped every step,
// each step timed on the thread's processor clock. Both worlds meet the same moments of the
// machine, so a host whose speed wanders from one run to the next (a third, at times) moves both
// alike. Prints b's time over a's per 100-step window and over the run, and whether the two ended
// at the same positions to the bit.
//
// Usage: in_process_ab SCENE [STEPS (default 600)]
#include <cstdio>
#include <cstdlib>
#include <string>

extern "C" {
void* a_make(const char* scene);
double a_step(void* world);
void a_sums(void* world, double* x, double* y);
void a_free(void* world);
void* b_make(const char* scene);
double b_step(void* world);
void b_sums(void* world, double* x, double* y);
void b_free(void* world);
}

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: in_process_ab SCENE [STEPS]\n");
    return 2;
  }
  const std::string scene = argv[1];
  const int steps = argc > 2 ? std::atoi(argv[2]) : 600;
  if (steps < 1) {
    std::fprintf(stderr, "STEPS: a whole number of steps of at least 1 (found '%s')\n", argv[2]);
    return 2;
  }
  void* a = a_make(scene.c_str());
  void* b = b_make(scene.c_str());
  if (!a || !b) {
    std::fprintf(stderr, "unknown scene '%s' (a bench scene of contactlab-bench-box2d)\n",
                 scene.c_str());
    return 2;
  }
  double totalA = 0, totalB = 0, windowA = 0, windowB = 0;
  for (int step = 1; step <= steps; ++step) {
    if (step % 2 == 1) {
      windowA += a_step(a);
      windowB += b_step(b);
    } else {
      windowB += b_step(b);
      windowA += a_step(a);
    }
    if (step % 100 == 0 || step == steps) {
      const int first = (step - 1) / 100 * 100 + 1;
      std::printf("  steps %4d-%4d: a %.3f b %.3f ms/step, b/a %.3f\n", first, step,
                  1e3 * windowA / (step - first + 1), 1e3 * windowB / (step - first + 1),
                  windowB / windowA);
      totalA += windowA;
      totalB += windowB;
      windowA = windowB = 0;
    }
  }
  double ax, ay, bx, by;
  a_sums(a, &ax, &ay);
  b_sums(b, &bx, &by);
  std::printf("%s: a %.4f b %.4f ms/step, b/a %.4f; the same positions to the bit: %s\n",
              scene.c_str(), 1e3 * totalA / steps, 1e3 * totalB / steps, totalB / totalA,
              ax == bx && ay == by ? "yes" : "no");
  a_free(a);
  b_free(b);
  return 0;
}
