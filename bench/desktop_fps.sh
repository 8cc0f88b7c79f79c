#!/usr/bin/env bash
# Frame rate of the desktop program with 100 resting blocks in ContactSim mode, under Xvfb's
# software rendering (a benchmark, run by hand; never a test's pass/fail).
#   bench/desktop_fps.sh [BUILD_DIR] [SECONDS]
# Writes the scene (10 columns of 10 unit blocks on a floor, each at the resting gap), runs the
# program on it for SECONDS (default 10) and prints the Statistics panel's numbers of the last
# second and the averages over the run, from the program's --report.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
seconds=${2:-10}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

scene=$tmp/blocks100.scene
{
  echo "# 100 unit blocks resting in 10 columns of 10 on a floor (ContactSim)."
  echo "box floor w=40 h=1 y=-0.5 fixed"
  for c in $(seq 0 9); do
    for r in $(seq 0 9); do
      awk -v c="$c" -v r="$r" 'BEGIN { printf "box b%d_%d x=%d y=%.3f mass=1\n", c, r, 2 * c - 9, 0.505 + 1.005 * r }'
    done
  done
} >"$scene"

XDG_STATE_HOME=$tmp/state xvfb-run -a -s "-screen 0 1600x1000x24 -nolisten tcp" \
  "$build/app/contactlab" "$scene" --quit-after "$seconds" --report "$tmp/report.json" >/dev/null
echo "100 resting blocks, ContactSim, $seconds s under Xvfb (1280x800 window):"
sed -n '/"performance"/,/}/p' "$tmp/report.json" | sed '1d;$d' | tr -d ' ,"' | sed 's/:/ = /'
printf 'resting contacts at exit: %s\n' "$(grep -c '"force"' "$tmp/report.json")"
