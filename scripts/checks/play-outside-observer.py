#!/usr/bin/env python3
"""An observer of `shapeturns play` written apart from the project: it shares no code with it
and sees only what a browser sees, the JSON API and the served PNGs.

It starts `shapeturns play --strategy S --port 0 --out TMP ...`, and for every game POSTs
/api/sessions, fetches each turn's two images, measures each shape's area by counting pixels
(each PNG composited over the page's #7cbbf2 blue as a browser does, then each pixel's coverage
solved from its colour as a mix of the background, the fill and the outline, so antialiased
edges count partly), and answers as a Weber-law observer would from those pixel areas:
P(a) = L/2 + (1 - L) * Phi(ln(Aa/Ab) / (s*sqrt 2)), s set so that P is 75% at the true Weber
fraction w without lapses, with its own seeded random stream, and a reaction time. At the end
it reads the estimate and its interval from the API's last reply.

Then it reports
  - the pixel area ratio against the ratio the server recorded for each turn (GET
    /api/sessions/{id}), as the relative error of (ratio - 1) by shape kind, size and ratio;
    and how many answers would have differed had the observer been told the model ratio with
    the same random draws;
  - the estimates against the truth for each cell (w x lapse), scored as docs/play.md scores
    them: e = ln(estimated w / true w); bias exp(mean e) - 1, spread exp(sd e) - 1, typical
    error exp(sqrt(mean e^2)) - 1, share within +-25%, share of 95% intervals holding the truth;
    beside `shapeturns simulate`'s in-process figures for the same cell;
  - with --junk, a thread throwing bad requests at the server while the observers play (junk
    and huge bodies, forged ids, answers for turns not shown, second answers, unknown paths and
    methods, bytes that are not HTTP): every one must get a 4xx; afterwards every game's record
    file must hold exactly the answers sent, its lines equal GET /api/sessions/{id}'s, and
    `shapeturns score --responses FILE --json` must give the score and estimate the API's last
    reply gave. A failed check exits 1.

Usage:
  play-outside-observer.py --bin PATH/shapeturns [--strategies quest,staircase]
      [--webers 0.05,0.1,0.2,0.4] [--lapses 0,0.05] [--runs N] [--turns 50] [--seed 1]
      [--players K] [--junk] [--simulate-runs 1000] [--size 512] [--shapes square,circle]
      [--json FILE] [-- extra play options]
  e.g. (the docs' table, docs/play.md "Checked by an observer written apart")
  play-outside-observer.py --bin .build/release/shapeturns --strategies quest --runs 50 --players 3 --junk
  (the ratio survey: five kinds, small images, ratios down to 1.005)
  play-outside-observer.py --bin .build/release/shapeturns --strategies staircase --webers 0.002,0.01 \
      --lapses 0 --runs 3 --size 48 --shapes square,circle,triangle,star,hexagon --simulate-runs 0
Needs numpy and Pillow (scripts/python-env).
"""
import argparse
import http.client
import io
import json
import math
import os
import queue
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np
from PIL import Image

PAGE_BLUE = (0x7C, 0xBB, 0xF2)
QUARTILE_Z = 0.6744897501960817  # Phi^-1(0.75)
COLOURS = {"brown": "#996633", "orange": "#FF8000"}


def rgb(text):
    text = COLOURS.get(text, text).lstrip("#")
    return tuple(int(text[i:i + 2], 16) for i in (0, 2, 4))


def phi(x):
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


# ---------------------------------------------------------------- pixels


class AreaMeter:
    """Coverage-weighted area of the shape in one PNG, as seen over the page's blue."""

    def __init__(self, fill, outline):
        self.background = np.array(PAGE_BLUE, dtype=np.float32)
        basis = np.array([np.array(fill) - PAGE_BLUE, np.array(outline) - PAGE_BLUE], dtype=np.float64).T  # 3x2
        # (pixel - background) = f * (fill - background) + o * (outline - background), least squares;
        # the coverage f + o is then one dot product per pixel.
        self.weights = np.linalg.pinv(basis).sum(axis=0).astype(np.float32)

    def measure(self, png_bytes):
        """(area from colour, area from the alpha channel, image side), in pixels."""
        image = Image.open(io.BytesIO(png_bytes))
        image.load()
        rgba = np.asarray(image.convert("RGBA"), dtype=np.float32)
        alpha = rgba[..., 3:4] * np.float32(1 / 255)
        # What the browser shows: the PNG over the page's blue, rounded to 8 bits.
        shown = np.rint(alpha * rgba[..., :3] + (1 - alpha) * self.background) - self.background
        weights = self.weights
        coverage = shown[..., 0] * weights[0] + shown[..., 1] * weights[1] + shown[..., 2] * weights[2]
        return (float(np.clip(coverage, 0, 1).sum(dtype=np.float64)),
                float(rgba[..., 3].sum(dtype=np.float64)) / 255, image.size[0])


# ---------------------------------------------------------------- the server


class Server:
    def __init__(self, binary, strategy, turns, seed, size, shapes, extra, out_dir):
        self.out_dir = out_dir
        command = [binary, "play", "--strategy", strategy, "--turns", str(turns), "--seed", str(seed),
                   "--port", "0", "--out", str(out_dir), "--max-players", "10000", "--size", str(size),
                   "--shapes", shapes] + list(extra)
        self.command = command
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.output = []
        found = threading.Event()
        self.port = None

        def read():
            for line in self.process.stdout:
                self.output.append(line)
                match = re.search(r"Playing at http://127\.0\.0\.1:(\d+)/", line)
                if match:
                    self.port = int(match.group(1))
                    found.set()
            found.set()

        threading.Thread(target=read, daemon=True).start()
        if not found.wait(60) or self.port is None:
            self.process.kill()
            raise SystemExit("play did not start: " + "".join(self.output))

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return None


class Client:
    """One keep-alive connection; reconnects when the server closed it."""

    def __init__(self, port):
        self.port = port
        self.connection = None

    def request(self, method, path, body=None, headers=None):
        for attempt in range(3):
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            try:
                self.connection.request(method, path, body=body, headers=headers or {})
                response = self.connection.getresponse()
                data = response.read()
                if response.getheader("connection", "").lower() == "close":
                    self.connection.close()
                    self.connection = None
                return response.status, data
            except (ConnectionError, http.client.HTTPException, OSError):
                self.connection.close()
                self.connection = None
                if attempt == 2:
                    raise
        raise RuntimeError("unreachable")

    def json(self, method, path, payload=None):
        body = None if payload is None else json.dumps(payload).encode()
        status, data = self.request(method, path, body, {"Content-Type": "application/json"} if body else None)
        return status, (json.loads(data) if data else None)


# ---------------------------------------------------------------- one observer's game


class Live:
    """What the junk thread may know of the players' games: ids and turns answered."""

    def __init__(self):
        self.lock = threading.Lock()
        self.sessions = {}  # id -> answered

    def update(self, session, answered):
        with self.lock:
            self.sessions[session] = answered

    def done(self, session):
        with self.lock:
            self.sessions.pop(session, None)

    def pick(self, rng):
        with self.lock:
            if not self.sessions:
                return None, 0
            session = rng.choice(sorted(self.sessions))
            return session, self.sessions[session]


def play_game(client, meter, job, live):
    weber, lapse, run, seed = job["weber"], job["lapse"], job["run"], job["seed"]
    rng = random.Random(f"outside-observer/{job['strategy']}/{weber}/{lapse}/{run}/{seed}")
    noise = math.log(1 + weber) / (math.sqrt(2) * QUARTILE_Z)
    status, session = client.json("POST", "/api/sessions", {"name": f"w{weber}-l{lapse}-{run}"})
    if status != 201:
        raise RuntimeError(f"POST /api/sessions: {status} {session}")
    session_id = session["id"]
    turn = session["turn"]
    sent, replies, seen = [], [], []
    live.update(session_id, 0)
    while True:
        areas = {}
        for label in ("a", "b"):
            status, png = client.request("GET", turn["images"][label])
            if status != 200:
                raise RuntimeError(f"GET {turn['images'][label]}: {status}")
            areas[label] = meter.measure(png)
        log_ratio = math.log(areas["a"][0] / areas["b"][0])
        chance_a = lapse / 2 + (1 - lapse) * phi(log_ratio / (noise * math.sqrt(2)))
        draw = rng.random()
        choice = "a" if draw < chance_a else "b"
        rt = round(rng.lognormvariate(math.log(650), 0.35), 1)
        seen.append({"turn": turn["number"], "areas": areas, "draw": draw, "choice": choice})
        answer = {"turn": turn["number"], "choice": choice, "rt": rt}
        status, reply = client.json("POST", f"/api/sessions/{session_id}/answers", answer)
        if status != 200:
            raise RuntimeError(f"answer {answer} to {session_id}: {status} {reply}")
        sent.append(answer)
        replies.append(reply)
        live.update(session_id, turn["number"])
        if reply["finished"]:
            break
        turn = reply["next"]
    live.done(session_id)
    status, record = client.json("GET", f"/api/sessions/{session_id}")
    if status != 200:
        raise RuntimeError(f"GET session {session_id}: {status}")
    status, csv = client.request("GET", f"/api/sessions/{session_id}/answers.csv")
    if status != 200:
        raise RuntimeError(f"GET answers.csv of {session_id}: {status}")
    return {"csv": csv.decode(), "job": job, "id": session_id, "sent": sent, "replies": replies, "seen": seen, "record": record,
            "noise": noise}


# ---------------------------------------------------------------- junk


def junk_requests(rng, live, port, turns):
    """One junk request: (what, method, path, body, headers), aimed at a live player's session
    when there is one. Every answer it sends names a turn already answered or never shown."""
    session, answered = live.pick(rng)
    fake = "".join(rng.choice("0123456789abcdef") for _ in range(32))
    target = session or fake
    kinds = [
        ("bad JSON session", "POST", "/api/sessions", b'{"name": "x"', None),
        ("empty name", "POST", "/api/sessions", b'{"name": ""}', None),
        ("long name", "POST", "/api/sessions", json.dumps({"name": "n" * 65}).encode(), None),
        ("name not a string", "POST", "/api/sessions", b'{"name": 7}', None),
        ("huge body", "POST", "/api/sessions", b'{"name": "' + b"x" * 300_000 + b'"}', None),
        ("huge answer", "POST", f"/api/sessions/{target}/answers", b" " * 50_000 + b'{"turn":1}', None),
        ("binary body", "POST", f"/api/sessions/{target}/answers", bytes(rng.randrange(256) for _ in range(200)), None),
        ("bad JSON answer", "POST", f"/api/sessions/{target}/answers", b'{"turn": 1, "choice": ', None),
        ("choice c", "POST", f"/api/sessions/{target}/answers", b'{"turn": 1, "choice": "c", "rt": 5}', None),
        ("negative rt", "POST", f"/api/sessions/{target}/answers",
         json.dumps({"turn": answered + 1, "choice": "a", "rt": -1}).encode(), None),
        ("huge rt", "POST", f"/api/sessions/{target}/answers",
         json.dumps({"turn": answered + 1, "choice": "a", "rt": 1e12}).encode(), None),
        ("rt a string", "POST", f"/api/sessions/{target}/answers",
         json.dumps({"turn": answered + 1, "choice": "b", "rt": "fast"}).encode(), None),
        ("missing choice", "POST", f"/api/sessions/{target}/answers",
         json.dumps({"turn": answered + 1, "rt": 10}).encode(), None),
        ("turn 1e300", "POST", f"/api/sessions/{target}/answers", b'{"turn": 1e300, "choice": "a", "rt": 5}', None),
        ("turn 0", "POST", f"/api/sessions/{target}/answers", b'{"turn": 0, "choice": "a", "rt": 5}', None),
        ("turn -3", "POST", f"/api/sessions/{target}/answers", b'{"turn": -3, "choice": "a", "rt": 5}', None),
        ("turn not shown (past the end)", "POST", f"/api/sessions/{target}/answers",
         json.dumps({"turn": turns + 1 + rng.randrange(5), "choice": "a", "rt": 5}).encode(), None),
        ("turn 999", "POST", f"/api/sessions/{target}/answers", b'{"turn": 999, "choice": "b", "rt": 5}', None),
        ("forged id", "POST", f"/api/sessions/{fake}/answers", b'{"turn": 1, "choice": "a", "rt": 5}', None),
        ("malformed id", "POST", "/api/sessions/..%2F..%2Fetc/answers", b'{"turn": 1, "choice": "a", "rt": 5}', None),
        ("reversed id", "GET", f"/api/sessions/{target[::-1]}", None, None),
        ("upper-case id", "GET", f"/api/sessions/{target.upper()}", None, None) if target.upper() != target else
        ("forged id GET", "GET", f"/api/sessions/{fake}", None, None),
        ("images of turn 999", "GET", f"/api/sessions/{target}/turns/999/a.png", None, None),
        ("image c.png", "GET", f"/api/sessions/{target}/turns/1/c.png", None, None),
        ("unknown path", "GET", "/api/nothing-here", None, None),
        ("traversal", "GET", "/class/../../etc/passwd", None, None),
        ("PUT sessions", "PUT", "/api/sessions", b'{"name": "x"}', None),
        ("DELETE session", "DELETE", f"/api/sessions/{target}", None, None),
        ("GET answers", "GET", f"/api/sessions/{target}/answers", None, None),
    ]
    if session and answered >= 1:
        again = rng.randrange(1, answered + 1)
        kinds.append(("second answer", "POST", f"/api/sessions/{session}/answers",
                      json.dumps({"turn": again, "choice": rng.choice("ab"), "rt": 400}).encode(), None))
        kinds.append(("second answer", "POST", f"/api/sessions/{session}/answers",
                      json.dumps({"turn": again, "choice": rng.choice("ab"), "rt": 400}).encode(), None))
        if answered >= 2:
            kinds.append(("image of a turn no longer shown", "GET",
                          f"/api/sessions/{session}/turns/{answered - 1}/b.png", None, None))
    return rng.choice(kinds)


RAW_JUNK = [
    ("not HTTP", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(64)) + b"\r\n\r\n"),
    ("garbage request line", b"HELLO THERE\r\n\r\n"),
    ("lying Content-Length", b"POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n{\"name\": \"abcdef\"}"),
    ("huge header", b"GET / HTTP/1.1\r\nHost: x\r\nX-Junk: " + b"a" * 200_000 + b"\r\n\r\n"),
]


def raw_junk(port, what, data):
    """Sends bytes on a socket; returns the status line's code, or 'closed' if the server closed
    the connection without one (an answer too: it did not serve the junk)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        try:
            connection.sendall(data)
        except OSError:
            return "closed"
        try:
            reply = connection.recv(4096)
        except (socket.timeout, OSError):
            return "closed"
    match = re.match(rb"HTTP/1\.[01] (\d{3})", reply)
    return int(match.group(1)) if match else "closed"


def throw_junk(port, live, turns, stop, tally, seed):
    rng = random.Random(f"junk/{seed}")
    client = Client(port)
    count = 0
    while not stop.is_set():
        count += 1
        if count % 25 == 0:
            what, data = RAW_JUNK[(count // 25) % len(RAW_JUNK)]
            outcome = raw_junk(port, what, data)
            tally.setdefault(("raw: " + what, outcome), 0)
            tally[("raw: " + what, outcome)] += 1
            continue
        what, method, path, body, headers = junk_requests(rng, live, port, turns)
        try:
            status, _ = client.request(method, path, body, headers)
        except Exception as error:  # the connection torn: counted, not a 4xx
            status = f"no reply ({type(error).__name__})"
        tally.setdefault((what, status), 0)
        tally[(what, status)] += 1
        time.sleep(0.02)


# ---------------------------------------------------------------- checks of the records


def check_game(binary, out_dir, game, problems):
    sent, replies, record = game["sent"], game["replies"], game["record"]
    answers = record["answers"]
    label = f"{game['job']['strategy']} w={game['job']['weber']} l={game['job']['lapse']} run {game['job']['run']}"
    if [(a["turn"], a["choice"], a["reactionTimeMs"]) for a in answers] != \
            [(s["turn"], s["choice"], s["rt"]) for s in sent]:
        problems.append(f"{label}: GET answers are not the answers sent")
    if [a["score"] for a in answers] != [r["score"] for r in replies] or \
            [a["correct"] for a in answers] != [r["correct"] for r in replies]:
        problems.append(f"{label}: recorded scores or correct flags differ from the replies")
    last = replies[-1]
    if not last["finished"] or "next" in last or record.get("estimate") != last.get("estimate") or \
            record["score"] != last["score"] or not record["finished"]:
        problems.append(f"{label}: the session after the end does not say what the last reply said")
    if abs(last["accuracy"] - sum(r["correct"] for r in replies) / len(replies)) > 1e-12:
        problems.append(f"{label}: accuracy {last['accuracy']} is not the share right")
    csv_rows = [line.split(",") for line in game["csv"].strip().splitlines()]
    if csv_rows[0] != ["turn", "choice", "correct", "areaRatio", "reactionTimeMs", "score"] or \
            [(int(t), c, float(rt), int(sc)) for t, c, _, _, rt, sc in csv_rows[1:]] != \
            [(a["turn"], a["choice"], a["reactionTimeMs"], a["score"]) for a in answers]:
        problems.append(f"{label}: answers.csv is not the record")
    path = Path(out_dir) / f"session-{game['id']}.jsonl"
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    if lines != answers:
        problems.append(f"{label}: the record file's lines differ from GET /api/sessions/{{id}}")
    scored = subprocess.run([binary, "score", "--responses", str(path), "--json"], capture_output=True, text=True)
    if scored.returncode != 0:
        problems.append(f"{label}: score --responses exited {scored.returncode}: {scored.stderr.strip()}")
        return
    report = json.loads(scored.stdout)
    if report["turns"][-1]["score"] != last["score"] or report["correct"] != sum(r["correct"] for r in replies):
        problems.append(f"{label}: score says {report['turns'][-1]['score']}, the API said {last['score']}")
    if report.get("estimate") != last.get("estimate"):
        problems.append(f"{label}: score's estimate {report.get('estimate')} is not the API's {last.get('estimate')}")


# ---------------------------------------------------------------- figures


def summary(estimates, truth_weber):
    """docs/play.md's scoring: estimates are (ratio, lower, upper)."""
    errors = [math.log(max(ratio - 1, 1e-12) / truth_weber) for ratio, _, _ in estimates]
    n = len(errors)
    mean = sum(errors) / n
    sd = math.sqrt(sum((e - mean) ** 2 for e in errors) / n)
    with_intervals = [(lo, hi) for _, lo, hi in estimates if lo is not None and hi is not None]
    truth = 1 + truth_weber
    return {
        "runs": n,
        "bias": math.exp(mean) - 1,
        "spread": math.exp(sd) - 1,
        "typical": math.exp(math.sqrt(sum(e * e for e in errors) / n)) - 1,
        "within": sum(abs((r - 1) / truth_weber - 1) <= 0.25 for r, _, _ in estimates) / n,
        "coverage": (sum(lo <= truth <= hi for lo, hi in with_intervals) / n) if with_intervals else None,
        "meanError": mean,
        "sdError": sd,
    }


def simulate_row(binary, strategy, weber, lapse, runs, turns, extra):
    command = ["nice", "-n", "19", binary, "simulate", "--strategy", strategy, "--threshold", repr(1 + weber),
               "--lapse", repr(lapse), "--runs", str(runs), "--turns", str(turns), "--seed", "1"] + extra
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    for line in output.splitlines():
        fields = line.split()
        if fields and fields[0] == str(turns):
            values = [None if f == "—" else float(f.rstrip("%")) / 100 for f in fields[2:7]]
            return dict(zip(["bias", "spread", "typical", "within", "coverage"], values), runs=runs,
                        command=" ".join(command[3:]))
    raise RuntimeError(f"no {turns}-turn row in: {output}")


def ratio_rows(games, size):
    rows = []
    for game in games:
        by_turn = {a["turn"]: a for a in game["record"]["answers"]}
        for seen in game["seen"]:
            answer = by_turn[seen["turn"]]
            shapes = {s["label"]: s for s in answer["shapes"]}
            model = {label: shapes[label]["area"] * size * size for label in "ab"}
            larger = answer["larger"]
            smaller = "b" if larger == "a" else "a"
            colour = {label: seen["areas"][label][0] for label in "ab"}
            alpha = {label: seen["areas"][label][1] for label in "ab"}
            model_ratio = answer["areaRatio"]
            pixel_ratio = colour[larger] / colour[smaller]
            alpha_ratio = alpha[larger] / alpha[smaller]
            # The same draw with the model's ratio: would the answer have been another?
            lapse, noise = game["job"]["lapse"], game["noise"]
            log_model = math.log(model["a"] / model["b"]) if model_ratio > 0 else 0
            chance_model = lapse / 2 + (1 - lapse) * phi(log_model / (noise * math.sqrt(2)))
            model_choice = "a" if seen["draw"] < chance_model else "b"
            rows.append({
                "kind": shapes[larger]["kind"],
                "kinds": (shapes["a"]["kind"], shapes["b"]["kind"]),
                "proportion": shapes[larger]["proportion"],
                "modelRatio": model_ratio,
                "recordedVsShapes": model_ratio / (model[larger] / model[smaller]) - 1,
                "pixelRatio": pixel_ratio,
                "alphaRatio": alpha_ratio,
                "pixelLarger": max(colour, key=colour.get),
                "larger": larger,
                "areaError": [colour[label] / model[label] - 1 for label in "ab"],
                "alphaVsColour": [alpha[label] - colour[label] for label in "ab"],
                "sameChoice": model_choice == seen["choice"],
            })
    return rows


def ratio_table(rows):
    bins = [(0.0, 0.01), (0.01, 0.02), (0.02, 0.05), (0.05, 0.1), (0.1, 0.2), (0.2, 0.5), (0.5, 10)]
    lines = ["| kind | model ratio − 1 | turns | mean rel. error of ratio − 1 | largest abs | mean shape area error |",
             "|---|---|---|---|---|---|"]
    for kind in sorted({r["kind"] for r in rows}):
        for low, high in bins:
            chosen = [r for r in rows if r["kind"] == kind and low <= r["modelRatio"] - 1 < high]
            if not chosen:
                continue
            rel = [(r["pixelRatio"] - 1) / (r["modelRatio"] - 1) - 1 for r in chosen]
            area = [e for r in chosen for e in r["areaError"]]
            lines.append(f"| {kind} | {low:g}–{high:g} | {len(chosen)} | {statistics.fmean(rel):+.2e} | "
                         f"{max(abs(x) for x in rel):.2e} | {statistics.fmean(area):+.2e} |")
    return lines


def percent(value):
    return "—" if value is None else f"{value * 100:+.1f}%" if value < 0 else f"{value * 100:.1f}%"


def signed(value):
    return f"{value * 100:+.1f}%"


# ---------------------------------------------------------------- main


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--strategies", default="quest,staircase")
    parser.add_argument("--webers", default="0.05,0.1,0.2,0.4")
    parser.add_argument("--lapses", default="0,0.05")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--turns", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--junk", action="store_true")
    parser.add_argument("--simulate-runs", type=int, default=1000)
    parser.add_argument("--size", type=int, default=512)
    parser.add_argument("--shapes", default="square,circle")
    parser.add_argument("--fill", default="brown")
    parser.add_argument("--outline", default="orange")
    parser.add_argument("--json", dest="json_path")
    parser.add_argument("--keep", help="keep the record folders here")
    parser.add_argument("extra", nargs="*", help="more play options (after --)")
    options = parser.parse_args()
    binary = os.path.abspath(options.bin)
    meter = AreaMeter(rgb(options.fill), rgb(options.outline))
    webers = [float(w) for w in options.webers.split(",")]
    lapses = [float(l) for l in options.lapses.split(",")]
    extra = list(options.extra) + ["--fill", options.fill, "--outline", options.outline]
    problems, results, all_rows, junk_tally = [], [], [], {}
    base = Path(options.keep) if options.keep else Path(tempfile.mkdtemp(prefix="play-outside-"))
    started = time.time()
    for strategy in options.strategies.split(","):
        out_dir = base / strategy
        server = Server(binary, strategy, options.turns, options.seed, options.size, options.shapes, extra, out_dir)
        live = Live()
        jobs = queue.Queue()
        for run in range(options.runs):
            for weber in webers:
                for lapse in lapses:
                    jobs.put({"strategy": strategy, "weber": weber, "lapse": lapse, "run": run, "seed": options.seed})
        games, errors = [], []

        def player():
            client = Client(server.port)
            while True:
                try:
                    job = jobs.get_nowait()
                except queue.Empty:
                    return
                try:
                    games.append(play_game(client, meter, job, live))
                except Exception as error:  # reported below, and the run fails
                    errors.append(f"{job}: {error}")

        stop = threading.Event()
        junk_thread = None
        if options.junk:
            junk_thread = threading.Thread(target=throw_junk,
                                           args=(server.port, live, options.turns, stop, junk_tally, options.seed))
            junk_thread.start()
        threads = [threading.Thread(target=player) for _ in range(options.players)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        stop.set()
        if junk_thread:
            junk_thread.join()
        # The server still answers after the junk: one more whole game.
        extra_game = play_game(Client(server.port), meter,
                               {"strategy": strategy, "weber": 0.1, "lapse": 0, "run": -1, "seed": options.seed}, live)
        games.append(extra_game)
        status = server.stop()
        if status != 0:
            problems.append(f"{strategy}: Ctrl-C: play exited {status}")
        problems.extend(errors)
        files = sorted(p.name for p in out_dir.glob("*.jsonl"))
        expected = sorted(f"session-{g['id']}.jsonl" for g in games)
        if files != expected:
            problems.append(f"{strategy}: record files {len(files)}, games {len(expected)}; "
                            f"extra {sorted(set(files) - set(expected))[:3]}, missing {sorted(set(expected) - set(files))[:3]}")
        for game in games:
            check_game(binary, out_dir, game, problems)
        games = [g for g in games if g["job"]["run"] >= 0]
        all_rows.extend(ratio_rows(games, options.size))
        for weber in webers:
            for lapse in lapses:
                cell = [g for g in games if g["job"]["weber"] == weber and g["job"]["lapse"] == lapse]
                if not cell:
                    continue
                estimates = [(g["replies"][-1]["estimate"]["ratio"], g["replies"][-1]["estimate"].get("lowerRatio"),
                              g["replies"][-1]["estimate"].get("upperRatio")) for g in cell]
                row = {"strategy": strategy, "weber": weber, "lapse": lapse,
                       "outside": summary(estimates, weber),
                       "turnsPlayed": statistics.fmean(len(g["sent"]) for g in cell)}
                if options.simulate_runs:
                    row["inProcess"] = simulate_row(binary, strategy, weber, lapse, options.simulate_runs,
                                                    options.turns, [])
                results.append(row)
        print(f"{strategy}: {len(games)} games in {time.time() - started:.0f} s", file=sys.stderr, flush=True)

    # ---- report
    print(f"# shapeturns play, observed from outside ({options.runs} runs a cell, {options.turns} turns, "
          f"size {options.size}, shapes {options.shapes})\n")
    print("| strategy | w | λ | observer | runs | bias | spread | typical error | within ±25% | 95% coverage |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for row in results:
        o = row["outside"]
        print(f"| {row['strategy']} | {row['weber']:g} | {row['lapse']:g} | pixels, API | {o['runs']} | "
              f"{signed(o['bias'])} | {o['spread'] * 100:.1f}% | {o['typical'] * 100:.1f}% | "
              f"{o['within'] * 100:.1f}% | {percent(o['coverage'])} |")
        if "inProcess" in row:
            p = row["inProcess"]
            print(f"| | | | in process (simulate) | {p['runs']} | {signed(p['bias'])} | {p['spread'] * 100:.1f}% | "
                  f"{p['typical'] * 100:.1f}% | {p['within'] * 100:.1f}% | {percent(p['coverage'])} |")
    if results and options.simulate_runs:
        print("\nDifference of mean e (outside − in process) in standard errors of the outside mean:")
        for row in results:
            o, p = row["outside"], row["inProcess"]
            difference = o["meanError"] - math.log(1 + p["bias"])
            standard_error = o["sdError"] / math.sqrt(o["runs"])
            print(f"  {row['strategy']} w={row['weber']:g} λ={row['lapse']:g}: {difference:+.3f} "
                  f"({difference / standard_error if standard_error else 0:+.1f} se)")
    print(f"\n## Pixel area ratio against the recorded model ratio ({len(all_rows)} turns)\n")
    print("\n".join(ratio_table(all_rows)))
    if all_rows:
        flipped = sum(not r["sameChoice"] for r in all_rows)
        wrong_larger = sum(r["pixelLarger"] != r["larger"] for r in all_rows)
        recorded = max(abs(r["recordedVsShapes"]) for r in all_rows)
        alpha_gap = max(abs(x) for r in all_rows for x in r["alphaVsColour"])
        print(f"\nturns where the pixel-larger shape is not the recorded larger one: {wrong_larger}")
        print(f"answers that the model ratio would have changed (same draws): {flipped} of {len(all_rows)}")
        print(f"recorded areaRatio against the recorded shapes' areas: at most {recorded:.1e} relative")
        print(f"area from colour against area from alpha: at most {alpha_gap:.2f} pixels a shape")
    if junk_tally:
        print("\n## Junk requests while the observers played\n")
        print("| request | reply | count |\n|---|---|---|")
        for (what, status), count in sorted(junk_tally.items(), key=lambda item: (item[0][0], str(item[0][1]))):
            print(f"| {what} | {status} | {count} |")
            if not (isinstance(status, int) and 400 <= status < 500) and not (
                    what.startswith("raw: ") and status == "closed"):
                problems.append(f"junk '{what}' got {status} ({count} times)")
    if options.json_path:
        Path(options.json_path).write_text(json.dumps(
            {"results": results, "junk": {f"{w} -> {s}": c for (w, s), c in junk_tally.items()},
             "ratioRows": all_rows, "problems": problems}, indent=1))
    print(f"\nrecords in {base}; {time.time() - started:.0f} s")
    if problems:
        print("\nPROBLEMS:\n" + "\n".join(problems[:50]), file=sys.stderr)
        return 1
    print("all checks passed: every junk request got a 4xx (raw non-HTTP bytes: 4xx or closed), every game's "
          "record equals its answers and scores to the API's last reply")
    return 0


if __name__ == "__main__":
    sys.exit(main())
