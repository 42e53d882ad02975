#!/usr/bin/env python3
"""The teacher's whole loop through `shapeturns scan`, checked from outside: print a class, fill
its sheets, ruin one page, scan the folder of pages with --review, decide every turn the review
page asks about in headless Chromium from what is on the paper, save the responses, score them,
and compare the final gradebook with the truth.

It draws the marks with scan-outside-check.py's pens (written apart from the project), works out
each turn's right answer from the key's own PDF text (`pdftotext` of class-key.pdf, not the
project's reader), and computes the true gradebook itself: correct, wrong and blank per student,
a double mark counting as a blank (the teacher's ruling on the review page). Prints JSON:

  {"scan": {"status", "stderr"},               # the scan of the folder
   "raw": {"status", "stderr"},                # score --class on scan's own --responses file
   "review": {"missing": [...], "summary", "asked": N, "downloaded": bool, "errors": [...]},
   "final": {"status", "stderr", "gradebook": {student: [correct, wrong, blank]}},
   "truth": {student: [correct, wrong, blank]},
   "ruined": "scans/…"}                         # the page made unreadable, and whose it was

Usage: scan-loop-check.py --bin SHAPETURNS --work DIR [--seed N] [--students N] [--turns N]
"""
import argparse
import csv
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys

import numpy as np
from PIL import Image, ImageFilter

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("outside", os.path.join(HERE, "scan-outside-check.py"))
outside = importlib.util.module_from_spec(spec)
spec.loader.exec_module(outside)
# Clear pen marks, blanks and double marks: what a careful teacher reads the same way every time.
outside.MARKS = [("tick", "x", 22), ("cross", "x", 9), ("fill", "x", 7), ("circle", "x", 5),
                 ("both", "both", 6), ("blank", "blank", 15)]

NAMES = ["Maria Santos", "Ingrid Øvergaard", "Ben Okafor", "Wen Li"]


def key_answers(key_pdf):
    """{sheet code: {turn: 'a' or 'b'}} from the key PDF's text: `Sheet CODE`, then `N: A` pairs."""
    text = subprocess.run(["pdftotext", "-layout", key_pdf, "-"], check=True, capture_output=True,
                          text=True).stdout
    answers = {}
    sheet = None
    for found in re.finditer(r"Sheet\s+([0-9A-Z]{4}-[0-9A-Z]{4})|(?<![\w.])(\d{1,3}):\s+([AB])\b", text):
        if found.group(1):
            sheet = answers.setdefault(found.group(1), {})
        elif sheet is not None:
            sheet.setdefault(int(found.group(2)), found.group(3).lower())
    return answers


def gradebook(path):
    with open(path, newline="", encoding="utf-8") as f:
        return {r["student"]: [int(r["correct"]), int(r["wrong"]), int(r["blank"])] for r in csv.DictReader(f)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--students", type=int, default=4)
    ap.add_argument("--turns", type=int, default=12)
    ap.add_argument("--dpi", type=int, default=150)
    args = ap.parse_args()
    if os.sep in args.bin:
        args.bin = os.path.abspath(args.bin)
    args.work = os.path.abspath(args.work)
    rng = np.random.default_rng(args.seed)
    work = args.work
    if os.path.exists(work):
        shutil.rmtree(work)
    os.makedirs(work)
    names = NAMES[:args.students]
    pdf, key, sheets = outside.print_class(args.bin, os.path.join(work, "print"), names, args.seed, args.turns)
    answers = key_answers(key)
    layouts = outside.page_layouts(pdf)
    pngs = outside.rasterise(pdf, args.dpi, False, os.path.join(work, "print", "r"))
    truth = {}
    pages = []
    for path, layout in zip(pngs, layouts):
        if layout is not None:
            pages.append((outside.mark_page(rng, path, layout, args.dpi, False, truth), layout))
    scans = os.path.join(work, "scans")
    os.makedirs(scans)
    # The second student's first page is photographed ruined: cut to its middle, no corner left.
    ruined_at = next(i for i, (_, layout) in enumerate(pages)
                     if layout["page"] == 1 and sheets[layout["code"]]["student"] == names[1])
    ruined = None
    for n, (page, layout) in enumerate(pages):
        out, _ = outside.degrade_copier(rng, page, args.dpi)
        if n == ruined_at:
            h, w = out.shape
            out = out[h // 4: 3 * h // 4, w // 5: 4 * w // 5]
            name = os.path.join(scans, "IMG_ruined.jpg")
            Image.fromarray(out).filter(ImageFilter.GaussianBlur(1.5)).save(name, quality=60)
            ruined = name
        else:
            Image.fromarray(out).save(os.path.join(scans, f"scan-{n + 1:03d}.png"))
    with open(os.path.join(scans, "notes.txt"), "w") as f:
        f.write("not a scan\n")

    def run(cmd):
        p = subprocess.run(cmd, capture_output=True, text=True, cwd=work)
        return {"status": p.returncode, "stderr": p.stderr}

    result = {"ruined": os.path.relpath(ruined, work) + " (" + names[1] + ", page 1)"}
    result["scan"] = run([args.bin, "scan", "scans", "--key", key, "--responses", "read.csv", "--review", "review"])
    result["raw"] = run([args.bin, "score", "--key", key, "--class", "read.csv"])

    # The teacher's decisions: what each child marked on the paper; a double mark is a blank.
    decisions = {}
    for (code, turn), (_, t, _, _) in truth.items():
        decisions[f"{code}/{turn}"] = t if t in ("a", "b") else ""
    with open(os.path.join(work, "decide.json"), "w") as f:
        json.dump(decisions, f)
    page = subprocess.run([sys.executable, os.path.join(HERE, "review-in-browser.py"),
                           os.path.join(work, "review", "index.html"), os.path.join(work, "decide.json")],
                          capture_output=True, text=True)
    if page.returncode != 0:
        result["review"] = {"errors": ["review-in-browser.py: " + page.stderr[-2000:]]}
        print(json.dumps(result))
        return
    seen = json.loads(page.stdout)
    result["review"] = {"missing": seen["missing"], "summary": seen["summary"], "asked": len(seen["flagged"]),
                        "downloaded": seen["downloaded"] is not None, "errors": seen["errors"],
                        "progress": seen["progress"]}
    with open(os.path.join(work, "corrected-responses.csv"), "w", encoding="utf-8") as f:
        f.write(seen["downloaded"] or "")
    final = run([args.bin, "score", "--key", key, "--class", "corrected-responses.csv", "--csv", "final.csv"])
    final["gradebook"] = gradebook(os.path.join(work, "final.csv")) if final["status"] == 0 else {}
    result["final"] = final

    expected = {}
    for code, sheet in sheets.items():
        counts = [0, 0, 0]
        for turn in range(1, args.turns + 1):
            _, t, _, _ = truth[(code, turn)]
            if t not in ("a", "b"):
                counts[2] += 1
            elif answers.get(code, {}).get(turn) == t:
                counts[0] += 1
            else:
                counts[1] += 1
        expected[sheet["student"]] = counts
    result["truth"] = expected
    result["keyTurnsFound"] = sum(len(v) for v in answers.values())
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()
