#!/usr/bin/env python3
"""Adds NCCL's forced choices to a multi-GPU bench file: the points of `warpscope bench --multi-gpu`
runs made with NCCL_ALGO and NCCL_PROTO set (each point says its `nccl_choice`), taken from
CHOICE.json files of the same machine, into BASE.json (NCCL's own choice, the hand ring, naive), so
that the lab shows them beside NCCL's default (ui/model/lab/multi_gpu_lab.hpp).

Usage: merge_nccl_choices.py BASE.json OUT.json CHOICE.json...
"""
import json
import sys


def main(argv):
    if len(argv) < 4:
        print(__doc__)
        return 2
    base_path, out_path, choices = argv[1], argv[2], argv[3:]
    with open(base_path) as f:
        base = json.load(f)
    added = 0
    for path in choices:
        with open(path) as f:
            run = json.load(f)
        if run.get("devices") != base.get("devices"):
            print(f"{path}: other devices ({run.get('devices')}); not merged")
            return 1
        if run.get("error"):
            print(f"{path}: stopped early: {run['error']}")
            return 1
        for p in run["points"]:
            if not p.get("nccl_choice"):
                print(f"{path}: a point without nccl_choice ({p['algo']} n={p['n']}); not merged")
                return 1
            base["points"].append(p)
            added += 1
    with open(out_path, "w") as f:
        json.dump(base, f, indent=2)
        f.write("\n")
    print(f"{out_path}: {len(base['points'])} points, {added} of them NCCL forced")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
