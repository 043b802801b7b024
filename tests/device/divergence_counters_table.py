#!/usr/bin/env python3
"""The divergence counters table (issue 41): for every catalog kernel at one block of 256 threads
(int), the warps panel's numbers (ours, from the trace) beside the GPU's branch and thread
counters as CUPTI read them on each device, from the `stats --backend cuda --hardware --json`
files of tests/device/counters_tiles_ring.sh (one folder a device).

Usage: divergence_counters_table.py OUT.md DEVICE=FOLDER...
"""
import glob
import json
import os
import sys

SHUFFLE = "smsp__sass_thread_inst_executed_op_inter_thread_communication_pred_on.sum"


def load(folder):
    runs = {}
    for path in glob.glob(os.path.join(folder, "*-int.json")):
        with open(path) as f:
            j = json.load(f)
        if j.get("grid") != 1 or j.get("block") not in (256, 224):
            continue
        runs[j["algo"]] = j
    return runs


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    out = argv[1]
    devices = [a.split("=", 1) for a in argv[2:]]
    data = [(name, load(folder)) for name, folder in devices]
    algos = sorted(set().union(*[set(d.keys()) for _, d in data]))
    lines = []
    w = lines.append
    w("# Divergence: the warps panel beside the GPU's counters, every kernel")
    w("")
    w("Made by `tests/device/counters_tiles_ring.sh` (`warpscope stats --backend cuda --hardware "
      "--json`, CUPTI's range profiler inside warpscope, the unprobed kernel at one block of 256 "
      "threads, int, random data) and `tests/device/divergence_counters_table.py`, 2026-11-28, "
      "driver 580.159.04, CUDA 13.0: " + ", ".join(n for n, _ in devices) + ". The same runs "
      "(blocks of 256 and 64, int and double) are in `hardware-counts-nvidia-h100.json` and "
      "`-h200.json`, which the window and the tests read without a GPU.")
    w("")
    w("**Ours** (from the trace, the same on every device): divergent warp-steps (of them, warps "
      "with idle lanes), recorded warp instructions run by a strict subset of their warp's lanes, "
      "and the average lanes of a recorded instruction. **The GPU's**: divergent branch targets "
      "of all branch targets (`smsp__sass_branch_targets_threads_divergent.sum`, "
      "`smsp__sass_branch_targets.sum`) and threads per instruction over every instruction it ran "
      "(`smsp__thread_inst_executed_pred_on.sum / smsp__inst_executed.sum`); shuffle and vote "
      "lanes (`smsp__sass_thread_inst_executed_op_inter_thread_communication_pred_on.sum`) "
      "against ours: = where equal.")
    w("")
    head = "| kernel | divergent warp-steps, ours | partial instructions, ours | lanes an instruction, ours |"
    sep = "|---|---:|---:|---:|"
    for name, _ in data:
        head += f" {name}: divergent / branch targets | {name}: threads an instruction | {name}: shuffle lanes |"
        sep += "---:|---:|---|"
    w(head)
    w(sep)
    for algo in algos:
        first = next(d[algo] for _, d in data if algo in d)
        o = first["divergence"]
        row = (f"| `{algo}` | {o['divergent_warp_steps']} ({o['idle_lane_warps']}) | "
               f"{o['partial_warp_instructions']} of {o['warp_instructions']} | "
               f"{o['lanes_per_instruction']:.1f} |")
        for _, d in data:
            j = d.get(algo)
            if not j:
                row += " — | — | — |"
                continue
            g = j["divergence"]
            sh = next((r for r in j["hardware"] if r["metric"] == SHUFFLE), None)
            if sh is None or sh["counted"] is None:
                lanes = "not read"
            elif sh["counted"] == sh["ours"]:
                lanes = f"= {sh['ours']}"
            else:
                lanes = f"**{sh['counted']:.0f}** (ours {sh['ours']})"
            tpi = g.get("gpu_threads_per_instruction")
            row += (f" {g['gpu_divergent_branch_targets']:.0f} / {g['gpu_branch_targets']:.0f} | "
                    f"{tpi:.1f} | {lanes} |")
        w(row)
    w("")
    w("How to read it:")
    w("")
    w("- The two are different units and are not compared: a step is warpscope's (the code "
      "between two syncs), a branch target the SASS's. nvcc turns most of the ladder's ifs into "
      "predicated loads and stores (`@P0 LDS`), so most kernels show 0 divergent branch targets "
      "while our partial instructions count exactly those predicated accesses; real divergent "
      "branches appear where a single lane or warp does extra work (Blelloch's root, warp 0 "
      "scanning the warps' totals, thread 0's look-back). The GPU's threads per instruction "
      "counts every instruction (address arithmetic, loop control, the predicated-off ones "
      "too), ours only the recorded accesses and shuffles.")
    w("- What must agree does: the lanes of every shuffle and vote, on both GPUs, but where nvcc "
      "adds its own (bold): a warp's atomics on one address are aggregated (a vote for the lanes "
      "taking part, a shuffle handing each lane its share), and those instructions are not in "
      "the source. These are the known differences in `kernels/run/hardware_compare.cpp`; the "
      "[gpu] test `hardware counters:*` passes on both with them.")
    w("- Hopper offers thread counts by class of instruction only (no per-kind "
      "`..._op_shared_ld_pred_on`); the memory class counts instructions the trace does not "
      "record (reduce-sequential at 256 threads: 1792 memory thread instructions, 1279 recorded "
      "lanes, on the H100), so it is not compared.")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{out}: {len(algos)} kernels")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
