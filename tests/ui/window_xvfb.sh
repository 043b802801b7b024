#!/usr/bin/env bash
# The real window, kept tested under Xvfb (every other picture is the headless renderer's):
# - a hidden window's pictures equal the headless renderer's, pixel for pixel (both Mesa's
#   llvmpipe here), for a step, a lesson slide in presentation mode and the lab;
# - the interactive window opens on the X server, runs its loop, and on SIGTERM ends with exit 0,
#   its settings saved (the size and the request it showed);
# - with no EGL vendor to load, --renderer headless fails in one line and auto falls back to the
#   window.
#   window_xvfb.sh WARPSCOPE OUTDIR
set -euo pipefail
ws=$1 out=$2
rm -rf "$out" && mkdir -p "$out"
if [ -z "${WS_WINDOW_IN_XVFB:-}" ]; then
  export WS_WINDOW_IN_XVFB=1
  exec xvfb-run -a -s "-screen 0 1920x1080x24" "$0" "$@"
fi
export WARPSCOPE_ROOT=$(cd "$(dirname "$0")/../.." && pwd)
failures=0
fail() { echo "FAILED: $*"; failures=$((failures + 1)); }

same() {  # same NAME ARGS...: the window's picture and the headless one are the same pixels
  local name=$1; shift
  for r in window headless; do
    "$ws" --renderer "$r" --screenshot "$out/$name-$r.png" "$@" 2> "$out/$name-$r.err" ||
      { fail "--renderer $r $*"; cat "$out/$name-$r.err"; return; }
  done
  cmp -s "$out/$name-window.png" "$out/$name-headless.png" ||
    fail "$name: the window's picture differs from the headless renderer's"
}
same step --algo reduce-interleaved-strided --n 512 --block 256 --step 3 --size 1280x720
same lesson --lesson 1 --slide 2 --presentation --size 1280x720
same lab --view lab --size 1024x768

# The interactive window: opens, draws, and ends cleanly on SIGTERM with its settings saved.
export XDG_CONFIG_HOME=$out/config
"$ws" --algo reduce-sequential --n 100 --block 64 --size 900x600 2> "$out/interactive.err" &
pid=$!
sleep 5
if kill -0 "$pid" 2> /dev/null; then
  kill -TERM "$pid"
  set +e; wait "$pid"; rc=$?; set -e
  [ "$rc" = 0 ] || { fail "the window ended with exit $rc on SIGTERM"; cat "$out/interactive.err"; }
  settings=$out/config/warpscope/settings.json
  grep -q '"reduce-sequential"' "$settings" 2> /dev/null || fail "the window saved no settings"
  grep -q '"width": *900' "$settings" 2> /dev/null || fail "the window's size was not saved"
else
  set +e; wait "$pid"; rc=$?; set -e
  fail "the window ended by itself (exit $rc)"; cat "$out/interactive.err"
fi

# No EGL vendor: headless says why in one line; auto draws in the window instead.
set +e
__EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent.json "$ws" --renderer headless \
  --screenshot "$out/none.png" --algo reduce-sequential --n 64 --block 32 2> "$out/none.err"
rc=$?
set -e
{ [ "$rc" = 1 ] && [ "$(wc -l < "$out/none.err")" = 1 ] && grep -q "headless" "$out/none.err" &&
  [ ! -e "$out/none.png" ]; } || { fail "headless without EGL: exit $rc"; cat "$out/none.err"; }
__EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent.json "$ws" --screenshot "$out/fallback.png" \
  --algo reduce-sequential --n 64 --block 32 2> "$out/fallback.err" ||
  { fail "auto without EGL did not fall back to the window"; cat "$out/fallback.err"; }
echo "window_xvfb: $failures failures"
[ "$failures" = 0 ]
