#!/usr/bin/env python3
"""Turns `warpscope stats --backend cuda --hardware --json` files (one a request) into the
hardware-counts file the window reads without a GPU (ui/model/trace/hardware_view.hpp):
assets/measurements/hardware-counts-<device>.json.

Usage: hardware_counts.py OUT.json DEVICE DATE DRIVER FILE.json...
"""
import json
import sys


def main(argv):
    if len(argv) < 6:
        print(__doc__)
        return 2
    out, device, date, driver, files = argv[1], argv[2], argv[3], argv[4], argv[5:]
    runs = []
    decoder = json.JSONDecoder()
    for name in sorted(files):
        with open(name) as f:
            stats, _ = decoder.raw_decode(f.read())
        if "hardware" not in stats or stats.get("hardware_error"):
            print(f"{name}: no hardware counts ({stats.get('hardware_error', 'none')})")
            return 1
        counts = {r["metric"]: r["counted"] for r in stats["hardware"] if r["counted"] is not None}
        counts.update(stats.get("hardware_counted", {}))  # the divergence counters too
        runs.append({"request": stats["request"], "counts": counts})
    with open(out, "w") as f:
        json.dump({"device": device, "date": date, "driver": driver,
                   "how": "warpscope stats --backend cuda --hardware --json, one block, "
                          "int and double (tests/device/counters_tiles_ring.sh)",
                   "runs": runs}, f, indent=1)
        f.write("\n")
    print(f"{out}: {len(runs)} requests")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
