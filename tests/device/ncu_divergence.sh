#!/usr/bin/env bash
# Branch divergence on the hardware, for every catalog kernel at one block (int, block 256):
# Nsight Compute's branch and thread-instruction counters, and its per-SASS-instruction source
# counters, to set beside warpscope's divergent warp-steps (assets/measurements/
# ncu-divergence-*.md). Usage: ncu_divergence.sh   (BIN holds warpscope; results under $OUT)
set -u
BIN=${BIN:-.devcarry}
OUT=${OUT:-/tmp/ws-out}
WS="$BIN/warpscope"
mkdir -p "$OUT/div"
export PATH="$PATH:/usr/local/cuda/bin"
nvidia-smi --query-gpu=name,driver_version --format=csv > "$OUT/div/gpu.txt" 2>&1
ncu --version >> "$OUT/div/gpu.txt" 2>&1
ncu --query-metrics --chip gh100 > "$OUT/div/query.txt" 2>&1
want="smsp__sass_branch_targets.sum smsp__sass_branch_targets_threads_divergent.sum
smsp__sass_branch_targets_threads_uniform.sum smsp__inst_executed.sum
smsp__thread_inst_executed.sum smsp__thread_inst_executed_pred_on.sum
smsp__sass_inst_executed_op_shared_ld.sum smsp__sass_inst_executed_op_shared_st.sum
smsp__sass_inst_executed_op_global_ld.sum smsp__sass_inst_executed_op_global_st.sum
smsp__sass_thread_inst_executed_op_shared_ld_pred_on.sum
smsp__sass_thread_inst_executed_op_shared_st_pred_on.sum
smsp__sass_thread_inst_executed_op_global_ld_pred_on.sum
smsp__sass_thread_inst_executed_op_global_st_pred_on.sum
sm__sass_data_bytes_mem_shared_op_ld.sum sm__sass_data_bytes_mem_shared_op_st.sum
smsp__warps_launched.sum launch__grid_size launch__block_size"
metrics=""
for m in $want; do
    base=${m%.sum}
    if grep -q "^ *$base\b" "$OUT/div/query.txt" || [[ $m == launch__* ]]; then
        metrics="$metrics${metrics:+,}$m"
    else
        echo "not offered: $m" >> "$OUT/div/gpu.txt"
    fi
done
echo "metrics: $metrics" >> "$OUT/div/gpu.txt"
for algo in $("$WS" list | tail -n +2 | awk '{print $1}'); do
    n=256
    for c in 4096 2048 1024 512; do  # the largest n whose traced pass has one block
        g=$("$WS" stats --backend cpu --algo "$algo" --n "$c" --block 256 --json 2>/dev/null |
            python3 -c 'import json,sys; print(json.load(sys.stdin)["grid"])' 2>/dev/null)
        if [ "$g" = 1 ]; then n=$c; break; fi
    done
    echo "$algo $n" >> "$OUT/div/sizes.txt"
    timeout 120 ncu --clock-control none --kernel-name-base demangled \
        --kernel-name regex:NoProbe --launch-count 3 --metrics "$metrics" --csv \
        "$WS" bench --algo "$algo" --sizes "$n" --type int --no-baselines \
        > "$OUT/div/ncu_$algo.csv" 2> "$OUT/div/ncu_$algo.err"
    timeout 120 ncu --clock-control none --kernel-name-base demangled \
        --kernel-name regex:NoProbe --launch-count 3 --section SourceCounters \
        -o "$OUT/div/rep_$algo" -f "$WS" bench --algo "$algo" --sizes "$n" --type int \
        --no-baselines > "$OUT/div/src_$algo.log" 2>&1
    timeout 60 ncu -i "$OUT/div/rep_$algo.ncu-rep" --page source --csv --print-source sass \
        > "$OUT/div/sass_$algo.csv" 2>> "$OUT/div/src_$algo.log"
    rm -f "$OUT/div/rep_$algo.ncu-rep"
done
tar -czf "$OUT/divergence.tar.gz" -C "$OUT" div && rm -rf "$OUT/div"
ls -la "$OUT"
