#!/usr/bin/env python3
"""Recompresses PNGs losslessly, in place: the same pixels in fewer bytes.

Our writer (stb_image_write) keeps every picture as RGBA with a weak deflate. This re-encodes
each as an indexed picture where it has at most 256 colours, else RGB where every pixel is
opaque, with a filter chosen row by row (none, sub or up) and zlib at level 9; the file is replaced
only when the new one is smaller and decodes to the very same pixels (checked). Python's standard
library only.  Usage: ui/shrink_pngs.py FILE.png...  (prints the bytes before and after)
"""
import struct
import sys
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunks(data):
    pos = len(SIGNATURE)
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        yield kind, data[pos + 8 : pos + 8 + length]
        pos += 12 + length


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def unfilter(raw, width, height, bpp):
    stride = width * bpp
    rows, prev, pos = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[pos]
        line = bytearray(raw[pos + 1 : pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + ((a + b) >> 1)) & 255
            elif kind == 4:
                line[i] = (line[i] + paeth(a, b, c)) & 255
        rows.append(bytes(line))
        prev = line
    return rows


def decode(data):
    """(width, height, rows of RGBA bytes) of an 8-bit RGB, RGBA or indexed PNG."""
    if not data.startswith(SIGNATURE):
        raise ValueError("not a PNG")
    idat, palette, alpha = b"", None, b""
    for kind, body in chunks(data):
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = body
        elif kind == b"tRNS":
            alpha = body
        elif kind == b"IDAT":
            idat += body
    if depth != 8 or interlace or colour not in (2, 3, 6):
        raise ValueError("only 8-bit RGB, RGBA or indexed pictures, not interlaced")
    bpp = {2: 3, 3: 1, 6: 4}[colour]
    rows = unfilter(zlib.decompress(idat), width, height, bpp)
    if colour == 6:
        return width, height, rows
    if colour == 2:
        return width, height, [expand_rgb(r) for r in rows]
    table = [palette[3 * i : 3 * i + 3] + bytes([alpha[i] if i < len(alpha) else 255])
             for i in range(len(palette) // 3)]
    return width, height, [b"".join(table[i] for i in r) for r in rows]


def expand_rgb(row):
    out = bytearray(len(row) // 3 * 4)
    out[0::4], out[1::4], out[2::4] = row[0::3], row[1::3], row[2::3]
    out[3::4] = b"\xff" * (len(row) // 3)
    return bytes(out)


def filtered(line, prev, bpp):
    """The row under the filter (none, sub or up) with the smallest sum of absolute values."""
    left = bytes(bpp) + line[:-bpp]
    candidates = (
        b"\x00" + line,
        b"\x01" + bytes((x - a) & 255 for x, a in zip(line, left)),
        b"\x02" + bytes((x - b) & 255 for x, b in zip(line, prev)),
    )

    def score(row):
        return sum(v if v < 128 else 256 - v for v in row[1:])

    return min(candidates, key=score)


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def encode(width, height, rows):
    pixels = [r[i : i + 4] for r in rows for i in range(0, len(r), 4)]
    colours = {}
    for p in pixels:
        if p not in colours:
            colours[p] = len(colours)
            if len(colours) > 256:
                break
    opaque = all(r[3::4] == b"\xff" * width for r in rows)
    extra = b""
    if len(colours) <= 256:
        colour, bpp = 3, 1
        order = sorted(colours, key=lambda c: colours[c])
        extra = chunk(b"PLTE", b"".join(c[:3] for c in order))
        if not opaque:
            extra += chunk(b"tRNS", bytes(c[3] for c in order))
        index = {c: i for i, c in enumerate(order)}
        lines = [bytes(index[r[i : i + 4]] for i in range(0, len(r), 4)) for r in rows]
        # Indexes are no colours to predict from: unfiltered rows compress best.
        raw = b"".join(b"\x00" + line for line in lines)
    else:
        colour, bpp = (2, 3) if opaque else (6, 4)
        lines = [bytes(b for i, b in enumerate(r) if i % 4 != 3) for r in rows] if opaque else rows
        prev, parts = bytes(width * bpp), []
        for line in lines:
            parts.append(filtered(line, prev, bpp))
            prev = line
        raw = b"".join(parts)
    header = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    return (SIGNATURE + chunk(b"IHDR", header) + extra +
            chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main(paths):
    before = after = 0
    for path in paths:
        with open(path, "rb") as f:
            data = f.read()
        width, height, rows = decode(data)
        smaller = encode(width, height, rows)
        if len(smaller) < len(data):
            if decode(smaller)[2] != rows:
                raise SystemExit(f"{path}: the re-encoded picture differs; left as it was")
            with open(path + ".partial", "wb") as f:
                f.write(smaller)
            import os
            os.replace(path + ".partial", path)
        before += len(data)
        after += min(len(data), len(smaller))
        print(f"{path}: {len(data)} -> {min(len(data), len(smaller))} bytes")
    print(f"total: {before} -> {after} bytes")


if __name__ == "__main__":
    main(sys.argv[1:])
