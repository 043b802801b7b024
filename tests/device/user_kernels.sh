#!/usr/bin/env bash
# A student's kernel on the GPU (issue 19, run-kernel --backend cuda), for the lent GPU machine
# (binaries built with the `device` preset, gzipped in .devcarry/). PART=a: the whole [gpu] suite
# but the [user] cases, and [gpu-fault]. PART=b: the [nvrtc] and [gpu][user] cases, then what b2
# runs. PART=b2: compute-sanitizer memcheck and racecheck on run-kernel --backend cuda, and puzzle
# 11's kernels timed (the kernel beside a read-only stream, a copy and CUB, same run).
set -u
[ -f .devcarry/warpscope ] || gunzip -kf .devcarry/warpscope.gz .devcarry/warpscope_tests.gz
chmod +x .devcarry/warpscope .devcarry/warpscope_tests
# The tests were built in /work/main (WS_SOURCE_DIR, WS_BINARY): make that this tree.
if [ "$(readlink -f /work/main)" != "$(readlink -f "$PWD")" ]; then
  mkdir -p /work && { [ -e /work/main ] && echo "/work/main exists and is not this tree"; ln -sfn "$PWD" /work/main; }
fi
mkdir -p build-device && cp .devcarry/warpscope build-device/warpscope
export PATH="$PATH:/usr/local/cuda/bin"
mkdir -p "$OUT/logs"
S="$OUT/summary-${PART}.txt"; : > "$S"
T0=$(date +%s)
step() { local name=$1 limit=$2; shift 2; local t=$(date +%s)
  timeout "$limit" "$@" > "$OUT/logs/$name.log" 2>&1; local rc=$?
  printf '%-28s rc=%-3s %4ss  %s\n' "$name" "$rc" "$(( $(date +%s) - t ))" "$(tail -n 1 "$OUT/logs/$name.log" | cut -c1-100)" >> "$S"; }
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$OUT/gpu-${PART}.txt" 2>&1
W=build-device/warpscope
if [ "$PART" = a ]; then
  step gpu_tests_not_user 560 .devcarry/warpscope_tests "[gpu]~[user]" --durations yes
  step gpu_fault 100 .devcarry/warpscope_tests "[gpu-fault]"
else
  P=assets/puzzles
  if [ "$PART" = b ]; then
    step nvrtc_tests 120 .devcarry/warpscope_tests "[nvrtc]"
    step gpu_user_tests 400 .devcarry/warpscope_tests "[gpu][user]" --durations yes
  fi
  step memcheck_run_kernel 150 compute-sanitizer --tool memcheck --target-processes all --error-exitcode 9 $W run-kernel $P/08-exclusive-scan.solution.cu --n 5000 --block 64 --backend cuda
  step racecheck_run_kernel 150 compute-sanitizer --tool racecheck --target-processes all --error-exitcode 9 $W run-kernel $P/01-any-n.solution.cu --n 5000 --block 64 --backend cuda
  step p11_solution 120 $W run-kernel $P/11-bandwidth.solution.cu --puzzle 11 --backend cuda
  step p11_wrong 120 $W run-kernel $P/11-bandwidth.wrong.cu --puzzle 11 --backend cuda
  step p11_start_2p24 120 $W run-kernel $P/11-bandwidth.start.cu --n 2^24 --block 256 --backend cuda
  step p11_solution_2p28 280 $W run-kernel $P/11-bandwidth.solution.cu --n 2^28 --block 256 --backend cuda --cpu-limit 300 --json
fi
[ "$PART" != a ] && for f in "$OUT"/logs/p11_*.log; do echo "$(basename $f .log): $(grep -h 'the kernel:\|"gbps"' $f | head -3 | tr -s ' ' | cut -c1-300)"; done >> "$S"
echo "total $(( $(date +%s) - T0 ))s" >> "$S"
tar -czf "$OUT/logs-${PART}.tar.gz" -C "$OUT" logs && rm -rf "$OUT/logs"
cat "$OUT/gpu-${PART}.txt"; cat "$S"
