#!/usr/bin/env python3
"""The job `shapeturns generate` does, written the straightforward way with pycairo.

A baseline for scripts/benchmark: N turns of two 512x512 shapes (squares or circles, proportions
0.3-0.8, area ratio at least 1.1), each drawn as the tutorial does (fill, then an outline inset by
half the line width), written as PNG with Cairo's own writer, plus a JSON key per turn and an
answers.jsonl. One process, Python's own random numbers.
"""
import json
import math
import os
import random
import sys

import cairo

BROWN = (0.6, 0.4, 0.2)
ORANGE = (1.0, 0.5, 0.0)
LINE_WIDTH = 6.0


def area(kind, proportion):
    return proportion * proportion * (math.pi / 4 if kind == "circle" else 1.0)


def path(context, kind, x, y, side):
    if kind == "square":
        context.rectangle(x, y, side, side)
    else:
        context.arc(x + side / 2, y + side / 2, side / 2, 0, 2 * math.pi)


def draw(kind, proportion, size, filename):
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, size, size)
    context = cairo.Context(surface)
    side = proportion * size
    x = y = (size - side) / 2
    half = LINE_WIDTH / 2
    path(context, kind, x + half, y + half, side - LINE_WIDTH)
    context.set_source_rgb(*BROWN)
    context.fill()
    path(context, kind, x + half, y + half, side - LINE_WIDTH)
    context.set_source_rgb(*ORANGE)
    context.set_line_width(LINE_WIDTH)
    context.stroke()
    surface.write_to_png(filename)


def main():
    turns, seed, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    size = 512
    rng = random.Random(seed)
    with open(os.path.join(out, "answers.jsonl"), "w") as answers:
        for turn in range(1, turns + 1):
            kind = rng.choice(["square", "circle"])
            while True:
                a, b = rng.uniform(0.3, 0.8), rng.uniform(0.3, 0.8)
                ratio = max(area(kind, a), area(kind, b)) / min(area(kind, a), area(kind, b))
                if ratio >= 1.1:
                    break
            bucket = os.path.join(out, "turns", "%03d" % (turn // 1000))
            os.makedirs(bucket, exist_ok=True)
            shapes = []
            for label, proportion in (("a", a), ("b", b)):
                name = "turns/%03d/%06d-%s.png" % (turn // 1000, turn, label)
                draw(kind, proportion, size, os.path.join(out, name))
                shapes.append({"label": label, "kind": kind, "proportion": proportion,
                               "area": area(kind, proportion), "files": {"png": name}})
            key = {"turn": turn, "seed": seed, "larger": "a" if area(kind, a) >= area(kind, b) else "b",
                   "areaRatio": ratio, "shapes": shapes}
            with open(os.path.join(bucket, "%06d.json" % turn), "w") as handle:
                json.dump(key, handle, indent=2)
            answers.write(json.dumps(key) + "\n")


if __name__ == "__main__":
    main()
