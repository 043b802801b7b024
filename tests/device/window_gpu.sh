#!/usr/bin/env bash
# The window on the lent GPU machine, headless (issue 40): .devcarry/window.tar.xz
# (tests/device/window_bundle.sh) and .gl's GL packages carried; the frames drawn by the driver's
# EGL, no X server. The window's [gpu] tests (warpscope_ui_tests), pictures of its GPU features
# (the lab's live sweep midway and done, the GPU's own counts in the banks, warps and
# global-memory panels, a student's kernel run on the GPU from the editor) into $OUT/shots, and
# frame times with the sweep running and without. Logs under $OUT/logs, a summary last.
set -u
cd "$(dirname "$0")/../.."
. tests/device/bundle_setup.sh
mkdir -p "$OUT/logs" "$OUT/shots"
S="$OUT/summary.txt"; : > "$S"
. tests/device/step.sh
W=build/warpscope
ONLY=${1:-.}  # a regular expression: the steps to run
run() { [[ $1 =~ $ONLY ]] && step "$@"; return 0; }
shot() { local name=$1; shift; run "$name" 300 $W --screenshot "$OUT/shots/$name.png" "$@"; }
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; } > "$OUT/machine.txt" 2>&1
run info 60 $W info
run renderer 120 $W --bench-frames 120 --size 1920x1080
run ui_gpu_tests 500 build/tests/ui/warpscope_ui_tests "[gpu]" --durations yes
# The session's GPU tests of the sweep and the window (tests/gpu), the sweep's points handed over.
run session_gpu_tests 300 build/tests/warpscope_tests "*sweep*" "*window's*" --durations yes
# The lab's live sweep, in a lecture room's size: at 80% (its points so far, its progress), and
# done (its file).
shot gpu-lab-sweep-live-1280x720 --sweep --sweep-until 0.8 --lab-type float --presentation \
  --size 1280x720
shot gpu-lab-sweep-live-1024x768 --sweep --sweep-until 0.8 --lab-type float --presentation \
  --size 1024x768
shot gpu-lab-sweep-done-1920x1080 --sweep --lab-type float --size 1920x1080
# The GPU's own counts read live: the step view (banks, warps), global memory in front.
live="--backend cuda --algo reduce-interleaved-strided --n 256 --block 256 --pattern random --seed 3 --step 3"
shot gpu-counts-live-1920x1080 $live --size 1920x1080
shot gpu-counts-global-1280x720 $live --focus global --presentation --size 1280x720
# A student's kernel run on the GPU from the editor.
shot gpu-editor-1920x1080 --backend cuda --kernel tests/data/user_kernels/reduce_sequential.cu \
  --algo reduce-sequential --n 3000 --block 128 --type float --pattern random --step 3 \
  --size 1920x1080
# Frame times: with the lab's live sweep running, and the standard load without it.
# (60 frames a second, as the window: the sweep's first 40 s, its largest sizes included)
run frames_sweep_1920 300 $W --sweep --bench-frames 2400 --size 1920x1080
run frames_sweep_1280p 300 $W --sweep --bench-frames 2400 --presentation --size 1280x720
run frames_plain_1920 120 $W --bench-frames 300 --size 1920x1080
cat "$OUT/machine.txt" "$S"
grep -h "median frame time\|renderer:" "$OUT"/logs/frames_*.log "$OUT"/logs/renderer.log
grep -h "FAILED" -A12 "$OUT/logs/ui_gpu_tests.log" | head -60
tar -czf "$OUT/results.tar.gz" -C "$OUT" logs shots && rm -rf "$OUT/logs" "$OUT/shots"
