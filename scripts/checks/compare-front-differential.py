#!/usr/bin/env python3
"""Differential check of the `shapeturns` front binary against the full `shapeturns-cli`.

The front answers plain pair-mode `compare` itself and execs the full binary for everything
else, so for every argument vector both must give the same stdout bytes, stderr bytes, exit
status and files. This script checks that from outside, knowing only `compare --help` and
docs/compare.md:

1. builds a corpus in WORK/corpus with Pillow (PNG pairs at 1x1 .. 512x512, RGBA, RGB, grey,
   palette, 16-bit, Adam7, anti-aliased, semi-transparent, different sizes; JPEG and WebP;
   broken files; two folders; names with spaces, é, 王, a leading '-', a non-UTF-8 byte; a
   symlink, a hard link, a directory, a missing path, an earlier diff image ShapeTurns wrote);
2. generates seeded argument vectors: about half plain valid pair compares with 0-3 simple
   options (the front's own case), the rest anything goes (every option of `compare --help`
   plus the hidden --pixel-budget and --rules, junk and edge values, both `--opt=v` and
   `--opt v`, repeats, `--`, extra or missing positionals, help, version, other commands);
3. runs each vector with FRONT and then FULL, each in WORK/run reset to the corpus (same path, so
   messages match), stdin /dev/null, 60 s timeout, and compares status, stdout, stderr and the
   folder's files (paths, kinds, modes, bytes). Run timestamps in JUnit files and reports, and
   the CRCs that records of such files hold, are normalised: the docs say they change per run;
4. adds cases with stdout on /dev/full, on /dev/null and closed, and non-UTF-8 arguments.

Usage:
  PY=$(bash scripts/python-env)
  $PY scripts/checks/compare-front-differential.py --front PATH/shapeturns \
      --full PATH/shapeturns-cli --work /tmp/cfd [--cases 600] [--seed 1] [--case N]
Exit 0 and "N cases, 0 differences" when all agree, else 1 and up to 20 differences.
"""

import argparse
import os
import random
import re
import shlex
import shutil
import signal
import struct
import subprocess
import sys
import zlib

import numpy as np
from PIL import Image, ImageDraw

SIZES = [(1, 1), (7, 5), (64, 64), (300, 200), (512, 512)]
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
NON_UTF8 = b"caf\xff.png"
HARD_LINKS = [("hard.png", "s64x64-a.png")]  # made after each reset: copies lose hard links


# ---------------------------------------------------------------- corpus

def write_png(path, arr, interlace=False):
    """A PNG from a numpy array (uint8 or uint16; 1-4 channels), Adam7 if asked (Pillow can't)."""
    arr = np.asarray(arr)
    h, w = arr.shape[:2]
    c = 1 if arr.ndim == 2 else arr.shape[2]
    depth = 16 if arr.dtype == np.uint16 else 8
    a = arr.reshape(h, w, c).astype(">u2" if depth == 16 else "u1")
    raw = b"".join(b"\0" + row.tobytes()
                   for xs, ys, dx, dy in (ADAM7 if interlace else [(0, 0, 1, 1)])
                   for row in a[ys::dy, xs::dx] if row.size)
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
    ihdr = struct.pack(">IIBBBBB", w, h, depth, {1: 0, 2: 4, 3: 2, 4: 6}[c], 0, 0, int(interlace))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw))
                + chunk(b"IEND", b""))


def scene(w, h, shift=0.0):
    """A gradient with an anti-aliased dark disc (drawn at 4x, scaled down)."""
    y, x = np.mgrid[0:h, 0:w]
    base = np.stack([x * 255 // max(w - 1, 1), y * 255 // max(h - 1, 1),
                     np.full_like(x, 128), np.full_like(x, 255)], -1).astype(np.uint8)
    img = Image.fromarray(base, "RGBA")
    big = Image.new("RGBA", (w * 4, h * 4), (0, 0, 0, 0))
    r, cx, cy = min(w, h) * 4 * 0.3, (w / 2 + shift) * 4, h * 4 / 2
    ImageDraw.Draw(big).ellipse([cx - r, cy - r, cx + r, cy + r], fill=(20, 20, 20, 255))
    img.alpha_composite(big.resize((w, h), Image.LANCZOS))
    return img


def poke(img, n, seed):
    """A copy with n pixels (1-3) changed to their inverse."""
    arr = np.array(img)
    h, w = arr.shape[:2]
    for i in random.Random(seed).sample(range(w * h), min(n, w * h)):
        arr[i // w, i % w, :3] = 255 - arr[i // w, i % w, :3]
    return Image.fromarray(arr, img.mode)


def build_corpus(root, run_root, full):
    """Writes every input; returns (valid pairs, all path-like arguments)."""
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    p = lambda name: os.path.join(root, name)
    pairs = []
    for w, h in SIZES:
        s = "s%dx%d" % (w, h)
        a = scene(w, h)
        a.save(p(s + "-a.png"))
        shutil.copy(p(s + "-a.png"), p(s + "-same.png"))
        poke(a, 1 + (w * h) % 3, w).save(p(s + "-px.png"))
        scene(w, h, 0.4).save(p(s + "-aa.png"))
        pairs += [(s + "-a.png", s + v) for v in ("-same.png", "-px.png", "-aa.png")]
    a, b = scene(64, 64), poke(scene(64, 64), 3, 7)
    arr = np.array(a)
    arr[:, :32, 3] = 128
    arr[40:, 40:, 3] = 0
    Image.fromarray(arr).save(p("st-a.png"))
    arr[:, :32, :3] //= 2
    arr[40:, 40:, :3] = 7
    Image.fromarray(arr).save(p("st-b.png"))
    for mode, tag in (("RGB", "rgb"), ("L", "grey"), ("LA", "la"), ("P", "pal")):
        a.convert(mode).save(p(tag + "-a.png"))
        b.convert(mode).save(p(tag + "-b.png"))
    Image.fromarray(np.array(a.convert("L")).astype(np.uint16) * 257).save(p("g16-a.png"))
    write_png(p("rgba16-a.png"), np.array(a).astype(np.uint16) * 257)
    write_png(p("rgba16-b.png"), np.array(b).astype(np.uint16) * 257 ^ 0x7F)  # low bits only
    write_png(p("il-a.png"), np.array(a), interlace=True)
    write_png(p("il-b.png"), np.array(b), interlace=True)
    a.convert("RGB").save(p("photo-a.jpg"), quality=90)
    scene(64, 64, 0.4).convert("RGB").save(p("photo-b.jpg"), quality=90)
    a.save(p("pic-a.webp"), lossless=True)
    b.save(p("pic-b.webp"), quality=80)
    pairs += [("st-a.png", "st-b.png"), ("rgb-a.png", "rgb-b.png"), ("grey-a.png", "grey-b.png"),
              ("la-a.png", "la-b.png"), ("pal-a.png", "pal-b.png"), ("g16-a.png", "grey-a.png"),
              ("rgba16-a.png", "rgba16-b.png"), ("il-a.png", "il-b.png"), ("il-a.png", "s64x64-a.png"),
              ("photo-a.jpg", "photo-b.jpg"), ("pic-a.webp", "pic-b.webp"), ("s64x64-a.png", "photo-a.jpg"),
              ("s64x64-a.png", "s7x5-a.png"), ("s300x200-a.png", "s512x512-aa.png"), ("s1x1-a.png", "s7x5-px.png")]
    good = open(p("s300x200-a.png"), "rb").read()
    open(p("trunc.png"), "wb").write(good[: len(good) // 2])
    open(p("zero.png"), "wb").close()
    open(p("text.png"), "w").write("not an image\n")
    bad = bytearray(good)
    i = bad.index(b"IDAT")
    bad[i + 4 + struct.unpack(">I", bad[i - 4:i])[0]] ^= 0xFF
    open(p("badcrc.png"), "wb").write(bytes(bad))
    for name in ("img a.png", "é.png", "王 b.png", "-dash.png", "mine.png"):
        shutil.copy(p("s64x64-a.png" if name != "王 b.png" else "s64x64-px.png"), p(name))
    shutil.copy(p("s64x64-px.png"), os.path.join(os.fsencode(root), NON_UTF8))
    os.symlink("s64x64-a.png", p("link.png"))
    os.symlink("nowhere.png", p("dangling.png"))
    os.makedirs(p("adir"))
    open(p("adir/note.txt"), "w").write("x\n")
    for d, names in (("exp", ["one.png", "two.png", "sub/three.png", "gone.png"]),
                     ("act", ["one.png", "two.png", "sub/three.png", "extra.png"])):
        for n in names:
            os.makedirs(os.path.dirname(p(d + "/" + n)), exist_ok=True)
            src = "s64x64-px.png" if (d, n) == ("act", "two.png") else "s64x64-a.png"
            shutil.copy(p(src), p(d + "/" + n))
    shutil.copy(p("s7x5-a.png"), os.path.join(os.fsencode(p("act")), b"w\xff.png"))
    open(p("rules.json"), "w").write('{"rules": [{"match": "two.png", "maxDiffPixels": 4}]}\n')
    open(p("rules-bad.json"), "w").write('{"rules": [{"match": "*", "treshold": 0.2}]}\n')
    os.makedirs(p("prior"))
    subprocess.run([full, "compare", "s64x64-a.png", "s64x64-px.png", "--diff", "prior/diff.png"],
                   cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
    pairs += [("img a.png", "王 b.png"), ("é.png", "link.png"), ("./-dash.png", "hard.png"),
              (os.path.join(run_root, "s64x64-a.png"), "s64x64-px.png")]
    paths = sorted({x for pair in pairs for x in pair}) + [
        "trunc.png", "zero.png", "text.png", "badcrc.png", "-dash.png", "dangling.png", "adir",
        "adir/", "missing.png", "exp", "act", "exp/", "prior/diff.png", "rules.json", "", "/", NON_UTF8]
    return pairs, paths


# ---------------------------------------------------------------- argument vectors

def help_options(full):
    """Option names as `compare --help` lists them (e.g. --threshold, -j, --no-checkerboard)."""
    text = subprocess.run([full, "compare", "--help"], capture_output=True, text=True, timeout=60).stdout
    names = set()
    for line in text.split("OPTIONS:", 1)[-1].splitlines():
        m = re.match(r"\s{2}(-\w, )?(--[\w-]+)(/--[\w-]+)?", line)
        if m:
            names |= {n.strip(", /") for n in m.groups() if n}
    return names


COLOURS = ["255,0,0", "0,160,0", "0,0,0", "256,0,0", "-1,0,0", "1,2", "a,b,c", " 1,2,3", "1,2,3,4"]
VALUES = {  # option -> values (None: a flag); junk and edges among them
    "--threshold": ["0", "1", "0.1", "0.05", "1e-9", "-0.1", "1.5", "abc", "nan", "inf", ".5",
                    "0x1p-3", "1_0", "", "-0", "+0.2", "1e400", " 0.1"],
    "--metric": ["yiq", "oklab", "YIQ", "junk", ""],
    "--max-diff-pixels": ["0", "5", "-1", "abc", "1.5", "99999999999999999999", "+3", ""],
    "--max-diff-ratio": ["0", "0.001", "1", "1.5", "-0.1", "nan", "abc", "1e-300"],
    "--mask": ["0,0,2,2", "0,0,64,64", "1,1,0,0", "-1,0,2,2", "a,b,c,d", "0,0,2", "9999,9999,5,5", ""],
    "--alpha": ["0", "1", "0.5", "-1", "2", "x"],
    "--diff-color": COLOURS, "--diff-color-alt": COLOURS, "--aa-color": COLOURS,
    "--diff": ["out.png", "out é.png", "nodir/out.png", "adir", "/dev/null", "prior/diff.png",
               "mine.png", "s64x64-a.png", "hard.png", "link.png", "", "out.jpg"],
    "--junit": ["j.xml", "/dev/null", "", "adir", "nodir/j.xml", "rep/j.xml", "mine.png"],
    "--report": ["rep", "", "act/rep", "adir", "mine.png"],
    "--jobs": ["1", "2", "0", "257", "x", "256"], "-j": ["1", "2", "0", "x"],
    "--rules": ["rules.json", "rules-bad.json", "nope.json", "adir", ""],
    "--pixel-budget": ["1", "100", "201326592", "0", "-5", "x", "12884508675", "12884508676"],
    "--version": None, "-h": None, "--help": None, "--checkerboard": None, "--no-checkerboard": None,
    "--include-aa": None, "--diff-mask": None, "--json": None, "--allow-new": None,
    "-q": None, "--quiet": None,
}
SIMPLE = {"--threshold": ["0", "0.05", "0.1", "0.3", "1"], "--include-aa": None, "--json": None,
          "--max-diff-pixels": ["0", "3", "100"], "--max-diff-ratio": ["0", "0.001", "0.5"],
          "--metric": ["yiq", "oklab"], "--no-checkerboard": None, "--diff": ["out.png"]}
SPECIAL = [[], ["--version"], ["--help"], ["-h"], ["help"], ["help", "compare"], ["help", "bogus"],
           ["compare"], ["compare", "-h"], ["compare", "--help"], ["compare", "help"],
           ["compare", "--version"], ["--version", "compare"], ["audit", "--help"],
           ["generate", "--help"], ["approve", "--help"], ["comp", "a", "b"], ["COMPARE"],
           ["compare", "--help", "x.png"], ["", "compare"], ["help", "compare", "extra"]]
FOLDERS = [("exp", "act"), ("exp/", "act/"), ("act", "exp"), ("exp", "exp"), ("exp", "adir")]
UNKNOWN = ["--bogus", "-x", "--thresh", "--Threshold", "--json=true", "-", "---", "--include-aa=1", "-qj"]


def option(rng, name, values):
    """The tokens of one option: `--opt`, `--opt v`, `--opt=v` (or `-jV` for a short one)."""
    if values is None:
        return [name]
    v = rng.choice(values)
    forms = [[name, v], [name + "=" + v]] + ([[name + v]] if len(name) == 2 else [])
    return rng.choice(forms)


def place(rng, positionals, groups):
    """Options (token groups) scattered before, between and after the positionals."""
    out = [[x] for x in positionals]
    for g in groups:
        out.insert(rng.randint(0, len(out)), g)
    return [t for g in out for t in g]


def vector(rng, pairs, paths, known):
    """One case: (argv after the program, stdout mode, extra environment)."""
    mode, env = "pipe", {}
    if rng.random() < 0.5:  # the front's own: a valid pair and 0-3 simple options
        names = rng.sample(sorted(SIMPLE), rng.randint(0, 3))
        return ["compare"] + place(rng, rng.choice(pairs), [option(rng, n, SIMPLE[n]) for n in names]), mode, env
    r = rng.random()
    if r < 0.12:
        return list(rng.choice(SPECIAL)), mode, env
    if r < 0.55:  # one step off: two good images or folders, 1-3 options of any kind and value
        pos = rng.choice(pairs if rng.random() < 0.7 else FOLDERS)
        names = [rng.choice(known) for _ in range(rng.randint(1, 3))]
        if rng.random() < 0.3:  # an output where it is most often meant
            names[0] = "--diff" if pos in pairs else rng.choice(["--junit", "--report"])
        return ["compare"] + place(rng, pos, [option(rng, n, VALUES.get(n, ["1", "x"])) for n in names]), mode, env
    npos = rng.choice([2, 2, 2, 0, 1, 3, 4])  # anything goes
    pos = [rng.choice(paths) for _ in range(npos)]
    names = [rng.choice(known) for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 4, 5]))]
    groups = [option(rng, n, VALUES.get(n, ["1", "x"])) for n in names]
    if names and rng.random() < 0.3:  # the same option again, another value
        groups.append(option(rng, names[0], VALUES.get(names[0], ["1", "x"])))
    if rng.random() < 0.2:
        groups.append([rng.choice(UNKNOWN)])
    if rng.random() < 0.1:
        groups.append([""])
    if rng.random() < 0.2:  # `--` then the paths (an option after it is a positional)
        argv = ["compare"] + [t for g in groups for t in g] + ["--"] + pos
        if rng.random() < 0.3:
            argv.append(rng.choice(["--json", "-q"]))
    else:
        argv = ["compare"] + place(rng, pos, groups)
    if rng.random() < 0.05:
        argv.insert(0, rng.choice(["--json", "-q", "--threshold=0.1"]))
    if rng.random() < 0.08:
        mode = rng.choice(["devfull", "closed", "devnull"])
    if rng.random() < 0.08:
        env = {"COLUMNS": "40"}
    return argv, mode, env


def extra_cases():
    """Stdout on /dev/full, /dev/null and closed for typical vectors; non-UTF-8 arguments."""
    typical = [["compare", "s64x64-a.png", "s64x64-px.png"], ["compare", "s64x64-a.png", "s64x64-same.png"],
               ["compare", "st-a.png", "st-b.png", "--json"], ["compare", "il-a.png", "il-b.png", "--diff", "o.png"],
               ["compare", "exp", "act"], ["compare", "exp", "act", "--json"], ["--help"], ["--version"],
               ["compare", "--help"], ["compare", "a.png", "--bogus"], ["compare", "missing.png", "s1x1-a.png"],
               ["compare", "s64x64-a.png", "s7x5-a.png"]]
    cases = [(argv, mode, {}) for argv in typical for mode in ("devfull", "closed", "devnull")]
    for argv in (["compare", NON_UTF8, "s64x64-a.png"], ["compare", "s64x64-a.png", NON_UTF8, "--json"],
                 ["compare", b"\xff", "s64x64-a.png"], ["compare", "s64x64-a.png", "s64x64-px.png", "--diff", b"d\xff.png"],
                 ["compare", "s64x64-a.png", "s64x64-px.png", b"--thr\xffshold", "0.1"],
                 ["compare", "exp", "act", "--json"], ["compare", "exp", "act", "--report", b"r\xff"],
                 ["compare", NON_UTF8, "s64x64-a.png", "--mask", b"0,0,\xff,1"]):
        cases += [(argv, "pipe", {}), (argv, "closed", {})]
    return cases


# ---------------------------------------------------------------- running

def reset(corpus, run):
    shutil.rmtree(run, ignore_errors=True)
    shutil.copytree(corpus, run, symlinks=True)
    for link, target in HARD_LINKS:
        os.link(os.path.join(run, target), os.path.join(run, link))


STAMP = re.compile(rb'\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?( UTC|Z)?|(?<= time=")[0-9.]+(?=")')


def snapshot(root):
    """{relative path: (kind, mode, content)} for everything under root, run stamps normalised."""
    root = os.fsencode(root)
    snap = {}
    for d, dirs, files in os.walk(root):
        for n in dirs + files:
            full = os.path.join(d, n)
            rel = os.path.relpath(full, root)
            st = os.lstat(full)
            if os.path.islink(full):
                snap[rel] = ("link", 0, os.readlink(full))
            elif os.path.isdir(full):
                snap[rel] = ("dir", st.st_mode & 0o7777, b"")
            else:
                snap[rel] = ("file", st.st_mode & 0o7777, open(full, "rb").read())
    raw = {k: v[2] for k, v in snap.items()}
    for rel, (kind, mode, data) in snap.items():
        if rel.endswith((b".xml", b".html")):
            data = STAMP.sub(b"<STAMP>", data)
        if os.path.basename(rel) == b".shapeturns-files":  # a CRC that is right is all that counts
            def check(m):
                target = raw.get(os.path.join(os.path.dirname(rel), m.group(3)))
                ok = target is not None and (len(target), zlib.crc32(target)) == (int(m.group(1)), int(m.group(2), 16))
                return m.group(1) + (b":crc-ok " if ok else b":" + m.group(2) + b" ") + m.group(3)
            data = re.sub(rb"(?m)^(\d+):([0-9a-f]+) (.*)$", check, data)
        snap[rel] = (kind, mode, data)
    return snap


def run(binary, argv, mode, env, cwd):
    """(status, stdout, stderr) of one run; status 'timeout' after 60 s."""
    out = {"pipe": subprocess.PIPE, "devnull": subprocess.DEVNULL, "closed": None}.get(mode)
    devfull = open("/dev/full", "wb") if mode == "devfull" else None
    pre = (lambda: os.close(1)) if mode == "closed" else None
    p = subprocess.Popen([binary] + argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                         stdout=devfull or out, stderr=subprocess.PIPE, preexec_fn=pre, start_new_session=True)
    try:
        stdout, stderr = p.communicate(timeout=60)
        status = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        stdout, stderr = p.communicate()
        status = "timeout"
    if devfull:
        devfull.close()
    return status, stdout or b"", stderr


def show(argv):
    return " ".join(shlex.quote(a) if isinstance(a, str) else repr(a) for a in argv)


def around(a, b, width=160):
    """Both byte strings shortened to a window around their first difference."""
    i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
    lo = max(0, i - width // 2)
    cut = lambda s: ("…" if lo else "") + repr(s[lo:lo + width])[2:-1] + ("…" if len(s) > lo + width else "")
    return "at byte %d:\n      front: %s\n      full:  %s" % (i, cut(a), cut(b))


def compare_case(args, env_base, base_snap, state, argv, mode, env):
    """Runs a vector with both binaries; returns a description of the differences, or None."""
    results = []
    for binary in (args.front, args.full):
        if state["dirty"]:
            reset(state["corpus"], state["run"])
        status, out, err = run(binary, argv, mode, dict(env_base, **env), state["run"])
        snap = snapshot(state["run"])
        state["dirty"] = snap != base_snap
        results.append((status, out, err, snap))
    (s1, o1, e1, f1), (s2, o2, e2, f2) = results
    parts = []
    if s1 != s2:
        parts.append("  status: front %s, full %s" % (s1, s2))
    if o1 != o2:
        parts.append("  stdout " + around(o1, o2))
    if e1 != e2:
        parts.append("  stderr " + around(e1, e2))
    if f1 != f2:
        for k in sorted(set(f1) | set(f2)):
            if f1.get(k) != f2.get(k):
                what = "only after front" if k not in f2 else "only after full" if k not in f1 else \
                    "kind/mode %s vs %s" % (f1[k][:2], f2[k][:2]) if f1[k][:2] != f2[k][:2] else \
                    "bytes " + around(f1[k][2], f2[k][2], 80)
                parts.append("  file %r: %s" % (os.fsdecode(k), what))
    if not parts:
        return None
    head = "%s%s%s  (front: status %s, %d+%d bytes out/err)" % (
        show(argv), "  [stdout %s]" % mode if mode != "pipe" else "",
        "  [env %s]" % env if env else "", s1, len(o1), len(e1))
    return "\n".join([head] + parts[:8])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--front", required=True)
    ap.add_argument("--full", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--cases", type=int, default=600, help="random cases (extra cases come on top)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--case", type=int, help="run only this random case (as numbered in a report)")
    args = ap.parse_args()
    args.front, args.full, work = (os.path.abspath(x) for x in (args.front, args.full, args.work))
    for b in (args.front, args.full):
        if not os.access(b, os.X_OK):
            sys.exit("not an executable: " + b)
    corpus, rundir = os.path.join(work, "corpus"), os.path.join(work, "run")
    for d in ("home", "tmp"):
        os.makedirs(os.path.join(work, d), exist_ok=True)
    env_base = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.path.join(work, "home"),
                "LANG": "C.UTF-8", "TMPDIR": os.path.join(work, "tmp")}
    pairs, paths = build_corpus(corpus, rundir, args.full)
    known = sorted(help_options(args.full) | {"--pixel-budget", "--rules"})
    for name in known:
        if name not in VALUES:
            print("note: `compare --help` lists %s, unknown to this script: given junk values" % name,
                  file=sys.stderr)
    cases = [(i,) + vector(random.Random("%d:%d" % (args.seed, i)), pairs, paths, known)
             for i in range(args.cases)]
    if args.case is not None:
        cases = [cases[args.case]]
    else:
        cases += [("x%d" % i,) + c for i, c in enumerate(extra_cases())]
    reset(corpus, rundir)
    base_snap = snapshot(rundir)
    state = {"corpus": corpus, "run": rundir, "dirty": False}
    failures = []
    for n, (label, argv, mode, env) in enumerate(cases, 1):
        diff = compare_case(args, env_base, base_snap, state, argv, mode, env)
        if diff:
            failures.append("case %s: %s" % (label, diff))
        if n % 100 == 0:
            print("%d/%d cases, %d differences" % (n, len(cases), len(failures)), file=sys.stderr)
    for f in failures[:20]:
        print(f + "\n")
    print("%d cases, %d differences" % (len(cases), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
