#!/usr/bin/env python3
"""An outside check of `shapeturns scan`: a generator written apart from Tests/ScanSynthesis.

It prints real classes with `shapeturns worksheet --class`, rasterises the PDFs with poppler's
`pdftoppm`, finds every answer box from the PDF's text layer (`pdftotext -bbox`: the letters A
and B) and the raster, draws pen marks of its own (ballpoint, felt tip, marker, pencil, in
black, blue, red and green, with pressure and wobble), degrades the pages its own way
(similarity or perspective warp, barrel distortion, light gradient and vignette, a soft
shadow, colour cast, blur, noise, JPEG 40-85, 1-bit by threshold or by Floyd-Steinberg
dithering as G4 TIFF, PDFs of page images), shuffles and turns pages, mixes in pages that must
not be assigned (the class's blank backs, another class's sheet, a single worksheet not of the
class, a photo of a blank sheet, a picture of something else, a page scanned twice), runs
`shapeturns scan ... --key ... --json --csv ... --responses ... --review ...`, and compares what
was read with the marks drawn. It shares no code with the project's Swift generator.

Usage (from the repository root; the venv has Pillow and numpy):

    PY=$(bash scripts/python-env)
    nice -n 19 $PY scripts/checks/scan-outside-check.py --bin .build/release/shapeturns \\
        --work /tmp/scan-outside --classes 6 --students 10 --turns 20 --seed 1 \\
        [--profiles copier-pdf,copier-tiff,phone,phone-lens] [--dpis 150,200,300] [--lens 0.03] \\
        [--marks classic|trial] [--names latin|scripts] [--reuse] [--keep-failures DIR] [--keep]

Profiles: copier-pdf (grey JPEG page images in two PDFs), copier-tiff (one 1-bit G4 TIFF, half
the pages thresholded, half dithered), copier-g4 (one G4 TIFF, every page thresholded at 136-160,
a copier's text mode), copier-g4pdf (the same pages as a PDF of 1-bit G4 images, written by
img2pdf when it is installed, else by Pillow), copier-dither (one G4 TIFF, Floyd-Steinberg),
copier-bw-grey (pages thresholded at 136-160 that reach the reader in grey: a grey JPEG in a PDF,
of the page as it is or scaled by 0.7-1.3, or a grey PNG scaled by 0.7-1.3), copier-dither-grey
(the same for Floyd-Steinberg pages), copier-pdf-crisp (copier-pdf with the paper suppressed to
white, the contrast raised and the page sharpened), phone (colour
JPEG/PNG photos, perspective), phone-lens (phone plus barrel distortion up to --lens).
--names scripts gives the rosters names in many scripts (CJK, Arabic, Hebrew, Cyrillic, Greek,
Devanagari, Latin with diacritics). On the 1-bit profiles every student with a page read must be named in a note on
stderr, on the review page and in the JSON's scanNotes.

--marks trial draws issue 44's mix: ballpoint, felt, HB pencil of grey 121-139, light pencil of
176-221, orange and pink felt (ticks and fills), overshoots, a tick beside an erased one, a
doodle beside a tick, dust specks in a blank turn's box, double marks in pen and in felt. Each
flag of a clear turn is counted by its reason and the kind of mark ("reason: ... | kind"); the
scan runs under /usr/bin/time, and the table gives pages read, wrong unflagged, clear turns
flagged, peak memory and pages a CPU second (the scan is one thread). --reuse keeps each class's
pages (WORK/class-K.pickle) and reads them again on the next run: the same pages through
another build. A mark on a 1-bit page is still in the file when 3 of its pixels inside the box
(2.5 pt in) survived the threshold; on a grey page when 2% of the box's inside is dark. Every misread is named on stderr with the page and
how dark its two boxes are in the written file; --keep-failures DIR keeps each such class (scans,
key, truth.json, read.csv, review) with a crop of the two boxes of every misread.

Sheets use the default grid (2 x 4: 8 turns a page). Each class is read in one `scan` call; class k uses profile k mod len(profiles) and dpi
(k // len(profiles)) mod len(dpis). Same options and seed, same pages and same tallies. The
totals are printed as a table and written as JSON to WORK/summary.json. The exit status is 1
if any turn was read wrong and not flagged, any page went to a wrong sheet or page, or any
mixed-in page was assigned; else 0.

Truth per turn: "a" or "b" (a clear mark in one box), "blank", "both" (both boxes marked: must
be flagged), "faint" (light pencil: the rule says flagged; read as blank is a known gap,
reported apart). A clear mark read as the other choice or as a blank, a blank read as a choice,
a double mark not flagged, or a faint mark read as the other box is a misread.
"""

import argparse
import csv
import html
import io
import json
import math
import os
import pickle
import re
import shlex
import shutil
import subprocess
import sys
from collections import Counter, defaultdict

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

NAMES = ["Ana Lima", "Bo Chen", "Cara Diaz", "Dev Patel", "Eli Cohen", "Fatou Ndiaye", "Gus Berg",
         "Hana Sato", "Ivo Novak", "Jia Wu", "Kofi Mensah", "Lea Roux", "Mo Farah", "Nia Brown",
         "Oskar Lund", "Pia Costa", "Quinn Reid", "Rui Alves", "Sara Haddad", "Tom Okafor",
         "Uma Rao", "Vera Ivanova", "Wen Li", "Xena Park", "Yusuf Demir", "Zoe Martin"]

# --names scripts: a class whose names are written in many scripts, right-to-left ones among them
SCRIPT_NAMES = ["王小明", "李娜", "张伟", "佐藤 花子", "山田 太郎", "김민준", "이서연", "محمد علي",
                "فاطمة الزهراء", "نور حسن", "נועה כהן", "אורי לוי", "Иван Петров", "Ольга Смирнова",
                "Дмитрий Орлов", "Νίκος Παπαδόπουλος", "Ελένη Γεωργίου", "प्रिया शर्मा", "अर्जुन सिंह",
                "Ingrid Øvergaard", "José Núñez", "Zoë Ünal", "Łukasz Żak", "Ngọc Trần", "Aroha Te Whiu",
                "Siobhán Ó Briain"]

PENS = {  # RGB of the ink; every pen's darkness is set by its own alpha
    "black": (22, 22, 28), "blue": (28, 48, 150), "red": (185, 28, 34), "green": (22, 115, 52),
    "purple": (85, 30, 120), "graphite": (70, 70, 75),
    # felt tips a 1-bit copier drops (their grey on white is about 160, over most thresholds)
    "orange": (245, 140, 40), "pink": (240, 110, 170)}


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


# ---------------------------------------------------------------- printing and layout

def print_class(binary, folder, names, seed, turns, style=()):
    os.makedirs(folder, exist_ok=True)
    roster = os.path.join(folder, "roster.txt")
    with open(roster, "w") as f:
        f.write("\n".join(names) + "\n")
    out = os.path.join(folder, "class.pdf")
    run([binary, "worksheet", "--class", roster, "--turns", str(turns), "--seed", str(seed),
         "--out", out, "--quiet", *style])
    key = os.path.join(folder, "class-key.pdf")
    info = run(["pdfinfo", key]).stdout
    keywords = next(l for l in info.splitlines() if l.startswith("Keywords:"))
    sheets = json.loads(keywords.split(":", 1)[1].strip())["sheets"]
    return out, key, {s["code"]: s for s in sheets}


def page_layouts(pdf):
    """Per PDF page: None for a blank page, else sheet code, page number and the A/B letters."""
    text = run(["pdftotext", "-bbox", pdf, "-"]).stdout
    pages = []
    for body in re.findall(r"<page [^>]*>(.*?)</page>", text, re.S):
        words = [(float(a), float(b), float(c), float(d), html.unescape(w)) for a, b, c, d, w in
                 re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<',
                            body)]
        letters = [w for w in words if w[4] in ("A", "B") and 120 < w[1] < 780]
        if not letters:
            pages.append(None)
            continue
        texts = [w[4] for w in words]
        code = texts[texts.index("Sheet") + 1]
        i = max(i for i, t in enumerate(texts) if t == "Page")
        number = int(texts[i + 1])
        labels = [w for w in words if re.fullmatch(r"\d+", w[4]) and 120 < w[1] < 780]
        boxes = []
        for l in letters:
            above = [b for b in labels if b[0] < l[0] and b[1] < l[1]]
            label = max(above, key=lambda b: (b[1], b[0]))
            boxes.append((int(label[4]), l[4].lower(), l[:4]))
        pages.append({"code": code, "page": number, "letters": boxes})
    return pages


def find_box(gray, letter, dpi):
    """The box's outer frame in points, found in the clean raster left of its letter."""
    s = dpi / 72.0
    x0, y0, x1, y1 = letter
    X0, X1 = int((x0 - 30) * s), int(x0 * s)
    Y0, Y1 = int((y0 - 8) * s), int((y1 + 8) * s)
    dark = gray[Y0:Y1, X0:X1] < 0.5
    cols, rows = dark.sum(0), dark.sum(1)
    xs = np.nonzero(cols > 0.6 * cols.max())[0]
    ys = np.nonzero(rows > 0.6 * rows.max())[0]
    return ((X0 + xs.min()) / s, (Y0 + ys.min()) / s, (X0 + xs.max() + 1) / s, (Y0 + ys.max() + 1) / s)


# ---------------------------------------------------------------- pens

def wobble(rng, pts, amount, n=None):
    """Densify a polyline and push it sideways by a smooth random wobble (amount in points)."""
    pts = np.asarray(pts, float)
    seg = np.linalg.norm(np.diff(pts, axis=0), axis=1)
    total = seg.sum()
    n = n or max(8, int(total * 3))
    t = np.concatenate([[0], np.cumsum(seg)])
    ts = np.linspace(0, total, n)
    out = np.stack([np.interp(ts, t, pts[:, 0]), np.interp(ts, t, pts[:, 1])], 1)
    k = rng.normal(0, 1, 4)
    phase = ts / max(total, 1e-6)
    side = amount * (k[0] * np.sin(math.pi * phase * (1 + abs(k[1]))) + 0.4 * k[2] * np.sin(7 * phase + k[3]))
    d = np.gradient(out, axis=0)
    norm = np.linalg.norm(d, axis=1, keepdims=True) + 1e-9
    normal = np.stack([-d[:, 1], d[:, 0]], 1) / norm
    return out + normal * side[:, None]


class Stroke:
    def __init__(self, pts, width, alpha, pen, texture=0.0, skips=0.0):
        self.pts, self.width, self.alpha, self.pen = pts, width, alpha, pen
        self.texture, self.skips = texture, skips


def render_strokes(img, strokes, dpi, rng, ss=4):
    """Draws strokes (points in page points) into img (H x W x C float, 0..1), ink multiplies."""
    if not strokes:
        return
    s = dpi / 72.0
    allp = np.concatenate([st.pts for st in strokes]) * s
    pad = int(max(st.width for st in strokes) * s) + 3
    X0 = max(int(allp[:, 0].min()) - pad, 0)
    Y0 = max(int(allp[:, 1].min()) - pad, 0)
    X1 = min(int(allp[:, 0].max()) + pad + 1, img.shape[1])
    Y1 = min(int(allp[:, 1].max()) + pad + 1, img.shape[0])
    if X1 <= X0 or Y1 <= Y0:
        return
    for st in strokes:
        layer = Image.new("L", ((X1 - X0) * ss, (Y1 - Y0) * ss), 0)
        draw = ImageDraw.Draw(layer)
        p = (st.pts * s - [X0, Y0]) * ss
        n = len(p)
        pressure = 0.75 + 0.25 * np.sin(np.linspace(0, math.pi, n)) + rng.normal(0, 0.05, n)
        for i in range(n - 1):
            if st.skips and rng.random() < st.skips:
                continue
            w = max(st.width * s * ss * pressure[i], 1.0)
            a = int(255 * min(1.0, st.alpha * (0.85 + 0.15 * pressure[i])))
            draw.line([tuple(p[i]), tuple(p[i + 1])], fill=a, width=int(round(w)))
            r = w / 2
            draw.ellipse([p[i][0] - r, p[i][1] - r, p[i][0] + r, p[i][1] + r], fill=a)
        cov = np.asarray(layer.resize((X1 - X0, Y1 - Y0), Image.BOX), np.float32) / 255.0
        if st.texture:
            cov = cov * (1 - st.texture * rng.random(cov.shape, dtype=np.float32))
        ink = np.array(PENS[st.pen], np.float32) / 255.0
        region = img[Y0:Y1, X0:X1]
        if img.shape[2] == 1:
            ink = np.array([0.299 * ink[0] + 0.587 * ink[1] + 0.114 * ink[2]], np.float32)
        region *= (1 - cov[..., None] + cov[..., None] * ink)


def graphite_alpha(grey):
    """The alpha of graphite that leaves `grey` (0-255) on white paper."""
    return (255 - grey) / (255 - PENS["graphite"][0])


def pen_choice(rng, kind):
    if kind == "hb":  # HB pencil: grey 121-139 on white, under a copier's threshold of 136-160
        return dict(pen="graphite", width=rng.uniform(0.6, 1.0), alpha=graphite_alpha(rng.uniform(121, 139)),
                    texture=0.2, skips=0.0)
    if kind == "light":  # light pencil: grey 176-221 on white, over any copier's threshold
        return dict(pen="graphite", width=rng.uniform(0.5, 0.9), alpha=graphite_alpha(rng.uniform(176, 221)),
                    texture=0.3, skips=0.0)
    if kind == "felt":
        return dict(pen=rng.choice(["black", "blue", "red", "green", "purple"]),
                    width=rng.uniform(1.6, 2.6), alpha=rng.uniform(0.9, 1.0), texture=0.03, skips=0.0)
    if kind == "colour-felt":
        return dict(pen=rng.choice(["orange", "pink"]), width=rng.uniform(1.6, 2.6), alpha=1.0,
                    texture=0.03, skips=0.0)
    if kind == "pencil":
        return dict(pen="graphite", width=rng.uniform(0.6, 1.0), alpha=rng.uniform(0.55, 0.75),
                    texture=0.45, skips=0.0)
    if kind == "faint":
        return dict(pen="graphite", width=rng.uniform(0.5, 0.9), alpha=rng.uniform(0.15, 0.32),
                    texture=0.5, skips=0.0)
    if kind == "marker":
        return dict(pen=rng.choice(["black", "blue", "red", "green", "purple"]),
                    width=rng.uniform(2.0, 3.5), alpha=rng.uniform(0.85, 1.0), texture=0.05, skips=0.0)
    return dict(pen=rng.choice(["black", "blue", "blue", "red", "green"]), width=rng.uniform(0.8, 1.5),
                alpha=rng.uniform(0.8, 1.0), texture=0.1, skips=rng.uniform(0, 0.06))


def in_box(box, uv, rng, rot=0.0, scale=1.0, shift=(0.0, 0.0)):
    """Box-relative points (0..1 over the inner square) to page points, turned and scaled."""
    bx0, by0, bx1, by1 = box
    c = np.array([(bx0 + bx1) / 2, (by0 + by1) / 2])
    side = (bx1 - bx0) - 1.0
    uv = (np.asarray(uv, float) - 0.5) * scale
    ca, sa = math.cos(rot), math.sin(rot)
    uv = uv @ np.array([[ca, sa], [-sa, ca]])
    return c + (uv + shift) * side


def mark_strokes(rng, kind, box, letter, pen):
    """Strokes for one mark of the given kind in (or round) the box."""
    rot = rng.normal(0, 0.2)
    scale = rng.uniform(0.75, 1.1)
    shift = rng.normal(0, 0.06, 2)
    W = lambda pts, amt=0.25: wobble(rng, pts, amt)
    mk = lambda pts, **o: Stroke(pts, **{**pen, **o})
    if kind in ("tick", "pencil", "faint", "marker-tick"):
        a = [0.15 + rng.normal(0, 0.05), 0.55 + rng.normal(0, 0.06)]
        b = [0.42 + rng.normal(0, 0.05), 0.82 + rng.normal(0, 0.04)]
        c = [0.88 + rng.normal(0, 0.05), 0.12 + rng.normal(0, 0.06)]
        return [mk(W(in_box(box, [a, b, c], rng, rot, scale, shift)))]
    if kind == "tick-out":  # the long arm runs well out of the box, up and right
        far = [rng.uniform(1.3, 2.0), rng.uniform(-0.9, -0.3)]
        pts = [[0.2, 0.5], [0.45, 0.85], far]
        if rng.random() < 0.4:  # or a short arm that starts left of the box
            pts[0] = [rng.uniform(-0.6, -0.2), rng.uniform(0.2, 0.5)]
        return [mk(W(in_box(box, pts, rng, rot * 0.5, 1.0, shift * 0.5)))]
    if kind in ("cross", "big-cross"):
        e = 0.15 if kind == "cross" else -rng.uniform(0.25, 0.6)
        p1 = [[e, e], [1 - e, 1 - e]]
        p2 = [[1 - e, e], [e, 1 - e]]
        return [mk(W(in_box(box, p1, rng, rot, scale if kind == "cross" else 1.0, shift))),
                mk(W(in_box(box, p2, rng, rot, scale if kind == "cross" else 1.0, shift)))]
    if kind == "fill":
        n = rng.integers(5, 11)
        pts = []
        for i in range(n):
            y = 0.1 + 0.8 * i / (n - 1)
            pts += [[0.08 + rng.normal(0, 0.03), y], [0.92 + rng.normal(0, 0.03), y + 0.4 / n]]
        return [mk(W(in_box(box, pts, rng, rot * 0.3, 1.0, shift * 0.3), 0.15),
                   width=rng.uniform(1.2, 2.5))]
    if kind == "circle":
        t = np.linspace(0, 2 * math.pi * rng.uniform(1.0, 1.2), 60) + rng.uniform(0, 6.3)
        r = rng.uniform(0.28, 0.42)
        pts = np.stack([0.5 + r * np.cos(t) * rng.uniform(0.9, 1.1), 0.5 + r * np.sin(t)], 1)
        return [mk(W(in_box(box, pts, rng, 0, 1.0, shift * 0.5), 0.15))]
    if kind == "ring-letter":
        x0, y0, x1, y1 = letter
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 + 0.5
        m = rng.uniform(2.5, 5.0)
        rx, ry = (x1 - x0) / 2 + m, (y1 - y0) / 2 + m * 0.8
        t = np.linspace(0, 2 * math.pi * rng.uniform(1.05, 1.2), 60) + rng.uniform(0, 6.3)
        pts = np.stack([cx + rx * np.cos(t), cy + ry * np.sin(t)], 1)
        return [mk(wobble(rng, pts, 0.4))]
    if kind == "speck":  # dust: one to three dots well inside the box
        strokes = []
        for _ in range(int(rng.integers(1, 4))):
            c = in_box(box, [rng.uniform(0.25, 0.75, 2)], rng)
            strokes.append(Stroke(np.vstack([c, c + rng.normal(0, 0.15, 2)]), width=rng.uniform(0.5, 1.3),
                                  alpha=1.0, pen="black"))
        return strokes
    raise ValueError(kind)


def doodle_strokes(rng, letter, pen):
    """A doodle beside the turn: a spiral or a star right of the letter B, clear of the boxes."""
    x0, y0, x1, y1 = letter
    cx, cy = x1 + rng.uniform(22, 40), (y0 + y1) / 2 + rng.normal(0, 3)
    if rng.random() < 0.5:
        t = np.linspace(0, 2 * math.pi * rng.uniform(2, 3.5), 90)
        r = np.linspace(0.5, rng.uniform(5, 8), 90)
        pts = np.stack([cx + r * np.cos(t), cy + r * np.sin(t)], 1)
    else:
        n = 5
        t = np.arange(2 * n + 1) * math.pi / n
        r = np.where(np.arange(2 * n + 1) % 2 == 0, rng.uniform(5, 8), rng.uniform(2, 3))
        pts = np.stack([cx + r * np.sin(t), cy - r * np.cos(t)], 1)
    return [Stroke(wobble(rng, pts, 0.2), **pen)]


def erased_strokes(rng, box, letter, pen):
    """What an eraser leaves of a pencil tick: a pale residue of it and the rubbed grey round it."""
    residue = dict(pen, alpha=rng.uniform(0.08, 0.22), texture=0.5)
    strokes = mark_strokes(rng, "tick", box, letter, residue)
    bx0, by0, bx1, by1 = box
    cx, cy = (bx0 + bx1) / 2 + rng.normal(0, 1), (by0 + by1) / 2 + rng.normal(0, 1)
    rx, ry = (bx1 - bx0) * rng.uniform(0.35, 0.55), (by1 - by0) * rng.uniform(0.3, 0.5)
    for k in range(4):  # the rubbed patch: broad, very light strokes back and forth
        y = cy - ry + 2 * ry * (k + 0.5) / 4
        strokes.append(Stroke(np.array([[cx - rx, y], [cx + rx, y + rng.normal(0, 0.5)]]), width=2 * ry / 4 + 0.8,
                              alpha=rng.uniform(0.03, 0.07), pen="graphite", texture=0.3))
    return strokes


# The trial's mix (--marks trial): the pens of a class and its copier (ballpoint, felt, HB pencil of
# grey 121-139, light pencil of 176-221, orange and pink felt), overshoots, a tick beside an erased
# one, doodles beside a mark, dust specks in a blank turn's box, double marks in felt.
TRIAL_MARKS = [("tick", "x", 14), ("cross", "x", 6), ("felt-tick", "x", 7), ("felt-fill", "x", 5),
               ("fill", "x", 4), ("circle", "x", 4), ("ring-letter", "x", 4), ("tick-out", "x", 6),
               ("big-cross", "x", 3), ("hb-tick", "x", 9), ("hb-cross", "x", 3), ("colour-felt", "x", 4),
               ("erased", "x", 5), ("doodle", "x", 4), ("light", "faint", 5), ("both", "both", 3),
               ("both-felt", "both", 3), ("speck", "blank", 3), ("blank", "blank", 13)]


MIX = None  # the mix drawn from: MARKS, or TRIAL_MARKS with --marks trial

# (kind, truth, weight): truth "x" is the box's choice, "both" must be flagged
MARKS = [("tick", "x", 22), ("cross", "x", 9), ("marker-tick", "x", 6), ("fill", "x", 7),
         ("circle", "x", 5), ("ring-letter", "x", 6), ("tick-out", "x", 6), ("big-cross", "x", 4),
         ("pencil", "x", 8), ("faint", "faint", 6), ("both", "both", 6), ("blank", "blank", 15)]


def draw_turn(rng, img, dpi, boxes, mix=None):
    """Marks one turn; boxes: {'a': (box, letter), 'b': ...}. Returns (kind, truth)."""
    mix = mix or MARKS
    kinds, truths, weights = zip(*mix)
    i = rng.choice(len(mix), p=np.array(weights) / sum(weights))
    kind, truth = kinds[i], truths[i]
    side = "a" if rng.random() < 0.5 else "b"
    other = "b" if side == "a" else "a"
    if kind == "blank":
        return kind, "blank"
    if kind == "speck":
        render_strokes(img, mark_strokes(rng, "speck", *boxes[side], {}), dpi, rng)
        return kind, "blank"
    if kind in ("felt-tick", "felt-fill", "hb-tick", "hb-cross", "colour-felt", "light"):
        penkind = {"felt-tick": "felt", "felt-fill": "felt", "hb-tick": "hb", "hb-cross": "hb",
                   "colour-felt": "colour-felt", "light": "light"}[kind]
        shape = {"felt-fill": "fill", "hb-cross": "cross"}.get(kind, "tick")
        if kind == "colour-felt" and rng.random() < 0.4:
            shape = "fill"
        pen = pen_choice(rng, penkind)
        strokes = mark_strokes(rng, shape, *boxes[side], pen)
        if shape == "fill":
            for st in strokes:
                st.width = max(st.width, pen["width"])
        render_strokes(img, strokes, dpi, rng)
        return f"{kind}({shape})" if kind == "colour-felt" else kind, side if truth == "x" else truth
    if kind == "erased":  # the first answer rubbed out, a tick in the other box
        pen = pen_choice(rng, "hb")
        strokes = erased_strokes(rng, boxes[other][0], boxes[other][1], pen)
        strokes += mark_strokes(rng, "tick", *boxes[side], pen if rng.random() < 0.6 else pen_choice(rng, "pen"))
        render_strokes(img, strokes, dpi, rng)
        return kind, side
    if kind == "doodle":
        pen = pen_choice(rng, "pen")
        strokes = mark_strokes(rng, "tick", *boxes[side], pen) + doodle_strokes(rng, boxes["b"][1], pen)
        render_strokes(img, strokes, dpi, rng)
        return kind, side
    if kind == "both-felt":
        pen = pen_choice(rng, "felt")
        strokes = mark_strokes(rng, rng.choice(["tick", "fill"]), *boxes[side], pen)
        strokes += mark_strokes(rng, "tick", *boxes[other], pen)
        render_strokes(img, strokes, dpi, rng)
        return kind, "both"
    if kind == "both":
        first = rng.choice(["tick", "cross", "fill", "circle"])
        second = rng.choice(["tick", "cross", "tick"])
        pen = pen_choice(rng, "pen")
        strokes = mark_strokes(rng, first, *boxes[side], pen)
        strokes += mark_strokes(rng, second, *boxes["b" if side == "a" else "a"],
                                pen if rng.random() < 0.7 else pen_choice(rng, "pen"))
        render_strokes(img, strokes, dpi, rng)
        return f"both({first}+{second})", "both"
    penkind = {"pencil": "pencil", "faint": "faint", "marker-tick": "marker"}.get(kind, "pen")
    if kind == "fill" and rng.random() < 0.5:
        penkind = "marker"
    strokes = mark_strokes(rng, kind, *boxes[side], pen_choice(rng, penkind))
    render_strokes(img, strokes, dpi, rng)
    return kind, side if truth == "x" else truth


# ---------------------------------------------------------------- distortions

def bilinear(src, xs, ys, fill):
    """Samples src (H x W x C) at float coordinates; outside the image, fill."""
    h, w = src.shape[:2]
    x0 = np.floor(xs).astype(np.int32)
    y0 = np.floor(ys).astype(np.int32)
    fx = (xs - x0).astype(np.float32)[..., None]
    fy = (ys - y0).astype(np.float32)[..., None]
    inside = (x0 >= 0) & (y0 >= 0) & (x0 < w - 1) & (y0 < h - 1)
    x0c = np.clip(x0, 0, w - 2)
    y0c = np.clip(y0, 0, h - 2)
    a = src[y0c, x0c]
    b = src[y0c, x0c + 1]
    c = src[y0c + 1, x0c]
    d = src[y0c + 1, x0c + 1]
    out = (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy
    return np.where(inside[..., None], out, fill)


def homography(src, dst):
    """3x3 H with H @ src_i ~ dst_i for four point pairs."""
    rows = []
    for (x, y), (u, v) in zip(src, dst):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y, -u])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y, -v])
    _, _, vt = np.linalg.svd(np.array(rows, float))
    return vt[-1].reshape(3, 3) / vt[-1, -1]


def warp(page, out_w, out_h, corners, barrel, fill):
    """The page placed with its corners at `corners` (output pixels), seen through a lens."""
    h, w = page.shape[:2]
    H = homography(corners, [(0, 0), (w, 0), (w, h), (0, h)])  # output -> page
    yy, xx = np.mgrid[0:out_h, 0:out_w].astype(np.float32)
    if barrel:
        cx, cy, r0 = out_w / 2, out_h / 2, math.hypot(out_w, out_h) / 2
        dx, dy = (xx - cx) / r0, (yy - cy) / r0
        f = 1 + barrel * (dx * dx + dy * dy)
        xx, yy = cx + dx * f * r0, cy + dy * f * r0
    den = H[2, 0] * xx + H[2, 1] * yy + H[2, 2]
    xs = (H[0, 0] * xx + H[0, 1] * yy + H[0, 2]) / den
    ys = (H[1, 0] * xx + H[1, 1] * yy + H[1, 2]) / den
    return bilinear(page, xs, ys, fill)


def page_to_scan(geo, dpi, pts):
    """Page points to pixels of the scan as written (the warp's inverse, lens and turn included)."""
    h, w = geo["page"]
    H = homography([(0, 0), (w, 0), (w, h), (0, h)], geo["corners"])
    p = np.asarray(pts, float) * dpi / 72.0
    q = np.c_[p, np.ones(len(p))] @ H.T
    d = q[:, :2] / q[:, 2:]
    W, Hh = geo["size"]
    if geo["barrel"]:
        c = np.array([W / 2, Hh / 2])
        r0 = math.hypot(W, Hh) / 2
        o = d.copy()
        for _ in range(20):
            r2 = (((o - c) / r0) ** 2).sum(1, keepdims=True)
            o = c + (d - c) / (1 + geo["barrel"] * r2)
        d = o
    if geo.get("flipped"):
        d = np.array([W - 1, Hh - 1]) - d
    return d


def smooth_field(rng, h, w, cells, amp):
    small = rng.normal(0, 1, (cells, cells)).astype(np.float32)
    im = Image.fromarray(small, "F").resize((w, h), Image.BICUBIC)
    return 1 + amp * np.asarray(im) / 2.5


def to_uint8(a):
    return np.clip(a * 255 + 0.5, 0, 255).astype(np.uint8)


def degrade_copier(rng, page, dpi):
    h, w = page.shape[:2]
    # the glass is 4 mm wider than the page each side; the page lies skewed and shifted on it
    mm = dpi / 25.4
    ang = math.radians(rng.uniform(-2.0, 2.0))
    sc = rng.uniform(0.98, 1.02)
    tx, ty = rng.uniform(-3, 3) * mm, rng.uniform(-3, 3) * mm
    W, H = int(w + 8 * mm), int(h + 8 * mm)
    c = np.array([w / 2, h / 2])
    pts = np.array([(0, 0), (w, 0), (w, h), (0, h)], float) - c
    R = np.array([[math.cos(ang), -math.sin(ang)], [math.sin(ang), math.cos(ang)]])
    corners = (pts @ R.T) * sc + [W / 2 + tx, H / 2 + ty]
    out = warp(page, W, H, corners, 0.0, np.float32(rng.uniform(0.93, 1.0)))[..., 0]
    h, w = H, W
    paper, black = rng.uniform(0.86, 0.98), rng.uniform(0.05, 0.2)
    out = black + (paper - black) * out
    out = out * smooth_field(rng, h, w, 3, 0.04)
    im = Image.fromarray(to_uint8(out), "L").filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 0.9)))
    out = np.asarray(im, np.float32) / 255 + rng.normal(0, rng.uniform(0.008, 0.02), (h, w)).astype(np.float32)
    return to_uint8(out), dict(corners=corners, barrel=0.0, size=(W, H), page=page.shape[:2])


def crisp(rng, scan):
    """A copier's grey scan with its paper suppressed to white and its ink to black (the contrast
    raised by 0.08-0.15 at either end) and sharpened: little grey is left but the marks'."""
    lift = rng.uniform(0.08, 0.15)
    a = scan.astype(np.float32) / 255
    lo, hi = np.percentile(a, 1) + lift, np.percentile(a, 99) - lift
    a = np.clip((a - lo) / max(hi - lo, 1e-3), 0, 1)
    im = Image.fromarray(to_uint8(a), "L").filter(ImageFilter.UnsharpMask(radius=1.5, percent=80, threshold=2))
    return np.asarray(im)


def table_texture(rng, h, w):
    base = np.array(rng.choice([(0.42, 0.3, 0.2), (0.25, 0.25, 0.27), (0.6, 0.55, 0.48)]), np.float32)
    grain = np.asarray(Image.fromarray(rng.normal(0, 1, (h // 8 + 1, 4)).astype(np.float32), "F")
                       .resize((w, h), Image.BICUBIC))
    return base[None, None, :] * (1 + 0.12 * grain[..., None])


def degrade_phone(rng, page, dpi, lens):
    h, w = page.shape[:2]
    out_w = int(w * rng.uniform(1.12, 1.25))
    out_h = int(out_w * 4 / 3)
    fit = rng.uniform(0.8, 0.9)
    pw, ph = out_w * fit, out_w * fit * h / w
    if ph > out_h * 0.95:
        ph = out_h * 0.95
        pw = ph * w / h
    ang = math.radians(rng.uniform(-8, 8))
    R = np.array([[math.cos(ang), -math.sin(ang)], [math.sin(ang), math.cos(ang)]])
    rect = np.array([(-pw / 2, -ph / 2), (pw / 2, -ph / 2), (pw / 2, ph / 2), (-pw / 2, ph / 2)])
    corners = rect @ R.T + [out_w / 2, out_h / 2]
    corners += rng.uniform(-0.07, 0.07, (4, 2)) * pw
    barrel = rng.uniform(0.01, lens) * rng.choice([-1, 1]) if lens else 0.0
    tex = table_texture(rng, out_h, out_w)
    out = warp(page, out_w, out_h, corners, barrel, np.float32(-1))
    out = np.where(out < 0, tex, out)
    yy, xx = np.mgrid[0:out_h, 0:out_w].astype(np.float32)
    g = rng.uniform(-1, 1, 2)
    light = 1 + rng.uniform(0.1, 0.3) * ((xx / out_w - 0.5) * g[0] + (yy / out_h - 0.5) * g[1])
    vig = 1 - rng.uniform(0.05, 0.2) * (((xx / out_w - 0.5) ** 2 + (yy / out_h - 0.5) ** 2) * 2)
    out = out * (light * vig * rng.uniform(0.78, 0.98))[..., None]
    # a soft shadow: a blurred blob from one edge (a hand or the phone)
    m = Image.new("L", (out_w // 8, out_h // 8), 0)
    d = ImageDraw.Draw(m)
    ex = rng.uniform(0, out_w // 8)
    d.ellipse([ex - out_w / 20, -out_h / 40, ex + out_w / 20 + out_w / 16 * rng.random(), out_h / 8 * rng.uniform(0.3, 0.6)],
              fill=255)
    m = m.filter(ImageFilter.GaussianBlur(out_w / 8 * rng.uniform(0.02, 0.06))).resize((out_w, out_h), Image.BILINEAR)
    if rng.random() < 0.5:
        m = m.transpose(Image.FLIP_TOP_BOTTOM)
    shade = 1 - rng.uniform(0.2, 0.45) * np.asarray(m, np.float32) / 255
    out = out * shade[..., None]
    out = out * np.array([1.0, rng.uniform(0.94, 1.0), rng.uniform(0.82, 0.97)], np.float32)
    im = Image.fromarray(to_uint8(out), "RGB").filter(ImageFilter.GaussianBlur(rng.uniform(0.4, 1.5)))
    out = np.asarray(im, np.float32) / 255 + rng.normal(0, rng.uniform(0.01, 0.03), (out_h, out_w, 1)).astype(np.float32)
    return to_uint8(out), dict(corners=corners, barrel=barrel, size=(out_w, out_h), page=page.shape[:2])


def something_else(rng, w, h):
    """A 'photo' of no worksheet: sky, hills, blobs, grain."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    img = np.zeros((h, w, 3), np.float32)
    img[:] = np.array([0.5, 0.7, 0.95], np.float32) * (1 - 0.4 * yy[..., None] / h)
    horizon = h * 0.5 + h * 0.08 * np.sin(xx[0] / w * 6 + rng.uniform(0, 6))
    img[yy > horizon[None, :]] = (0.25, 0.45, 0.2)
    pil = Image.fromarray(to_uint8(img), "RGB")
    d = ImageDraw.Draw(pil)
    for _ in range(40):
        x, y, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(w / 60, w / 8)
        d.ellipse([x - r, y - r * rng.uniform(0.5, 1.5), x + r, y + r], fill=tuple(int(v) for v in rng.integers(0, 255, 3)))
    for _ in range(12):
        x, y = rng.uniform(0, w, 2), rng.uniform(0, h, 2)
        d.rectangle([min(x), min(y), max(x), max(y)], fill=tuple(int(v) for v in rng.integers(0, 60, 3)))
    pil = pil.filter(ImageFilter.GaussianBlur(1.2))
    a = np.asarray(pil, np.float32) / 255 + rng.normal(0, 0.03, (h, w, 3)).astype(np.float32)
    return to_uint8(a)


# ---------------------------------------------------------------- one class

def rasterise(pdf, dpi, colour, prefix):
    args = ["pdftoppm", "-r", str(dpi), "-png"] + ([] if colour else ["-gray"]) + [pdf, prefix]
    run(args)
    folder = os.path.dirname(prefix)
    base = os.path.basename(prefix)
    files = sorted(f for f in os.listdir(folder) if f.startswith(base + "-") and f.endswith(".png"))
    return [os.path.join(folder, f) for f in sorted(files, key=lambda f: int(f.rsplit("-", 1)[1][:-4]))]


def load(path, colour):
    im = Image.open(path).convert("RGB" if colour else "L")
    a = np.asarray(im, np.float32) / 255
    return a if colour else a[..., None]


def mark_page(rng, path, layout, dpi, colour, truth):
    img = load(path, colour).copy()
    gray = img.mean(axis=2)
    turns = defaultdict(dict)
    for turn, side, letter in layout["letters"]:
        turns[turn][side] = (find_box(gray, letter, dpi), letter)
    for turn in sorted(turns):
        kind, t = draw_turn(rng, img, dpi, turns[turn], MIX)
        truth[(layout["code"], turn)] = (kind, t, turns[turn]["a"][0], turns[turn]["b"][0])
    return img


def run_class(args, k, binary, work):
    profiles = args.profiles.split(",")
    dpis = [int(d) for d in args.dpis.split(",")]
    profile = profiles[k % len(profiles)]
    dpi = dpis[(k // len(profiles)) % len(dpis)]
    rng = np.random.default_rng([args.seed, k])
    folder = os.path.join(work, f"class-{k:03d}")
    if os.path.exists(folder):
        shutil.rmtree(folder)
    os.makedirs(folder)
    names = list(rng.permutation(SCRIPT_NAMES if args.names == "scripts" else NAMES)[:args.students])
    seed = int(rng.integers(1, 10 ** 6))
    style = shlex.split(args.shapes)
    pdf, key, sheets = print_class(binary, os.path.join(folder, "print"), names, seed, args.turns, style)
    other_pdf, _, _ = print_class(binary, os.path.join(folder, "other"), names[:2], seed + 1, args.turns, style)
    single = os.path.join(folder, "other", "single.pdf")
    run([binary, "worksheet", "--turns", str(args.turns), "--seed", str(seed), "--out", single,
         "--answer-key", "none", "--quiet", *style])
    colour = profile.startswith("phone")
    layouts = page_layouts(pdf)
    pngs = rasterise(pdf, dpi, colour, os.path.join(folder, "print", "r"))
    truth = {}
    pages = []  # (array, label) with label ("sheet", code, page) or ("mixed", what)
    for path, layout in zip(pngs, layouts):
        if layout is None:
            if not profile.startswith("phone"):
                pages.append((load(path, colour), ("mixed", "blank back")))
            continue
        pages.append((mark_page(rng, path, layout, dpi, colour, truth), ("sheet", layout["code"], layout["page"])))
    other_layouts = page_layouts(other_pdf)
    other_pngs = rasterise(other_pdf, dpi, colour, os.path.join(folder, "other", "r"))
    for path, layout in zip(other_pngs, other_layouts):
        if layout is not None and layout["page"] == 1:
            pages.append((mark_page(rng, path, layout, dpi, colour, {}), ("mixed", "other class")))
            break
    single_png = rasterise(single, dpi, colour, os.path.join(folder, "other", "s"))[0]
    pages.append((mark_page(rng, single_png, page_layouts(single)[0], dpi, colour, {}), ("mixed", "single worksheet")))
    h, w = pages[0][0].shape[:2]
    pages.append((np.ones((h, w, 3 if colour else 1), np.float32), ("mixed", "blank sheet")))
    # the same page scanned twice: its second copy may be read only if the first was not
    dup = next(i for i, p in enumerate(pages) if p[1][0] == "sheet")
    pages.append((pages[dup][0], ("dup",) + pages[dup][1][1:]))

    order = rng.permutation(len(pages))
    scans = []
    manifest = []
    geos = []
    for n, i in enumerate(order):
        page, label = pages[i]
        if profile.startswith("phone"):
            out, geo = degrade_phone(rng, page, dpi, args.lens if profile == "phone-lens" else 0.0)
        else:
            out, geo = degrade_copier(rng, page, dpi)
            if profile == "copier-pdf-crisp":
                out = crisp(rng, out)
        if rng.random() < 0.15:
            out = np.ascontiguousarray(out[::-1, ::-1])
            geo["flipped"] = True
        scans.append(out)
        manifest.append(label)
        geos.append(geo)
    photo = something_else(rng, *(scans[0].shape[1], scans[0].shape[0]))
    if not profile.startswith("phone"):
        photo = photo.mean(axis=2).astype(np.uint8)
    at = int(rng.integers(0, len(scans) + 1))
    scans.insert(at, photo)
    manifest.insert(at, ("mixed", "photo of something else"))
    geos.insert(at, None)

    files, where, written = write_scans(rng, profile, scans, dpi, folder)
    return dict(profile=profile, dpi=dpi, folder=folder, key=key, sheets=sheets, truth=truth,
                files=files, where=where, manifest=manifest, geos=geos, written=written)


def write_scans(rng, profile, scans, dpi, folder):
    """Writes the pages as the profile's files; returns files and each page's (file, page)."""
    out = os.path.join(folder, "scans")
    os.makedirs(out)
    where = []
    files = []
    written = []
    if profile.startswith("phone"):
        for i, a in enumerate(scans):
            q = int(rng.integers(40, 86))
            if i % 9 == 4:
                name = os.path.join(out, f"IMG_{i:04d}.png")
                Image.fromarray(a).save(name)
            else:
                name = os.path.join(out, f"IMG_{i:04d}.jpg")
                Image.fromarray(a).save(name, quality=q)
            files.append(name)
            where.append((name, 1))
            written.append(name)
        return files, where, written
    if profile in ("copier-pdf", "copier-pdf-crisp"):
        # two PDFs of grey JPEG page images, as a copier writes them
        half = len(scans) // 2
        for part, chunk in ((1, scans[:half]), (2, scans[half:])):
            name = os.path.join(out, f"copier-{part}.pdf")
            ims = []
            for a in chunk:
                buf = io.BytesIO()
                Image.fromarray(a).save(buf, "JPEG", quality=int(rng.integers(40, 86)))
                ims.append(Image.open(io.BytesIO(buf.getvalue())))
            ims[0].save(name, "PDF", save_all=True, append_images=ims[1:], resolution=float(dpi))
            files.append(name)
            where += [(name, i + 1) for i in range(len(chunk))]
            written += ims
        return files, where, written
    if profile in ("copier-g4", "copier-g4pdf", "copier-dither"):
        # a copier's black-and-white mode: every page thresholded at 136-160 (or dithered by
        # Floyd-Steinberg), as one G4 TIFF or as a PDF of 1-bit G4 page images (img2pdf)
        ims = []
        for a in scans:
            im = Image.fromarray(a)
            if profile == "copier-dither":
                ims.append(im.convert("1"))
            else:
                t = int(rng.integers(136, 161))
                ims.append(im.point(lambda v, t=t: 255 if v > t else 0).convert("1", dither=Image.Dither.NONE))
        if profile == "copier-g4pdf":
            parts = []
            for im in ims:
                buf = io.BytesIO()
                im.save(buf, "TIFF", compression="group4", dpi=(dpi, dpi))
                parts.append(buf.getvalue())
            name = os.path.join(out, "copier-bw.pdf")
            try:
                import img2pdf
                with open(name, "wb") as f:
                    f.write(img2pdf.convert(parts))
            except ImportError:  # Pillow's own writer, when img2pdf is not installed
                ims[0].save(name, "PDF", save_all=True, append_images=ims[1:], resolution=float(dpi))
        else:
            name = os.path.join(out, "copier.tif")
            ims[0].save(name, compression="group4", save_all=True, append_images=ims[1:], dpi=(dpi, dpi))
        files.append(name)
        where += [(name, i + 1) for i in range(len(ims))]
        return files, where, ims
    if profile in ("copier-bw-grey", "copier-dither-grey"):
        # a 1-bit copy that reaches the reader in grey: thresholded at 136-160 (or dithered), then
        # written as a grey JPEG of quality 50-90 in a PDF (a copier's black-and-white mode saved
        # as JPEG), as that JPEG of the page scaled by 0.7-1.3, or as a grey PNG scaled by 0.7-1.3
        # (a phone app's black-and-white "scan"). The truth is read on the 1-bit page.
        ims = []
        pdf_pages = []
        name = os.path.join(out, "copier-bw.pdf")
        for i, a in enumerate(scans):
            t = int(rng.integers(136, 161))
            if profile == "copier-dither-grey":
                bw = Image.fromarray(a).convert("1")
            else:
                bw = Image.fromarray(a).point(lambda v, t=t: 255 if v > t else 0).convert("1", dither=Image.Dither.NONE)
            ims.append(bw)
            grey = bw.convert("L")
            if i % 3 != 0:
                f = float(rng.uniform(0.7, 1.3))
                grey = grey.resize((max(1, round(bw.width * f)), max(1, round(bw.height * f))),
                                   Image.Resampling.BILINEAR)
            if i % 3 == 2:
                png = os.path.join(out, f"app-{i:04d}.png")
                grey.save(png)
                files.append(png)
                where.append((png, 1))
                continue
            buf = io.BytesIO()
            grey.save(buf, "JPEG", quality=int(rng.integers(50, 91)))
            pdf_pages.append((buf.getvalue(), grey.width, grey.height))
            where.append((name, len(pdf_pages)))
        with open(name, "wb") as f:
            f.write(jpeg_pdf(pdf_pages, dpi))
        files.insert(0, name)
        return files, where, ims
    # copier-tiff: 1-bit G4, half the pages thresholded, half dithered (Floyd-Steinberg)
    ims = []
    for a in scans:
        im = Image.fromarray(a)
        if rng.random() < 0.5:
            t = int(rng.uniform(0.5, 0.65) * 255)
            ims.append(im.point(lambda v, t=t: 255 if v > t else 0).convert("1", dither=Image.Dither.NONE))
        else:
            ims.append(im.convert("1"))
    name = os.path.join(out, "copier.tif")
    ims[0].save(name, compression="group4", save_all=True, append_images=ims[1:], dpi=(dpi, dpi))
    files.append(name)
    where += [(name, i + 1) for i in range(len(ims))]
    return files, where, ims


def jpeg_pdf(pages, dpi):
    """A PDF of grey JPEG images, one filling each page, at `dpi`: written by hand, as the images
    are JPEG bytes already."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", None]
    kids = []
    for jpeg, w, h in pages:
        pw, ph = w * 72 / dpi, h * 72 / dpi
        image = len(objects) + 1
        objects.append(b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray "
                       b"/BitsPerComponent 8 /Filter /DCTDecode /Length %d >>\nstream\n" % (w, h, len(jpeg))
                       + jpeg + b"\nendstream")
        content = b"q %.3f 0 0 %.3f 0 0 cm /Im0 Do Q" % (pw, ph)
        objects.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        kids.append(len(objects) + 1)
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.3f %.3f] /Resources << /XObject "
                       b"<< /Im0 %d 0 R >> >> /Contents %d 0 R >>" % (pw, ph, image, image + 1))
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % k for k in kids), len(kids))
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for n, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % n + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


# ---------------------------------------------------------------- reading and comparing

def review_pages(index):
    h = open(index, encoding="utf-8").read()
    body = h[h.find('<section id="pages">'):]
    rows = []
    for tr in re.findall(r"<tr class=\"([^\"]*)\">(.*?)</tr>", body, re.S):
        cells = [html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", tr[1], re.S)]
        rows.append((tr[0], cells))
    return rows


def scan_name(path, page, multipage):
    return f"{path} page {page}" if multipage and path.lower().endswith((".pdf", ".tif", ".tiff")) else path


def check_class(args, binary, c, tally, review_dir=None):
    folder = c["folder"]
    responses = os.path.join(folder, "read.csv")
    gradebook = os.path.join(folder, "gradebook.csv")
    review = review_dir or os.path.join(folder, "review")
    cmd = [binary, "scan"] + c["files"] + ["--key", c["key"], "--json", "--csv", gradebook,
                                           "--responses", responses, "--review", review]
    timing = os.path.join(folder, "time.txt")
    p = subprocess.run(["/usr/bin/time", "-f", "%M %U %S %e", "-o", timing] + cmd, capture_output=True, text=True)
    t = tally
    rss, user, system, wall = open(timing).read().split()[-4:]
    t["peak KB (max)"] = max(t["peak KB (max)"], int(rss))
    t["cpu ms"] += int(1000 * (float(user) + float(system)))
    t["wall ms"] += int(1000 * float(wall))
    t["classes"] += 1
    t[f"status {p.returncode}"] += 1
    with open(os.path.join(folder, "stderr.txt"), "w") as f:
        f.write(p.stderr)
    if p.returncode not in (0, 65):
        t["scan failed"] += 1
        print(f"{folder}: scan exited {p.returncode}: {p.stderr.strip()[:300]}", file=sys.stderr)
        return
    gb = json.loads(p.stdout)
    read = {}
    with open(responses, newline="") as f:
        for r in csv.DictReader(f):
            read[(r["sheet"], int(r["turn"]))] = (r["choice"], r["flag"], r["student"])
    # pages: the review's table against what each page was
    multipage = not c["profile"].startswith("phone")
    rows = {cells[0]: (cls, cells) for cls, cells in review_pages(os.path.join(review, "index.html"))}
    reads = Counter()
    stderr = p.stderr
    for (path, page), label in zip(c["where"], c["manifest"]):
        name = scan_name(path, page, multipage)
        cls, cells = rows.get(name, ("missing", []))
        assigned = cls == "read"
        t["pages"] += 1
        if label[0] == "mixed":
            t["mixed-in pages"] += 1
            if assigned:
                t["MIXED-IN PAGE ASSIGNED"] += 1
                print(f"{folder}: {name} ({label[1]}) was assigned to {cells}", file=sys.stderr)
            elif cls == "skipped":
                t["mixed-in: skipped as blank"] += 1
            else:
                t["mixed-in: refused"] += 1
                if name not in stderr:
                    t["refused page not named on stderr"] += 1
            continue
        code, pg = label[1], label[2]
        if assigned:
            reads[(code, pg)] += 1
            if cells[1] != code or cells[2] != str(pg) or cells[3] != c["sheets"][code]["student"]:
                t["PAGE TO A WRONG SHEET OR PAGE"] += 1
                print(f"{folder}: {name} is {code} p{pg} but was read as {cells[1:4]}", file=sys.stderr)
        else:
            reads[(code, pg)] += 0
            reason = cells[-1] if cells else "not in the review"
            key = "the copy scanned twice, not read" if label[0] == "dup" else "class page not read"
            t[f"{key}: " + re.sub(r"\d+", "N", reason)[:70]] += 1
            if name not in stderr:
                t["refused page not named on stderr"] += 1
    refused_sheet_pages = {k for k, n in reads.items() if n == 0}
    if c["profile"] in ("copier-tiff", "copier-g4", "copier-g4pdf", "copier-dither", "copier-bw-grey",
                        "copier-dither-grey"):
        notes = [l for l in stderr.splitlines() if l.startswith("shapeturns: note:")]
        page_notes = re.findall(r'<p class="advice">(.*?)</p>', open(os.path.join(review, "index.html"),
                                                                      encoding="utf-8").read(), re.S)
        json_notes = json.dumps(gb.get("scanNotes", []), ensure_ascii=False)
        for code in {lab[1] for lab in c["manifest"] if lab[0] == "sheet" and reads.get((lab[1], lab[2]))}:
            who = c["sheets"][code]["student"]
            t["1-bit students"] += 1
            if not any(who in l for l in notes):
                t["1-BIT STUDENT NOT NAMED ON STDERR"] += 1
            if not any(who in html.unescape(l) for l in page_notes):
                t["1-BIT STUDENT NOT NAMED ON THE REVIEW PAGE"] += 1
            if who not in json_notes:
                t["1-BIT STUDENT NOT NAMED IN THE JSON"] += 1
    t["class pages"] += len(reads)
    t["class pages read"] += sum(1 for n in reads.values() if n)
    t["A PAGE READ TWICE"] += sum(1 for n in reads.values() if n > 1)
    # turns
    for (code, turn), (kind, truth, _, _) in sorted(c["truth"].items()):
        got = read.get((code, turn))
        page_of_turn = (turn - 1) // 8 + 1
        if (code, page_of_turn) in refused_sheet_pages:
            t["turns on refused pages"] += 1
            continue
        if got is None:
            t["TURN MISSING FROM RESPONSES"] += 1
            continue
        choice, flag, student = got
        if student != c["sheets"][code]["student"]:
            t["TURN UNDER A WRONG STUDENT"] += 1
        base = kind.split("(")[0]
        t["turns"] += 1
        t[f"kind {base}"] += 1
        if truth in ("a", "b", "blank"):
            t["clear"] += 1
        if truth in ("a", "b"):
            if flag:
                t["clear flagged"] += 1
                t[f"flagged {base}"] += 1
                t[f"reason: {reason_of(flag)} | {base}"] += 1
            elif choice != truth:
                if misread(args, c, code, turn, kind, truth, got):
                    t["mark not in the file (1-bit: under 3 black pixels in the box; grey: under 2% dark), read as blank"] += 1
                    t[f"not in the file: {base}"] += 1
                else:
                    t["WRONG UNFLAGGED"] += 1
                    t[f"WRONG {base}: {truth} read as {choice or 'blank'}"] += 1
            else:
                t["clear right"] += 1
        elif truth == "blank":
            if flag:
                t["clear flagged"] += 1
                t[f"flagged {base}"] += 1
                t[f"reason: {reason_of(flag)} | {base}"] += 1
            elif choice:
                t["WRONG UNFLAGGED"] += 1
                t[f"WRONG blank read as {choice}"] += 1
                misread(args, c, code, turn, kind, truth, got)
            else:
                t["clear right"] += 1
        elif truth == "both":
            if flag:
                t["both flagged"] += 1
            else:
                t["WRONG UNFLAGGED"] += 1
                t[f"WRONG both read as {choice or 'blank'}"] += 1
                misread(args, c, code, turn, kind, truth, got)
        elif truth == "faint":
            if flag:
                t["faint flagged"] += 1
            elif not choice:
                t["faint read as blank"] += 1
            else:
                t["faint read as a choice"] += 1
    # the gradebook: each student's correct/wrong/blank as the responses read give them
    for st in gb["students"]:
        code = st["sheet"]
        key = c["sheets"][code]["answers"]
        right = wrong = blank = 0
        for turn in range(1, len(key) + 1):
            choice = read.get((code, turn), ("", "", ""))[0]
            if not choice:
                blank += 1
            elif choice == key[turn - 1]:
                right += 1
            else:
                wrong += 1
        if (st["correct"], st["wrong"], st["blank"]) != (right, wrong, blank):
            t["GRADEBOOK DIFFERS FROM RESPONSES"] += 1
    t["students in gradebook"] += len(gb["students"])
    # and score --class reads the responses back to the same gradebook, byte for byte
    # (when a page was not read, its turns are "not read" in the responses, and score --class
    # refuses them, 65 and one line, until the review decides them: no gradebook then)
    again = os.path.join(folder, "gradebook-from-score.csv")
    scored = subprocess.run([binary, "score", "--key", c["key"], "--class", responses, "--csv", again],
                            capture_output=True, text=True)
    with open(responses, newline="") as f:
        unread = any(row.get("flag", "").startswith("not read") for row in csv.DictReader(f))
    if unread:
        if scored.returncode != 65 or os.path.exists(again) or len(scored.stderr.strip().splitlines()) != 1:
            t["score --class DID NOT REFUSE TURNS NOT READ"] += 1
        else:
            t["score --class refused turns not read (65, one line)"] += 1
    elif not os.path.exists(again) or open(again, "rb").read() != open(gradebook, "rb").read():
        t["GRADEBOOK NOT THE SAME AS score --class"] += 1


def reason_of(flag):
    """A flag's reason, shortened to its kind."""
    return re.sub(r"\d+", "N", flag)[:60]


def ink_in_file(c, i, box):
    """The share of a box's inside (2.5 pt in from its frame) darker than 0.8 of the paper
    around it, in the page as written, and whether the page is 1-bit: is a mark still in the file
    at all?"""
    im = c["written"][i]
    im = Image.open(im) if isinstance(im, str) else im
    a = np.asarray(im.convert("L"), np.float32)
    bx0, by0, bx1, by1 = box
    inner = page_to_scan(c["geos"][i], c["dpi"], [(bx0 + 2.5, by0 + 2.5), (bx1 - 2.5, by1 - 2.5)])
    outer = page_to_scan(c["geos"][i], c["dpi"], [(bx0 - 6, by0 - 6), (bx1 + 6, by1 + 6)])
    x0, y0 = np.floor(inner.min(0)).astype(int)
    x1, y1 = np.ceil(inner.max(0)).astype(int)
    X0, Y0 = np.floor(outer.min(0)).astype(int)
    X1, Y1 = np.ceil(outer.max(0)).astype(int)
    paper = np.percentile(a[max(Y0, 0):Y1, max(X0, 0):X1], 90)
    core = a[max(y0, 0):y1, max(x0, 0):x1]
    bilevel = im.mode == "1"
    return (float((core < 0.8 * paper).mean()) if core.size else 0.0), bilevel, int((core < 0.8 * paper).sum())


def still_in_file(ink):
    """A 1-bit page keeps a mark when any 3 of its pixels inside the box survived the threshold; a
    grey one when 2% of the box's inside is dark."""
    share, bilevel, count = ink
    return count >= 3 if bilevel else share >= 0.02


def misread(args, c, code, turn, kind, truth, got):
    """Names the misread on stderr and, with --keep-failures, saves the two boxes as written.
    Returns whether the drawn mark is still in the file (for a mark read as a blank)."""
    page = (turn - 1) // 8 + 1
    i = next(i for i, lab in enumerate(c["manifest"]) if lab == ("sheet", code, page))
    path, pno = c["where"][i]
    _, _, box_a, box_b = c["truth"][(code, turn)]
    ink = {"a": ink_in_file(c, i, box_a), "b": ink_in_file(c, i, box_b)}
    line = (f"{path} page {pno}: sheet {code} page {page} turn {turn}: drew {kind} ({truth}), "
            f"read {got[0] or 'blank'} {got[1]!r}; dark share inside the boxes in the file: "
            f"A {ink['a'][0]:.1%}, B {ink['b'][0]:.1%}")
    print(line, file=sys.stderr)
    c.setdefault("misreads", []).append(line)
    gone = truth in ("a", "b") and not got[0] and not still_in_file(ink[truth])
    if args.keep_failures:
        save_crop(args, c, i, code, turn, box_a, box_b)
    return gone


def save_crop(args, c, i, code, turn, box_a, box_b):
    corners = [(box_a[0] - 20, box_a[1] - 25), (box_b[2] + 25, box_b[1] - 25),
               (box_b[2] + 25, box_b[3] + 15), (box_a[0] - 20, box_a[3] + 15)]
    q = page_to_scan(c["geos"][i], c["dpi"], corners)
    im = c["written"][i]
    im = Image.open(im) if isinstance(im, str) else im
    crop = im.convert("L").crop((int(q[:, 0].min()), int(q[:, 1].min()), int(q[:, 0].max()) + 1, int(q[:, 1].max()) + 1))
    if c["geos"][i].get("flipped"):
        crop = crop.rotate(180)
    dest = os.path.join(args.keep_failures, os.path.basename(c["folder"]))
    os.makedirs(dest, exist_ok=True)
    crop.resize((crop.width * 3, crop.height * 3), Image.NEAREST).save(
        os.path.join(dest, f"misread-{code}-turn{turn:02d}.png"))


def summarise(args, by):
    """Writes WORK/summary.json (after every class, so a stopped run still has its figures)."""
    total = Counter()
    for v in by.values():
        total.update(v)
    summary = {f"{p} {d}": dict(v) for (p, d), v in sorted(by.items())}
    total["peak KB (max)"] = max((v.get("peak KB (max)", 0) for v in by.values()), default=0)
    summary["total"] = dict(total)
    with open(os.path.join(args.work, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1, sort_keys=True)
    return summary, total


BAD = ["WRONG UNFLAGGED", "score --class DID NOT REFUSE TURNS NOT READ", "1-BIT STUDENT NOT NAMED ON STDERR", "1-BIT STUDENT NOT NAMED ON THE REVIEW PAGE",
       "1-BIT STUDENT NOT NAMED IN THE JSON", "GRADEBOOK NOT THE SAME AS score --class", "PAGE TO A WRONG SHEET OR PAGE", "MIXED-IN PAGE ASSIGNED", "A PAGE READ TWICE",
       "TURN UNDER A WRONG STUDENT", "GRADEBOOK DIFFERS FROM RESPONSES", "scan failed"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--classes", type=int, default=3)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--students", type=int, default=10)
    ap.add_argument("--turns", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profiles", default="copier-pdf,copier-tiff,phone")
    ap.add_argument("--dpis", default="150,200,300")
    ap.add_argument("--lens", type=float, default=0.03,
                    help="phone-lens: barrel distortion k up to this (r normalised to the half-diagonal)")
    ap.add_argument("--marks", choices=["classic", "trial"], default="classic",
                    help="classic: the first mix of marks; trial: issue 44's pens (felt, HB and light pencil, "
                         "orange and pink felt, erasures, doodles, specks, double marks in felt)")
    ap.add_argument("--names", choices=["latin", "scripts"], default="latin",
                    help="the rosters' names: latin, or in many scripts (Chinese, Japanese, Korean, Arabic, "
                         "Hebrew, Cyrillic, Greek, Devanagari, Latin with diacritics)")
    ap.add_argument("--shapes", default="",
                    help="worksheet options for the shapes, as one string: --shapes '--fill black' or "
                         "'--no-fill --outline black' (with copier-pdf-crisp: a grey scan with little grey)")
    ap.add_argument("--keep-failures", default=None, help="copy a failing class's folder here")
    ap.add_argument("--reuse", action="store_true",
                    help="keep each class's pages (WORK/class-K.pickle and its folder) and read them again on "
                         "the next run instead of drawing them: the same pages through another build")
    ap.add_argument("--keep", action="store_true", help="keep every class's folder, with its truth.json")
    args = ap.parse_args()
    binary = os.path.abspath(args.bin)
    global MIX
    MIX = TRIAL_MARKS if args.marks == "trial" else MARKS
    os.makedirs(args.work, exist_ok=True)
    by = defaultdict(Counter)
    for k in range(args.first, args.first + args.classes):
        cached = os.path.join(args.work, f"class-{k:03d}.pickle")
        if args.reuse and os.path.exists(cached):
            with open(cached, "rb") as f:
                c = pickle.load(f)
        else:
            c = run_class(args, k, binary, args.work)
            if args.reuse:
                with open(cached, "wb") as f:
                    pickle.dump(c, f)
        t = by[(c["profile"], c["dpi"])]
        check_class(args, binary, c, t)
        print(f"class {k} {c['profile']} {c['dpi']} dpi: {dict((n, v) for n, v in t.items() if v)}", file=sys.stderr, flush=True)
        kept = []
        if c.get("misreads") and args.keep_failures:
            dest = os.path.join(args.keep_failures, os.path.basename(c["folder"]))
            shutil.copytree(c["folder"], dest, ignore=shutil.ignore_patterns("r-*.png", "s-*.png"),
                            dirs_exist_ok=True)
            kept.append(dest)
        if args.keep:
            kept.append(c["folder"])
        for dest in kept:
            with open(os.path.join(dest, "truth.json"), "w") as f:
                json.dump({f"{a} {b}": v[:2] for (a, b), v in sorted(c["truth"].items())}, f, indent=1)
        if not args.keep and not args.reuse and not c.get("misreads"):
            shutil.rmtree(c["folder"])
        summary, total = summarise(args, by)
    for name, v in summary.items():
        print(f"{name}: " + ", ".join(f"{k}={n}" for k, n in sorted(v.items()) if n))
    print(f"{'profile':22} {'pages read':>10} {'wrong unflagged':>15} {'clear flagged':>18} {'peak MB':>8} {'pages/s (cpu)':>13}")
    for name, v in summary.items():
        wrong = sum(n for k, n in v.items() if k.startswith("WRONG") and k != "WRONG UNFLAGGED")
        clear = v.get("clear", 0)
        flagged = v.get("clear flagged", 0)
        rate = v.get("class pages read", 0) / (v["cpu ms"] / 1000) if v.get("cpu ms") else 0
        print(f"{name:22} {v.get('class pages read', 0):>10} {v.get('WRONG UNFLAGGED', 0):>15} "
              f"{flagged:>6}/{clear:<5} {100 * flagged / max(clear, 1):4.1f}% {v.get('peak KB (max)', 0) / 1024:>8.0f} "
              f"{rate:>13.2f}")
    failed = [k for k in BAD if total.get(k)] + [k for k in total if k.startswith("WRONG") and total[k]]
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
