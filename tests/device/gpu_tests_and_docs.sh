#!/usr/bin/env bash
# The GPU's share of the test suite, for the lent GPU machine, with the `device` preset's
# warpscope and warpscope_tests (carried in .devcarry, gzipped): the [gpu] and [gpu-fault] tests
# (CI skips them: no GPU), and every command the docs show that needs a GPU
# (tests/docs/check_docs.py --gpu yes: CI skips those too). Logs in $OUT; a summary last.
set -u
cd "$(dirname "$0")/../.."
export PATH="$PATH:/usr/local/cuda/bin"
B=.devcarry
for f in warpscope warpscope_tests; do gunzip -kf $B/$f.gz && chmod +x $B/$f; done
# The tests that run warpscope itself find it where the device preset built it.
mkdir -p build-device && cp $B/warpscope build-device/warpscope
if [ "$(readlink -f /work/main 2>/dev/null)" != "$(readlink -f "$PWD")" ]; then
  mkdir -p /work && ln -sfn "$PWD" /work/main
fi
mkdir -p "$OUT/logs"
S="$OUT/summary.txt"; : > "$S"
T0=$(date +%s)
. tests/device/step.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/logs/machine.txt" 2>&1
# PHASES: "docs" (the docs' commands and the fault test), "tests" (the [gpu] tests), or both.
case " ${PHASES:-docs tests} " in *" docs "*)
  step docs_gpu 400 python3 tests/docs/check_docs.py --root . --binary build-device/warpscope \
    --window no --gpu yes
  step gpu_fault 120 $B/warpscope_tests "[gpu-fault]" ;;
esac
case " ${PHASES:-docs tests} " in *" tests "*)
  step gpu_tests 560 $B/warpscope_tests "[gpu]" --durations yes ;;
esac
echo "total $(( $(date +%s) - T0 ))s" >> "$S"
cat "$OUT/logs/machine.txt" "$S"
[ -f "$OUT/logs/gpu_tests.log" ] && grep -E "test cases|assertions" "$OUT/logs/gpu_tests.log" | tail -2
[ -f "$OUT/logs/docs_gpu.log" ] && grep -vE "^ok " "$OUT/logs/docs_gpu.log" | tail -30
