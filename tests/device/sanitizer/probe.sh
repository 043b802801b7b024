#!/usr/bin/env bash
# The Sanitizer API probe on the lent GPU machine: copies the API's headers to $OUT, builds the
# probe against them and runs it (its cubin's line table and disassembly come back too).
set -u
D=${D:-tests/device/sanitizer}; S=/usr/local/cuda/compute-sanitizer
mkdir -p "$OUT/h"; cp $S/include/*.h "$OUT/h/" 2>&1; ls -la $S $S/include > "$OUT/h/listing.txt" 2>&1
tar -czf "$OUT/headers.tar.gz" -C "$OUT" h && rm -rf "$OUT/h"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export PATH=$PATH:/usr/local/cuda/bin
cd $D
nvcc --fatbin --compile-as-tools-patch -arch=sm_90 -I$S/include -o probe_patches.fatbin probe_patches.cu 2>&1 | tail -5
g++ -O1 -std=c++17 -I/usr/local/cuda/include -I$S/include probe_host.cc -o probe -L/usr/local/cuda/lib64 -lcuda -lnvrtc -ldl 2>&1 | tail -5
timeout 120 ./probe $S/libsanitizer-public.so probe_patches.fatbin "$OUT/probe.cubin" > "$OUT/probe.log" 2>&1; echo "probe rc=$?"
nvdisasm -g -c "$OUT/probe.cubin" > "$OUT/probe.sass.txt" 2>&1
cuobjdump -elf "$OUT/probe.cubin" | grep -E "^\s*\[|\.debug|nv.shared" | head -40 >> "$OUT/probe.sass.txt"
head -c 12000 "$OUT/probe.log"
