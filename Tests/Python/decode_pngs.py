"""Decodes every PNG under SET_DIR with Pillow and writes its straight RGBA bytes, row by row, to
OUT_DIR/<the PNG's path under SET_DIR>.rgba, for the Swift test suite (PNGDecodersAgreeTests)
to compare with libpng's decoding and with Cairo's pixels. Prints {"images": N}; exits non-zero
with one line per image Pillow cannot read as 8-bit RGBA or RGB (made RGBA, alpha 255).

usage: decode_pngs.py SET_DIR OUT_DIR
"""
import json
import os
import sys

from PIL import Image


def main():
    source, target = sys.argv[1], sys.argv[2]
    count = 0
    failures = []
    for folder, _, files in sorted(os.walk(source)):
        for name in sorted(files):
            if not name.endswith(".png"):
                continue
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, source)
            with Image.open(path) as image:
                image.load()
                if image.mode == "RGB":
                    # An opaque background's set: every pixel's alpha is 255.
                    image = image.convert("RGBA")
                elif image.mode != "RGBA":
                    failures.append(f"{relative}: Pillow reads mode {image.mode}, not RGBA or RGB")
                    continue
                data = image.tobytes()
            out = os.path.join(target, relative + ".rgba")
            os.makedirs(os.path.dirname(out), exist_ok=True)
            with open(out, "wb") as handle:
                handle.write(data)
            count += 1
    for failure in failures:
        print(failure, file=sys.stderr)
    print(json.dumps({"images": count}))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
