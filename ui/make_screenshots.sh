#!/usr/bin/env bash
# Remakes the README's screenshots in assets/screenshots/ with `warpscope --screenshot`, drawn by
# the headless renderer (no display needed). Usage: ui/make_screenshots.sh [BUILD_DIR]
# (default: build). WS_SHOTS=PATTERN remakes only the pictures whose name holds PATTERN
# (WS_SHOTS=lesson: lecture mode's). Needs the window built (.ci/debian-packages.txt).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ws=${1:-$root/build}/warpscope
out=$root/assets/screenshots
[ -x "$ws" ] || { echo "make_screenshots: no $ws (build it first)"; exit 1; }
mkdir -p "$out"
# Recorded measurements only from the repository, whatever the environment says.
export WARPSCOPE_ROOT=$root
wanted() {  # wanted NAME: in WS_SHOTS, or no WS_SHOTS
  [[ -z "${WS_SHOTS:-}" || "$1" == *"$WS_SHOTS"* ]]
}
shot() {  # shot NAME ARGS...: the picture, then recompressed losslessly (ui/shrink_pngs.py)
  wanted "$1" || return 0
  echo "assets/screenshots/$1.png"
  "$ws" --screenshot "$out/$1.png" "${@:2}"
  python3 "$root/ui/shrink_pngs.py" "$out/$1.png" > /dev/null
}
# The teacher's walk: sequential addressing folds 64 values; the strided variant's conflicts.
shot sequential-1920x1080 --algo reduce-sequential --n 64 --block 32 --step 1 --size 1920x1080
shot strided-conflicts-1920x1080 --algo reduce-interleaved-strided --n 512 --block 256 --step 3 \
  --size 1920x1080
shot strided-conflicts-controls-1280x720 --algo reduce-interleaved-strided --n 512 --block 256 \
  --step 3 --size 1280x720
shot strided-conflicts-1280x720 --algo reduce-interleaved-strided --n 512 --block 256 --step 3 \
  --size 1280x720 --hide-controls
shot compare-1920x1080 --algo reduce-interleaved-divergent --n 256 --block 256 --step 3 \
  --view compare --compare reduce-sequential --size 1920x1080
shot presentation-1280x720 --algo reduce-interleaved-strided --n 128 --block 64 --step 2 \
  --presentation --size 1280x720
shot shuffle-1920x1080 --algo reduce-warp-shuffle --n 2048 --block 256 --step 0 --size 1920x1080 \
  --hide-controls
shot zoomed-1024-cells --algo reduce-sequential --n 2048 --block 1024 --step 2 --panel shared \
  --zoom 4 --size 1280x720
shot banks-8-way --algo reduce-interleaved-strided --n 512 --block 256 --step 3 --panel banks \
  --size 1280x720
shot lab-1920x1080 --view lab --size 1920x1080
# The six teaching moments, on a projector (1280x720, presentation mode) and at 1920x1080:
# idle lanes (interleaved addressing, step 1), an if/else (Kogge-Stone's two sides), 8-way bank
# conflicts (strided index), the race stepped under the sequential schedule (access-step 17:
# lane 16 writes s[16] after lane 0 read it), padded Blelloch against plain, the lab against CUB.
teach() {  # teach NAME ARGS...: both sizes
  shot "teach-$1-presentation-1280x720" "${@:2}" --presentation --size 1280x720
  shot "teach-$1-1920x1080" "${@:2}" --size 1920x1080
}
teach divergence --algo reduce-interleaved-divergent --n 256 --block 256 --step 1
teach if-else --algo scan-kogge-stone --n 128 --block 128 --step 3
teach conflicts --algo reduce-interleaved-strided --n 512 --block 256 --step 3
teach race --algo reduce-unroll-last-warp-legacy --n 128 --block 64 --pattern random \
  --schedule sequential --step 17
teach padding --view compare --algo scan-blelloch --compare scan-blelloch-padded --n 512 \
  --block 256 --step 3
teach lab --view lab --algo reduce-warp-shuffle
# The smallest projector: 1024x768 in presentation mode, the panels as tabs where they must be.
shot strided-conflicts-presentation-1024x768 --algo reduce-interleaved-strided --n 512 \
  --block 256 --step 3 --presentation --size 1024x768
shot help-presentation-1024x768 --algo reduce-sequential --n 64 --block 32 --step 1 \
  --presentation --size 1024x768 --show-help
# The look-back at the roofline on a projector: block 1 publishes its tile's aggregate, looks
# back (not recorded: its length depends on timing) and publishes its inclusive prefix.
shot lookback-vector-presentation-1280x720 --algo scan-decoupled-lookback-vector --n 5000 \
  --block 64 --blocks 1 --pattern random --step 65 --presentation --size 1280x720
# A trace recorded on an H100 (assets/traces), replayed here without a GPU.
shot replay-h100-1920x1080 --trace "$root/assets/traces/reduce-interleaved-strided.wstrace" \
  --step 3 --size 1920x1080
# The circuit view: Brent-Kung's up-sweep and distribution tree over the shared memory it works
# in; then Kogge-Stone, Brent-Kung and Sklansky side by side (work against depth).
shot circuit-brent-kung-1920x1080 --algo scan-brent-kung --n 64 --block 32 --step 4 \
  --view circuit --size 1920x1080
shot circuit-side-by-side-1920x1080 --algo scan-sklansky --n 64 --block 32 --step 3 \
  --side-by-side --hide-controls --size 1920x1080
# The memory family: sectors a request at stride 8, the AoS load's 12 sectors, the loop's late
# turn with 7 lanes still looping, and the lab's memory lines (copy-strided a line a stride).
shot copy-strided-presentation-1280x720 --algo copy-strided --n 2048 --block 64 --stride 8 \
  --step 0 --presentation --size 1280x720
shot aos-vs-soa-presentation-1024x768 --algo aos-vs-soa --n 3072 --block 64 --step 0 \
  --presentation --size 1024x768
shot loop-divergence-presentation-1280x720 --algo loop-divergence --n 64 --block 64 \
  --pattern ramp --step 0 --presentation --size 1280x720
shot lab-memory-1920x1080 --view lab --algo copy-strided --n 2048 --block 256 --size 1920x1080
# The scans' rung for Hopper (GPU only) against CUB and the copy, from its H200 recording.
shot lab-scan-pipeline-1920x1080 --view lab --lab-family scans --lab-file roofline-scan-pipeline-nvidia-h200 \
  --algo scan-decoupled-lookback-vector --size 1920x1080
shot lab-scan-pipeline-presentation-1280x720 --view lab --lab-family scans \
  --lab-file roofline-scan-pipeline-nvidia-h100 --algo scan-decoupled-lookback-vector \
  --presentation --size 1280x720
# The all-reduce across GPUs (issue 20): bus bandwidth of NCCL's all-reduce, the hand-written
# ring and the naive one on two H200s, under NVLink's peak a direction.
shot lab-multi-gpu-1920x1080 --view lab --lab-family multi-gpu --lab-type float --size 1920x1080
shot lab-multi-gpu-presentation-1280x720 --view lab --lab-family multi-gpu --lab-type float \
  --presentation --size 1280x720
# Its second page (issue 41): why the hand ring loses at small sizes, in measured terms, and
# NCCL forced to each algorithm and protocol.
shot lab-multi-gpu-fits-presentation-1280x720 --view lab --lab-family multi-gpu --lab-type float \
  --lab-fits --presentation --size 1280x720
shot lab-multi-gpu-fits-presentation-1024x768 --view lab --lab-family multi-gpu --lab-type float \
  --lab-fits --presentation --size 1024x768
# Stream compaction with a vote: row 5's scatter, nine kept lanes on neighbouring words.
shot compact-ballot-scatter-presentation-1280x720 --panel global --algo compact-ballot --n 300 \
  --block 64 --pattern keep:40 --seed 3 --step 30 --presentation --size 1280x720
shot compact-ballot-presentation-1024x768 --algo compact-ballot --n 300 --block 64 \
  --pattern keep:40 --seed 3 --step 30 --presentation --size 1024x768
# Races found and told (Find a race): the legacy unroll's two-thread story, the cursor on the
# read that came too early; and the deadlock of a look-back whose tiles are blockIdx.x.
shot race-story-presentation-1280x720 --algo reduce-unroll-last-warp-legacy --n 128 --block 64 \
  --pattern random --seed 1 --find-race --presentation --size 1280x720
shot race-story-inplace-1024x768 --algo scan-kogge-stone-inplace --n 64 --block 64 \
  --pattern random --seed 1 --find-race --presentation --size 1024x768
shot race-story-1920x1080 --algo reduce-unroll-last-warp-legacy --n 128 --block 64 \
  --pattern random --seed 1 --find-race --size 1920x1080
shot deadlock-presentation-1280x720 --algo scan-lookback-blockidx --n 4000 --block 64 \
  --schedule lockstep,blocks=reverse,resident=2 --presentation --size 1280x720
shot deadlock-1024x768 --algo scan-lookback-blockidx --n 4000 --block 64 \
  --schedule lockstep,blocks=reverse,resident=2 --presentation --size 1024x768
shot deadlock-1920x1080 --algo scan-lookback-blockidx --n 4000 --block 64 \
  --schedule lockstep,blocks=reverse,resident=2 --size 1920x1080
# The GPU's own counts (recorded on an H100) beside the trace's, without a GPU.
shot hardware-counts-presentation-1280x720 --algo reduce-interleaved-strided --n 256 --block 256 \
  --pattern random --seed 1 --step 3 --presentation --size 1280x720
# Lecture mode, in the presenter layout: a slide of each lesson, the first also at 1024x768 and
# 1920x1080 and with a quiz attempt, and the teacher's window (N) beside the first.
shot lesson-ladder-presentation-1280x720 --lesson 1 --slide 2 --presentation --size 1280x720
shot lesson-ladder-presentation-1024x768 --lesson 1 --slide 1 --presentation --size 1024x768 \
  --teacher-screenshot "$out/lesson-teacher-notes.png"
shot lesson-ladder-1920x1080 --lesson 1 --slide 2 --size 1920x1080
# Larger type: at Text size 1.5 the words alone (Z: the picture), then Z: the picture alone.
shot lesson-banks-text-1.5-presentation-1024x768 --lesson 1 --slide 2 --presentation \
  --font-scale 1.5 --size 1024x768
shot lesson-banks-text-1.5-whole-stage-presentation-1024x768 --lesson 1 --slide 2 --presentation \
  --font-scale 1.5 --whole-stage --size 1024x768
shot lesson-quiz-presentation-1024x768 --lesson 2 --slide 1 --quiz 4242 --presentation \
  --size 1024x768
shot lesson-races-presentation-1024x768 --lesson 4 --slide 2 --presentation --size 1024x768
shot lesson-banks-presentation-1280x720 --lesson 2 --slide 3 --presentation --size 1280x720
shot lesson-divergence-presentation-1280x720 --lesson 3 --slide 2 --presentation --size 1280x720
shot lesson-scans-presentation-1280x720 --lesson 5 --slide 1 --presentation --size 1280x720
shot lesson-lookback-presentation-1280x720 --lesson 6 --slide 3 --presentation --size 1280x720
shot lesson-atomics-presentation-1280x720 --lesson 7 --slide 3 --presentation --size 1280x720
# Lesson 6 on Hopper's pipeline: a warp waits on a stage whose copy is in flight; past CUB.
shot lesson-pipeline-wait-presentation-1280x720 --lesson 6 --slide 7 --presentation \
  --size 1280x720
shot lesson-pipeline-cub-presentation-1024x768 --lesson 6 --slide 9 --presentation --size 1024x768
# Predict the next step: the quiz box (seed 4242), a worksheet page and a GIF of a step range.
shot quiz-presentation-1280x720 --algo reduce-interleaved-strided --n 300 --block 128 --quiz 4242 \
  --step 2 --presentation --size 1280x720
wanted worksheet-kogge-stone-inplace && echo "assets/screenshots/worksheet-kogge-stone-inplace.png" &&
"$ws" --worksheet "$out/worksheet-kogge-stone-inplace.png" --algo scan-kogge-stone-inplace \
  --n 64 --block 64 --quiz 99 --questions 3 > /dev/null
rm -f "$out/worksheet-kogge-stone-inplace-answers.txt"
wanted banks-steps-2-6 && echo "assets/screenshots/banks-steps-2-6.gif" &&
"$ws" --export-gif "$out/banks-steps-2-6.gif" --panel banks --algo reduce-interleaved-strided \
  --n 300 --block 128 --from 2 --to 6 --size 800x500 --frame-ms 900 > /dev/null
# Your kernel: a student's copy of reduce-sequential, run and stepped.
shot editor-1920x1080 --kernel "$root/tests/data/user_kernels/reduce_sequential.cu" \
  --algo reduce-sequential --n 300 --block 64 --step 3 --size 1920x1080
# A puzzle graded in the window (a copy of its wrong kernel, so the asset is not written).
cp "$root/assets/puzzles/03-idle-lanes.wrong.cu" /tmp/warpscope-wrong.cu
shot puzzle-1920x1080 --puzzle 3 --kernel /tmp/warpscope-wrong.cu --grade --step 2 --size 1920x1080
# The all-reduce across GPUs (issue 20): 4 virtual GPUs, after the third step of the ring.
# Hopper's pipeline on the emulator (issue 38): a lazy copy engine, five warps waiting on stage 1
# while its copy is in flight.
shot pipeline-presentation-1280x720 --algo scan-pipeline --n 20780 --schedule lockstep,copies=lazy \
  --view pipeline --step 26 --size 1280x720 --presentation
shot pipeline-1920x1080 --algo scan-pipeline --n 20780 --schedule lockstep,copies=lazy \
  --view pipeline --step 26 --size 1920x1080
shot ring-1920x1080 --view ring --step 3 --size 1920x1080
shot ring-presentation-1280x720 --view ring --step 3 --size 1280x720 --presentation
shot ring-naive-presentation-1280x720 --view ring --ring-naive --step 1 --size 1280x720 --presentation
# 5 GPUs, which no machine lent had: the view says so and what the 2-GPU fit predicts.
shot ring-5gpus-presentation-1280x720 --view ring --ring-gpus 5 --ring-n 1048576 --step 2 \
  --size 1280x720 --presentation
