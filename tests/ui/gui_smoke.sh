#!/usr/bin/env bash
# GUI smoke test: for every algorithm `warpscope list` names, render every panel (the circuit
# included) at its first, middle and last step, the four views and the side-by-side networks
# (`warpscope --screenshot-panels`), plus a few single `--screenshot` views, a quiz box and a
# worksheet, the editor with a student's kernel run (and one that
# does not compile), and a step range exported as an animated GIF (read
# back by ws_gif_check: frame count, size, not blank) and as numbered PNGs, drawn by the headless
# renderer (no display: DISPLAY is unset here); then check every PNG with ws_png_check. Fails on
# any error or blank image.
#   gui_smoke.sh WARPSCOPE PNG_CHECK OUTDIR GIF_CHECK
set -euo pipefail
ws=$1 check=$2 out=$3 gif_check=$4
rm -rf "$out" && mkdir -p "$out"

unset DISPLAY WAYLAND_DISPLAY  # the pictures are the headless renderer's

algos=$("$ws" list | awk 'NR > 1 && $1 != "" {print $1}')
[ -n "$algos" ] || { echo "gui_smoke: warpscope list named no algorithm"; exit 1; }
failures=0
run() {  # run NAME ARGS...: one warpscope run; a failure is reported and counted
  local name=$1; shift
  if ! "$ws" "$@" 2> "$out/$name.err"; then
    echo "FAILED: warpscope $*"; cat "$out/$name.err"
    failures=$((failures + 1))
  fi
}

for algo in $algos; do
  mkdir -p "$out/$algo"
  n=2048 block=256
  [ "$algo" = aos-vs-soa ] && n=2049  # it reads structs of 3 elements: n a multiple of 3
  [ "$algo" = scan-pipeline ] && block=224  # a warp for each job: its one block size
  run "$algo" --screenshot-panels "$out/$algo" --algo "$algo" --n "$n" --block "$block" --size 800x500
done
run full --screenshot "$out/full.png" --algo reduce-interleaved-strided --n 2048 --block 1024 \
  --step 2 --size 1280x720
run presentation --screenshot "$out/presentation.png" --algo reduce-sequential --n 64 \
  --block 32 --step last --presentation --size 1920x1080
run banks --screenshot "$out/banks.png" --algo reduce-interleaved-strided --n 512 --block 256 \
  --step 3 --panel banks --size 900x560
run lab --screenshot "$out/lab.png" --view lab --theme light --size 1280x720
run circuit --screenshot "$out/circuit.png" --algo scan-brent-kung --n 64 --block 32 --step 5 \
  --view circuit --size 1280x720
run side-by-side --screenshot "$out/side-by-side.png" --algo scan-sklansky --n 128 --block 64 \
  --side-by-side --presentation --size 1280x720

# (Every slide of every lesson is drawn by label_sweep.sh, at both projector sizes, its labels
# checked and each picture refused when blank.)

# Predict the next step: the quiz box at a projector size, and a worksheet page with its answers.
run quiz --screenshot "$out/quiz.png" --algo reduce-interleaved-strided --n 300 --block 128 \
  --quiz 4242 --step 2 --presentation --size 1024x768
run worksheet --worksheet "$out/worksheet.png" --algo scan-kogge-stone-inplace --n 64 --block 64 \
  --quiz 99 --questions 3
if ! grep -q '^3\. ' "$out/worksheet-answers.txt" 2>/dev/null; then
  echo "FAILED: the worksheet's answers lack question 3"; failures=$((failures + 1))
fi

# Your kernel: a student's file opened in the editor, compiled and run (its trace on show), and
# one with a syntax error (its line marked, the catalog's trace kept).
kernels=$(cd "$(dirname "$0")/../data/user_kernels" && pwd)
run editor --screenshot "$out/editor.png" --kernel "$kernels/reduce_sequential.cu" \
  --algo reduce-sequential --n 300 --block 64 --step 3 --size 1920x1080
run editor-error --screenshot "$out/editor-error.png" --kernel "$kernels/syntax_error.cu" \
  --algo reduce-sequential --n 300 --block 64 --presentation --size 1280x720

# A puzzle open in the editor, a wrong kernel (a copy, so the source tree is not written) graded.
cp "$(dirname "$0")/../../assets/puzzles/03-idle-lanes.wrong.cu" "$out/wrong.cu"
run puzzle --screenshot "$out/puzzle.png" --puzzle 3 --kernel "$out/wrong.cu" --grade \
  --presentation --size 1280x720

# A step range of one panel as a GIF and as numbered PNGs; the GIF read back.
mkdir -p "$out/frames"
run export-gif --export-gif "$out/banks.gif" --export-pngs "$out/frames" --panel banks \
  --algo reduce-interleaved-strided --n 300 --block 128 --from 2 --to 6 --size 800x500
"$gif_check" --frames 5 --size 800x500 "$out/banks.gif" || failures=$((failures + 1))
pngs=$(find "$out/frames" -name 'reduce-interleaved-strided-banks-step-*.png' | wc -l)
[ "$pngs" = 5 ] || { echo "FAILED: --export-pngs wrote $pngs pictures, not 5"; failures=$((failures + 1)); }
for bad in "--export-gif $out/x.gif --to 99" "--export-pngs $out/no-such-folder" \
           "--export-gif $out/no-such-folder/x.gif"; do
  set +e
  "$ws" --algo reduce-sequential --n 64 --block 32 $bad 2> "$out/bad.err"
  rc=$?
  set -e
  if [ "$rc" != 2 ] || [ "$(wc -l < "$out/bad.err")" != 1 ] || [ -e "$out/x.gif" ]; then
    echo "FAILED: warpscope $bad: exit $rc, expected 2, one line and no file:"; cat "$out/bad.err"
    failures=$((failures + 1))
  fi
done

# Bad input must fail cleanly: exit code 2 and one line.
for bad in "--algo no-such-algo" "--algo reduce-sequential --n 64 --block 32 --step 99" \
           "--algo reduce-sequential --block 48" "--panel nowhere"; do
  set +e
  "$ws" --screenshot "$out/bad.png" $bad 2> "$out/bad.err"
  rc=$?
  set -e
  if [ "$rc" != 2 ] || [ "$(wc -l < "$out/bad.err")" != 1 ]; then
    echo "FAILED: warpscope --screenshot $bad: exit $rc, expected 2 and one line:"
    cat "$out/bad.err"; failures=$((failures + 1))
  fi
done

# Output that cannot be written: a missing folder or a device is exit 2 before any work; a disk
# that fills during the write (a file size limit, its signal ignored as a full disk gives none)
# is exit 1 and one line, and the old picture stays whole, never a truncated PNG.
for target in "$out/no-such-folder/x.png" /dev/full; do
  set +e
  "$ws" --screenshot "$target" --algo reduce-sequential --n 64 --block 32 2> "$out/bad.err"
  rc=$?
  set -e
  if [ "$rc" != 2 ] || [ "$(wc -l < "$out/bad.err")" != 1 ]; then
    echo "FAILED: --screenshot $target: exit $rc, expected 2 and one line:"; cat "$out/bad.err"
    failures=$((failures + 1))
  fi
done
cp "$out/full.png" "$out/kept.png"
set +e
(trap '' XFSZ; ulimit -f 8; exec "$ws" --screenshot "$out/kept.png" --algo reduce-sequential \
  --n 2048 --block 256 --size 1280x720) 2> "$out/full-disk.err"
rc=$?
set -e
if [ "$rc" != 1 ] || ! grep -q "File too large" "$out/full-disk.err" ||
   ! cmp -s "$out/full.png" "$out/kept.png" || ls -a "$out" | grep -q '\.partial$'; then
  echo "FAILED: --screenshot to a full disk: exit $rc, expected 1, the old picture kept:"
  cat "$out/full-disk.err"; failures=$((failures + 1))
fi

count=$(find "$out" -name '*.png' | wc -l)
find "$out" -name '*.png' -print0 | xargs -0 "$check" || failures=$((failures + 1))
echo "gui_smoke: $count pictures of $(echo "$algos" | wc -w) algorithms, $failures failures"
[ "$failures" = 0 ]
