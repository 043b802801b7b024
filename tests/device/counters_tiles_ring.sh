#!/usr/bin/env bash
# Issue 41 on a lent machine of two (or more) GPUs, from the window's build
# (.devcarry/window.tar.xz, .gl carried; tests/device/bundle_setup.sh):
#   counters: `stats --backend cuda --hardware --json` for every catalog kernel at one block
#             (tests/device/hardware_cases.txt: blocks of 256 and 64), int on GPU 0 and double on
#             GPU 1 at once; the divergence counters and the lanes of each kind come with them
#   tiles:    the [gpu] test that a GPU and an emulator trace name the same tiles, and `stats` of
#             both backends of one look-back request
#   ring:     `bench --multi-gpu` for float from 2^12 to 2^28 (NCCL, the hand ring, naive), then
#             NCCL's all-reduce forced to each of Ring/Tree x LL/LL128/Simple at 2^12, 2^20, 2^28
#   hardware_gpu_test: the [gpu] test of every kernel's counters against ours
# Usage: counters_tiles_ring.sh [REGEX]: the steps whose names match (default: all).
# Results in $OUT/results.tar.gz; a summary last.
set -u
cd "$(dirname "$0")/../.."
. tests/device/bundle_setup.sh
mkdir -p "$OUT/logs" /tmp/r/counters /tmp/r/ring /tmp/r/tiles
S="$OUT/summary.txt"; : > "$S"
. tests/device/step.sh
W=$PWD/build/warpscope
ONLY=${1:-.}
T0=$(date +%s)
BUDGET=${BUDGET:-540}  # seconds for everything: a step gets at most what is left
run() {
  [[ $1 =~ $ONLY ]] || return 0
  local name=$1 limit=$2 left=$(( BUDGET - ($(date +%s) - T0) ))
  shift 2
  [ "$left" -lt "$limit" ] && limit=$left
  if [ "$limit" -lt 10 ]; then echo "$name skipped: out of time" >> "$S"; return 0; fi
  step "$name" "$limit" "$@"
}
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvidia-smi topo -m; date -u; } \
  > /tmp/r/machine.txt 2>&1
# The counters this GPU offers, for the record (the lanes' and the branches' names).
ncu --query-metrics --chip gh100 2>&1 | grep -E "thread_inst_executed|branch_targets|inst_executed " \
  > /tmp/r/metrics-offered.txt

# One type's counters on one GPU: the case's n, halved until the traced pass is one block.
counters() {
  local gpu=$1 type=$2
  while read -r id block n; do
    for try in 1 2 3; do
      f=/tmp/r/counters/$id-$block-$type.json
      CUDA_VISIBLE_DEVICES=$gpu $W stats --backend cuda --algo "$id" --n "$n" --block "$block" \
        --type "$type" --pattern random --json --hardware > "$f" 2> "${f%.json}.err"
      rc=$?
      grep -q '"grid": 1,' "$f" && break
      n=$(( n / 2 ))
    done
    echo "$id $block $type n=$n rc=$rc"
  done < tests/device/hardware_cases.txt
}
export -f counters
export W
if [[ counters =~ $ONLY ]]; then
  t=$(date +%s)
  if [ "$(nvidia-smi -L | wc -l)" -ge 2 ]; then  # a type on each GPU at once
    timeout 240 bash -c "counters 0 int" > "$OUT/logs/counters-int.log" 2>&1 &
    timeout 240 bash -c "counters 1 double" > "$OUT/logs/counters-double.log" 2>&1
    wait
  else
    timeout 240 bash -c "counters 0 int" > "$OUT/logs/counters-int.log" 2>&1
    timeout 240 bash -c "counters 0 double" > "$OUT/logs/counters-double.log" 2>&1
  fi
  echo "counters $(ls /tmp/r/counters/*.json | wc -l) files $(( $(date +%s) - t ))s" >> "$S"
fi

# Every catalog kernel's counters against ours at one block, int (the [gpu] test).
run hardware_gpu_test 200 build/tests/warpscope_tests "hardware counters:*" --durations yes
run tiles_gpu_test 150 build/tests/warpscope_tests "a GPU trace and an emulator trace name the same tiles" --durations yes
lb="--algo scan-decoupled-lookback --n 2^20+17 --block 256 --pattern random --blocks 3 --json"
run tiles_stats 120 bash -c "$W stats --backend cuda $lb > /tmp/r/tiles/cuda.json && $W stats --backend cpu $lb > /tmp/r/tiles/cpu.json"

run ring_float 200 $W bench --multi-gpu --type float --sizes 2^12..2^28 --json /tmp/r/ring/multi-gpu-float.json
for a in Ring Tree; do
  for p in LL LL128 Simple; do
    run "nccl_${a}_$p" 45 env NCCL_ALGO=$a NCCL_PROTO=$p $W bench --multi-gpu --type float \
      --sizes 2^12,2^20,2^28 --json "/tmp/r/ring/nccl-$a-$p.json"
  done
done

cp -r "$OUT/logs" /tmp/r/
tar -czf "$OUT/results.tar.gz" -C /tmp r
cat /tmp/r/machine.txt | head -3; cat "$S"
grep -h "rc=[1-9]" "$OUT"/logs/counters-*.log | head -20
grep -h "hardware_error" /tmp/r/counters/*.json | sort | uniq -c | head -5
grep -h "n=268435456\|n=1048576 " "$OUT"/logs/ring_float.log | head -12
grep -h "FAILED" -A10 "$OUT/logs/tiles_gpu_test.log" | head -30
grep -h "with messages" -A3 "$OUT/logs/hardware_gpu_test.log" | grep -v "^--" | head -60
