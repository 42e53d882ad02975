#!/usr/bin/env python3
"""Checks that `shapeturns compare` decodes every PNG row filter as the PNG specification says.

Written from the specification (https://www.w3.org/TR/png-3/#9Filters), not from ShapeTurns'
decoder. For each case it writes two files of the same pixels:

- FILTERED.png: 8-bit grey, grey+alpha, palette, RGB or RGBA, each row given a seeded random
  filter (None, Sub, Up, Average, Paeth), in one or several IDAT chunks;
- PLAIN.png: the same pixels expanded to RGBA and stored with no filter, whose decoding needs
  neither unfiltering nor conversion.

`shapeturns compare FILTERED.png PLAIN.png --threshold 0 --include-aa` must then say that no
pixel differs, and, against PLAIN.png with one pixel changed, that exactly one does (so a
check that cannot see a difference fails too). Needs only Python's standard library.

  scripts/checks/png-filter-differential.py --shapeturns BIN/shapeturns [--cases 200] [--seed 1]
"""

import argparse
import os
import random
import struct
import subprocess
import sys
import tempfile
import zlib

CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filtered_rows(rows, bpp, choose):
    out = bytearray()
    previous = bytes(len(rows[0]))
    for row in rows:
        kind = choose()
        line = bytearray(len(row))
        for i, x in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            predictor = (0, a, b, (a + b) // 2, paeth(a, b, c))[kind]
            line[i] = (x - predictor) & 0xFF
        out.append(kind)
        out += line
        previous = row
    return bytes(out)


def png(width, height, color_type, raw, palette=None, transparency=None, idat_pieces=1, level=6):
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0))
    if palette is not None:
        out += chunk(b"PLTE", palette)
    if transparency is not None:
        out += chunk(b"tRNS", transparency)
    data = zlib.compress(raw, level)
    step = max(1, -(-len(data) // idat_pieces))
    for start in range(0, len(data), step):
        out += chunk(b"IDAT", data[start:start + step])
    return out + chunk(b"IEND", b"")


def rgba_of(color_type, row, palette, transparency):
    pixels = []
    if color_type == 0:
        pixels = [(g, g, g, 255) for g in row]
    elif color_type == 2:
        pixels = [tuple(row[i:i + 3]) + (255,) for i in range(0, len(row), 3)]
    elif color_type == 3:
        for index in row:
            alpha = transparency[index] if transparency and index < len(transparency) else 255
            pixels.append(tuple(palette[3 * index:3 * index + 3]) + (alpha,))
    elif color_type == 4:
        pixels = [(row[i], row[i], row[i], row[i + 1]) for i in range(0, len(row), 2)]
    else:
        pixels = [tuple(row[i:i + 4]) for i in range(0, len(row), 4)]
    return pixels


def sample_row(rng, width, color_type, colours, palette_size):
    """A row of runs and noise, as screenshots and charts have both."""
    row = []
    channels = CHANNELS[color_type]
    while len(row) < width * channels:
        run = rng.choice((1, 1, 2, 3, 8, 40))
        if color_type == 3:
            value = [rng.randrange(palette_size)]
        elif rng.random() < 0.5:
            value = list(rng.choice(colours)[:channels])
        else:
            value = [rng.randrange(256) for _ in range(channels)]
        row += value * run
    return bytes(row[:width * channels])


def case(rng, folder, number):
    color_type = rng.choice((0, 2, 2, 3, 4, 6, 6))
    width = rng.choice((1, 2, 3, 4, 5, 7, 16, 33, 64, 255, 300))
    height = rng.choice((1, 2, 3, 9, 40))
    channels = CHANNELS[color_type]
    palette = transparency = None
    palette_size = 0
    if color_type == 3:
        palette_size = rng.randrange(1, 257)
        palette = bytes(rng.randrange(256) for _ in range(3 * palette_size))
        if rng.random() < 0.5:
            transparency = bytes(rng.randrange(256) for _ in range(rng.randrange(1, palette_size + 1)))
    colours = [tuple(rng.randrange(256) for _ in range(4)) for _ in range(4)]
    rows = [sample_row(rng, width, color_type, colours, palette_size) for _ in range(height)]
    only = rng.choice((None, 1, 3, 4))  # a file of one filter, or of all of them
    raw = filtered_rows(rows, max(1, channels), (lambda: only) if only else (lambda: rng.randrange(5)))
    filtered = png(width, height, color_type, raw, palette, transparency, rng.choice((1, 1, 3)), rng.choice((1, 6, 9)))
    pixels = [rgba_of(color_type, row, palette, transparency) for row in rows]
    plain_rows = [bytes(v for pixel in row for v in pixel) for row in pixels]
    plain = png(width, height, 6, b"".join(b"\x00" + row for row in plain_rows))
    x, y = rng.randrange(width), rng.randrange(height)
    changed_pixel = list(pixels[y][x])
    changed_pixel[0] ^= 0x80
    if changed_pixel[3] == 0:
        changed_pixel = [0, 0, 0, 255]  # a change of colour under alpha 0 is no change
    changed_rows = [bytearray(row) for row in plain_rows]
    changed_rows[y][4 * x:4 * x + 4] = bytes(changed_pixel)
    changed = png(width, height, 6, b"".join(b"\x00" + bytes(row) for row in changed_rows))
    paths = []
    for name, data in (("filtered", filtered), ("plain", plain), ("changed", changed)):
        path = os.path.join(folder, f"{number}-{name}.png")
        with open(path, "wb") as handle:
            handle.write(data)
        paths.append(path)
    return paths, f"colour type {color_type}, {width}x{height}, filter {only if only else 'mixed'}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shapeturns", required=True)
    parser.add_argument("--cases", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    failures = 0
    with tempfile.TemporaryDirectory(prefix="png-filter-differential-") as folder:
        for number in range(args.cases):
            (filtered, plain, changed), what = case(rng, folder, number)
            for other, expected in ((plain, 0), (changed, 1)):
                argv = [args.shapeturns, "compare", filtered, other, "--threshold", "0", "--include-aa"]
                run = subprocess.run(argv, capture_output=True, text=True)
                words = run.stdout.split()
                counted = int(words[1]) if len(words) > 1 and words[1].isdigit() else None
                if counted != expected or run.returncode != (0 if expected == 0 else 1):
                    failures += 1
                    print(f"case {number} ({what}): expected {expected} differing, got status "
                          f"{run.returncode}: {run.stdout.strip()} {run.stderr.strip()}", file=sys.stderr)
    print(f"png-filter-differential: {args.cases} cases, seed {args.seed}, {failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
