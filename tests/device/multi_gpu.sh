#!/usr/bin/env bash
# The all-reduce across GPUs (issue 20), for the lent machine with two (or more) GPUs: the link
# topology, `bench --multi-gpu` (NCCL's all-reduce, reduce-scatter and all-gather beside the
# hand-written ring and naive, every result checked) for float from 2^12 to 2^28 elements, int and
# double at three sizes, odd sizes (uneven chunks), and compute-sanitizer memcheck on a small run.
# Binaries from the `device` preset, gzipped in .devcarry/. Results and logs under $OUT.
set -u
[ -f .devcarry/warpscope ] || gunzip -kf .devcarry/warpscope.gz
chmod +x .devcarry/warpscope
export PATH="$PATH:/usr/local/cuda/bin"
W=.devcarry/warpscope
S="$OUT/summary.txt"; : > "$S"
T0=$(date +%s)
BUDGET=${BUDGET:-540}  # seconds for all the steps: each gets at most what is left
step() { local name=$1 limit=$2; shift 2; local t=$(date +%s)
  local left=$(( BUDGET - (t - T0) )); [ "$left" -lt "$limit" ] && limit=$left
  [ "$limit" -lt 10 ] && { echo "$name skipped: out of time" >> "$S"; return; }
  timeout "$limit" "$@" > "$OUT/$name.log" 2>&1; local rc=$?
  printf '%-22s rc=%-3s %4ss  %s\n' "$name" "$rc" "$(( $(date +%s) - t ))" "$(tail -n 1 "$OUT/$name.log" | cut -c1-110)" >> "$S"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; nvidia-smi topo -m; nvidia-smi nvlink -s | head -40; } > "$OUT/topology.txt" 2>&1
step float 300 $W bench --multi-gpu --type float --sizes 2^12..2^28 --json "$OUT/multi-gpu-float.json"
step odd_sizes_int 120 $W bench --multi-gpu --type int --sizes 1,7,1000,4099,1000003
step odd_sizes_double 120 $W bench --multi-gpu --type double --sizes 3,4099,1000003
step int_double 200 bash -c "$W bench --multi-gpu --type int --sizes 2^20,2^24,2^28 --json $OUT/multi-gpu-int.json && $W bench --multi-gpu --type double --sizes 2^20,2^24,2^27 --json $OUT/multi-gpu-double.json"
step memcheck 120 compute-sanitizer --tool memcheck --error-exitcode 9 $W bench --multi-gpu --type float --sizes 4099
head -3 "$OUT/topology.txt"
grep -h "n=268435456\|n=16777216" "$OUT/float.log"
grep -h "WRONG" "$OUT"/*.log | head -5
cat "$S"
