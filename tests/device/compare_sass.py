#!/usr/bin/env python3
"""Compares the SASS of kernels written with the recording vocabulary (run with NoProbe) with the
same kernels written in plain CUDA. Prints, per pair, the instruction count of each and whether
the opcode sequences are identical; exits 1 if a pair differs."""
import re
import sys

PAIRS = [("reduce_sequential<int, ws::probe::NoProbe>", "reduce_sequential_plain<int>"),
         ("reduce_warp_shuffle<int, ws::probe::NoProbe>", "reduce_warp_shuffle_plain<int>"),
         ("reduce_sequential<double, ws::probe::NoProbe>", "reduce_sequential_plain<double>")]


def functions(text):
    out, name, body = {}, None, []
    for line in text.splitlines():
        m = re.match(r"\s*Function : (\S+)", line)
        if m:
            if name:
                out[name] = body
            name, body = m.group(1), []
        elif name:
            op = re.match(r"\s*/\*[0-9a-f]{4}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)", line)
            if op:
                body.append(op.group(1))
    if name:
        out[name] = body
    return out


def demangled(mangled):
    import subprocess
    try:
        return subprocess.run(["c++filt", mangled], capture_output=True, text=True).stdout.strip()
    except OSError:
        return mangled


def main():
    funcs = functions(open(sys.argv[1]).read())
    named = {demangled(k): v for k, v in funcs.items()}
    bad = 0
    for probed, plain in PAIRS:
        a = [v for k, v in named.items() if probed in k.replace("ws::bench::", "").replace("ws::reduce::", "")]
        b = [v for k, v in named.items() if plain in k.replace("ws::bench::", "")]
        if not a or not b:
            print(f"missing: {probed if not a else plain}")
            bad += 1
            continue
        same = a[0] == b[0]
        bad += not same
        print(f"{probed}: {len(a[0])} instructions; {plain}: {len(b[0])}; "
              f"{'identical opcodes' if same else 'DIFFERENT'}")
        if not same:
            import difflib
            print("\n".join(difflib.unified_diff(a[0], b[0], lineterm="", n=1)))
    print(f"{len(PAIRS) - bad} identical, {bad} different")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
