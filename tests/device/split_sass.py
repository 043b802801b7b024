#!/usr/bin/env python3
"""Splits `cuobjdump -sass warpscope` into one file per catalog algorithm (assets/sass/<id>.sass).

Each file holds the unprobed instantiation (ws::probe::NoProbe) for int of every __global__
function the algorithm's source file defines, at block 256 where the block size is a template
parameter, without the instruction encodings. The window's SASS panel and its counts read them
(ui/model/lab/sass_listing.*); tests/app/test_sass_files.cpp checks that every algorithm has one.

usage: split_sass.py SASS_TXT[.gz] LIST_JSON OUT_DIR --device TEXT --date YYYY-MM-DD --nvcc TEXT
  SASS_TXT:  cuobjdump -sass output (tests/device/device_checks.sh sass)
  LIST_JSON: `warpscope list --json` (ids and source files)
"""
import argparse
import gzip
import json
import os
import re
import subprocess
import sys

FUNCTION = re.compile(r"^\s*Function : (\S+)")
INSTRUCTION = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;?\s*(/\*.*\*/)?\s*$")
GLOBAL = re.compile(r"__global__\s+void\s+(?:__launch_bounds__\([^)]*\)\s*)?(\w+)\s*\(", re.S)
BLOCK = 256


def read_functions(path):
    """{mangled name: [instruction lines]} in the order of the dump, first copy of each."""
    opener = gzip.open if path.endswith(".gz") else open
    functions, current = {}, None
    with opener(path, "rt", errors="replace") as f:
        for line in f:
            m = FUNCTION.match(line)
            if m:
                name = m.group(1)
                current = None if name in functions else functions.setdefault(name, [])
                continue
            if current is None:
                continue
            m = INSTRUCTION.match(line)
            if m and m.group(2):
                current.append("/*%s*/ %s ;" % (m.group(1), m.group(2).rstrip(" ;")))
    return functions


def demangle(names):
    out = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True,
                         check=True).stdout.splitlines()
    return dict(zip(names, out))


def template_args(demangled, base):
    """The template arguments of `ws::<ns>::base<...>(` as a list of strings, or None."""
    m = re.search(r"ws::(?:\w+::)+" + re.escape(base) + r"<(.*?)>\(", demangled)
    if not m:
        return None
    return [a.strip() for a in m.group(1).split(",")]


def wanted(args):
    if args is None or "ws::probe::NoProbe" not in args or "int" not in args:
        return False
    blocks = [a for a in args if re.fullmatch(r"\d+u", a)]
    return all(a == "%du" % BLOCK for a in blocks)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("sass")
    p.add_argument("list_json")
    p.add_argument("out_dir")
    p.add_argument("--device", required=True)
    p.add_argument("--date", required=True)
    p.add_argument("--nvcc", required=True)
    p.add_argument("--root", default=".")
    a = p.parse_args()

    functions = read_functions(a.sass)
    names = demangle(list(functions))
    with open(a.list_json) as f:
        variants = json.load(f)
    os.makedirs(a.out_dir, exist_ok=True)
    missing = []
    for v in variants:
        with open(os.path.join(a.root, v["source"])) as f:
            bases = GLOBAL.findall(f.read())
        kernels, sized = [], False
        for base in bases:
            for mangled, text in names.items():
                args = template_args(text, base)
                if wanted(args):
                    kernels.append((text, functions[mangled]))
                    sized = sized or any(re.fullmatch(r"\d+u", x) for x in args)
        if not kernels:
            missing.append(v["id"])
            continue
        path = os.path.join(a.out_dir, v["id"] + ".sass")
        with open(path + ".tmp", "w") as out:
            block = ", block %d" % BLOCK if sized else ""  # a kernel templated on its block
            out.write("# %s: the unprobed kernel (NoProbe) for int%s\n" % (v["id"], block))
            out.write("# int%s, sm_90, %s; cuobjdump on %s, %s\n"
                      % (block, a.nvcc, a.device, a.date))
            out.write("# made by tests/device/split_sass.py from `cuobjdump -sass warpscope`\n")
            for text, lines in kernels:
                out.write("kernel %s\n" % text.split("(")[0].replace("void ", "", 1))
                for line in lines:
                    out.write("  %s\n" % line)
        os.replace(path + ".tmp", path)
        print("%-34s %d kernel(s), %d instructions" % (v["id"], len(kernels),
                                                     sum(len(l) for _, l in kernels)))
    if missing:
        print("no kernel found for: " + ", ".join(missing), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
