#!/usr/bin/env bash
# The GPU's own counters (stats --hardware --json) for every catalog kernel at one block (blocks
# 256 and 64; the cases in tests/device/hardware_cases.txt: id block n, one block each), and with MODE=tests the [gpu] test.
set -u
[ -f .devcarry/warpscope ] || gunzip -k .devcarry/warpscope.gz .devcarry/warpscope_tests.gz
mkdir -p /tmp/hw
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/hw/gpu.txt 2>&1
T0=$(date +%s)
while read -r id block n; do
  .devcarry/warpscope stats --backend cuda --algo "$id" --n "$n" --block "$block" --pattern random --json --hardware > "/tmp/hw/$id-$block.json" 2> "/tmp/hw/$id-$block.err"; echo "$id $block rc=$?"
done < tests/device/hardware_cases.txt > /tmp/hw/rc.txt
echo "took $(( $(date +%s)-T0 ))s" >> /tmp/hw/rc.txt
if [ "${MODE:-}" = tests ]; then timeout 400 .devcarry/warpscope_tests "${TESTS:-hardware counters:*}" > /tmp/hw/gpu_test.log 2>&1; echo "gpu_test rc=$?" >> /tmp/hw/rc.txt; tail -30 /tmp/hw/gpu_test.log; fi
tar -czf "$OUT/hw.tar.gz" -C /tmp hw
grep -v "rc=0" /tmp/hw/rc.txt; cat /tmp/hw/gpu.txt; head -c 600 /tmp/hw/reduce-interleaved-strided-256.err; grep -h -A3 hardware_error /tmp/hw/*.json | head
