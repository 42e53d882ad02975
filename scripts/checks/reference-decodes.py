#!/usr/bin/env python3
"""Writes JPEG and WebP images with Pillow into OUT_DIR and decodes each back with Pillow (the
reference decoders: its libjpeg-turbo and libwebp), so the Swift tests can hold ShapeTurns'
decoders to the same pixels. For each NAME it writes NAME (the encoded file) and NAME.rgba (its
pixels as Pillow's `convert("RGBA")` gives them, row by row, 4 bytes a pixel), and prints

  {"images": {"NAME": [width, height], ...}, "pillow": version, "jpeg": version, "webp": version}

The picture is drawn deterministically (gradients, hard edges, text-like strokes and, for the
formats with alpha, a translucent gradient), so JPEG's DCT and chroma subsampling and WebP's
lossy coding all have work to do.

Usage: reference-decodes.py OUT_DIR
"""
import json
import sys
from pathlib import Path

from PIL import Image, ImageDraw, features

out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
width, height = 203, 117  # odd sizes: partial MCUs and macroblocks at the edges
rgba = Image.new("RGBA", (width, height))
pixels = rgba.load()
for y in range(height):
    for x in range(width):
        pixels[x, y] = ((x * 255) // width, (y * 255) // height, (x * y) % 256, (x + 2 * y) % 256)
draw = ImageDraw.Draw(rgba)
draw.rectangle((20, 15, 70, 60), fill=(200, 30, 40, 255))
draw.ellipse((90, 20, 170, 100), outline=(10, 10, 10, 255), width=3)
for step in range(0, 200, 7):
    draw.line((step, 105, step + 5, 112), fill=(255, 255, 255, 255), width=1)
rgb = rgba.convert("RGB")

made = {
    "photo.jpg": lambda path: rgb.save(path, quality=90),
    "photo-444.jpg": lambda path: rgb.save(path, quality=95, subsampling=0),
    "progressive.jpg": lambda path: rgb.save(path, quality=75, progressive=True),
    "grey.jpg": lambda path: rgb.convert("L").save(path, quality=85),
    "lossy.webp": lambda path: rgb.save(path, quality=80),
    "lossy-alpha.webp": lambda path: rgba.save(path, quality=80),
    "lossless-alpha.webp": lambda path: rgba.save(path, lossless=True),
}
images = {}
for name, save in made.items():
    path = out / name
    save(path)
    with Image.open(path) as image:
        decoded = image.convert("RGBA")
        (out / (name + ".rgba")).write_bytes(decoded.tobytes())
        images[name] = list(decoded.size)
print(json.dumps({"images": images, "pillow": Image.__version__, "jpeg": features.version("jpg"),
                  "webp": features.version("webp")}))
