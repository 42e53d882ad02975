#!/usr/bin/env python3
"""Load on `shapeturns play`'s answer path, measured from outside: starts `shapeturns play
--port 0 --turns 1000` on a temporary folder, then K clients (threads, one keep-alive
connection each) each join and answer as fast as the server replies for S seconds. Prints
answers per second and the p50/p99 latency of an answer (POST to reply, the record fsynced and
the next turn drawn) as JSON. Figures depend on the machine and what else runs on it.

Usage: play-load.py --bin PATH/shapeturns [--clients 8] [--seconds 20] [-- extra play options]
"""

import argparse
import http.client
import json
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time


def client(port, deadline, latencies, errors, index):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json"}
    connection.request("POST", "/api/sessions", json.dumps({"name": "Load %d" % index}), headers)
    session = json.loads(connection.getresponse().read())
    turn = session["turn"]["number"]
    mine = []
    while time.monotonic() < deadline and turn:
        body = json.dumps({"turn": turn, "choice": "a", "rt": 300.0})
        began = time.perf_counter()
        connection.request("POST", "/api/sessions/%s/answers" % session["id"], body, headers)
        response = connection.getresponse()
        reply = response.read()
        mine.append(time.perf_counter() - began)
        if response.status != 200:
            errors.append(response.status)
            break
        following = json.loads(reply).get("next")
        turn = following["number"] if following else None
    latencies.extend(mine)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("extra", nargs="*")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="play-load-")
    server = subprocess.Popen([args.bin, "play", "--port", "0", "--turns", "1000", "--out", folder + "/records"]
                              + args.extra, stdout=subprocess.PIPE, text=True)
    try:
        port = int(re.search(r":(\d+)/", server.stdout.readline()).group(1))
        latencies, errors = [], []
        deadline = time.monotonic() + args.seconds
        began = time.monotonic()
        threads = [threading.Thread(target=client, args=(port, deadline, latencies, errors, i))
                   for i in range(args.clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        took = time.monotonic() - began
        latencies.sort()

        def percentile(p):
            return round(latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000, 2) if latencies else None

        print(json.dumps({"clients": args.clients, "seconds": round(took, 1), "answers": len(latencies),
                          "answersPerSecond": round(len(latencies) / took, 1), "p50ms": percentile(0.5),
                          "p99ms": percentile(0.99), "errors": errors}))
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
