#!/usr/bin/env bash
# Issue 56 on the lent GPU machine: plain CUDA recorded by the GPU through the Compute Sanitizer
# API, from binaries built here with SASS for the GPU (a build with the window and CUDA,
# WS_CUDA_GPUS="90-real;90-virtual") carried xz-packed in .devcarry/san/ with the Debian libraries
# and fonts the window needs (libfonts.tar.xz: lib/ and fonts/). Steps, each under its own time limit, logs
# under $OUT/logs, a summary last:
#   decls     kernels/cuda/sanitizer_api.hpp held against the machine's own Sanitizer headers
#   plain     every request of tests/data/gpu_traces/plain_requests.txt through run-kernel
#             --backend cuda; each GPU trace comes back ($OUT/traces) for the emulator's
#             comparison here (the GPU machine has no clang++)
#   gpu_user  the [gpu][user] tests
#   memcheck  compute-sanitizer over one plain run (the recorder is a Sanitizer API client too)
#   witness   vocabulary kernels recorded by their probe and by the Sanitizer API
#   shots     a plain kernel's GPU trace in the window
#   STEPS="plain shots" runs only those; PLAIN_ONLY=REGEX records only the plain requests named so,
#   WITNESS_ONLY=REGEX only the vocabulary kernels named so.
set -u
cd "$(dirname "$0")/../.."
if [ "$(readlink -f /work/main 2>/dev/null)" != "$(readlink -f "$PWD")" ]; then
  mkdir -p /work && ln -sfn "$PWD" /work/main
fi
C=${CARRY:-.devcarry/san}  # what was carried; the libraries and the tests may be left out
. tests/device/unpack_carry.sh
mkdir -p "$OUT/logs" "$OUT/traces" "$OUT/shots"
S="$OUT/summary.txt"; : > "$S"
. tests/device/step.sh
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; } > "$OUT/machine.txt"
STEPS=${STEPS:-decls plain gpu_user memcheck shots}
want() { [[ " $STEPS " == *" $1 "* ]]; }
W=build/warpscope
P=tests/data/plain_kernels
want decls && step decls 60 g++ -std=c++17 -Wall -fsyntax-only -I. -I/usr/local/cuda/include \
  -I/usr/local/cuda/compute-sanitizer/include tests/device/sanitizer/check_declarations.cpp
record() {  # record NAME FILE FLAGS...: one plain kernel through run-kernel on the GPU
  local name=$1 file=$2 t0=$(date +%s); shift 2
  local out="$OUT/traces/$name"
  timeout 120 $W run-kernel $P/$file --backend cuda --pattern random --json "$@" \
    --trace-out "$out.wstrace" > "$out.json" 2> "$out.err"
  local rc=$?
  printf '%-34s rc=%-3s %3ss %s | %s\n' "$name" "$rc" "$(( $(date +%s) - t0 ))" \
    "$(python3 -c "import json; j=json.load(open('$out.json')); g=j.get('gpu',{}); print(g.get('recorded_on_gpu'), j.get('ok'), len(j.get('steps',[])), g.get('recorder_missing','')[:80])" 2>/dev/null)" \
    "$(grep -v bubblewrap "$out.err" | tail -n 1 | cut -c1-110)" >> "$S"
}
if want plain; then
  grep -v '^#' tests/data/gpu_traces/plain_requests.txt | while read -r name file flags; do
    [[ $name =~ ${PLAIN_ONLY:-.} ]] || continue
    record "$name" "$file" $flags
  done
  # The text a teacher reads, with the recording's cost line.
  for n in 65536 1048576; do
    $W run-kernel $P/reduce_sequential.cu --backend cuda --n $n --block 256 --type int \
      > "$OUT/logs/cost_reduce_$n.txt" 2>&1
    $W run-kernel $P/scan_kogge_stone.cu --backend cuda --n $n --block 256 --type float \
      > "$OUT/logs/cost_scan_$n.txt" 2>&1
  done
  grep -H "the kernel:\|recording:" "$OUT"/logs/cost_*.txt | cut -c1-230 >> "$S"
fi
# Vocabulary kernels recorded twice on the GPU: by their probe and by the Sanitizer API on their
# unprobed code (the second witness); the emulator's crosscheck runs here too (g++).
if want witness; then
  mkdir -p "$OUT/traces/witness"
  grep -v '^#' tests/data/gpu_traces/witness_requests.txt | while read -r name file flags; do
    [[ $name =~ ${WITNESS_ONLY:-.} ]] || continue
    for rec in probe sanitizer; do
      out="$OUT/traces/witness/$name.$rec"
      timeout 120 $W run-kernel $file --backend cuda --pattern random --json --gpu-recorder $rec \
        $flags --trace-out "$out.wstrace" > "$out.json" 2> "$out.err"
      printf '%-30s %-9s rc=%-3s %s\n' "$name" "$rec" "$?" \
        "$(python3 -c "import json; j=json.load(open('$out.json')); g=j.get('gpu',{}); print(g.get('recorded_on_gpu'), j.get('ok'), g.get('crosscheck','')[:90], g.get('recorder_missing','')[:60])" 2>/dev/null)" >> "$S"
    done
  done
fi
want gpu_user && step gpu_user 300 build/tests/warpscope_tests "[gpu][user]" --durations yes
want gpu_plain && step gpu_plain 200 build/tests/warpscope_tests \
  "plain CUDA kernels run on the GPU: checked and timed and recorded by the GPU where it can"
want memcheck && step memcheck 180 compute-sanitizer --tool memcheck --target-processes all \
  $W run-kernel $P/reduce_sequential.cu --backend cuda --n 5000 --block 128 --type float
shot() { local name=$1; shift; step "shot-$name" 120 $W --screenshot "$OUT/shots/$name.png" "$@"; }
if want shots; then
  k="--backend cuda --kernel $P/reduce_sequential.cu --n 3000 --block 128 --type float --pattern random --step 3"
  shot plain-gpu-1920x1080 $k --size 1920x1080
  shot plain-gpu-1280x720 $k --presentation --size 1280x720
  shot plain-gpu-1024x768 $k --presentation --size 1024x768
  s="--backend cuda --kernel $P/scan_kogge_stone.cu --n 999 --block 256 --type int --pattern random --step 5"
  shot plain-scan-gpu-1280x720 $s --presentation --size 1280x720
fi
tar -czf "$OUT/traces.tar.gz" -C "$OUT" traces && rm -rf "$OUT/traces"
# What comes back is a few files: the pictures and the logs packed.
tar -czf "$OUT/shots_logs.tar.gz" -C "$OUT" shots logs && rm -rf "$OUT/shots"
cat "$OUT/machine.txt" "$S"
grep -h "FAILED\|failed" -A8 "$OUT/logs/gpu_user.log" 2>/dev/null | head -40
tail -5 "$OUT/logs/memcheck.log" 2>/dev/null
