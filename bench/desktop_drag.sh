#!/usr/bin/env bash
# How the desktop program keeps up while a body is dragged with the mouse spring, under Xvfb's
# software rendering (a benchmark, run by hand; never a test's pass/fail).
#   bench/desktop_drag.sh [BUILD_DIR] [SCENE] [BODY] [SECONDS]
# Defaults: pyramid40 (time stepping, APGD to a tolerance), its box p20_5, 6 s. Opens the scene,
# presses the mouse on the body (xdotool) and moves it back and forth, a metre each way, for
# SECONDS, then prints from the program's --report: how many frames the drag's moves took to reach
# the screen (median and largest), frames per second, the physics' share of real time, and the
# last step's solve (iterations, whether it was capped, residual).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
scene=${2:-pyramid40}
body=${3:-p20_5}
seconds=${4:-6}
if [[ -z "${CONTACTLAB_DRAG_UNDER_XVFB:-}" ]]; then
  CONTACTLAB_DRAG_UNDER_XVFB=1 exec xvfb-run -a -s "-screen 0 1600x1000x24 -nolisten tcp" \
    bash "$0" "$build" "$scene" "$body" "$seconds"
fi
check=${CONTACTLAB_E2E_CHECK:-$build/tests/e2e/contactlab-e2e-check}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
report=$tmp/report.json
XDG_STATE_HOME=$tmp/state "$build/app/contactlab" "$scene" --quit-after $((seconds + 4)) \
  --report "$report" >"$tmp/log" 2>&1 &
pid=$!
for _ in $(seq 1 200); do [[ -s $report ]] && break; sleep 0.1; done
sleep 1
window=$(xdotool search --sync --onlyvisible --name '^ContactLab' | head -1)
read -r bx by < <("$check" body-screen "$report" "$body")
read -r ox oy < <("$check" to-screen "$report" 0 0)
read -r mx my < <("$check" to-screen "$report" 1 0)
metre=$((mx - ox))
xdotool mousemove --window "$window" "$bx" "$by"
sleep 0.3
xdotool mousedown 1
end=$((SECONDS + seconds))
step=0
while ((SECONDS < end)); do
  # A triangle wave: a metre left and right of where the body was grabbed, 4 s a period.
  phase=$((step % 80))
  offset=$(((phase < 40 ? phase : 80 - phase) * metre / 20 - metre))
  xdotool mousemove --window "$window" $((bx + offset)) "$by"
  step=$((step + 1))
  sleep 0.05
done
xdotool mouseup 1
wait "$pid"
echo "$scene: dragging $body for $seconds s under Xvfb, load average $(cut -d' ' -f1-3 /proc/loadavg):"
python3 - "$report" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
p, t = r["performance"], r["last_step"]["timestep"]
if "drag_moves_shown" in p:  # (a build from before the drag's lag was counted has none)
  print(f"  drag moves shown: {p['drag_moves_shown']}, lag median {p['drag_lag_frames_median']} "
        f"frames, largest {p['drag_lag_frames_max']}")
print(f"  fps: {p['fps_average']:.1f} over the run; physics {p['physics_ms_per_step']:.1f} ms a "
      f"step, {p['qp_iterations_per_step']:.0f} iterations a step in the last second")
st = r["stats"]
ys = sorted(b["y"] for b in r["bodies"]) if r["bodies"] and "y" in r["bodies"][0] else []
if ys:
  print(f"  at exit: highest body at y = {ys[-1]:.2f} m")
print(f"  physics' share of real time over the run: {100 * r['time'] / st['wall_seconds']:.0f} %; "
      f"unconverged solves: {st['timestep']['qp_unconverged']} of {st['timestep']['qp_solves']}")
PY
