#!/usr/bin/env python3
"""scan-pipeline and compact-pipeline against the library, from `warpscope bench --json` files of
both GPUs: merges each GPU's files of one scan kind into one (the lab's
roofline-scan-pipeline[-exclusive]-<gpu>.json) and prints the README's rows: per kind, type and
n, CUB's time over ours ("x CUB") and the copy's over ours ("of copy"), H100 then H200.
Usage: pipeline_table.py OUT_DIR H100_DIR H200_DIR (each DIR holds roofline-scan-KIND-TYPE.json)."""
import json
import os
import sys

out_dir, dirs = sys.argv[1], {"nvidia-h100": sys.argv[2], "nvidia-h200": sys.argv[3]}
KINDS, TYPES = ["inclusive", "exclusive"], ["int", "float", "double"]


def load(d, kind, t):
    path = os.path.join(d, f"roofline-scan-{kind}-{t}.json")
    return json.load(open(path)) if os.path.exists(path) else None


runs = {}
for gpu, d in dirs.items():
    for kind in KINDS:
        merged = None
        for t in TYPES:
            f = load(d, kind, t)
            if not f:
                continue
            runs[(gpu, kind, t)] = {(p["algo"], p["n"]): p for p in f["points"]}
            if merged is None:
                merged = dict(f)
                merged["points"] = []
            merged["points"] += f["points"]
        if merged:
            name = "roofline-scan-pipeline" + ("" if kind == "inclusive" else "-exclusive")
            with open(os.path.join(out_dir, f"{name}-{gpu}.json"), "w") as o:
                json.dump(merged, o, indent=1)
                o.write("\n")


def ratios(gpu, kind, t, n, ours, lib):
    r = runs.get((gpu, kind, t), {})
    p, c, cp = r.get((ours, n)), r.get((lib, n)), r.get(("copy", n))
    if not p:
        return "", ""
    ok = "" if p.get("ok", True) else " WRONG"
    return (f"{c['ms'] / p['ms']:.2f}x{ok}" if c else "",
            f"{cp['ms'] / p['ms']:.2f}" if cp else "")


print("| kind | type | n | H100 x CUB | H100 of copy | H200 x CUB | H200 of copy |")
print("|---|---|---|---:|---:|---:|---:|")
for kind in KINDS:
    for t in TYPES:
        sizes = sorted({n for g in dirs for (a, n) in runs.get((g, kind, t), {}) if a == "scan-pipeline"})
        for n in sizes:
            cells = []
            for g in dirs:
                cells += ratios(g, kind, t, n, "scan-pipeline", "cub-scan")
            print(f"| {kind} | {t} | 2^{n.bit_length() - 1} | " + " | ".join(cells) + " |")
print()
print("| compaction | type | n | H100 x CUB select | H100 of copy | H200 x CUB select | H200 of copy |")
print("|---|---|---|---:|---:|---:|---:|")
for t in TYPES:
    sizes = sorted({n for g in dirs for (a, n) in runs.get((g, "inclusive", t), {}) if a == "compact-pipeline"})
    for n in sizes:
        cells = []
        for g in dirs:
            cells += ratios(g, "inclusive", t, n, "compact-pipeline", "cub-select-if")
        print(f"| compact-pipeline | {t} | 2^{n.bit_length() - 1} | " + " | ".join(cells) + " |")
