#!/usr/bin/env bash
# Builds the scene/share fuzz target with clang's libFuzzer, AddressSanitizer and
# UndefinedBehaviorSanitizer (the target also steps each small loaded world under every solver),
# seeds it with the presets (as scene text and as share strings) and the inputs that once failed
# (fuzz/regressions/), and runs it for SECONDS (default 60). Fails on any crash, hang, leak,
# sanitizer report, trap or failed CONTACTLAB_ASSERT (on here, as in every sanitizer build).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
work=build-fuzz
export LC_ALL=C
mkdir -p "$work/corpus"
# The library's sources joined eight at a time in their sorted order (a unity build, as CMake's
# in the sanitizer build of .ci/run: the shared headers parsed once per batch), the batches
# compiled as many at once as there are processors (one clang run over all the sources took 4.5
# minutes on two slow cores; each source on its own 1.9 minutes on two Zen 3 cores, the batches
# 1.1), with line tables for the sanitizers' stack traces.
rm -rf "$work/objects"
mkdir -p "$work/objects"
root=$PWD
sources=("$root"/physics/src/*.cpp)
for i in "${!sources[@]}"; do
  printf '#include "%s"\n' "${sources[$i]}" >> "$work/objects/physics_$((i / 8)).cpp"
done
printf '%s\n' "$root/$work"/objects/physics_*.cpp "$root/fuzz/scene_fuzz.cpp" |
  (cd "$work/objects" && xargs -P "$(nproc)" -n 1 clang++-14 -std=c++20 -O1 -gline-tables-only \
    -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -DCONTACTLAB_ASSERTS=1 \
    -I"$root/physics/include" -I"$root/physics/src" -c)
clang++-14 -fsanitize=fuzzer,address,undefined "$work"/objects/*.o -o "$work/scene_fuzz"
cp assets/scenes/*.scene fuzz/regressions/* "$work/corpus/"
if [ -x build/app/contactlab-cli ]; then
  for scene in assets/scenes/*.scene; do
    build/app/contactlab-cli share encode "$scene" > "$work/corpus/$(basename "$scene" .scene).share"
  done
fi
"$work/scene_fuzz" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
  -print_final_stats=1 "$work/corpus" 2>&1 | tail -n 25
