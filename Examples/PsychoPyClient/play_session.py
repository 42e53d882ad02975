#!/usr/bin/env python3
"""Plays one `shapeturns play` session through its JSON API (docs/play.md) from plain Python,
as a PsychoPy experiment would: create a session with metadata, fetch each turn's two PNGs,
show them and take an answer, post it with the reaction time, until the game ends. Only the
standard library (urllib), so it runs inside PsychoPy's own Python too.

In PsychoPy, replace `respond()` with your window: draw the two PNGs as `visual.ImageStim`s,
`win.flip()` (its return value is the onset), and `event.waitKeys(timeStamped=clock)` for the
key and its time; the API needs only the choice and the reaction time in milliseconds.

Usage:
  python3 play_session.py http://127.0.0.1:8080 --participant P01 --condition A [--auto SEED]

Without --auto it asks for a or b on the terminal after saving the turn's images next to the
script (shape-a.png, shape-b.png); with --auto it answers at random (a seeded stand-in for a
player). Prints a JSON summary: session id, turns, score, accuracy.
"""
import argparse
import json
import random
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path


def call(server, method, path, body=None):
    """The JSON reply to one request; an HTTP error's message raises RuntimeError."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(server + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"} if data else {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        reply = json.loads(error.read() or b"{}")
        raise RuntimeError(f"{method} {path}: {error.code} {reply.get('error', {}).get('message', '')}") from None


def fetch(server, path):
    with urllib.request.urlopen(server + path, timeout=30) as response:
        return response.read()


def respond(images, auto):
    """The choice ('a' or 'b') and the reaction time in ms from the moment the images are ready."""
    onset = time.perf_counter()
    if auto is not None:
        choice = auto.choice("ab")
    else:
        for label, png in images.items():
            Path(__file__).with_name(f"shape-{label}.png").write_bytes(png)
        choice = ""
        while choice not in ("a", "b"):
            choice = input("Which shape is larger (see shape-a.png and shape-b.png)? a or b: ").strip().lower()
    return choice, (time.perf_counter() - onset) * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("server", help="the play server, e.g. http://127.0.0.1:8080")
    parser.add_argument("--participant", default="P01")
    parser.add_argument("--condition", default="")
    parser.add_argument("--auto", type=int, metavar="SEED", help="answer at random with this seed")
    args = parser.parse_args()
    server = args.server.rstrip("/")
    auto = random.Random(args.auto) if args.auto is not None else None
    metadata = {"participant": args.participant, "client": "psychopy-style"}
    if args.condition:
        metadata["condition"] = args.condition
    session = call(server, "POST", "/api/sessions", {"name": args.participant, "metadata": metadata})
    turn, reply, answered = session["turn"], None, 0
    while turn is not None:
        images = {label: fetch(server, turn["images"][label]) for label in ("a", "b")}
        choice, rt = respond(images, auto)
        answer = {"turn": turn["number"], "choice": choice, "rt": rt, "context": {"input": "key"}}
        if turn.get("practice"):
            answer["practice"] = True
        reply = call(server, "POST", f"/api/sessions/{session['id']}/answers", answer)
        answered += 1
        turn = reply.get("next")
    print(json.dumps({"session": session["id"], "answered": answered, "score": reply["score"],
                      "accuracy": reply["accuracy"]}))


if __name__ == "__main__":
    sys.exit(main())
