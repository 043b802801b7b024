#!/usr/bin/env python3
"""The top rungs against the library, from `warpscope bench --json` files of one device run:
for each file (one algorithm, one type, one scan kind) and size, the algorithm's GB/s, CUB's
and the ceiling's from the same run (the read-only kernel for a reduction, the copy for a scan,
which reads and writes), and the ratios. Usage: roofline_table.py FILE.json..."""
import json
import sys

for path in sys.argv[1:]:
    try:
        d = json.load(open(path))
    except (OSError, ValueError) as e:
        print(f"{path}: {e}")
        continue
    by = {}
    for p in d["points"]:
        by.setdefault(p["algo"], {})[p["n"]] = p
    algos = [a for a in by if a.startswith("reduce-") or a.startswith("scan-")]
    scan = bool(algos) and algos[0].startswith("scan-")
    lib = "cub-scan" if scan else "cub-reduce"
    ceiling = "copy" if scan else "read-only"
    kind = f" {d.get('scan_kind', 'inclusive')}" if scan else ""
    for a in algos:
        print(f"{d['device']} {a} {d['points'][0]['type']}{kind} ({d['date']})")
        print(f"  {'n':>10} {'GB/s':>8} {lib:>10} {'ratio':>6} {ceiling:>9} {'of it':>6}")
        for n in sorted(by[a]):
            p = by[a][n]
            c = by.get(lib, {}).get(n)
            r = by.get(ceiling, {}).get(n)
            ratio = c["ms"] / p["ms"] if c else float("nan")
            of_ro = p["gbps"] / r["gbps"] if r else float("nan")
            print(f"  2^{n.bit_length() - 1:<8} {p['gbps']:8.0f} {c['gbps'] if c else 0:10.0f} "
                  f"{ratio:6.3f} {r['gbps'] if r else 0:9.0f} {of_ro:6.3f}"
                  + ("" if p["ok"] else "  WRONG"))
