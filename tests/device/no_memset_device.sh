#!/usr/bin/env bash
# Issue 58 on the lent GPU machine: the scan, the compaction and the reduction with no memset
# before their launches (PipelineScan's two status areas, reduce-one-launch). Carried:
# CARRY/warpscope.xz and warpscope_tests.xz (build-gpuwin, stripped), libfonts.tar.xz (GLFW and
# the other libraries the window links, from this machine). Logs and JSON in $OUT; a
# summary last.
#   tests:     the [gpu][pipeline] tests (scan-pipeline, compact-pipeline, reduce-one-launch
#              hundreds to thousands of times in a row, every result checked) and the sweep
#   sanitize:  compute-sanitizer memcheck and initcheck over bench of the three at small sizes
#   sizes:     warpscope bench of scan-pipeline and reduce-vector-atomic with every baseline,
#              2^16..2^28, int, float and double, RUNS times (each run its own file)
# Usage: no_memset_device.sh [STEPS regex]
set -u
cd "$(dirname "$0")/../.."
ONLY=${1:-.}
C=${CARRY:-.devcarry/s59}
. tests/device/unpack_carry.sh
mkdir -p "$OUT/logs" "$OUT/bench"
S="$OUT/summary.txt"; : > "$S"
. tests/device/step.sh
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; } > "$OUT/machine.txt"
want() { [[ $1 =~ $ONLY ]]; }
W=build/warpscope
T=build/tests/warpscope_tests
want tests && step tests 420 $T "[gpu][pipeline]" --durations yes
want tests && step sweep 300 $T "a live sweep reports its progress and returns the lab's measurements"
for tool in memcheck initcheck; do
  want sanitize && step "sanitize_$tool" 200 compute-sanitizer --tool $tool --error-exitcode 9 \
    $W bench --algo scan-pipeline,reduce-vector-atomic --type double --sizes 5000,100003 \
    --json "$OUT/bench/sanitized-$tool.json"
done
for run in $(seq 1 ${RUNS:-2}); do
  for type in int float double; do
    want sizes && step "sizes${run}_$type" 200 $W bench --algo scan-pipeline,reduce-vector-atomic \
      --type $type --sizes 2^16..2^28 --json "$OUT/bench/run$run-$type.json"
  done
done
tar -czf "$OUT/bench.tar.gz" -C "$OUT" bench && rm -rf "$OUT/bench"
tar -czf "$OUT/logs.tar.gz" -C "$OUT" logs
grep -h "test cases\|assertions\|ERROR SUMMARY\|FAILED" "$OUT"/logs/*.log > "$OUT/key-lines.txt"
rm -rf "$OUT/logs"
cat "$OUT/machine.txt" "$S" "$OUT/key-lines.txt"
