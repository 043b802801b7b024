#!/usr/bin/env bash
# Nothing vanishes: every view at the sizes a lecture room has (1024x768 and 1280x720 in
# presentation mode), with the largest loads a class meets (8 GPUs, 1024 threads, doubles,
# values of five and six digits, four-digit compare-and-swap counts, a race found), every slide
# of every lesson at four text sizes and the editor with a puzzle, drawn headless with
# `warpscope --screenshot --check-labels`: no label any picture draws may leave its box or cover
# another (ui/geometry/label_log.hpp), no text ImGui draws may be cut by its window or column
# (ui/widgets/cut_text.hpp) and no picture may draw "(too small to draw …)". Fails listing each
# one.
#   label_sweep.sh WARPSCOPE OUTDIR
set -euo pipefail
ws=$1 out=$2
rm -rf "$out" && mkdir -p "$out"
unset DISPLAY WAYLAND_DISPLAY  # the pictures are the headless renderer's
root=$(cd "$(dirname "$0")/../.." && pwd)
ws=$(cd "$(dirname "$ws")" && pwd)/$(basename "$ws")
out=$(cd "$out" && pwd)
cd "$out"  # a puzzle opened in the editor saves its start kernel here
export WARPSCOPE_ROOT=$root  # the repository's lessons and recorded measurements
failures=0 pictures=0
check() {  # check NAME ARGS...: one picture at both sizes
  local name=$1; shift
  for size in 1024x768 1280x720; do
    pictures=$((pictures + 1))
    if ! "$ws" --screenshot "$out/$name-$size.png" --size "$size" --presentation \
        --check-labels "$@" > /dev/null 2> "$out/$name-$size.err"; then
      echo "FAILED: warpscope $* --size $size --presentation"; cat "$out/$name-$size.err"
      failures=$((failures + 1))
    fi
  done
}

# The step view: six-digit sums of 1024 threads; doubles in a scan; shuffles; four-digit
# compare-and-swap counts; a race found and told; a memory kernel's global-memory picture.
check sums --algo reduce-sequential --n 65536 --block 1024 --step last
check doubles --algo scan-kogge-stone --n 99999 --block 1024 --type double --pattern random \
  --step 5
check shuffle --algo reduce-warp-shuffle --n 4096 --block 1024 --step 2
check cas --algo reduce-atomic-cas --n 4096 --block 1024 --pattern random
check race --algo reduce-unroll-last-warp-legacy --n 128 --block 64 --find-race
check global --algo copy-strided --n 4096 --block 1024 --stride 64 --focus global
check minmax --algo reduce-minmax-avg --n 5000 --block 1000 --type double --pattern random
check lookback --algo scan-decoupled-lookback --n 100000 --block 1024 --type double --step 3
# Compare, the lab's families, the circuits, the ring at 8 GPUs.
check compare --view compare --algo scan-blelloch --compare scan-blelloch-padded --n 4096 \
  --block 1024 --type double --step 3
for family in reductions scans memory multi-gpu; do
  check "lab-$family" --view lab --lab-family "$family" --lab-type double
done
# The GPU-only rungs' notes beside the chosen line's (three notes at the same n).
check lab-pipeline --view lab --lab-family scans --lab-file roofline-scan-pipeline-nvidia-h100 \
  --algo scan-decoupled-lookback-vector
check circuit --view circuit --algo scan-kogge-stone --n 1024 --block 1024 --step 4
check networks --view circuit --side-by-side --algo scan-brent-kung --n 64 --block 64
for step in 0 3 last; do
  check "ring-$step" --view ring --ring-gpus 8 --ring-n 999999 --step "$step"
done
check ring-naive --view ring --ring-gpus 8 --ring-naive --ring-n 99999 --step 2
# Every slide of every lesson at Text size 1.0, 1.25, 1.5 and 2.0 (the type reflows: the slide's
# panel alone, or its words alone with Z for the picture), and at 1.0 with Z (the slide's
# picture on the whole stage); two at a time (the lessons are most of the pictures).
for lesson in "$root"/assets/lessons/*.lesson; do
  name=$(basename "$lesson" .lesson)
  slides=$(grep -c '^slide' "$lesson")
  for ((s = 1; s <= slides; ++s)); do
    for scale in 1.0 1.25 1.5 2.0; do echo "$name $s $scale"; done
    echo "$name $s 1.0 --whole-stage"
  done
done > "$out/slides.txt"
slide_check() {  # slide_check LESSON SLIDE SCALE [FLAG]: one slide at both sizes
  local name=$1 s=$2 scale=$3 flag=${4:-} bad=0
  for size in 1024x768 1280x720; do
    local pic="$out/$name-$s-$scale${flag:+-z}-$size"
    if ! "$ws" --screenshot "$pic.png" --size "$size" --presentation --font-scale "$scale" \
        --check-labels --lesson "$name" --slide "$s" $flag > /dev/null 2> "$pic.err"; then
      echo "FAILED: warpscope --lesson $name --slide $s --font-scale $scale $flag --size $size --presentation"
      cat "$pic.err"; bad=1
    fi
  done
  return $bad
}
export -f slide_check; export ws out
lesson_pictures=$(($(wc -l < "$out/slides.txt") * 2))
pictures=$((pictures + lesson_pictures))
slide_failures=$(xargs -P2 -L1 bash -c 'slide_check "$@" || echo SLIDE-FAILED' _ < "$out/slides.txt" |
  tee "$out/slides.log" | grep -c '^SLIDE-FAILED' || true)
grep -v '^SLIDE-FAILED' "$out/slides.log" || true
failures=$((failures + slide_failures))
check puzzle --puzzle 6
echo "label_sweep: $pictures pictures, $failures with labels that leave their box or collide"
[ "$failures" -eq 0 ]
