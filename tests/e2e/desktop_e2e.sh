#!/usr/bin/env bash
# End-to-end test of the desktop program under Xvfb (run by .ci/run; about 20 s, at most 2 min):
#   1. running: drag a block with the mouse (xdotool); it follows the mouse on the drag spring and
#      hangs where the mouse holds it, g / w^2 below; the mouse's moves reach the screen within two
#      frames (the report's drag lag, counted in frames, not timed);
#   1b. a drag while running undoes (Ctrl+Z) in one step to where the drag began; Ctrl+N opens a
#      new scene (a floor);
#   1c. after a menu was opened and closed, a held mouse drags the elasticity slider to the value
#      under it;
#   1d. paused, most frames are not drawn again (they would draw what the screen shows);
#   2. paused, right after a menu was opened and closed: drag a block; it lands exactly where the
#      mouse lets go;
#   2b. the joint tools: key 2 and a click on the block pin it, key 4 and a drag from it to empty
#      space add a rod; the report and the session's saved scene hold both;
#   3. a start without a scene brings back the scene of the last session (test 2's), and the
#      sessions before it are kept; a start with another scene keeps the last session too;
#   4. a screenshot of the tapering stack has a red force arrow, head included, at every resting
#      contact, and red nowhere else but the force legend;
#   4b. a screenshot of three discs shows each one's spoke along its angle, and not elsewhere;
#   5. a damaged last session is set aside byte for byte, the default scene opens, and the window
#      (its notice box, in an F12 picture) and the report's status.notice say what was wrong and
#      where the file was kept;
#   5b. a disc that rolls off the floor is removed, and the status line says Undo brings it back;
#   5c. File > Export data (clicked with the mouse) writes data.csv in the current folder: the CLI's
#      CSV header, every body at every recorded sample, the falling ball's rows on free fall; an
#      export into a missing folder is refused and told in the status line;
#   6. files that cannot be written are errors: a .jpg name, a missing folder, a --report under a
#      regular file exit 2, --screenshot /dev/full exits 4, and /dev/full is left a device.
# Positions come from the program's --report JSON (which holds the view, so a world point's pixel
# is known). Usage: tests/e2e/desktop_e2e.sh [BUILD_DIR]  (default: build)
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
if [[ -z "${CONTACTLAB_E2E_UNDER_XVFB:-}" ]]; then
  CONTACTLAB_E2E_UNDER_XVFB=1 exec timeout -k 5 110 \
    xvfb-run -a -s "-screen 0 1600x1000x24 -nolisten tcp" bash "$0" "$build"
fi

app=$build/app/contactlab
check=$build/tests/e2e/contactlab-e2e-check
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_STATE_HOME=$tmp/state
failures=0

fail() { echo "FAIL $*"; failures=$((failures + 1)); }
run_check() { "$check" "$@" || failures=$((failures + 1)); }

# Waits (up to 20 s) until the program has written its first report: its window is up.
wait_for_report() {
  for _ in $(seq 1 200); do
    [[ -s $1 ]] && return 0
    sleep 0.1
  done
  return 1
}

# Presses the left button on the pixel of body NAME and moves, in 12 steps, to the pixel of the
# world point (X, Y). Leaves the button down unless RELEASE is "release".
drag_body() {
  local report=$1 name=$2 x=$3 y=$4 release=$5
  local window bx by tx ty
  window=$(timeout 10 xdotool search --sync --onlyvisible --name '^ContactLab' | head -1)
  [[ -n $window ]] || { fail "no ContactLab window found"; return 1; }
  read -r bx by < <("$check" body-screen "$report" "$name")
  read -r tx ty < <("$check" to-screen "$report" "$x" "$y")
  xdotool mousemove --window "$window" "$bx" "$by"
  sleep 0.3
  xdotool mousedown 1
  sleep 0.2
  for i in $(seq 1 12); do
    xdotool mousemove --window "$window" $((bx + (tx - bx) * i / 12)) $((by + (ty - by) * i / 12))
    sleep 0.05
  done
  sleep 0.2
  [[ $release == release ]] && xdotool mouseup 1
  return 0
}

echo "== 1. running: drag a block on the spring"
report=$tmp/drag.json
"$app" block-on-floor --quit-after 6 --report "$report" >"$tmp/drag.log" 2>&1 &
pid=$!
if wait_for_report "$report" && drag_body "$report" block 2.5 2.5 hold; then
  wait "$pid" || fail "contactlab exited with $? (drag test): $(cat "$tmp/drag.log")"
  xdotool mouseup 1
  # Held still, the 2 kg block hangs g / (2 pi 2 Hz)^2 = 0.062 m below the mouse.
  run_check body-near "$report" block 2.5 2.438 0.1
  # Each mouse move reaches the screen (a step that used it, in a shown snapshot) within two frames:
  # the window never waits for the worker, and the worker steps on the move at once.
  moves=$("$check" field "$report" performance drag_moves_shown)
  lag=$("$check" field "$report" performance drag_lag_frames_median)
  if ((moves > 0 && lag <= 2)); then
    echo "PASS the drag's moves were shown $lag frames after the mouse (median of $moves)"
  else
    fail "drag lag: median $lag frames over $moves moves shown (expected at most 2)"
  fi
else
  fail "the drag test did not start: $(cat "$tmp/drag.log")"
  kill "$pid" 2>/dev/null
fi

echo "== 1b. a drag while running is one undo step back to where the drag began; Ctrl+N, a new scene"
# (with their own session folder: test 3 counts the sessions of tests 1 and 2)
report=$tmp/undo.json
XDG_STATE_HOME=$tmp/state-1b "$app" block-on-floor --quit-after 5 --report "$report" >"$tmp/undo.log" 2>&1 &
pid=$!
if wait_for_report "$report" && drag_body "$report" block 2.5 2.5 release; then
  sleep 0.8
  xdotool key ctrl+z
  sleep 0.5
  wait "$pid" || fail "contactlab exited with $? (undo test): $(cat "$tmp/undo.log")"
  run_check body-near "$report" block 0 0.505 0.02
else
  fail "the undo test did not start: $(cat "$tmp/undo.log")"
  kill "$pid" 2>/dev/null
fi
report=$tmp/new.json
XDG_STATE_HOME=$tmp/state-1b "$app" block-on-floor --quit-after 3 --report "$report" >"$tmp/new.log" 2>&1 &
pid=$!
if wait_for_report "$report"; then
  window=$(timeout 10 xdotool search --sync --onlyvisible --name '^ContactLab' | head -1)
  xdotool windowfocus --sync "$window" key ctrl+n
  wait "$pid" || fail "contactlab exited with $? (new scene test): $(cat "$tmp/new.log")"
  bodies=$("$check" field "$report" bodies)
  if [[ $bodies == *'"floor"'* && $bodies != *'"block"'* ]]; then
    echo "PASS Ctrl+N opened a new scene: a floor"
  else
    fail "Ctrl+N: expected only a floor, found $bodies"
  fi
else
  fail "the new scene test did not start: $(cat "$tmp/new.log")"
  kill "$pid" 2>/dev/null
fi

echo "== 1c. a slider follows a held mouse, also right after a menu was closed"
# Elasticity (0 to 1, 0.8 in the scene): press at three quarters of the slider's frame (a click
# alone would set about 0.75), move to a tenth, let go: about 0.1.
report=$tmp/slider.json
XDG_STATE_HOME=$tmp/state-1b "$app" tapering-stack --paused --quit-after 5 --report "$report" \
  >"$tmp/slider.log" 2>&1 &
pid=$!
if wait_for_report "$report"; then
  window=$(timeout 10 xdotool search --sync --onlyvisible --name '^ContactLab' | head -1)
  read -r x0 y0 x1 y1 < <("$check" field "$report" ui elasticity | tr -d '[]' | tr ',' ' ')
  y=$(awk -v a="$y0" -v b="$y1" 'BEGIN {printf "%d", (a + b) / 2}')
  from=$(awk -v a="$x0" -v b="$x1" 'BEGIN {printf "%d", a + 3 * (b - a) / 4}')
  to=$(awk -v a="$x0" -v b="$x1" 'BEGIN {printf "%d", a + (b - a) / 10}')
  # Open and close the File menu first: the drag after it must count too.
  xdotool mousemove --window "$window" 20 10 click 1
  sleep 0.3
  xdotool key Escape
  sleep 0.3
  xdotool mousemove --window "$window" "$from" "$y"
  sleep 0.3
  xdotool mousedown 1
  sleep 0.2
  for i in $(seq 1 10); do
    xdotool mousemove --window "$window" $((from + (to - from) * i / 10)) "$y"
    sleep 0.05
  done
  sleep 0.2
  xdotool mouseup 1
  wait "$pid" || fail "contactlab exited with $? (slider test): $(cat "$tmp/slider.log")"
  value=$("$check" field "$report" settings elasticity)
  if awk -v v="$value" 'BEGIN {exit !(v > 0.03 && v < 0.17)}'; then
    echo "PASS the elasticity slider followed the mouse to $value (a tenth of the way: about 0.1)"
  else
    fail "the elasticity slider reached $value, expected about 0.1"
  fi
else
  fail "the slider test did not start: $(cat "$tmp/slider.log")"
  kill "$pid" 2>/dev/null
fi

echo "== 1d. paused, a frame that would draw what the screen shows is left on screen"
report=$tmp/kept.json
if XDG_STATE_HOME=$tmp/state-1d "$app" tapering-stack --paused --quit-after 2 --report "$report" \
  >"$tmp/kept.log" 2>&1; then
  frames=$("$check" field "$report" performance frames)
  drawn=$("$check" field "$report" performance frames_drawn)
  if ((frames >= 30 && drawn * 4 <= frames)); then
    echo "PASS paused: $drawn of $frames frames drawn"
  else
    fail "paused: $drawn of $frames frames drawn (expected most left on screen)"
  fi
else
  fail "contactlab exited with $? (paused frames): $(cat "$tmp/kept.log")"
fi

echo "== 2. paused: move a block by hand, right after a menu was opened and closed"
report=$tmp/move.json
"$app" block-on-floor --paused --quit-after 5 --report "$report" >"$tmp/move.log" 2>&1 &
pid=$!
close_a_menu() {
  local window
  window=$(timeout 10 xdotool search --sync --onlyvisible --name '^ContactLab' | head -1)
  xdotool mousemove --window "$window" 20 10 click 1
  sleep 0.3
  xdotool key Escape
  sleep 0.3
}
if wait_for_report "$report" && close_a_menu && drag_body "$report" block -2 1.505 release; then
  wait "$pid" || fail "contactlab exited with $? (move test): $(cat "$tmp/move.log")"
  run_check body-near "$report" block -2 1.505 0.03
else
  fail "the move test did not start: $(cat "$tmp/move.log")"
  kill "$pid" 2>/dev/null
fi

echo "== 2b. the joint tools: key 2 and a click pin the block; key 4 and a drag hang it on a rod"
# (with their own session folder: test 3 counts the sessions of tests 1 and 2)
report=$tmp/pin.json
XDG_STATE_HOME=$tmp/state-2b "$app" block-on-floor --paused --quit-after 5 --report "$report" \
  >"$tmp/pin.log" 2>&1 &
pid=$!
press_key() {
  xdotool keydown "$1"
  sleep 0.15
  xdotool keyup "$1"
  sleep 0.2
}
if wait_for_report "$report"; then
  window=$(timeout 10 xdotool search --sync --onlyvisible --name '^ContactLab' | head -1)
  read -r bx by < <("$check" body-screen "$report" block)
  read -r tx ty < <("$check" to-screen "$report" -1 3)
  xdotool mousemove --window "$window" "$bx" "$by"
  sleep 0.3
  xdotool windowfocus --sync "$window"
  press_key 2
  xdotool click 1
  sleep 0.3
  press_key 4
  xdotool mousemove --window "$window" $((bx - 20)) $((by - 10))
  sleep 0.2
  xdotool mousedown 1
  sleep 0.2
  for i in $(seq 1 8); do
    xdotool mousemove --window "$window" $((bx - 20 + (tx - bx + 20) * i / 8)) \
      $((by - 10 + (ty - by + 10) * i / 8))
    sleep 0.05
  done
  xdotool mouseup 1
  wait "$pid" || fail "contactlab exited with $? (joint tools test): $(cat "$tmp/pin.log")"
  joints=$("$check" field "$report" joints)
  if [[ $joints == *'"kind":"pin","name":"J1"'*'"kind":"rod","name":"J2"'* ]]; then
    echo "PASS the pin and rod tools added J1 (pin) and J2 (rod)"
  else
    fail "the joint tools: expected a pin J1 and a rod J2 in the report, found $joints"
  fi
  saved=$(cat "$tmp/state-2b/contactlab/last.scene" 2>/dev/null)
  if [[ $saved == *'joint J1 pin a=block'*'joint J2 rod a=block'*'length='* ]]; then
    echo "PASS the session's scene holds the pin and the rod"
  else
    fail "the session's scene lacks the pin or the rod: $saved"
  fi
else
  fail "the joint tools test did not start: $(cat "$tmp/pin.log")"
  kill "$pid" 2>/dev/null
fi

sessions=$XDG_STATE_HOME/contactlab/sessions
session_files() { find "$sessions" -name '*.scene' 2>/dev/null | sort; }
count_sessions() { session_files | wc -l; }

# Opens a scene file in screenshot mode (which leaves the state alone) and checks where body NAME
# is.
check_scene_body() {
  local file=$1 name=$2 x=$3 y=$4 out=$tmp/scene-check.json
  if "$app" "$file" --paused --screenshot "$tmp/scene-check.png" --frames 1 --report "$out" \
    >"$tmp/scene-check.log" 2>&1; then
    run_check body-near "$out" "$name" "$x" "$y" 0.03
  else
    fail "contactlab cannot open $file: $(cat "$tmp/scene-check.log")"
  fi
}

echo "== 3. the last session's scene comes back; earlier sessions are kept"
report=$tmp/restore.json
if "$app" --paused --quit-after 0.5 --report "$report" >"$tmp/restore.log" 2>&1; then
  run_check body-near "$report" block -2 1.505 0.03
else
  fail "contactlab exited with $? (restore test): $(cat "$tmp/restore.log")"
fi
# Tests 1 and 2 each left a session; the restored one, closed unchanged, adds no copy.
[[ $(count_sessions) -eq 2 ]] || fail "expected the sessions of tests 1 and 2, found: $(session_files)"
kept=$(session_files | tail -1)
if [[ -n $kept ]]; then check_scene_body "$kept" block -2 1.505; else fail "no session kept"; fi

echo "== 3b. a start with another scene keeps the last session"
if "$app" tapering-stack --paused --quit-after 0.5 >"$tmp/another.log" 2>&1; then
  [[ $(count_sessions) -eq 3 ]] || fail "expected 3 sessions after a start with a scene: $(session_files)"
  if [[ -n $kept && -f $kept ]]; then
    check_scene_body "$kept" block -2 1.505
  else
    fail "the last session's file is gone: $(session_files)"
  fi
else
  fail "contactlab exited with $? (start with a scene): $(cat "$tmp/another.log")"
fi

echo "== 4. screenshot: red force arrows at the resting contacts"
report=$tmp/shot.json
if "$app" tapering-stack --screenshot "$tmp/shot.png" --frames 5 --time 1 --report "$report" \
  >"$tmp/shot.log" 2>&1; then
  run_check force-lines "$report" "$tmp/shot.png"
else
  fail "contactlab --screenshot exited with $?: $(cat "$tmp/shot.log")"
fi

echo "== 4b. screenshot: each disc's spoke along its angle"
report=$tmp/spokes.json
cat >"$tmp/spokes.scene" <<'SCENE'
box floor w=12 h=1 y=-0.5 fixed
disc tilted r=1 x=-3 y=3 angle=0.5
disc back r=1 x=0 y=3 angle=2.5
disc down r=1 x=3 y=3 angle=-1.2
SCENE
if "$app" "$tmp/spokes.scene" --paused --screenshot "$tmp/spokes.png" --frames 3 \
  --report "$report" >"$tmp/spokes.log" 2>&1; then
  for disc in tilted back down; do run_check spoke "$report" "$tmp/spokes.png" "$disc" 1; done
else
  fail "contactlab --screenshot exited with $?: $(cat "$tmp/spokes.log")"
fi

echo "== 5. a damaged last session is set aside and the window says so"
state=$XDG_STATE_HOME/contactlab
{
  cat "$state/last.scene"
  printf 'box extra w=1 h=1 colour\xff\x01=red\n'  # an unknown key, with bytes that are not text
} >"$tmp/damaged.scene"
cp "$tmp/damaged.scene" "$state/last.scene"
report=$tmp/damaged.json
mkdir -p "$tmp/pictures"
(cd "$tmp/pictures" && exec "$app" --paused --quit-after 3 --report "$report") \
  >"$tmp/damaged.log" 2>&1 &
pid=$!
if wait_for_report "$report"; then
  sleep 0.5
  window=$(timeout 10 xdotool search --sync --onlyvisible --name '^ContactLab' | head -1)
  # F12 opens File > Save picture with its path field focused: Return saves the world view as
  # contactlab.png in the current folder. Return is held for a moment: ImGui 1.86 reads keys as
  # held or not at each frame, so a press and release within one frame would go unseen.
  if [[ -n $window ]]; then
    xdotool key --window "$window" F12
    sleep 0.5
    xdotool keydown --window "$window" Return
    sleep 0.15
    xdotool keyup --window "$window" Return
  fi
  wait "$pid" || fail "contactlab exited with $? (damaged test): $(cat "$tmp/damaged.log")"
  aside=$(find "$state" -maxdepth 1 -name 'last.scene.damaged-*' | head -1)
  if [[ -n $aside ]] && cmp -s "$aside" "$tmp/damaged.scene"; then
    echo "PASS the damaged file was kept byte for byte as $(basename "$aside")"
  else
    fail "the damaged last.scene was not kept (found: $(ls "$state"))"
  fi
  cmp -s "$state/last.scene" "$tmp/damaged.scene" && fail "last.scene is still the damaged file"
  notice=$("$check" field "$report" status notice)
  source=$("$check" field "$report" status source)
  if [[ $notice == *"last.scene:"*":"*"colour"* && -n $aside && $notice == *"$(basename "$aside")"* &&
    $notice == *"Recent sessions"* && $source == tapering-stack ]]; then
    echo "PASS the report's status.notice says what was wrong and where the file was kept"
  else
    fail "status.notice '$notice', source '$source'"
  fi
  picture=$(find "$tmp/pictures" -name 'contactlab.png' | head -1)
  if [[ -n $picture ]]; then run_check notice-box "$picture"; else fail "no picture from F12 (File > Save picture)"; fi
else
  fail "the damaged test did not start: $(cat "$tmp/damaged.log")"
  kill "$pid" 2>/dev/null
fi

echo "== 5b. a body that rolls off the floor is removed, and the window says Undo brings it back"
cat >"$tmp/rolloff.scene" <<'SCENE'
box floor w=10 h=1 x=0 y=-0.5 fixed
disc ball r=0.5 x=0 y=0.505 vx=4
box block w=1 h=1 x=-3 y=0.505
SCENE
if "$app" "$tmp/rolloff.scene" --time 6 --screenshot "$tmp/roll.png" --frames 3 \
  --report "$tmp/roll.json" >"$tmp/roll.log" 2>&1; then
  bodies=$("$check" field "$tmp/roll.json" bodies)
  message=$("$check" field "$tmp/roll.json" status message)
  if [[ $bodies == *'"ball"'* || $bodies != *'"block"'* ]]; then
    fail "expected the ball removed and the block kept: $bodies"
  elif [[ $message != *"Removed ball"*"Undo brings it back"* ]]; then
    fail "the status line does not say what was removed: '$message'"
  else
    echo "PASS the ball was removed: $message"
  fi
else
  fail "contactlab exited with $? (roll-off scene): $(cat "$tmp/roll.log")"
fi

echo "== 5c. File > Export data: every body's state over a short run, as the CLI's CSV"
# A block resting on the floor and a ball dropped from rest at y = 6 (it lands after 1.06 s).
mkdir -p "$tmp/export"
cat >"$tmp/export/drop.scene" <<'SCENE'
box floor w=20 h=1 x=0 y=-0.5 fixed
box block w=2 h=1 x=-3 y=0.505 mass=2
disc ball r=0.5 x=3 y=6
SCENE
# Opens the File menu of the window and clicks Export data... at the pixel of the report's
# ui["menu File > Export data..."], learnt from an earlier run (menus are laid out alike).
click_export() {
  local window=$1 menu=$2 x y
  read -r x y < <("$check" field "$menu" ui "menu File > Export data..." | tr -d '[]' | tr ',' ' ' |
    awk '{printf "%d %d\n", ($1 + $3) / 2, ($2 + $4) / 2}')
  xdotool mousemove --window "$window" 20 10
  sleep 0.3
  hold_button
  sleep 0.3
  xdotool mousemove --window "$window" "$x" "$y"
  sleep 0.3
  hold_button
  sleep 0.4
}
# ImGui 1.86 reads a key's state once a frame: a key pressed and let go within one frame is never
# seen by a text field, so keys meant for the dialog are held for a few frames, and so are clicks.
hold_key() {
  xdotool keydown "$1"
  sleep 0.15
  xdotool keyup "$1"
}
hold_button() {
  xdotool mousedown 1
  sleep 0.15
  xdotool mouseup 1
}
menu=$tmp/menu.json
(cd "$tmp/export" && XDG_STATE_HOME=$tmp/state-5c exec "$app" drop.scene --paused --quit-after 2 \
  --report "$menu") >"$tmp/menu.log" 2>&1 &
pid=$!
if wait_for_report "$menu"; then
  window=$(timeout 10 xdotool search --sync --onlyvisible --name '^ContactLab' | head -1)
  xdotool mousemove --window "$window" 20 10 click 1
  wait "$pid" || fail "contactlab exited with $? (menu run): $(cat "$tmp/menu.log")"
else
  fail "the menu run did not start: $(cat "$tmp/menu.log")"
  kill "$pid" 2>/dev/null
fi
report=$tmp/export.json
(cd "$tmp/export" && XDG_STATE_HOME=$tmp/state-5c exec "$app" drop.scene --quit-after 8 \
  --report "$report") >"$tmp/export.log" 2>&1 &
pid=$!
if wait_for_report "$report" && [[ -n $("$check" field "$menu" ui "menu File > Export data...") ]]; then
  window=$(timeout 10 xdotool search --sync --onlyvisible --name '^ContactLab' | head -1)
  sleep 0.5
  # The default, data.csv in the current folder; then into a folder that does not exist: refused,
  # told in the status line.
  click_export "$window" "$menu"
  hold_key Return
  sleep 0.8
  click_export "$window" "$menu"
  hold_key ctrl+a
  xdotool type --delay 5 "$tmp/export/missing/data.csv"
  hold_key Return
  wait "$pid" || fail "contactlab exited with $? (export test): $(cat "$tmp/export.log")"
  [[ -e $tmp/export/missing ]] && fail "the export into a missing folder created something"
  message=$("$check" field "$report" status message)
  if [[ $message == "Not exported: $tmp/export/missing/data.csv"*"cannot be written"* ]]; then
    echo "PASS an export into a missing folder is told: $message"
  else
    fail "an export into a missing folder: the status line says '$message'"
  fi
  csv=$tmp/export/data.csv
  if [[ ! -f $csv ]]; then
    fail "File > Export data wrote no data.csv (status line: '$message'; $(cat "$tmp/export.log"))"
  else
    # Header, 8 fields a row, every body at every sample (rows = bodies x samples), times rising,
    # and the ball on y = 6 - g t^2 / 2, vy = -g t before it lands.
    if verdict=$(awk -F, '
      NR == 1 { if ($0 != "time,name,x,y,angle,vx,vy,omega") { print "header: " $0; bad = 1 }; next }
      NF != 8 { print "row " NR " has " NF " fields"; bad = 1 }
      { rows++; names[$2] = 1; if (rows == 1 || $1 != last) { times++; if ($1 + 0 < last + 0) { print "time went back at row " NR; bad = 1 }; last = $1 } }
      $2 == "ball" && $1 < 1 {
        dy = $4 - (6 - 9.81 * $1 * $1 / 2); dv = $7 + 9.81 * $1
        if (dy > 1e-9 || dy < -1e-9 || dv > 1e-9 || dv < -1e-9) { print "ball off free fall at t = " $1; bad = 1 }
        fall++ }
      END {
        n = 0; for (k in names) n++
        if (n != 3 || rows != n * times) { print rows " rows for " n " bodies and " times " samples"; bad = 1 }
        if (times < 10 || fall < 5) { print "too short a recording: " times " samples, " fall " in free fall"; bad = 1 }
        if (!bad) print rows " rows = 3 bodies x " times " samples, " fall " ball rows on free fall"
        exit bad }' "$csv"); then
      echo "PASS File > Export data: $verdict"
    else
      fail "File > Export data: $verdict"
    fi
  fi
else
  fail "the export test did not start: $(cat "$tmp/export.log")"
  kill "$pid" 2>/dev/null
fi

echo "== 6. files that cannot be written are errors"
expect_exit() {
  local expected=$1 what=$2
  shift 2
  "$app" tapering-stack --frames 1 "$@" >"$tmp/write.log" 2>&1
  local code=$?
  if [[ $code -eq $expected ]]; then
    echo "PASS $what: exit $expected: $(head -1 "$tmp/write.log")"
  else
    fail "$what: exit $code, expected $expected: $(cat "$tmp/write.log")"
  fi
}
expect_exit 4 "--screenshot /dev/full" --screenshot /dev/full
[[ -c /dev/full ]] || fail "/dev/full is no longer a device"
expect_exit 2 "--screenshot with a .jpg name" --screenshot "$tmp/shot.jpg"
[[ -e $tmp/shot.jpg ]] && fail "a .jpg file was written"
expect_exit 2 "--screenshot in a missing folder" --screenshot "$tmp/missing/shot.png"
touch "$tmp/plain"
expect_exit 2 "--report under a regular file" --screenshot "$tmp/ok.png" --report "$tmp/plain/r.json"

if ((failures)); then
  echo "FAIL desktop end-to-end: $failures check(s) failed"
  exit 1
fi
echo "PASS desktop end-to-end"
