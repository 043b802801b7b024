#!/usr/bin/env python3
"""Branch divergence, ours against Nsight Compute's, one block per catalog kernel.

Usage: divergence_table.py NCU_DIR OURS_DIR
  NCU_DIR   what tests/device/ncu_divergence.sh left (div/: gpu.txt, sizes.txt, ncu_ALGO.csv with
            the counters, sass_ALGO.csv with the per-SASS-instruction source counters)
  OURS_DIR  ALGO.json: `warpscope stats --backend cpu --algo ALGO --n N --block 256 --type int
            --json` for the same N (the GPU trace equals the emulator's, event for event)
Prints the markdown tables of assets/measurements/ncu-divergence-*.md.
"""
import csv
import json
import os
import sys

# SASS opcodes that make the accesses warpscope records, by our kind of event.
KINDS = [("shared_read", ("LDS",)), ("shared_write", ("STS",)), ("global_read", ("LDG",)),
         ("global_write", ("STG",)), ("shuffle", ("SHFL",)), ("atomic", ("ATOM", "ATOMG", "RED"))]
# The per-opcode warp-instruction counters (count instructions with a predicated-on thread).
OP_METRIC = {"shared_read": "smsp__sass_inst_executed_op_shared_ld.sum",
             "shared_write": "smsp__sass_inst_executed_op_shared_st.sum",
             "global_read": "smsp__sass_inst_executed_op_global_ld.sum",
             "global_write": "smsp__sass_inst_executed_op_global_st.sum"}


def metrics(path):
    """The first profiled launch's counters: name -> number."""
    out, header, first = {}, None, None
    for row in csv.reader(open(path)):
        if row and row[0] == "ID":
            header = row
            continue
        if header and len(row) == len(header):
            d = dict(zip(header, row))
            first = first or d["ID"]
            if d["ID"] == first:
                v = d["Metric Value"].replace(",", "")
                try:
                    out[d["Metric Name"]] = float(v)
                except ValueError:
                    out[d["Metric Name"]] = v
    return out


def sass(path):
    """The first launch's SASS instructions: (opcode, executed, threads, pred_on, divergent)."""
    rows, header, sections = [], None, 0
    for row in csv.reader(open(path)):
        if not row:
            continue
        if row[0] == "Kernel Name":
            sections += 1
            continue
        if row[0] == "Address":
            header = row
            continue
        if sections == 1 and header and len(row) >= len(header) - 1:
            d = dict(zip(header, row))
            words = [w for w in d["Source"].split() if not w.startswith("@")]
            if not words:
                continue
            num = lambda k: int(d.get(k, "0").replace(",", "") or 0)
            rows.append((words[0].split(".")[0], num("Instructions Executed"),
                         num("Thread Instructions Executed"),
                         num("Predicated-On Thread Instructions Executed"),
                         num("Divergent Branches"), d["Source"].strip().startswith("@")))
    return rows


def main():
    ncu_dir, ours_dir = sys.argv[1], sys.argv[2]
    sizes = [l.split() for l in open(os.path.join(ncu_dir, "sizes.txt")) if l.strip()]
    print("| kernel | n | kind | warp instructions, ours | Nsight | lanes, ours | Nsight |")
    print("|---|---:|---|---:|---:|---:|---:|")
    summary = []
    for algo, n in sizes:
        m = metrics(os.path.join(ncu_dir, f"ncu_{algo}.csv"))
        s = sass(os.path.join(ncu_dir, f"sass_{algo}.csv"))
        ours = json.load(open(os.path.join(ours_dir, f"{algo}.json")))
        mix = ours["instruction_mix"]
        for kind, ops in KINDS:
            lanes = sum(r[3] for r in s if r[0] in ops)
            issued = sum(r[1] for r in s if r[0] in ops and r[3] > 0)
            hw = m.get(OP_METRIC[kind]) if kind in OP_METRIC else None
            hw_inst = int(hw) if isinstance(hw, float) else issued
            o = mix[kind]
            if o["warp_instructions"] == 0 and hw_inst == 0 and lanes == 0:
                continue
            mark = lambda a, b: f"{b}" if a == b else f"**{b}**"
            print(f"| `{algo}` | {n} | {kind} | {o['warp_instructions']} | "
                  f"{mark(o['warp_instructions'], hw_inst)} | {o['lanes']} | "
                  f"{mark(o['lanes'], lanes)} |")
        tot = ours["totals"]
        partial = sum(mix[k]["partial"] for k, _ in KINDS)
        predicated_off = int(m["smsp__thread_inst_executed.sum"] -
                             m["smsp__thread_inst_executed_pred_on.sum"])
        summary.append((algo, tot["divergent_warps"], tot["idle_lane_warps"], partial,
                        int(m["smsp__sass_branch_targets_threads_divergent.sum"]),
                        int(m["smsp__sass_branch_targets.sum"]), predicated_off,
                        int(m["smsp__thread_inst_executed.sum"]),
                        int(m["smsp__inst_executed.sum"])))
    print()
    print("| kernel | divergent warp-steps, ours | of which warps with idle lanes | "
          "partial warp instructions, ours | divergent branch targets, Nsight | "
          "branch targets | predicated-off thread instructions | threads per warp instruction |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for a, div, idle, partial, dbt, bt, off, thr, inst in summary:
        print(f"| `{a}` | {div} | {idle} | {partial} | {dbt} | {bt} | {off} | "
              f"{thr / inst:.1f} |")


if __name__ == "__main__":
    main()
