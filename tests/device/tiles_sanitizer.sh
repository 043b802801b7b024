#!/usr/bin/env bash
# Issue 56 on the lent GPU machine, from binaries built here (the default preset: PTX for Hopper,
# JIT-compiled there) and carried xz-packed in .devcarry/i56/: the GPU recorder by tile (the tiles
# test, 50 recordings in a row, and the catalog's crosscheck), then plain kernels recorded by the
# Compute Sanitizer API (run-kernel --backend cuda; the traces come back for the emulator's side,
# which needs clang++, here) and the [gpu][user] tests. Each step has its own time limit; a
# summary last. Logs in $OUT.
set -u
if [ "$(readlink -f /work/main 2>/dev/null)" != "$(readlink -f "$PWD")" ]; then
  mkdir -p /work && ln -sfn "$PWD" /work/main
fi
export WARPSCOPE_ROOT=$PWD LD_LIBRARY_PATH=/usr/local/cuda/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
# The Debian libraries the program links (GLFW, X11, giflib, stb), where its walled-in child finds
# them too (its environment is cleared); the machine's own copies are kept.
[ -d .devcarry/i56/lib ] && cp -n .devcarry/i56/lib/* /usr/lib/x86_64-linux-gnu/ && ldconfig
for b in warpscope warpscope_tests; do xz -dc .devcarry/i56/$b.xz > /tmp/$b && chmod +x /tmp/$b; done
mkdir -p build && ln -sf /tmp/warpscope build/warpscope  # where the tests run the program
S=$OUT/summary.txt; : > "$S"
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; } >> "$S"
step() {  # step NAME SECONDS COMMAND...
  local name=$1 limit=$2 t0=$(date +%s); shift 2
  timeout "$limit" "$@" > "$OUT/$name.log" 2>&1
  echo "$name rc=$? $(( $(date +%s) - t0 ))s $(tail -n 2 "$OUT/$name.log" | tr '\n' ' ' | cut -c1-160)" >> "$S"
}
T=/tmp/warpscope_tests
STEPS=${STEPS:-tiles50 tiles cross gpu_user}  # the steps to run (a later call: what is left)
want() { [[ " $STEPS " == *" $1 "* ]]; }
want tiles50 && step tiles50 120 $T "the GPU recorder finds every tile asked for*" -d yes
want tiles && step tiles 110 $T "a GPU trace and an emulator trace name the same tiles" -d yes
want cross && step cross 120 $T "the GPU trace equals the emulator trace for every race-free algorithm,a traced look-back on the GPU equals the emulator's once blocks are named by tile" -d yes
want gpu_user && step gpu_user 150 $T "[gpu][user]" -d yes
# Plain kernels: recorded on the GPU, each trace kept for the emulator's crosscheck here.
mkdir -p "$OUT/traces"
P=tests/data/plain_kernels
PLAIN_LIMIT=${PLAIN_LIMIT:-22} PLAIN_ONLY=${PLAIN_ONLY:-.}
plain() { local name=$1 file=$2; shift 2
  [[ $name =~ $PLAIN_ONLY ]] || return 0
  timeout "$PLAIN_LIMIT" /tmp/warpscope run-kernel $P/$file --backend cuda --pattern random --json \
    --trace-out "$OUT/traces/$name.wstrace" "$@" > "$OUT/traces/$name.json" 2> "$OUT/traces/$name.err"
  echo "plain $name rc=$? $(tail -n 1 "$OUT/traces/$name.err" | cut -c1-140)" >> "$S"; }
plain strided_int reduce_interleaved_strided.cu --n 4097 --block 64 --type int
plain sequential_double reduce_sequential.cu --n 5000 --block 1024 --type double
plain shuffle_float reduce_warp_shuffle.cu --n 77777 --block 128 --type float
plain kogge_float scan_kogge_stone.cu --n 4097 --block 256 --type float
plain brent_kung_double scan_brent_kung.cu --n 999 --block 64 --type double
plain samples_reduce6 public/samples_reduce6.cu --n 100003 --block 128 --type float
plain cost_traced reduce_sequential.cu --n 2^24 --block 256 --type int
tar -czf "$OUT/traces.tar.gz" -C "$OUT" traces && rm -rf "$OUT/traces"
cat "$S"
