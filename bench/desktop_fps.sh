#!/usr/bin/env bash
# Frame rate of the desktop program under Xvfb's software rendering (a benchmark, run by hand;
# never a test's pass/fail).
#   bench/desktop_fps.sh [BUILD_DIR] [SECONDS] [SCENE]
# SCENE is a preset name (pyramid40, rain1000, ...) or a scene file; without it, 100 resting blocks
# in 10 columns of 10 on a floor, ContactSim (the scene is written to a scratch folder). Runs the
# program on it for SECONDS (default 10) and prints, from its --report: frames per second and the
# work (building the panels and drawing) per frame, over the whole run and over its last second;
# how many of the frames were drawn (a frame that would draw what the screen shows is not drawn);
# and the physics' share of real time (simulated seconds per wall second, over the whole run and
# over the last second).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
seconds=${2:-10}
scene=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [[ -z $scene ]]; then
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
  name="100 resting blocks, ContactSim"
else
  name=$scene
fi

XDG_STATE_HOME=$tmp/state xvfb-run -a -s "-screen 0 1600x1000x24 -nolisten tcp" \
  "$build/app/contactlab" "$scene" --quit-after "$seconds" --report "$tmp/report.json" >/dev/null
echo "$name, $seconds s under Xvfb (1280x800 window), load average $(cut -d' ' -f1-3 /proc/loadavg):"
python3 - "$tmp/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
p, s = r["performance"], r["settings"]
st = r["stats"]
dt = r["time"] / st["steps"] if st["steps"] else 0
print(f"  fps: {p['fps_average']:.1f} over the run, {p['fps_after_start']:.1f} after the first two "
      f"frames (the window's start-up), {p['fps']:.1f} in the last second")
if "frames_drawn" in p:
    print(f"  frames drawn: {p['frames_drawn']} of {p['frames']} (the others showed what the screen "
          f"already did)")
print(f"  work per frame (panels + drawing): median {p['frame_work_ms_median']:.1f} ms, "
      f"max {p['frame_work_ms_max']:.1f} ms, last second {p['frame_work_ms']:.1f} ms")
print(f"  frame interval: median {p['frame_ms_median']:.1f} ms, max {p['frame_ms_max']:.1f} ms")
print(f"  physics: {p['physics_ms_per_step']:.2f} ms a step; share of real time "
      f"{100 * r['time'] / st['wall_seconds']:.0f} % over the run ({r['time']:.2f} s simulated in "
      f"{st['wall_seconds']:.2f} s), {100 * p['steps_per_second'] * dt:.0f} % in the last second "
      f"(shown: {100 * r['status']['speed']:.0f} %)")
print(f"  contacts: {p['contacts']}, bodies: {len(r['bodies'])}")
PY
