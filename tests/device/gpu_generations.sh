#!/usr/bin/env bash
# Older GPUs on a Hopper (issue: every GPU a class has): the device preset built twice and carried
# in .devcarry (gzipped) — warpscope/warpscope_tests with sm_90 code and PTX (what the default
# build gives an H100 or H200), and warpscope-ptx75/warpscope_tests-ptx75 with compute_75 PTX
# only, which the driver compiles at load as it would on a Turing card, without the Hopper-only
# code. PHASE picks the part (each within one device call):
#   checks  the fat binaries read by cuobjdump and by tests/cuda/fatbin_architectures.py; `info`
#           of both; scan-pipeline refused by the PTX build in one line (run, verify, bench,
#           crosscheck); the refusals' [gpu] tests and the sweep's in the sm_90 build
#   user    the PTX build's [gpu][user] tests
#   backend the PTX build's [gpu] tests of tests/gpu/test_gpu_backend.cpp
#   rest    the PTX build's other [gpu] tests and [gpu-fault]
# Logs in $OUT/logs; a summary last.
set -u
cd "$(dirname "$0")/../.."
export PATH="$PATH:/usr/local/cuda/bin"
B=.devcarry
for f in warpscope warpscope_tests warpscope-ptx75 warpscope_tests-ptx75; do
  [ -f $B/$f.gz ] && gunzip -kf $B/$f.gz && chmod +x $B/$f
done
mkdir -p build-device && cp $B/warpscope-ptx75 build-device/warpscope
if [ "$(readlink -f /work/main 2>/dev/null)" != "$(readlink -f "$PWD")" ]; then
  mkdir -p /work && ln -sfn "$PWD" /work/main
fi
# The driver's compiled PTX is kept between calls (and large: every kernel the tests load).
export CUDA_CACHE_PATH=$PWD/build-device/nv-cache CUDA_CACHE_MAXSIZE=4294967296
mkdir -p "$OUT/logs" "$CUDA_CACHE_PATH"
S="$OUT/summary.txt"; : > "$S"
T0=$(date +%s)
. tests/device/step.sh
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader > "$OUT/logs/machine.txt" 2>&1
case "${PHASE:-checks}" in
checks)
  for w in warpscope warpscope-ptx75; do
    step "cuobjdump-$w" 60 sh -c "cuobjdump --list-elf --list-ptx $B/$w | sed 's/.*\.\(sm_[0-9]*\)\..*/\1/' | sort | uniq -c"
    step "fatbin-$w" 60 python3 tests/cuda/fatbin_architectures.py $B/$w
    step "info-$w" 120 $B/$w info
  done
  # The PTX build on a Hopper: scan-pipeline refused in one line, everything else runs.
  step run-pipeline 120 $B/warpscope-ptx75 stats --backend cuda --algo scan-pipeline --n 100000 --block 224
  step stats-lookback 120 $B/warpscope-ptx75 stats --backend cuda --algo scan-decoupled-lookback-vector --n 100000 --block 256
  step verify-quick 300 $B/warpscope-ptx75 verify --backend cuda --quick --algo scan-pipeline,scan-decoupled-lookback-vector,reduce-sequential
  step bench 300 $B/warpscope-ptx75 bench --algo scan-pipeline,scan-decoupled-lookback-vector --sizes 2^20,2^24
  step crosscheck 300 $B/warpscope-ptx75 crosscheck --algo scan-pipeline,reduce-sequential
  # The sm_90 build: the pipeline's tests, the sweep's and the hardware counters'.
  cp $B/warpscope build-device/warpscope
  step native-gpu 400 $B/warpscope_tests "[gpu]" -# "[#test_gpu_pipeline],[#test_gpu_sweep],[#test_gpu_hardware]" --durations yes
  step native-bench 200 $B/warpscope bench --algo scan-pipeline,scan-decoupled-lookback-vector --sizes 2^24
  cp $B/warpscope-ptx75 build-device/warpscope ;;
user)
  step ptx75-user 560 $B/warpscope_tests-ptx75 "[gpu][user]" --durations yes ;;
backend)
  step ptx75-backend 560 $B/warpscope_tests-ptx75 "[gpu]" -# "[#test_gpu_backend]" --durations yes ;;
rest)
  step ptx75-rest 500 $B/warpscope_tests-ptx75 "[gpu]~[user]~[#test_gpu_backend]" --durations yes
  step ptx75-fault 60 $B/warpscope_tests-ptx75 "[gpu-fault]" ;;
esac
echo "total $(( $(date +%s) - T0 ))s" >> "$S"
cat "$OUT/logs/machine.txt" "$S"
for f in "$OUT"/logs/ptx75-*.log "$OUT"/logs/native-gpu.log; do
  [ -f "$f" ] && { echo "== $f"; grep -E "test cases|assertions|FAILED|failed" "$f" | tail -5; }
done
for f in run-pipeline bench crosscheck verify-quick info-warpscope-ptx75 info-warpscope cuobjdump-warpscope cuobjdump-warpscope-ptx75; do
  [ -f "$OUT/logs/$f.log" ] && { echo "== $f"; tail -6 "$OUT/logs/$f.log" | cut -c1-220; }
done
