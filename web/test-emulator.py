#!/usr/bin/env python3
"""The page's emulator (its WebAssembly and Emscripten's fibers, run by node) against the native
one: for each request below at the lessons' sizes, and for every algorithm of the catalog
(`warpscope list`) at 3000 random floats, the trace the node tool writes and the one
`warpscope trace` writes must be the same bytes but for the time they were recorded at
(web/trace_digest.py).

usage: web/test-emulator.py build-web/warpscope-emulator.js build/warpscope
"""
import os
import pathlib
import subprocess
import sys
import tempfile

from trace_digest import digest

REQUESTS = [
    "--algo reduce-sequential --n 4096 --block 256 --pattern random",
    "--algo reduce-interleaved-divergent --n 256 --block 256 --pattern random --seed 1",
    "--algo reduce-warp-shuffle --n 1024 --block 1024 --type float --pattern random",
    "--algo reduce-atomic-block --n 2048 --block 512 --type double --pattern random",
    "--algo scan-kogge-stone --n 1024 --block 1024",
    "--algo scan-blelloch --n 512 --block 256 --kind exclusive",
    "--algo scan-decoupled-lookback --n 8192 --block 256 --blocks all",
    # 16-byte vector loads, and a compaction's look-back (its aligned status words)
    "--algo copy-vector4 --n 4099 --block 256 --type float --pattern random",
    "--algo compact-ballot --n 5000 --pattern keep:40",
    "--algo scan-decoupled-lookback-vector --n 9000 --type double --pattern random",
    # lesson 6's pipeline (named barriers, bulk copies landing late): the copies need 16-byte
    # aligned global memory, which the page's allocator alone does not give (device_vector.hpp)
    "--algo scan-pipeline --n 20780 --pattern random --seed 1 --schedule lockstep,copies=lazy",
]


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    tool, native = sys.argv[1], sys.argv[2]
    env = dict(os.environ, NODE_PATH="/usr/share/nodejs")
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        page, mine = os.path.join(tmp, "page.wstrace"), os.path.join(tmp, "native.wstrace")
        listed = subprocess.run([native, "list"], check=True, capture_output=True, text=True)
        catalog = [line.split()[0] for line in listed.stdout.splitlines()[1:] if line.strip()]
        every = ["--algo %s --n 3000 --type float --pattern random" % a for a in catalog]
        for flags in REQUESTS + every:
            subprocess.run(["node", tool, *flags.split(), "-o", page], check=True, env=env,
                           stdout=subprocess.DEVNULL)
            subprocess.run([native, "trace", *flags.split(), "--backend", "cpu", "-o", mine],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            a, b = digest(pathlib.Path(page).read_bytes()), digest(pathlib.Path(mine).read_bytes())
            print(("ok    " if a == b else "FAIL  ") + "emulator %s: page %s, native %s" %
                  (flags, a, b))
            failed += a != b
    if failed:
        raise SystemExit("test-emulator: %d request(s) differ" % failed)
    print("test-emulator: the page's emulator gives the native traces")


if __name__ == "__main__":
    main()
