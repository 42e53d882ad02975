#!/usr/bin/env python3
"""A battery of hostile scan files, written apart from the scanner, run against `shapeturns scan`.

Each file is made here by hand (PDF objects and streams written as bytes, TIFF directories,
PNG chunks and JPEG markers packed with struct, big streams deflated with zlib: no imaging
library). Each is scanned as a teacher would, with outputs that already exist:

    shapeturns scan FILE --seed 7 --turns 8 --roster roster.txt \\
        --csv grades.csv --responses read.csv --review rv

and must be refused: a non-zero status (65), exactly one line on stderr naming the file and no
library's own message, within LIMIT_SECONDS (10) of wall time and LIMIT_MB (1024) of memory,
with the folder as it was: the file, the roster and the teacher's notes.txt unchanged, and no
grades.csv, read.csv, review folder or any other file made. Memory is the peak of the sum
of the resident sizes of the whole process tree (the command and any worker it starts), sampled
every 10 ms from /proc, and at least the largest single process's peak (getrusage of the
children, measured in a fresh Python so runs do not mix).

Usage (from the repository root):

    python3 scripts/checks/scan-hostile-battery.py --bin .build/release/shapeturns [--work DIR]
        [--only NAME,...] [--keep]

Prints a table on stderr and JSON on stdout ({"cases": {name: {...}}, "ok": bool}); exits 1 if
any case fails.
"""

import argparse
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

LIMIT_SECONDS = 10.0
LIMIT_MB = 1024.0


# --- PDF by hand -------------------------------------------------------------------------------


def pdf(objects):
    """A PDF of `objects` (bytes each, numbered from 1; object 1 the catalog) with its xref."""
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    table = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, table)
    return bytes(out)


def stream(dictionary, data):
    return b"<< " + dictionary + b" /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"


def image_page_pdf(width, height, image_dict, image_data, page_w=612, page_h=792):
    """One page covered by one image XObject."""
    content = b"q %d 0 0 %d 0 0 cm /Im0 Do Q" % (page_w, page_h)
    return pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Resources << /XObject << /Im0 5 0 R >> >> "
        b"/Contents 4 0 R >>" % (page_w, page_h),
        stream(b"", content),
        stream(b"/Type /XObject /Subtype /Image /Width %d /Height %d " % (width, height) + image_dict, image_data),
    ])


def empty_pages_pdf(count):
    kids = b" ".join(b"%d 0 R" % (i + 3) for i in range(count))
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % count]
    objects += [b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"] * count
    return pdf(objects)


def deflated_zeros(chunk, times):
    """`chunk * times` zero bytes as a zlib stream, made fast: one chunk deflated and flushed
    with a full flush (which resets the window, so its bytes can be repeated), `times` times."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = compressor.compress(bytes(chunk)) + compressor.flush(zlib.Z_FULL_FLUSH)
    final = compressor.flush()
    total = chunk * times
    adler = ((total % 65521) << 16) | 1
    return b"\x78\xda" + block * times + final + struct.pack(">I", adler)


def make_pdf_10000_empty_pages():
    return empty_pages_pdf(10000)


def make_pdf_inflates_30000():
    # A grey image of 30000 x 30000 (900 MB decoded) deflated to under a megabyte.
    data = deflated_zeros(30000 * 100, 300)
    return image_page_pdf(30000, 30000, b"/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode", data)


def make_pdf_image_100000():
    # 10^10 pixels declared, a few bytes given: the reader must not walk them all.
    data = zlib.compress(bytes(64))
    return image_page_pdf(100000, 100000, b"/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode", data)


def jpeg_header(width, height, scan_bytes):
    """A baseline grey JPEG whose frame says `width x height`, with one-code Huffman tables (every
    block a DC difference of 0 and an end of block) and `scan_bytes` of entropy-coded data, no
    end marker: a truncated photo."""
    out = bytearray(b"\xff\xd8")
    out += b"\xff\xdb" + struct.pack(">H", 67) + b"\x00" + bytes([1] * 64)  # DQT
    out += b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"  # SOF0
    counts = bytes([1] + [0] * 15)
    out += b"\xff\xc4" + struct.pack(">H", 2 + 1 + 16 + 1) + b"\x00" + counts + b"\x00"  # DC table 0
    out += b"\xff\xc4" + struct.pack(">H", 2 + 1 + 16 + 1) + b"\x10" + counts + b"\x00"  # AC table 0
    out += b"\xff\xda" + struct.pack(">HB", 8, 1) + b"\x01\x00" + b"\x00\x3f\x00"  # SOS
    out += bytes(scan_bytes)
    return bytes(out)


def make_pdf_truncated_dct_65000():
    data = jpeg_header(65000, 65000, 4096)
    return image_page_pdf(65000, 65000, b"/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode", data)


def make_pdf_2m_fills():
    # Two million small filled rectangles on one page, deflated.
    pattern = b"".join(b"%d %d 2 2 re f\n" % (i * 7 % 600, i * 13 % 780) for i in range(1000))
    content = zlib.compress(pattern * 2000, 6)
    return pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
        stream(b"/Filter /FlateDecode", content),
    ])


def make_pdf_zero_pages():
    return pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [] /Count 0 >>"])


def make_pdf_looping_tree():
    return pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [2 0 R] /Count 1 >>"])


def make_pdf_huge_page():
    # A page of 200 x 200 inches: 40000 pixels a side at any scanning resolution.
    return pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 14400 14400] /Contents 4 0 R >>",
        stream(b"", b"0 0 100 100 re f"),
    ])


# --- TIFF by hand ------------------------------------------------------------------------------


def tiff(pages, strip_for):
    """A little-endian TIFF of `pages` (width, height) grey 8-bit deflated directories; every
    page's one strip is `strip_for(width, height)`, shared between pages of one size."""
    out = bytearray(b"II*\x00\x00\x00\x00\x00")
    strips = {}
    for size in set(pages):
        strips[size] = len(out)
        out += strip_for(*size)
        if len(out) % 2:
            out += b"\x00"
    first = len(out)
    struct.pack_into("<I", out, 4, first)
    for index, (width, height) in enumerate(pages):
        data = strip_for(width, height)
        entries = [
            (256, 4, 1, width), (257, 4, 1, height), (258, 3, 1, 8), (259, 3, 1, 8), (262, 3, 1, 1),
            (273, 4, 1, strips[(width, height)]), (277, 3, 1, 1), (278, 4, 1, height), (279, 4, 1, len(data)),
        ]
        here = len(out)
        next_ifd = here + 2 + 12 * len(entries) + 4 if index + 1 < len(pages) else 0
        out += struct.pack("<H", len(entries))
        for tag, kind, count, value in entries:
            if kind == 3:
                out += struct.pack("<HHIHH", tag, kind, count, value, 0)
            else:
                out += struct.pack("<HHII", tag, kind, count, value)
        out += struct.pack("<I", next_ifd)
    return bytes(out)


def white_strip(cache={}):
    def strip(width, height):
        if (width, height) not in cache:
            compressor = zlib.compressobj(9)
            row = b"\xff" * width
            data = bytearray()
            for _ in range(height):
                data += compressor.compress(row)
            cache[(width, height)] = bytes(data + compressor.flush())
        return cache[(width, height)]

    return strip


def make_tiff_1000_letter_pages():
    return tiff([(2550, 3300)] * 1000, white_strip())


def make_tiff_huge_directory():
    return tiff([(100000, 100000)], lambda w, h: zlib.compress(bytes(1024)))


def make_tiff_truncated():
    # One grey page whose directory comes first and whose deflated strip is cut off halfway.
    width, height = 2550, 3300
    rows = bytearray()
    for y in range(height):
        rows += bytes((x * 7 + y * 3) & 0xFF for x in range(0, width, 50)) * 50 + b"\xff" * (width % 50)
    data = zlib.compress(bytes(rows), 1)
    entries = [(256, 4, 1, width), (257, 4, 1, height), (258, 3, 1, 8), (259, 3, 1, 8), (262, 3, 1, 1),
               (273, 4, 1, 8 + 2 + 12 * 9 + 4), (277, 3, 1, 1), (278, 4, 1, height), (279, 4, 1, len(data))]
    out = bytearray(b"II*\x00") + struct.pack("<I", 8) + struct.pack("<H", len(entries))
    for tag, kind, count, value in entries:
        out += struct.pack("<HHIHH", tag, kind, count, value, 0) if kind == 3 else struct.pack("<HHII", tag, kind, count, value)
    out += struct.pack("<I", 0)
    return bytes(out + data[: len(data) // 2])


# --- PNG and JPEG by hand ----------------------------------------------------------------------


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def make_png_bomb():
    # 30000 x 30000 grey: 900 MB of pixels in under a megabyte.
    width = height = 30000
    data = deflated_zeros((width + 1) * 100, height // 100)
    return (
        b"\x89PNG\r\n\x1a\n"
        + png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
        + png_chunk(b"IDAT", data)
        + png_chunk(b"IEND", b"")
    )


def make_jpeg_huge_header():
    return jpeg_header(65000, 65000, 1024)


def make_jpeg_corrupt():
    # A small photo's header with its data cut: libjpeg warns "Corrupt JPEG data"; scan must not.
    return jpeg_header(64, 64, 3)


def make_pdf_corrupt_dct():
    # A page image whose DCT data is cut short: poppler's libjpeg warns; scan must not.
    return image_page_pdf(800, 1000, b"/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode",
                          jpeg_header(800, 1000, 200))


CASES = [
    ("pdf-10000-empty-pages", "pdf", make_pdf_10000_empty_pages),
    ("tiff-1000-letter-pages", "tif", make_tiff_1000_letter_pages),
    ("pdf-image-inflates-30000", "pdf", make_pdf_inflates_30000),
    ("pdf-image-100000", "pdf", make_pdf_image_100000),
    ("pdf-truncated-dct-65000", "pdf", make_pdf_truncated_dct_65000),
    ("pdf-2-million-fills", "pdf", make_pdf_2m_fills),
    ("pdf-zero-pages", "pdf", make_pdf_zero_pages),
    ("pdf-looping-page-tree", "pdf", make_pdf_looping_tree),
    ("pdf-200-inch-page", "pdf", make_pdf_huge_page),
    ("tiff-100000-directory", "tif", make_tiff_huge_directory),
    ("tiff-truncated-strip", "tif", make_tiff_truncated),
    ("png-bomb-30000", "png", make_png_bomb),
    ("jpeg-65000-header", "jpg", make_jpeg_huge_header),
    ("jpeg-corrupt-data", "jpg", make_jpeg_corrupt),
    ("pdf-corrupt-dct-data", "pdf", make_pdf_corrupt_dct),
]

# A photo cut short is decoded as far as it goes (as a phone's truncated JPEG is), then read as
# a blank page or no ShapeTurns page: at most one line, scan's own, not libjpeg's warning.
# Whether a pile of no ShapeTurns page is refused or still writes a gradebook is not this
# battery's question, so neither the status nor the outputs are checked.
DECODED = {"jpeg-corrupt-data", "pdf-corrupt-dct-data"}


# --- Running and measuring ---------------------------------------------------------------------


def descendants(root):
    """`root` and every process below it, from /proc's parent links."""
    parents = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % name, "rb") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rfind(b")") + 2 :].split()
        parents.setdefault(int(fields[1]), []).append(int(name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += parents.get(pid, [])
    return found


def resident_kb(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


MEASURE = r"""
import json, resource, subprocess, sys, time
args = json.loads(sys.argv[1])
start = time.monotonic()
proc = subprocess.Popen(args["argv"], cwd=args["cwd"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
print(proc.pid, flush=True)
out, err = proc.communicate()
seconds = time.monotonic() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"status": proc.returncode, "seconds": seconds, "maxrss_kb": peak,
                  "stdout": out.decode("utf-8", "replace"), "stderr": err.decode("utf-8", "replace")}))
"""


def run_measured(argv, cwd, timeout):
    """Runs `argv` in `cwd` through a fresh Python that reports its children's peak, sampling
    the whole tree's resident memory meanwhile."""
    measurer = subprocess.Popen(
        [sys.executable, "-c", MEASURE, json.dumps({"argv": argv, "cwd": cwd})],
        stdout=subprocess.PIPE, text=True)
    child = int(measurer.stdout.readline())
    peak = [0]
    done = threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], sum(resident_kb(p) for p in descendants(child)))
            time.sleep(0.01)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        rest, _ = measurer.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        for pid in reversed(descendants(child)):
            try:
                os.kill(pid, 9)
            except OSError:
                pass
        rest, _ = measurer.communicate()
    done.set()
    sampler.join()
    result = json.loads(rest) if rest.strip() else {"status": None, "seconds": timeout, "maxrss_kb": 0,
                                                    "stdout": "", "stderr": "(killed after %d s)" % timeout}
    result["tree_peak_kb"] = peak[0]
    return result


def snapshot(folder):
    """Every file under `folder` with its bytes."""
    found = {}
    for base, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = os.path.join(base, name)
            found[os.path.relpath(path, folder)] = open(path, "rb").read() if os.path.isfile(path) else None
    return found


def run_case(binary, work, name, suffix, make):
    folder = os.path.join(work, name)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    scan = "%s.%s" % (name, suffix)
    with open(os.path.join(folder, scan), "wb") as f:
        f.write(make())
    with open(os.path.join(folder, "roster.txt"), "w") as f:
        f.write("Ana Lima\nBen Okafor\n")
    with open(os.path.join(folder, "notes.txt"), "w") as f:
        f.write("the teacher's own notes\n")
    before = snapshot(folder)
    argv = [binary, "scan", scan, "--seed", "7", "--turns", "8", "--roster", "roster.txt",
            "--csv", "grades.csv", "--responses", "read.csv", "--review", "rv"]
    result = run_measured(argv, folder, timeout=60)
    after = snapshot(folder)
    lines = [line for line in result["stderr"].split("\n") if line]
    peak_mb = max(result["tree_peak_kb"], result["maxrss_kb"]) / 1024
    problems = []
    if result["status"] in (0, None) and name not in DECODED:
        problems.append("status %s" % result["status"])
    if len(lines) > 1 or (not lines and name not in DECODED):
        problems.append("%d lines on stderr" % len(lines))
    elif lines and scan not in lines[0]:
        problems.append("the line does not name the file")
    if result["seconds"] > LIMIT_SECONDS:
        problems.append("%.1f s" % result["seconds"])
    if peak_mb > LIMIT_MB:
        problems.append("%.0f MB" % peak_mb)
    library_words = ("Corrupt JPEG", "GLib", "TIFFRead", "Syntax Error", "Syntax Warning", "Internal Error",
                     "Fatal error", "Backtrace", "Crash")
    if any(word in result["stderr"] for word in library_words):
        problems.append("a library's own message on stderr")
    if name in DECODED:
        after = {k: v for k, v in after.items() if k in before}
    if after != before:
        changed = sorted(set(after) ^ set(before) | {k for k in before if after.get(k) != before[k]})
        problems.append("files changed: %s" % ", ".join(changed))
    return {
        "ok": not problems,
        "problems": problems,
        "status": result["status"],
        "seconds": round(result["seconds"], 2),
        "peak_mb": round(peak_mb, 1),
        "file_bytes": len(before[scan]),
        "line": lines[0] if len(lines) == 1 else result["stderr"][-2000:],
        "decoded": name in DECODED,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", required=True, help="the shapeturns executable")
    parser.add_argument("--work", help="a folder for the files (default: a temporary one)")
    parser.add_argument("--only", help="comma-separated case names")
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    args = parser.parse_args()
    binary = os.path.abspath(args.bin)
    work = args.work or tempfile.mkdtemp(prefix="scan-hostile-")
    os.makedirs(work, exist_ok=True)
    only = set(args.only.split(",")) if args.only else None
    cases = {}
    try:
        for name, suffix, make in CASES:
            if only and name not in only:
                continue
            cases[name] = run_case(binary, work, name, suffix, make)
            c = cases[name]
            print("%-26s %-4s exit %-4s %6.2f s %7.1f MB  %s" % (
                name, "ok" if c["ok"] else "FAIL", c["status"], c["seconds"], c["peak_mb"],
                c["line"] if c["ok"] else "; ".join(c["problems"]) + " | " + c["line"]), file=sys.stderr)
    finally:
        if not args.keep and not args.work:
            shutil.rmtree(work, ignore_errors=True)
    ok = all(c["ok"] for c in cases.values())
    print(json.dumps({"ok": ok, "limit_seconds": LIMIT_SECONDS, "limit_mb": LIMIT_MB, "cases": cases}, indent=1))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
