#!/usr/bin/env python3
"""The GPU code a program carries: every fat binary nvcc embedded in it, read without the CUDA
tools (CI has no cuobjdump), and checked against the architectures the build was configured for.

  fatbin_architectures.py PROGRAM                       lists "sm_90 machine code" / "compute_90 PTX"
  fatbin_architectures.py PROGRAM --expect "75-real;90-virtual"
        exits 1 unless every embedded fat binary holds exactly those (machine code for each -real,
        PTX for each -virtual, both for a bare number), naming what is missing or extra.

A fat binary is a 16-byte header (magic 0xBA55ED50, version, header size, size of what follows)
and entries, each a header (kind 1 = PTX, 2 = machine code; its size; the architecture) and its
payload."""
import struct
import sys

MAGIC = 0xBA55ED50
KINDS = {1: "PTX", 2: "machine code"}


def fat_binaries(data):
    """Each embedded fat binary as a list of (kind, arch) entries."""
    found = []
    at = data.find(struct.pack("<I", MAGIC))
    while at != -1:
        if at + 16 <= len(data):
            _, version, header_size, size = struct.unpack_from("<IHHQ", data, at)
            end = at + header_size + size
            if version == 1 and header_size == 16 and end <= len(data):
                entries, pos = [], at + header_size
                while pos + 32 <= end:
                    kind, _, entry_header, payload = struct.unpack_from("<HHIQ", data, pos)
                    arch = struct.unpack_from("<I", data, pos + 28)[0]
                    if kind not in KINDS or entry_header < 32 or entry_header > 4096:
                        break
                    entries.append((kind, arch))
                    pos += entry_header + payload
                if entries:
                    found.append(entries)
                    at = data.find(struct.pack("<I", MAGIC), end)
                    continue
        at = data.find(struct.pack("<I", MAGIC), at + 4)
    return found


def name(kind, arch):
    return ("sm_%d machine code" if kind == 2 else "compute_%d PTX") % arch


def expected(spec):
    want = set()
    for item in filter(None, spec.replace(",", ";").split(";")):
        number, _, kind = item.partition("-")
        if kind in ("", "real"):
            want.add((2, int(number)))
        if kind in ("", "virtual"):
            want.add((1, int(number)))
    return want


def main(argv):
    if len(argv) not in (2, 4) or (len(argv) == 4 and argv[2] != "--expect"):
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    with open(argv[1], "rb") as f:
        binaries = fat_binaries(f.read())
    if not binaries:
        print("%s: no fat binary (no GPU code)" % argv[1])
        return 1
    held = set()
    for entries in binaries:
        held |= set(entries)
    if len(argv) == 2:
        for kind, arch in sorted(held, key=lambda e: (e[1], -e[0])):
            print(name(kind, arch))
        return 0
    want = expected(argv[3])
    failures = 0
    for i, entries in enumerate(binaries):
        have = set(entries)
        if have != want:
            failures += 1
            if failures <= 3:
                missing = ", ".join(name(*e) for e in sorted(want - have)) or "nothing"
                extra = ", ".join(name(*e) for e in sorted(have - want)) or "nothing"
                print("fat binary %d of %d: lacks %s; has besides %s" % (i + 1, len(binaries),
                                                                       missing, extra))
    print("%s: %d fat binaries, %d hold exactly %s" % (
        argv[1], len(binaries), len(binaries) - failures,
        ", ".join(name(*e) for e in sorted(want, key=lambda e: (e[1], -e[0])))))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
