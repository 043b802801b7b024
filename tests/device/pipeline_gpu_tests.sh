#!/usr/bin/env bash
# Issue 38's GPU checks with the `device` preset's warpscope and warpscope_tests (carried in
# .devcarry, gzipped): the [gpu] tests, the GPU's own counters for scan-pipeline at one tile
# (whole and partial) for assets/measurements/hardware-counts-<gpu>-scan-pipeline.json,
# verify --backend cuda --quick, crosscheck against the emulator, and memcheck on a traced run.
# Logs and kept files in $OUT (one tarball, keep.tar.gz); a summary last.
set -u
cd "$(dirname "$0")/../.."
export PATH="$PATH:/usr/local/cuda/bin"
B=.devcarry
for f in warpscope warpscope_tests; do gunzip -kf $B/$f.gz && chmod +x $B/$f; done
W=$B/warpscope
# The tests that run warpscope itself find it where the device preset built it.
mkdir -p build-device && cp $W build-device/warpscope
mkdir -p "$OUT/logs" "$OUT/keep"
S="$OUT/summary.txt"; : > "$S"
T0=$(date +%s)
. tests/device/step.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/keep/machine.txt" 2>&1
A=scan-pipeline
# GPU_TESTS: a Catch2 spec (default every [gpu] test; -# makes each file a tag, so that the
# suite can be split over two calls: "[gpu]~[#test_gpu_pipeline]~[#test_gpu_scan]" and the rest).
step gpu_tests 540 $B/warpscope_tests -# "${GPU_TESTS:-[gpu]}" --durations yes
for n in 4096 4000; do
  step "hw_$n" 120 sh -c "$W stats --backend cuda --algo $A --n $n --block 224 --pattern random \
    --json --hardware > '$OUT/keep/hw-$n.json'"
done
step verify_quick 240 $W verify --backend cuda --algo $A --quick
step crosscheck 240 $W crosscheck --algo $A
step memcheck 240 compute-sanitizer --tool memcheck --error-exitcode 9 $W trace --backend cuda \
  --algo $A --n 20780 --block 224 --seed 7 --blocks all -o /tmp/t.wstrace
echo "total $(( $(date +%s) - T0 ))s" >> "$S"
tar czf "$OUT/keep.tar.gz" -C "$OUT" logs keep
cat "$S"
grep -E "test cases|assertions|skipped" "$OUT/logs/gpu_tests.log" | tail -3
