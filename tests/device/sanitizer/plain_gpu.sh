#!/usr/bin/env bash
# Plain kernels recorded on the GPU by the Compute Sanitizer API (issue 56), on the lent GPU
# machine. STAGE=build: builds warpscope and its tests with the `device` preset from the tree in
# .devcarry/sanitizer-recorder/tree.tar.gz (unpacked in /tmp/wt, kept while the machine is warm).
# STAGE=run: the plain twins through run-kernel --backend cuda, each GPU trace kept (traces.tar.gz:
# compared with the emulator's where clang++ is), then the [gpu][user] tests; a table last.
set -u
SRC=$PWD/.devcarry/sanitizer-recorder
export PATH=$PATH:/usr/local/cuda/bin
if [ "${STAGE:-run}" = build ]; then
  rm -rf /tmp/wt && mkdir -p /tmp/wt && tar -xzf "$SRC/tree.tar.gz" -C /tmp/wt
  cd /tmp/wt
  T0=$(date +%s)
  cmake --preset device -DWS_CUDA_GPUS=90-real > "$OUT/cmake.log" 2>&1 || { tail -20 "$OUT/cmake.log"; exit 1; }
  cmake --build build-device -j16 --target warpscope warpscope_tests > "$OUT/build.log" 2>&1
  rc=$?; grep -n "error" "$OUT/build.log" | head -20; tail -3 "$OUT/build.log"
  echo "build rc=$rc in $(( $(date +%s) - T0 ))s"; exit $rc
fi
cd /tmp/wt
W=build-device/warpscope
P=tests/data/plain_kernels
mkdir -p "$OUT/traces"
S="$OUT/summary.txt"; : > "$S"
run() { local name=$1 file=$2; shift 2
  timeout 120 $W run-kernel $P/$file --backend cuda --pattern random --json --trace-out "$OUT/traces/$name.wstrace" "$@" > "$OUT/traces/$name.json" 2> "$OUT/traces/$name.err"
  local rc=$?
  printf '%-34s rc=%-3s %s | %s\n' "$name" "$rc" "$(python3 -c "import json,sys; j=json.load(open('$OUT/traces/$name.json')); g=j.get('gpu',{}); print(g.get('recorded_on_gpu'), g.get('recorder_missing','')[:90], j.get('ok'), len(j.get('steps',[])))" 2>/dev/null)" "$(tail -n 1 "$OUT/traces/$name.err" | cut -c1-120)" >> "$S"; }
run interleaved_strided_int_4097_64 reduce_interleaved_strided.cu --n 4097 --block 64 --type int
run sequential_float_1000_32 reduce_sequential.cu --n 1000 --block 32 --type float
run sequential_double_5000_1024 reduce_sequential.cu --n 5000 --block 1024 --type double
run complete_unroll_double reduce_complete_unroll.cu --n 100003 --block 256 --type double
run warp_shuffle_float reduce_warp_shuffle.cu --n 77777 --block 128 --type float
run first_add_int reduce_first_add.cu --n 3001 --block 128 --type int
run unroll_last_warp_int reduce_unroll_last_warp.cu --n 3001 --block 256 --type int
run kogge_stone_float scan_kogge_stone.cu --n 4097 --block 256 --type float
run blelloch_padded_int scan_blelloch_padded.cu --n 10003 --block 128 --type int --kind exclusive
run brent_kung_double scan_brent_kung.cu --n 999 --block 64 --type double
run samples_reduce6_float public/samples_reduce6.cu --n 100003 --block 128 --type float
run pmpp_kogge_stone_float public/pmpp_kogge_stone.cu --n 10003 --block 512 --type float
run cg_reduce_sum_int public/cg_reduce_sum.cu --n 77777 --block 96 --type int
run harris_reduce0_int public/harris_reduce0.cu --n 2^16 --block 256 --type int
# The cost: the same kernel recorded (one block) and not, n = 2^24 (the probe's own timing too).
timeout 120 $W run-kernel $P/reduce_sequential.cu --backend cuda --n 2^24 --block 256 --type int --json > "$OUT/traces/cost.json" 2> "$OUT/traces/cost.err"
echo "cost rc=$?" >> "$S"
timeout 300 build-device/tests/warpscope_tests "[gpu][user]" > "$OUT/gpu_user_tests.log" 2>&1
echo "[gpu][user] rc=$? $(tail -n 2 "$OUT/gpu_user_tests.log" | tr '\n' ' ')" >> "$S"
tar -czf "$OUT/traces.tar.gz" -C "$OUT" traces && rm -rf "$OUT/traces"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u
cat "$S"
