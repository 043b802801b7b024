#!/bin/bash
# On the GPU machine, from the repository root: the catalog recorded twice, by each variant's
# compiled-in probe and by the Compute Sanitizer API on its unprobed kernel
# (warpscope crosscheck --gpu-recorder sanitizer, issue 56), each line timed from the start.
# C: the carried folder (tests/device/unpack_carry.sh); ALGOS: crosscheck's --algo (all);
# LIMIT: seconds before it is stopped (500). The lines go to $OUT/sanitizer_catalog.txt.
set -u
C=${C:-.devcarry/s60}
source tests/device/unpack_carry.sh
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
start=$(date +%s)
timeout "${LIMIT:-500}" build/warpscope crosscheck --gpu-recorder sanitizer --algo "${ALGOS:-all}" 2>&1 |
  while IFS= read -r line; do echo "$(($(date +%s) - start))s $line"; done |
  tee "$OUT/sanitizer_catalog.txt"
echo "exit ${PIPESTATUS[0]}" | tee -a "$OUT/sanitizer_catalog.txt"
