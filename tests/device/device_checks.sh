#!/usr/bin/env bash
# The GPU checks of the CUDA backend, for the lent GPU machine (no Debian packages there, so it
# runs binaries built elsewhere: BIN holds warpscope and warpscope_tests, built with the
# `device` preset). Usage: device_checks.sh PHASE...   (logs and results in $OUT)
#   quick:    device info, the [gpu] tests, crosscheck of every algorithm, memcheck on traced runs
#   checks:   device info, the [gpu] tests, verify --backend cuda, crosscheck, Nsight Compute
#             bank-conflict counters against ours, SASS of probed-without-probe vs plain kernels
#             (verify, crosscheck and Nsight for the reductions; the scans have their own phase)
#   scans:    verify --backend cuda and crosscheck per scan, the look-back stress test (thousands
#             of runs at odd sizes), Nsight Compute counters against ours for the scans
#   sanitize: compute-sanitizer memcheck, synccheck, initcheck (verify --quick; traced runs)
#   race:     compute-sanitizer racecheck, per algorithm
#   bench:    warpscope bench for int, float and double, 2^10..2^28, as JSON
#   window:   the window's session on the GPU and the lab's live sweep, and memcheck on them
#   traces:   one GPU trace per algorithm, for assets/traces
#   variants: new catalog entries (VARIANTS): verify, crosscheck, the four sanitizer tools
#             (variants-checks), and bench beside the library for int, float and double at 2^20,
#             2^24, 2^28 (variants-bench; the files in bench.tar.gz)
#   contention: bench --contention (atomicAdd against a compare-and-swap loop at three levels of
#             contention) for int, float and double, and its [gpu] test
#   sass:     cuobjdump -sass of warpscope, gzipped, for tests/device/split_sass.py (assets/sass)
#   roofline: the top rungs against the library (roofline-checks, then roofline-bench): verify,
#             crosscheck, the four sanitizer tools,
#             Nsight Compute's speed of light, memory and warp-state sections, and bench of the
#             rungs for int, float and double from 2^16 to 2^28 (ROOFLINE_ALGOS; the scans in
#             each of ROOFLINE_KINDS), the bench files in bench.tar.gz
set -u
BIN=${BIN:-.devcarry}
OUT=${OUT:-/tmp/ws-out}
mkdir -p "$OUT/logs"
WS="$BIN/warpscope"
SUMMARY="$OUT/summary.txt"
: > "$SUMMARY"
export PATH="$PATH:/usr/local/cuda/bin"

step() {  # step NAME TIMEOUT COMMAND...: run, log, one summary line
    local name=$1 limit=$2
    shift 2
    local t0=$(date +%s)
    timeout "$limit" "$@" > "$OUT/logs/$name.log" 2>&1
    local rc=$?
    printf '%-34s rc=%-3s %4ss  %s\n' "$name" "$rc" "$(( $(date +%s) - t0 ))" \
        "$(tail -n 1 "$OUT/logs/$name.log" | cut -c1-90)" >> "$SUMMARY"
}

ids() { "$WS" list | tail -n +2 | awk -v fam="${1:-}" 'fam == "" || $2 == fam {print $1}'; }
NCU_METRICS=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum,sm__sass_data_bytes_mem_shared_op_ld.sum,sm__sass_data_bytes_mem_shared_op_st.sum

phase_checks() {
    nvidia-smi > "$OUT/logs/nvidia-smi.log" 2>&1
    step info 60 "$WS" info
    step gpu_tests 600 "$BIN/warpscope_tests" "[gpu]" --durations yes
    for algo in $(ids reduce); do
        step "verify_cuda_$algo" 300 "$WS" verify --backend cuda --algo "$algo"
        step "crosscheck_$algo" 300 "$WS" crosscheck --algo "$algo"
    done
    # Our counters (GPU-recorded, every block of the first pass) against Nsight Compute's.
    local metrics=$NCU_METRICS
    for algo in $(ids reduce); do
        step "ncu_$algo" 180 ncu --clock-control none --kernel-name-base demangled \
            --kernel-name regex:NoProbe --launch-count 1 --metrics "$metrics" --csv \
            "$WS" bench --algo "$algo" --sizes 2^20 --type int --no-baselines
        step "ours_$algo" 180 "$WS" stats --backend cuda --algo "$algo" --n 2^20 --block 256 \
            --type int --pattern random --json
    done
    # Where Nsight Compute's load-conflict counter exceeds ours: is the excess a property of the
    # access pattern (then it would repeat exactly and scale with the grid) or of the traffic
    # around it (then it varies between runs and vanishes with one block)?
    for algo in reduce-sequential reduce-interleaved-strided; do
        for n in 2^20 2^20 256 2^14; do
            step "ncu_x_${algo}_${n}_$RANDOM" 120 ncu --clock-control none \
                --kernel-name-base demangled --kernel-name regex:NoProbe --launch-count 1 \
                --metrics "$metrics" --csv "$WS" bench --algo "$algo" --sizes "$n" --type int \
                --no-baselines
        done
    done
    ncu --query-metrics --chip gh100 > "$OUT/logs/ncu_query.log" 2>&1
    # SASS: a probed kernel compiled with NoProbe against the same kernel written plainly.
    if command -v cuobjdump > /dev/null; then
        cuobjdump -sass "$WS" > "$OUT/logs/all.sass" 2>&1
        step sass_compare 60 python3 tests/device/compare_sass.py "$OUT/logs/all.sass"
    fi
}

# After a change to the trace, its analysis or the emulator (not the kernels): the [gpu] tests,
# the GPU trace against the emulator's for every algorithm, memcheck on traced runs.
phase_quick() {
    nvidia-smi > "$OUT/logs/nvidia-smi.log" 2>&1
    step info 60 "$WS" info
    step gpu_tests 600 "$BIN/warpscope_tests" "[gpu]" --durations yes
    step gpu_fault 120 "$BIN/warpscope_tests" "[gpu-fault]"
    step crosscheck_all 600 "$WS" crosscheck --algo all
    for algo in reduce-interleaved-strided reduce-unroll-last-warp-legacy scan-decoupled-lookback; do
        step "san_memcheck_trace_$algo" 120 compute-sanitizer --tool memcheck --error-exitcode 9 \
            "$WS" stats --backend cuda --algo "$algo" --n 5000 --block 128 --type int --json
    done
}

phase_scans() {
    # tests/gpu/test_gpu_scan.cpp, by name (also part of "[gpu]" in the checks phase)
    step gpu_tests_scans 600 "$BIN/warpscope_tests" --durations yes \
        "the look-back scan is right thousands of times in a row at odd sizes" \
        "every device-level scan is right repeatedly on the same buffers" \
        "a traced look-back on the GPU equals the emulator's once blocks are named by tile" \
        "the scans' work and depth measured on the GPU equal the emulator's"
    for algo in $(ids scan); do
        step "verify_cuda_$algo" 300 "$WS" verify --backend cuda --algo "$algo"
        step "crosscheck_$algo" 300 "$WS" crosscheck --algo "$algo"
        # The first NoProbe launch of a scan is its traced launch (the tile scan), except for
        # reduce-then-scan, whose first launch sums the tiles.
        step "ncu_$algo" 180 ncu --clock-control none --kernel-name-base demangled \
            --kernel-name regex:NoProbe --launch-count 1 --metrics "$NCU_METRICS" --csv \
            "$WS" bench --algo "$algo" --sizes 2^20 --type int --no-baselines
        step "ours_$algo" 180 "$WS" stats --backend cuda --algo "$algo" --n 2^20 --block 256 \
            --type int --pattern random --json
    done
}

phase_sanitize() {
    for tool in memcheck synccheck initcheck; do
        step "san_${tool}_verify" 300 compute-sanitizer --tool "$tool" --error-exitcode 9 \
            "$WS" verify --quick --backend cuda
    done
    # The recording kernels too (GpuProbe), one traced request per algorithm.
    for algo in $(ids); do
        step "san_memcheck_trace_$algo" 60 compute-sanitizer --tool memcheck --error-exitcode 9 \
            "$WS" stats --backend cuda --algo "$algo" --n 5000 --block 128 --type int --json
    done
}

phase_race() {
    for algo in $(ids); do
        step "san_racecheck_$algo" 120 compute-sanitizer --tool racecheck --error-exitcode 9 \
            "$WS" verify --quick --backend cuda --algo "$algo"
    done
}

# The window's GPU path without a display (the GPU machine has no GUI libraries): the session
# running requests on the GPU and the lab's live sweep, then the same under memcheck.
phase_window() {
    local tests="the window's session*,the lab's live sweep*,a live sweep*,a cancelled sweep*"
    step gpu_window 300 "$BIN/warpscope_tests" --durations yes "$tests"
    step san_memcheck_window 300 compute-sanitizer --tool memcheck --error-exitcode 9 \
        "$BIN/warpscope_tests" "the window's session*"
}

# One GPU trace per algorithm for assets/traces (tests/run/test_recorded_gpu_traces.cpp compares
# them with the emulator's on every CI run): n = 300 (not a power of two), block 64, random ints,
# every block of the first pass.
phase_traces() {
    mkdir -p "$OUT/traces"
    for algo in $(ids); do
        step "trace_$algo" 60 "$WS" trace --backend cuda --algo "$algo" --n 300 --block 64 \
            --type int --pattern random --seed 7 --blocks all -o "$OUT/traces/$algo.wstrace"
    done
    tar -czf "$OUT/traces.tar.gz" -C "$OUT" traces && rm -rf "$OUT/traces"  # few files come back
}

ROOFLINE_ALGOS=${ROOFLINE_ALGOS:-reduce-warp-shuffle reduce-vector-atomic}
ROOFLINE_NEW=${ROOFLINE_NEW:-reduce-vector-atomic}
ROOFLINE_KINDS=${ROOFLINE_KINDS:-inclusive}  # the scans' kinds (bench --kind)
# A new algorithm's checks: verify on the GPU, crosscheck, and the four sanitizer tools.
check_new_algorithm() {
    local algo=$1
    step "verify_cuda_$algo" 300 "$WS" verify --backend cuda --algo "$algo"
    step "crosscheck_$algo" 300 "$WS" crosscheck --algo "$algo"
    for tool in memcheck racecheck synccheck initcheck; do
        step "san_${tool}_$algo" 300 compute-sanitizer --tool "$tool" --error-exitcode 9 \
            "$WS" verify --quick --backend cuda --algo "$algo"
    done
}

phase_roofline_checks() {
    for algo in $ROOFLINE_NEW; do
        check_new_algorithm "$algo"
        step "ncu_sol_$algo" 240 ncu --clock-control none --kernel-name-base demangled \
            --kernel-name regex:NoProbe --launch-count 1 --section SpeedOfLight \
            --section MemoryWorkloadAnalysis --section WarpStateStats --section Occupancy \
            "$WS" bench --algo "$algo" --sizes 2^28 --type int --no-baselines
    done
    # The library's single-pass scan kernel, the same sections, for the comparison.
    step ncu_sol_cub_scan 300 ncu --clock-control none --kernel-name-base demangled \
        --kernel-name regex:DeviceScanKernel --launch-count 1 --section SpeedOfLight \
        --section MemoryWorkloadAnalysis --section WarpStateStats --section Occupancy \
        "$WS" bench --algo scan-decoupled-lookback --sizes 2^28 --type int
}

phase_roofline_bench() {
    mkdir -p "$OUT/bench"
    for kind in $ROOFLINE_KINDS; do
        for type in int float double; do
            for algo in $ROOFLINE_ALGOS; do
                step "bench_${algo}_${type}_$kind" 400 "$WS" bench --algo "$algo" --type "$type" \
                    --kind "$kind" --sizes 2^16..2^28 --json "$OUT/bench/$algo-$type-$kind.json"
            done
        done
    done
    tar -czf "$OUT/bench.tar.gz" -C "$OUT" bench && rm -rf "$OUT/bench"  # few files come back
}

VARIANTS=${VARIANTS:-}
phase_variants_checks() {
    for algo in $VARIANTS; do check_new_algorithm "$algo"; done
}
phase_variants_bench() {
    mkdir -p "$OUT/bench"
    local list
    list=$(echo $VARIANTS | tr ' ' ',')
    for type in int float double; do
        step "bench_variants_$type" 500 "$WS" bench --algo "$list" --type "$type" \
            --sizes 2^20,2^24,2^28 --json "$OUT/bench/variants-$type.json"
    done
    tar -czf "$OUT/bench.tar.gz" -C "$OUT" bench && rm -rf "$OUT/bench"
}

phase_contention() {
    step gpu_tests_contention 300 "$BIN/warpscope_tests" --durations yes \
        "atomics under contention sum right\, natively and by compare-and-swap"
    mkdir -p "$OUT/bench"
    for type in int float double; do
        step "bench_contention_$type" 300 "$WS" bench --contention --type "$type" \
            --sizes 2^12,2^16,2^20,2^24 --json "$OUT/bench/contention-$type.json"
    done
    tar -czf "$OUT/contention.tar.gz" -C "$OUT" bench && rm -rf "$OUT/bench"
}

phase_sass() {
    step sass_dump 120 sh -c "cuobjdump -sass '$WS' | gzip -9 > '$OUT/sass.txt.gz'"
    nvcc --version > "$OUT/logs/nvcc-version.log" 2>&1
}

phase_bench() {
    for type in int float double; do
        step "bench_$type" 580 "$WS" bench --type "$type" --sizes 2^10..2^28 \
            --json "$OUT/bench-$type.json"
    done
}

for phase in "${@:-checks}"; do
    case "$phase" in
        checks) phase_checks ;;
        quick) phase_quick ;;
        scans) phase_scans ;;
        sanitize) phase_sanitize ;;
        race) phase_race ;;
        bench) phase_bench ;;
        variants) phase_variants_checks; phase_variants_bench ;;
        variants-checks) phase_variants_checks ;;
        variants-bench) phase_variants_bench ;;
        sass) phase_sass ;;
        contention) phase_contention ;;
        window) phase_window ;;
        traces) phase_traces ;;
        roofline) phase_roofline_checks; phase_roofline_bench ;;
        roofline-checks) phase_roofline_checks ;;
        roofline-bench) phase_roofline_bench ;;
        *) echo "usage: $0 [checks|quick|scans|sanitize|race|bench|window|traces|variants|sass|roofline" \
                "|variants-checks|variants-bench|contention|roofline-checks|roofline-bench]..."
           exit 2 ;;
    esac
done
tar -czf "$OUT/logs.tar.gz" -C "$OUT" logs && rm -rf "$OUT/logs"
cat "$SUMMARY"
