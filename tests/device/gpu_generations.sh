#!/usr/bin/env bash
# Every GPU a class has, tried on a Hopper: the device preset built twice, carried in .devcarry
# (stripped, xz) and unpacked into build-gen/ (kept between calls while the machine stays warm):
# warpscope/warpscope_tests with sm_90 code and PTX (what the default build gives an H100 or
# H200), and warpscope-ptx75/warpscope_tests-ptx75 with compute_75 PTX only, which the driver
# compiles at load as it would on a Turing card, without the Hopper-only code. PHASE picks the
# part (each within one call):
#   checks  the fat binaries read by cuobjdump and by tests/cuda/fatbin_architectures.py; `info`
#           of both; scan-pipeline refused by the PTX build in one line (stats, verify, bench,
#           crosscheck) and timed by the sm_90 one
#   user    the PTX build's [gpu][user] tests
#   backend the PTX build's [gpu] tests of tests/gpu/test_gpu_backend.cpp
#   rest    the PTX build's other [gpu] tests and [gpu-fault]; the sm_90 build's tests of the
#           pipeline, the sweep, the hardware counters and CUPTI's metrics
# Logs in $OUT/logs; a summary last.
set -u
cd "$(dirname "$0")/../.."
export PATH="$PATH:/usr/local/cuda/bin"
B=build-gen
mkdir -p $B
for f in .devcarry/*.xz; do
  [ -f "$f" ] || continue
  out=$B/$(basename "$f" .xz)
  xz -dc "$f" > "$out" 2>/dev/null ||
    python3 -c "import lzma,sys; open(sys.argv[2],'wb').write(lzma.open(sys.argv[1]).read())" "$f" "$out"
  chmod +x "$out"
done
# The tests that run warpscope itself find it where each build put it.
mkdir -p build-device build-device-ptx75
[ -f $B/warpscope ] && cp $B/warpscope build-device/warpscope
[ -f $B/warpscope-ptx75 ] && cp $B/warpscope-ptx75 build-device-ptx75/warpscope
if [ "$(readlink -f /work/main 2>/dev/null)" != "$(readlink -f "$PWD")" ]; then
  mkdir -p /work && ln -sfn "$PWD" /work/main
fi
# The driver's compiled PTX is kept between calls (and large: every kernel the tests load).
export CUDA_CACHE_PATH=$PWD/build-gen/nv-cache CUDA_CACHE_MAXSIZE=4294967296
# The logs are gathered in one archive ($OUT/logs.tgz): only 8 files come back from a call.
RESULTS=$OUT OUT=$(mktemp -d)
mkdir -p "$OUT/logs" "$CUDA_CACHE_PATH"
S="$OUT/summary.txt"; : > "$S"
T0=$(date +%s)
. tests/device/step.sh
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader > "$OUT/logs/machine.txt" 2>&1
case "${PHASE:-checks}" in
checks)
  for w in warpscope warpscope-ptx75; do
    step "cuobjdump-$w" 60 sh -c "cuobjdump --list-elf --list-ptx $B/$w | grep -o 'sm_[0-9]*' | sort | uniq -c"
    step "fatbin-$w" 60 python3 tests/cuda/fatbin_architectures.py $B/$w
    step "info-$w" 120 $B/$w info
  done
  step run-pipeline 120 $B/warpscope-ptx75 stats --backend cuda --algo scan-pipeline --n 100000 --block 224
  step stats-lookback 120 $B/warpscope-ptx75 stats --backend cuda --algo scan-decoupled-lookback-vector --n 100000 --block 256
  step verify-quick 300 $B/warpscope-ptx75 verify --backend cuda --quick --algo scan-pipeline,scan-decoupled-lookback-vector,reduce-sequential
  step bench 300 $B/warpscope-ptx75 bench --algo scan-pipeline,scan-decoupled-lookback-vector --sizes 2^20,2^24
  step crosscheck 300 $B/warpscope-ptx75 crosscheck --algo scan-pipeline,reduce-sequential
  step native-bench 200 $B/warpscope bench --algo scan-pipeline,scan-decoupled-lookback-vector --sizes 2^24 ;;
user)
  step ptx75-user 560 $B/warpscope_tests-ptx75 "[gpu][user]" --durations yes ;;
backend)
  step ptx75-backend 560 $B/warpscope_tests-ptx75 -# "[#test_gpu_backend][gpu]" --durations yes ;;
rest)
  step ptx75-rest 330 $B/warpscope_tests-ptx75 -# "[gpu]~[user]~[#test_gpu_backend]" --durations yes
  step ptx75-fault 60 $B/warpscope_tests-ptx75 "[gpu-fault]"
  # The sm_90 build: the pipeline's tests, the sweep's, the hardware counters' and CUPTI's.
  step native-gpu 170 $B/warpscope_tests -# "[#test_gpu_pipeline][gpu],[#test_gpu_sweep][gpu],[#test_gpu_hardware][gpu],[#test_cupti_metrics]" --durations yes ;;
finish)  # what the rest phase leaves when it runs out of time: the files after the sweep's
  step native-gpu 200 $B/warpscope_tests -# "[#test_gpu_pipeline][gpu],[#test_gpu_sweep][gpu],[#test_gpu_hardware][gpu],[#test_cupti_metrics]" --durations yes
  step ptx75-finish 300 $B/warpscope_tests-ptx75 -# "[#test_gpu_tiles][gpu],[#test_gpu_window][gpu],[#test_multi_gpu][gpu]" --durations yes ;;
esac
tar -czf "$RESULTS/logs.tgz" -C "$OUT" logs 2>/dev/null
cp "$S" "$RESULTS/summary.txt"
echo "total $(( $(date +%s) - T0 ))s" >> "$S"
cat "$OUT/logs/machine.txt" "$S"
for f in "$OUT"/logs/ptx75-*.log "$OUT"/logs/native-gpu.log; do
  [ -f "$f" ] && { echo "== $f"; grep -E "test cases|assertions|FAILED|failed" "$f" | tail -5; }
done
for f in run-pipeline bench crosscheck verify-quick native-bench info-warpscope-ptx75 info-warpscope cuobjdump-warpscope cuobjdump-warpscope-ptx75; do
  [ -f "$OUT/logs/$f.log" ] && { echo "== $f"; tail -7 "$OUT/logs/$f.log" | cut -c1-220; }
done
