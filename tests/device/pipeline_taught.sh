#!/usr/bin/env bash
# scan-pipeline as a rung of the catalog on the lent GPU machine (issue 38): its GPU trace for
# assets/traces, crosscheck against the emulator, verify, the GPU's own counters at one block
# (assets/measurements/hardware-counts-*.json), its SASS (assets/sass), the sanitizers on
# verify --quick, and bench beside CUB and the copy. Runs .devcarry/warpscope.gz (the `device`
# preset, built elsewhere). Logs in $OUT; a summary last.
set -u
cd "$(dirname "$0")/../.."
export PATH="$PATH:/usr/local/cuda/bin"
W=.devcarry/warpscope
gunzip -kf $W.gz && chmod +x $W
mkdir -p "$OUT/logs" "$OUT/keep"
S="$OUT/summary.txt"; : > "$S"
T0=$(date +%s)
. tests/device/step.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/keep/machine.txt" 2>&1
A=scan-pipeline
step trace 120 $W trace --backend cuda --algo $A --n 20780 --block 224 --type int \
  --pattern random --seed 7 --blocks all -o "$OUT/keep/$A.wstrace"
step crosscheck 300 $W crosscheck --algo $A
step verify_quick 300 $W verify --backend cuda --algo $A --quick
for n in 4096 4000; do
  step "hw_$n" 120 sh -c "$W stats --backend cuda --algo $A --n $n --block 224 --pattern random \
    --json --hardware > '$OUT/keep/hw-$n.json'"
done
step sass 120 sh -c "cuobjdump -sass $W | awk '/Function :/{keep = (\$0 ~ /scan_pipeline/)} keep' \
  | gzip -9 > '$OUT/keep/sass-pipeline.txt.gz'"
nvcc --version > "$OUT/keep/nvcc-version.txt" 2>&1
$W list --json > "$OUT/keep/list.json" 2>&1
for tool in memcheck synccheck racecheck; do
  step "san_$tool" 240 compute-sanitizer --tool $tool --error-exitcode 9 \
    $W verify --quick --backend cuda --algo $A
done
for type in int double; do
  step "bench_$type" 300 $W bench --algo $A --type $type --sizes 2^20,2^24,2^28 \
    --json "$OUT/keep/bench-$type.json"
done
step verify_full 400 $W verify --backend cuda --algo $A

echo "total $(( $(date +%s) - T0 ))s" >> "$S"
cat "$S"
