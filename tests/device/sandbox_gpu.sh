#!/usr/bin/env bash
# run-kernel's sandbox on the lent GPU machine (issue 33): binaries built here with the `device`
# preset, gzipped in .devcarry/ (warpscope, warpscope_tests, the include folder as include.tgz).
# The GPU path's children (NVRTC's compile child walled in, the GPU child with every child's
# walls), its [gpu][user] tests and the attack tests in the modes this machine has (no
# bubblewrap there: the limits mode, with Landlock where its Linux has it). Not compute-sanitizer
# with --target-processes all: it follows children through their environment, which the walled
# children do not keep. Logs and a summary in $OUT.
set -u
cd "$(dirname "$0")/../.."
for f in warpscope warpscope_tests; do [ -f .devcarry/$f ] || gunzip -kf .devcarry/$f.gz; chmod +x .devcarry/$f; done
# The tests were built in /work/main (WS_SOURCE_DIR, WS_BINARY=/work/main/build-device/warpscope).
if [ "$(readlink -f /work/main)" != "$(readlink -f "$PWD")" ]; then
  mkdir -p /work && ln -sfn "$PWD" /work/main
fi
mkdir -p build-device && cp .devcarry/warpscope build-device/warpscope
tar -xzf .devcarry/include.tgz -C build-device
export PATH="$PATH:/usr/local/cuda/bin"
mkdir -p "$OUT/logs"
S="$OUT/summary.txt"; : > "$S"
T0=$(date +%s)
ONLY=${1:-.}  # a regular expression: the steps to run (two calls fit the 10-minute limit)
step() { local name=$1 limit=$2; shift 2; local t=$(date +%s)
  [[ $name =~ $ONLY ]] || return 0
  timeout "$limit" "$@" > "$OUT/logs/$name.log" 2>&1; local rc=$?
  printf '%-26s rc=%-3s %4ss  %s\n' "$name" "$rc" "$(( $(date +%s) - t ))" "$(tail -n 1 "$OUT/logs/$name.log" | cut -c1-110)" >> "$S"; }
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uname -r; id;
  command -v bwrap setpriv taskset script || true; } > "$OUT/machine.txt" 2>&1
W=build-device/warpscope
P=assets/puzzles
step landlock 10 sh -c "$W run-kernel tests/data/user_kernels/reduce_sequential.cu --n 100 --block 32 2>&1 >/dev/null | head -1"
step nvrtc_tests 120 .devcarry/warpscope_tests "[nvrtc]"
step gpu_user_tests 560 .devcarry/warpscope_tests "[gpu][user]" --durations yes
step attacks 560 .devcarry/warpscope_tests "[sandbox]" --durations yes
step gpu_run 60 $W run-kernel $P/01-any-n.solution.cu --n 4099 --block 128 --type float --backend cuda
step gpu_fault 60 $W run-kernel tests/data/user_kernels/global_out_of_bounds.cu --n 100 --block 32 --backend cuda
step gpu_spin 60 $W run-kernel tests/data/user_kernels/gpu_spin.cu --n 100 --block 32 --backend cuda --cpu-limit 5 --wait-limit 8
echo "total $(( $(date +%s) - T0 ))s" >> "$S"
tar -czf "$OUT/logs.tar.gz" -C "$OUT" logs && rm -rf "$OUT/logs"
cat "$OUT/machine.txt" "$S"
