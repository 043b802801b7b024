#!/usr/bin/env bash
# scan-pipeline and compact-pipeline on the lent GPU machine (issue 37). Binaries built here:
# .devcarry/scan_pipeline_bench (nvcc, the line in tests/device/scan_pipeline_bench.cu) and,
# for the `tests` and `bench` phases, warpscope and warpscope_tests of the `device` preset,
# gzipped. Logs, CSV and JSON in $OUT; a summary last.
#   harness: check, stress, time (2^16..2^28, three types, both kinds), compaction
#   sanitize: compute-sanitizer's memcheck, racecheck, synccheck and initcheck on small runs
#   ncu:     Nsight Compute of ours and CUB's at 2^28 ints (scan and compaction)
#   tests:   the [gpu] tests of the pipelines
#   bench:   warpscope bench for the lab's files: scan-decoupled-lookback-vector with every
#            baseline (scan-pipeline among them), int, float and double, 2^16..2^28, inclusive
#            and exclusive (every second power of two: the harness times every one)
#   shapes:  other stage counts and sizes beside the catalog's shape, every size from 2^16 to
#            2^28, scans and compactions x CUB (issue 58), checked first
#   sizes:   warpscope bench of scan-pipeline and reduce-vector-atomic with every baseline
#            (scan-pipeline-by-size and compact-pipeline among them) at every size from 2^16 to
#            2^28, int, float and double; int exclusive too; 2^20..2^25 twice more (again)
# W, TESTS: the warpscope and warpscope_tests binaries (default .devcarry/warpscope, ...tests).
# Usage: pipeline_device.sh [PHASES regex]
set -u
cd "$(dirname "$0")/../.."
ONLY=${1:-.}
export PATH="$PATH:/usr/local/cuda/bin"
for f in warpscope warpscope_tests; do
  [ -f .devcarry/$f.gz ] && { gunzip -kf .devcarry/$f.gz; chmod +x .devcarry/$f; }
done
H=.devcarry/scan_pipeline_bench
chmod +x "$H" 2>/dev/null
mkdir -p "$OUT/logs"
S="$OUT/summary.txt"; : > "$S"
T0=$(date +%s)
step() { local name=$1 limit=$2; shift 2; local t=$(date +%s)
  [[ $name =~ $ONLY ]] || return 0
  timeout "$limit" "$@" > "$OUT/logs/$name.log" 2>&1; local rc=$?
  printf '%-24s rc=%-3s %4ss  %s\n' "$name" "$rc" "$(( $(date +%s) - t ))" \
    "$(grep -v '^ *$' "$OUT/logs/$name.log" | tail -n 1 | cut -c1-120)" >> "$S"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader \
  > "$OUT/machine.txt" 2>&1
step harness_time 300 $H time 28 "$OUT/harness-times.csv"
step harness_check 300 $H check
step harness_stress 300 $H stress 1500
step harness_compact 300 $H compact 28
for tool in memcheck racecheck synccheck initcheck; do
  step "sanitize_$tool" 240 compute-sanitizer --tool $tool --error-exitcode 9 $H sanitize
done
NCU="ncu --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats \
 --section Occupancy --section LaunchStats --launch-skip 2 --launch-count 1"
step ncu_pipeline 120 $NCU -k regex:scan_pipeline $H profile int pipeline
step ncu_cub 120 $NCU -k regex:DeviceScanKernel $H profile int cub
step ncu_compact 120 $NCU -k regex:scan_pipeline $H profile int compact
step ncu_cub_select 120 $NCU -k regex:Select $H profile int cub-select
TESTS=${TESTS:-.devcarry/warpscope_tests}
step tests 400 $TESTS "[gpu][pipeline]" --durations yes
for run in 1 2 3; do  # RUNS: how many times (each its own CSV)
  [ $run -le ${RUNS:-1} ] && step shapes$run 330 $H shapes "$OUT/shapes$run.csv"
done
# Where the H200's missing share of the copy goes (issue 58): the catalog's shape, larger tiles,
# CUB and a 16-byte copy kernel at 2^28 ints, DRAM bytes beside the time.
NCU58="ncu --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats \
 --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,\
lts__t_sectors_srcunit_tex_op_write.sum,gpu__time_duration.sum --launch-skip 2 --launch-count 1"
for shape in 6x16K 6x32K 7x32K; do
  step ncu58_$shape 120 $NCU58 -k regex:scan_pipeline $H profile int $shape
done
step ncu58_copy 120 $NCU58 -k regex:copy16 $H profile int copy
step ncu58_cub 120 $NCU58 -k regex:DeviceScanKernel $H profile int cub
W=${W:-.devcarry/warpscope}
mkdir -p "$OUT/bench"
for type in int float double; do
  step "sizes_$type" 180 $W bench --algo scan-pipeline,reduce-vector-atomic --type $type \
    --sizes 2^16..2^28 --json "$OUT/bench/sizes-$type.json"
done
for run in 2 3; do  # the middle sizes again, where the shapes are close: run to run spread
  for type in int float double; do
    step "again${run}_$type" 120 $W bench --algo scan-pipeline --type $type --sizes 2^20..2^25 \
      --json "$OUT/bench/again$run-$type.json"
  done
done
step sizes_int_exclusive 180 $W bench --algo scan-pipeline --type int --kind exclusive \
  --sizes 2^16..2^28 --json "$OUT/bench/sizes-int-exclusive.json"
for kind in inclusive exclusive; do
  for type in int float double; do
    step "bench_${type}_$kind" 300 $W bench --algo scan-decoupled-lookback-vector --type "$type" \
      --kind "$kind" --sizes 2^16,2^18,2^20,2^22,2^24,2^26,2^28 --json "$OUT/bench/roofline-scan-$kind-$type.json"
  done
done
[ -n "$(ls "$OUT/bench" 2>/dev/null)" ] && tar -czf "$OUT/bench.tar.gz" -C "$OUT" bench
rm -rf "$OUT/bench"
grep -h "^time .* 2^2[48]\|^compact .* 2^2[48]\|runs, .* wrong\|SUMMARY\|^shapes" "$OUT"/logs/*.log \
  > "$OUT/key-lines.txt" 2>/dev/null
tar -czf "$OUT/logs.tar.gz" -C "$OUT" logs && rm -rf "$OUT/logs"
echo "total $(( $(date +%s) - T0 ))s" >> "$S"
cat "$OUT/machine.txt" "$S" "$OUT/key-lines.txt"
