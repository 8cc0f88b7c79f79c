#!/usr/bin/env bash
# Before/after: runs the solver benchmarks of two builds of ContactLab alternately (so that the
# machine's load falls on both alike) and prints the medians and the ratio new / base per solver and
# scene: the time-stepping solvers (pgs, mprgp, apgd, the substeps) on the four scenes of
# contactlab-bench-box2d, and ContactSim on piles (contactlab-bench-pile, wall seconds per simulated
# second while settling and at rest).
#
# Usage: bash bench/compare_builds.sh BASE_BUILD_DIR NEW_BUILD_DIR [RUNS (default 5)]
# Both build dirs need the benchmarks built (CONTACTLAB_BENCH=ON).
set -euo pipefail
base=$1
new=$2
runs=${3:-5}
methods=(${METHODS:-pgs mprgp apgd substep})
scenes=(${SCENES:-pyramid20 pyramid40 column20 rain1000})
piles=(${PILES:-20 50 100})

median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

# ms per step of ContactLab's row in contactlab-bench-box2d's table.
timestep_ms() {  # build method scene
  "$1/bench/contactlab-bench-box2d" --runs 1 --method "$2" "$3" |
    awk -F'|' -v s="$3" '$2 ~ s && $3 ~ /ContactLab/ {gsub(/ /, "", $5); print $5; exit}'
}

# Wall seconds per simulated second of a pile of N blocks: settling, resting.
pile_seconds() {  # build blocks column(2 settling, 3 resting)
  "$1/bench/contactlab-bench-pile" --runs 1 "$2" | awk -v n="$2" -v c="$3" '$1 == n {print $c; exit}'
}

report() {  # name base-values new-values
  local b n
  b=$(tr ' ' '\n' <<< "$2" | median)
  n=$(tr ' ' '\n' <<< "$3" | median)
  printf '| %-28s | %10.4f | %10.4f | %6.2fx |\n' "$1" "$b" "$n" "$(awk -v b="$b" -v n="$n" 'BEGIN {print n / b}')"
}

echo "median of $runs alternating runs; ratio = new / base (below 1: faster)"
echo
echo "| solver and scene             |       base |        new |  ratio |"
echo "|------------------------------|-----------:|-----------:|-------:|"
for method in "${methods[@]}"; do
  for scene in "${scenes[@]}"; do
    b=() n=()
    for ((r = 0; r < runs; ++r)); do
      b+=("$(timestep_ms "$base" "$method" "$scene")")
      n+=("$(timestep_ms "$new" "$method" "$scene")")
    done
    report "$method $scene (ms/step)" "${b[*]}" "${n[*]}"
  done
done
for blocks in "${piles[@]}"; do
  bs=() ns=() br=() nr=()
  for ((r = 0; r < runs; ++r)); do
    bs+=("$(pile_seconds "$base" "$blocks" 2)") br+=("$(pile_seconds "$base" "$blocks" 3)")
    ns+=("$(pile_seconds "$new" "$blocks" 2)") nr+=("$(pile_seconds "$new" "$blocks" 3)")
  done
  report "contact pile$blocks settling (s/s)" "${bs[*]}" "${ns[*]}"
  report "contact pile$blocks resting (s/s)" "${br[*]}" "${nr[*]}"
done
