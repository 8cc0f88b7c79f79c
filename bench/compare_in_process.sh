#!/usr/bin/env bash
# Before/after within one process: builds the physics library of two source trees (each with its
# namespace renamed, so that both link into one program), then steps one world of each, alternately,
# on the scenes given (bench/in_process_ab.cpp), RUNS times, printing b/a per 100-step window and
# per run. On a host whose speed wanders from one run to the next, two runs of two builds taken in
# turn (compare_builds.sh) differ by more than a change of a few percent; two worlds stepped in
# turn meet the same moments. The same tree on both sides gives 1.00 within about a percent over a
# run (the second world's first 100 steps run a few percent slower: its memory is touched first).
#
# Usage: bash bench/compare_in_process.sh BASE_TREE NEW_TREE [RUNS (default 3)] [STEPS (default
#        600)] [SCENES (default pyramid100)...]
# The trees: source checkouts of ContactLab (git worktree add DIR COMMIT), built into WORK
# (default ${TMPDIR:-/tmp}/contactlab-in-process).
set -euo pipefail
if (($# < 2)); then
  echo "usage: bash bench/compare_in_process.sh BASE_TREE NEW_TREE [RUNS] [STEPS] [SCENES...]" >&2
  exit 2
fi
base=$(realpath "$1")
new=$(realpath "$2")
runs=${3:-3}
steps=${4:-600}
shift $(($# < 4 ? $# : 4))
scenes=("$@")
((${#scenes[@]})) || scenes=(pyramid100)
work=${WORK:-${TMPDIR:-/tmp}/contactlab-in-process}
here=$(dirname "$(realpath "$0")")
for tree in "$base" "$new"; do
  [[ -f $tree/physics/CMakeLists.txt && -f $tree/bench/bench_world.h ]] ||
    { echo "not a ContactLab source tree (with bench/bench_world.h): $tree" >&2; exit 2; }
done

side() {  # tree side(a|b)
  local build=$work/$2
  # A build made from another tree before (CMake refuses to reuse it for this one) starts afresh.
  if [[ -f $build/CMakeCache.txt ]] &&
    ! grep -qxF "CMAKE_HOME_DIRECTORY:INTERNAL=$1" "$build/CMakeCache.txt"; then
    rm -rf "$build"
  fi
  cmake -S "$1" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS="-Dcontactlab=cl_$2" \
    > "$build.configure.log"
  cmake --build "$build" -j"$(nproc)" --target contactlab_physics > "$build.build.log"
  g++ -O2 -std=c++20 -c "$here/in_process_side.cpp" -o "$build/side.o" -Dcontactlab="cl_$2" \
    -DSIDE_NAME="$2" -I"$1/physics/include" -I"$1/physics/src" -I"$1/bench"
}
mkdir -p "$work"
side "$base" a
side "$new" b
g++ -O2 -std=c++20 "$here/in_process_ab.cpp" "$work/a/side.o" "$work/b/side.o" \
  "$work/a/physics/libcontactlab_physics.a" "$work/b/physics/libcontactlab_physics.a" \
  -o "$work/in_process_ab"
echo "a: $base, b: $new; $runs runs of $steps steps; b/a below 1: b faster"
for scene in "${scenes[@]}"; do
  for ((r = 1; r <= runs; ++r)); do "$work/in_process_ab" "$scene" "$steps"; done
done
