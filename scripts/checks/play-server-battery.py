#!/usr/bin/env python3
"""A black-box battery against a running `shapeturns play`, written apart from the project: it
shares no code with ShapeTurns, starts the real binary, and talks to it over raw sockets (so
paths, Host headers and bodies go out byte for byte as written here) and through `curl
--path-as-is`.

Cases (docs/play.md, "What the server refuses"):
  paths      with --class-token, the class paths in every other spelling (`//class`, `/./class`,
             `%2F`, `%63lass`, `..`, trailing slash, upper case) never answer 200 nor show a name
  host       a Host that is not the server's (DNS rebinding) is refused (421/403), no session made
  types      POST bodies other than application/json (text/plain, form) get 415 and change nothing
  origins    a POST from another origin is refused (403); with --allow-origin the preflight is
             204 for that origin only, Access-Control-Allow-Origin is echoed only to it, and the
             CSP's frame-ancestors names it ('none' without)
  dupkeys    a JSON body naming a key twice (also spelled with \\u escapes) gets 400
  torn       a torn line appended to a record behind the server's back is cut off at the next
             answer, never appended to; the record then scores with `shapeturns score`
  diskfull   (root only: a 64 KiB tmpfs) answers while the disk is full fail with 5xx and leave
             no partial line and no empty record; once space is freed the same answers get 200,
             the games finish, and every record scores
  shutdown   SIGTERM with a half-sent body (Content-Length 100, 1 byte sent) ends the server
             within 10 s
  events     32 /class/events streams opened and closed; a new one then gets 200 within 6 s
  busyport   `play --port BUSY --out DIR` fails and leaves no DIR
  maxplayers finished games do not count against --max-players
  restart    a quest game killed with SIGKILL after 3 answers, restarted with the same --out:
             the session goes on at turn 4 with the same images, in the same file, and ends
             with the same records (but for reaction times) as the same answers played without a
             kill; the class gradebook lists the player again
  csv        names a spreadsheet would run as formulas come out of the gradebook as text
  acked      every answer acknowledged with 200 is in its record exactly once, and `shapeturns
             score --responses` gives the score the last reply gave

Usage: play-server-battery.py --bin PATH/shapeturns [--only case,case]
Prints a JSON object {"cases": {name: {"ok": bool, "detail": ...}}} and exits 1 if any case failed.
"""

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

BIN = None
TOKEN = "battery-token-0123456789"


class Server:
    def __init__(self, out, *extra, expect_start=True):
        self.out = out
        args = [BIN, "play", "--port", "0", "--out", out, "--turns", "5"] + list(extra)
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.port = None
        if expect_start:
            line = self.proc.stdout.readline()
            match = re.search(r":(\d+)/", line)
            if not match:
                raise RuntimeError("no banner: %r %s" % (line, self.proc.stderr.read()))
            self.port = int(match.group(1))
            self.proc.stdout.readline()

    def stop(self, sig=signal.SIGINT, timeout=15):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None

    def raw(self, request_bytes, timeout=10, read_all=True):
        """Sends bytes, returns (status, headers dict lowercased, body bytes)."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=timeout) as sock:
            sock.sendall(request_bytes)
            data = b""
            while True:
                try:
                    chunk = sock.recv(65536)
                except socket.timeout:
                    break
                if not chunk:
                    break
                data += chunk
                if not read_all and b"\r\n\r\n" in data:
                    break
                head, _, body = data.partition(b"\r\n\r\n")
                length = re.search(rb"(?im)^content-length:\s*(\d+)", head)
                if length and len(body) >= int(length.group(1)):
                    break
        return parse_response(data)

    def request(self, method, path, body=None, headers=None, host=None):
        headers = dict(headers or {})
        host = host if host is not None else "127.0.0.1:%d" % self.port
        lines = ["%s %s HTTP/1.1" % (method, path)]
        if host is not False:
            lines.append("Host: " + host)
        payload = b""
        if body is not None:
            payload = body if isinstance(body, bytes) else body.encode()
            headers.setdefault("Content-Type", "application/json")
            headers["Content-Length"] = str(len(payload))
        headers.setdefault("Connection", "close")
        for name, value in headers.items():
            lines.append("%s: %s" % (name, value))
        return self.raw(("\r\n".join(lines) + "\r\n\r\n").encode() + payload)

    def json(self, method, path, body=None, **kw):
        status, headers, data = self.request(method, path, body=None if body is None else json.dumps(body), **kw)
        try:
            return status, headers, json.loads(data) if data else None
        except ValueError:
            return status, headers, data


def parse_response(data):
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    match = re.match(r"HTTP/1\.[01] (\d+)", lines[0]) if lines else None
    status = int(match.group(1)) if match else 0
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers.setdefault(name.strip().lower(), []).append(value.strip())
    if "chunked" in ",".join(headers.get("transfer-encoding", [])):
        out, rest = b"", body
        while rest:
            size_line, _, rest = rest.partition(b"\r\n")
            try:
                size = int(size_line.split(b";")[0], 16)
            except ValueError:
                break
            if size == 0:
                break
            out, rest = out + rest[:size], rest[size + 2:]
        body = out
    return status, headers, body


class Ledger:
    """Every answer the server acknowledged, to check against the records at the end."""

    def __init__(self):
        self.acked = {}  # (out, session) -> list of (turn, choice, rt, score)

    def answer(self, server, session, turn, choice, rt):
        status, _, reply = server.json("POST", "/api/sessions/%s/answers" % session,
                                       {"turn": turn, "choice": choice, "rt": rt})
        if status == 200:
            self.acked.setdefault((server.out, session), []).append((turn, choice, rt, reply["score"]))
        return status, reply

    def check(self, only_out=None):
        problems = []
        for (out, session), answers in list(self.acked.items()):
            if only_out is not None:
                if out != only_out:
                    continue
                del self.acked[(out, session)]
            path = os.path.join(out, "session-%s.jsonl" % session)
            try:
                raw = open(path, "rb").read()
            except OSError as error:
                problems.append("%s: %s" % (session, error))
                continue
            if not raw.endswith(b"\n"):
                problems.append("%s: the record ends in a torn line" % session)
            try:
                lines = [json.loads(line) for line in raw.split(b"\n") if line.strip()]
            except ValueError:
                problems.append("%s: a line of the record is not JSON" % session)
                continue
            got = [(line["turn"], line["choice"], line["reactionTimeMs"], line["score"]) for line in lines]
            if got != answers:
                problems.append("%s: record %s != acknowledged %s" % (session, got, answers))
            scored = subprocess.run([BIN, "score", "--responses", path, "--json"], capture_output=True, text=True)
            if scored.returncode != 0:
                problems.append("%s: score exited %d: %s" % (session, scored.returncode, scored.stderr.strip()))
            else:
                score = json.loads(scored.stdout).get("streakPoints", json.loads(scored.stdout).get("score"))
                if answers and score is not None and score != answers[-1][3]:
                    problems.append("%s: score says %s, the last reply %s" % (session, score, answers[-1][3]))
        return problems


LEDGER = Ledger()


def join(server, name="Ada", **kw):
    status, _, reply = server.json("POST", "/api/sessions", {"name": name}, **kw)
    return status, reply


def play_out(server, session_reply, choice="a"):
    """Answers every turn left; returns the last reply."""
    turn = session_reply["turn"]
    reply = None
    while turn:
        status, reply = LEDGER.answer(server, session_reply["id"], turn["number"], choice, 400.0 + turn["number"])
        if status != 200:
            raise RuntimeError("answer %d: %d %s" % (turn["number"], status, reply))
        turn = reply.get("next")
    return reply


# ---------------------------------------------------------------------------------------------


def case_paths(tmp):
    server = Server(os.path.join(tmp, "paths"), "--class-token", TOKEN)
    try:
        join(server, "Secretname")
        bad = ["//class/gradebook.csv", "//class/events", "//class", "///class", "/./class",
               "/class/./gradebook.csv", "/x/../class/gradebook.csv", "/class//gradebook.csv",
               "/%63lass/gradebook.csv", "/class%2Fgradebook.csv", "/%2Fclass/gradebook.csv",
               "/class/%2e/gradebook.csv", "/CLASS/gradebook.csv", "/class/gradebook.csv/",
               "/class/", "/Class", "/class/gradebook.csv;x", "/.%2e/class/gradebook.csv",
               "/class\\gradebook.csv", "/api/../class/gradebook.csv"]
        seen = {}
        for path in bad:
            status, _, body = server.request("GET", path, headers={"Connection": "close"})
            seen[path] = status
            if status == 200 or b"Secretname" in body or not (400 <= status < 500):
                return False, {"path": path, "status": status}
        curl = shutil.which("curl")
        if curl:
            for path in ["//class/gradebook.csv", "//class", "/./class/gradebook.csv"]:
                out = subprocess.run([curl, "-s", "--path-as-is", "-m", "5", "-o", "/dev/null", "-w", "%{http_code}",
                                      "http://127.0.0.1:%d%s" % (server.port, path)], capture_output=True, text=True)
                seen["curl " + path] = out.stdout
                if out.stdout == "200":
                    return False, seen
        good = server.request("GET", "/class/gradebook.csv?token=" + TOKEN)
        if good[0] != 200 or b"Secretname" not in good[2]:
            return False, {"with token": good[0]}
        return True, seen
    finally:
        server.stop()


def case_host(tmp):
    server = Server(os.path.join(tmp, "host"))
    try:
        join(server, "Hostname")
        seen = {}
        for host in ["evil.example", "evil.example:%d" % server.port, "127.0.0.1.evil.example",
                     "localhost.evil.example:%d" % server.port, "[::2]:%d" % server.port]:
            status, _, body = server.request("GET", "/class/gradebook.csv", host=host)
            seen[host] = status
            if status not in (400, 403, 421) or b"Hostname" in body:
                return False, seen
            status, _ = join(server, "Rebound", host=host)
            seen["POST " + host] = status
            if status not in (400, 403, 421):
                return False, seen
        for host in ["127.0.0.1:%d" % server.port, "localhost:%d" % server.port, "localhost"]:
            status, _, body = server.request("GET", "/class/gradebook.csv", host=host)
            seen[host] = status
            if status != 200:
                return False, seen
        if b"Rebound" in body:
            return False, {"a refused POST made a session": True}
        return True, seen
    finally:
        server.stop()


def case_types(tmp):
    server = Server(os.path.join(tmp, "types"))
    try:
        seen = {}
        for ctype, body in [("text/plain", '{"name":"Plain"}'), ("application/x-www-form-urlencoded", "name=Form"),
                            ("multipart/form-data; boundary=x", '--x\r\n\r\n{"name":"Multi"}\r\n--x--'),
                            (None, '{"name":"Untyped"}')]:
            headers = {"Content-Type": ctype} if ctype else {}
            payload = body.encode()
            lines = "POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % server.port
            for name, value in headers.items():
                lines += "%s: %s\r\n" % (name, value)
            lines += "Content-Length: %d\r\nConnection: close\r\n\r\n" % len(payload)
            status, _, _ = server.raw(lines.encode() + payload)
            seen[str(ctype)] = status
            if status != 415:
                return False, seen
        status, reply = join(server, "Json")
        seen["application/json"] = status
        if status != 201:
            return False, seen
        status, _, _ = server.request("POST", "/api/sessions/%s/answers" % reply["id"],
                                      body='{"turn":1,"choice":"a","rt":5}', headers={"Content-Type": "text/plain"})
        seen["answer as text/plain"] = status
        status, _, now = server.json("GET", "/api/sessions/%s" % reply["id"])
        if seen["answer as text/plain"] != 415 or now["answered"] != 0:
            return False, seen
        if os.path.exists(os.path.join(server.out, "session-%s.jsonl" % reply["id"])):
            return False, {"a refused answer wrote a record": True}
        return True, seen
    finally:
        server.stop()


def case_origins(tmp):
    seen = {}
    server = Server(os.path.join(tmp, "origins1"))
    try:
        status, headers, _ = server.request("GET", "/")
        seen["csp default"] = headers.get("content-security-policy")
        if "frame-ancestors 'none'" not in headers.get("content-security-policy", [""])[0]:
            return False, seen
        status, _ = join(server, "Cross", headers={"Origin": "http://evil.example"})
        seen["cross POST"] = status
        if status != 403:
            return False, seen
        status, _ = join(server, "Same", headers={"Origin": "http://127.0.0.1:%d" % server.port})
        seen["same-origin POST"] = status
        if status != 201:
            return False, seen
        status, headers, _ = server.request("OPTIONS", "/api/sessions", headers={
            "Origin": "http://evil.example", "Access-Control-Request-Method": "POST"})
        seen["preflight without --allow-origin"] = status
        if status == 204 or "access-control-allow-origin" in headers:
            return False, seen
    finally:
        server.stop()
    lab = "http://lab.example:9000"
    server = Server(os.path.join(tmp, "origins2"), "--allow-origin", lab, "--allow-origin", "https://run.pavlovia.org")
    try:
        status, headers, _ = server.request("OPTIONS", "/api/sessions", headers={
            "Origin": lab, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"})
        seen["preflight lab"] = [status, headers.get("access-control-allow-origin"),
                                 headers.get("access-control-allow-headers")]
        if status != 204 or headers.get("access-control-allow-origin") != [lab]:
            return False, seen
        if "content-type" not in ",".join(headers.get("access-control-allow-headers", [])).lower():
            return False, seen
        status, headers, _ = server.request("OPTIONS", "/api/sessions", headers={
            "Origin": "http://evil.example", "Access-Control-Request-Method": "POST"})
        seen["preflight evil"] = status
        if status not in (403, 404, 405) or "access-control-allow-origin" in headers:
            return False, seen
        status, headers, reply = server.json("POST", "/api/sessions", {"name": "Lab"}, headers={"Origin": lab})
        seen["lab POST"] = [status, headers.get("access-control-allow-origin")]
        if status != 201 or headers.get("access-control-allow-origin") != [lab]:
            return False, seen
        status, headers, body = server.request("POST", "/api/sessions/%s/answers" % reply["id"],
                                               body='{"turn":1,"choice":"a","rt":12.5}', headers={"Origin": lab})
        seen["lab answer"] = [status, headers.get("access-control-allow-origin")]
        if status != 200 or headers.get("access-control-allow-origin") != [lab]:
            return False, seen
        LEDGER.acked.setdefault((server.out, reply["id"]), []).append((1, "a", 12.5, json.loads(body)["score"]))
        status, headers, _ = server.request("GET", "/api/sessions/%s" % reply["id"], headers={"Origin": "http://evil.example"})
        seen["evil GET"] = [status, headers.get("access-control-allow-origin")]
        if "access-control-allow-origin" in headers:
            return False, seen
        status, _ = join(server, "Evil", headers={"Origin": "http://evil.example"})
        seen["evil POST"] = status
        if status != 403:
            return False, seen
        status, headers, _ = server.request("GET", "/")
        csp = headers.get("content-security-policy", [""])[0]
        seen["csp allowed"] = csp
        if lab not in csp or "https://run.pavlovia.org" not in csp or "'none'" in csp.split("frame-ancestors")[1]:
            return False, seen
        status, headers, _ = server.request("GET", "/class/gradebook.csv", headers={"Origin": lab})
        seen["class to lab"] = headers.get("access-control-allow-origin")
        if "access-control-allow-origin" in headers:
            return False, seen
        return True, seen
    finally:
        server.stop()


def case_dupkeys(tmp):
    server = Server(os.path.join(tmp, "dup"))
    try:
        seen = {}
        status, _, _ = server.request("POST", "/api/sessions", body='{"name":"A","name":"B"}')
        seen["name twice"] = status
        if status != 400:
            return False, seen
        status, reply = join(server, "Dup")
        for body in ['{"turn":1,"turn":2,"choice":"a","rt":1}', '{"turn":1,"choice":"a","choice":"b","rt":1}',
                     '{"turn":1,"choice":"a","rt":1,"rt":2}', '{"turn":1,"\\u0074urn":2,"choice":"a","rt":1}']:
            status, _, _ = server.request("POST", "/api/sessions/%s/answers" % reply["id"], body=body)
            seen[body] = status
            if status != 400:
                return False, seen
        status, _ = LEDGER.answer(server, reply["id"], 1, "b", 33.0)
        seen["then a plain answer"] = status
        return status == 200, seen
    finally:
        server.stop()


def case_torn(tmp):
    server = Server(os.path.join(tmp, "torn"))
    try:
        status, reply = join(server, "Torn")
        LEDGER.answer(server, reply["id"], 1, "a", 101.0)
        path = os.path.join(server.out, "session-%s.jsonl" % reply["id"])
        with open(path, "ab") as handle:
            handle.write(b'{"schemaVersion":2,"session":"' + reply["id"].encode() + b'","turn":2,"cho')
        status, answer = LEDGER.answer(server, reply["id"], 2, "b", 102.0)
        raw = open(path, "rb").read()
        lines = raw.split(b"\n")
        try:
            ok = status == 200 and raw.endswith(b"\n") and all(json.loads(line) for line in lines if line)
        except ValueError:
            ok = False
        return ok, {"status": status, "lines": len([l for l in lines if l])}
    finally:
        server.stop()


def case_diskfull(tmp):
    if os.geteuid() != 0:
        return None, "needs root to mount a tmpfs"
    mount = os.path.join(tmp, "full")
    os.makedirs(mount)
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", mount], capture_output=True).returncode != 0:
        return None, "mount -t tmpfs failed"
    server = None
    try:
        out = os.path.join(mount, "records")
        server = Server(out, "--turns", "30")
        _, first = join(server, "Early")
        first_path = os.path.join(out, "session-%s.jsonl" % first["id"])
        # Play on until the next line must cross a 4 KiB page of the tmpfs: then a full disk
        # takes part of the line and refuses the rest, the torn write of the issue.
        turn = 1
        while True:
            status, _ = LEDGER.answer(server, first["id"], turn, "a", 10.0 + turn)
            turn += 1
            size = os.path.getsize(first_path)
            if 4096 - size % 4096 < 200 or turn > 25:
                break
        _, second = join(server, "Late")
        filler = os.path.join(mount, "filler")
        descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o644)
        try:
            while True:
                os.write(descriptor, b"x" * 256)
        except OSError:
            pass
        os.close(descriptor)
        seen = {}
        status1, _ = LEDGER.answer(server, first["id"], turn, "a", 20.0)
        status2, _ = LEDGER.answer(server, second["id"], 1, "b", 11.0)
        seen["while full"] = [status1, status2]
        second_path = os.path.join(out, "session-%s.jsonl" % second["id"])
        raw = open(first_path, "rb").read()
        seen["first record after"] = [len(raw), raw.endswith(b"\n")]
        if status1 == 200 or status2 == 200:
            # the disk was not full enough to fail; nothing to check beyond the ledger
            seen["note"] = "a write fit; the filler left room"
        if not raw.endswith(b"\n") or raw.count(b"\n") != len(LEDGER.acked[(out, first["id"])]):
            seen["torn"] = raw[-80:].decode("latin-1")
            LEDGER.check(only_out=out)
            return False, seen
        if os.path.exists(second_path) and os.path.getsize(second_path) == 0:
            seen["empty record left"] = True
            LEDGER.check(only_out=out)
            return False, seen
        os.remove(filler)
        if status1 != 200:
            status1, _ = LEDGER.answer(server, first["id"], turn, "a", 20.0)
        if status2 != 200:
            status2, _ = LEDGER.answer(server, second["id"], 1, "b", 11.0)
        seen["after freeing"] = [status1, status2]
        if status1 != 200 or status2 != 200:
            seen["records"] = LEDGER.check(only_out=out)
            return False, seen
        for session in (first, second):
            _, _, now = server.json("GET", "/api/sessions/%s" % session["id"])
            if now.get("turn"):
                play_out(server, now)
        problems = LEDGER.check(only_out=out)
        seen["records"] = problems or "all acknowledged answers read back and score"
        return not problems, seen
    finally:
        if server:
            server.stop()
        subprocess.run(["umount", "-l", mount], capture_output=True)


def case_shutdown(tmp):
    server = Server(os.path.join(tmp, "shutdown"))
    sock = socket.create_connection(("127.0.0.1", server.port))
    sock.sendall(b"POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 100\r\n\r\n{" % server.port)
    time.sleep(0.5)
    began = time.monotonic()
    server.proc.send_signal(signal.SIGTERM)
    code = server.stop(sig=signal.SIGTERM, timeout=10)
    took = time.monotonic() - began
    sock.close()
    return code is not None and took < 10, {"exit": code, "seconds": round(took, 2)}


def case_events(tmp):
    server = Server(os.path.join(tmp, "events"))
    try:
        socks = []
        for _ in range(32):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            sock.sendall(b"GET /class/events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % server.port)
            head = sock.recv(4096)
            if not head.startswith(b"HTTP/1.1 200"):
                return False, {"stream": len(socks), "head": head[:40].decode("latin-1")}
            socks.append(sock)
        for sock in socks:
            sock.close()
        began = time.monotonic()
        status = None
        while time.monotonic() - began < 6:
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=8)
            sock.sendall(b"GET /class/events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % server.port)
            head = sock.recv(4096)
            sock.close()
            status = int(head.split()[1]) if head.startswith(b"HTTP/1.1") else 0
            if status == 200:
                break
            time.sleep(0.2)
        took = time.monotonic() - began
        return status == 200, {"status": status, "seconds": round(took, 2)}
    finally:
        server.stop()


def case_busyport(tmp):
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen(1)
    port = holder.getsockname()[1]
    out = os.path.join(tmp, "busy", "records")
    result = subprocess.run([BIN, "play", "--port", str(port), "--out", out], capture_output=True, text=True, timeout=30)
    holder.close()
    left = os.path.exists(out) or os.path.exists(os.path.dirname(out))
    return result.returncode != 0 and not left, {"exit": result.returncode, "folder left": left,
                                                  "stderr": result.stderr.strip()[-200:]}


def case_maxplayers(tmp):
    server = Server(os.path.join(tmp, "max"), "--max-players", "2", "--turns", "1")
    try:
        seen = []
        for name in ["One", "Two", "Three", "Four"]:
            status, reply = join(server, name)
            seen.append(status)
            if status != 201:
                return False, seen
            play_out(server, reply)
        status, a = join(server, "Five")
        status2, b = join(server, "Six")
        status3, _ = join(server, "Seven")
        seen += [status, status2, status3]
        return seen[-3:] == [201, 201, 503], seen
    finally:
        server.stop()


def case_restart(tmp):
    out = os.path.join(tmp, "restart")
    options = ["--strategy", "quest", "--turns", "8", "--seed", "9"]
    server = Server(out, *options)
    choices = ["a", "b", "b", "a", "a", "b", "a", "b"]
    try:
        _, reply = join(server, "Kim")
        session = reply["id"]
        for turn in range(1, 4):
            status, _ = LEDGER.answer(server, session, turn, choices[turn - 1], 200.0 + turn)
            if status != 200:
                return False, {"before kill": status}
        before = server.request("GET", "/api/sessions/%s/turns/4/a.png" % session)
    finally:
        server.stop(sig=signal.SIGKILL)
    server = Server(out, *options)
    seen = {}
    try:
        status, _, now = server.json("GET", "/api/sessions/%s" % session)
        seen["after restart"] = [status, now.get("answered") if isinstance(now, dict) else now]
        if status != 200 or now["answered"] != 3 or now["turn"]["number"] != 4:
            return False, seen
        after = server.request("GET", "/api/sessions/%s/turns/4/a.png" % session)
        seen["same turn 4 image"] = before[2] == after[2] and after[0] == 200
        if not seen["same turn 4 image"]:
            return False, seen
        status, _, grades = server.request("GET", "/class/gradebook.csv")
        seen["gradebook lists Kim"] = b"Kim" in grades
        for turn in range(4, 9):
            status, last = LEDGER.answer(server, session, turn, choices[turn - 1], 200.0 + turn)
            if status != 200:
                seen["turn %d" % turn] = status
                return False, seen
            if last.get("finished"):
                break
        _, reference = join(server, "Ref")
        for turn in range(1, 9):
            status, ref_last = LEDGER.answer(server, reference["id"], turn, choices[turn - 1], 200.0 + turn)
            if ref_last.get("finished"):
                break
        files = [name for name in os.listdir(out) if name.endswith(".jsonl")]
        seen["files"] = len(files)

        def strip(path):
            return [{k: v for k, v in json.loads(line).items() if k not in ("session", "player", "time", "timestamp")}
                    for line in open(path, "rb").read().splitlines() if line.strip()]

        killed = strip(os.path.join(out, "session-%s.jsonl" % session))
        plain = strip(os.path.join(out, "session-%s.jsonl" % reference["id"]))
        seen["same records as without the kill"] = killed == plain
        return seen["gradebook lists Kim"] and len(files) == 2 and killed == plain, seen
    finally:
        server.stop()


def case_csv(tmp):
    import csv
    import io
    server = Server(os.path.join(tmp, "csv"))
    names = ['=HYPERLINK("http://evil.example","x")', "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "'=quoted", "Plain"]
    try:
        for name in names:
            status, reply = join(server, name)
            if status != 201:
                return False, {name: status}
            LEDGER.answer(server, reply["id"], 1, "a", 50.0)
        status, _, body = server.request("GET", "/class/gradebook.csv")
        rows = list(csv.reader(io.StringIO(body.decode())))
        bad = [cell for row in rows[1:] for cell in row
               if cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not re.fullmatch(r"[-+]?\d+(\.\d+)?", cell)]
        students = [row[1] for row in rows[1:]]
        expected = ["'" + name if name[:1] in "=+-@" or name.startswith("'=") else name for name in names]
        return not bad and students == expected, {"formula cells": bad, "students": students}
    finally:
        server.stop()


CASES = {"paths": case_paths, "host": case_host, "types": case_types, "origins": case_origins,
         "dupkeys": case_dupkeys, "torn": case_torn, "diskfull": case_diskfull, "shutdown": case_shutdown,
         "events": case_events, "busyport": case_busyport, "maxplayers": case_maxplayers,
         "restart": case_restart, "csv": case_csv}


def main():
    global BIN
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    BIN = os.path.abspath(args.bin)
    only = [name for name in args.only.split(",") if name]
    results = {}
    tmp = tempfile.mkdtemp(prefix="play-battery-")
    try:
        for name, run in CASES.items():
            if only and name not in only:
                continue
            began = time.monotonic()
            try:
                ok, detail = run(tmp)
            except Exception as error:  # a case that crashes fails, with why
                ok, detail = False, "%s: %s" % (type(error).__name__, error)
            results[name] = {"ok": ok, "detail": detail, "seconds": round(time.monotonic() - began, 2)}
        try:
            problems = LEDGER.check()
        except Exception as error:
            problems = ["%s: %s" % (type(error).__name__, error)]
        results["acked"] = {"ok": not problems, "detail": problems or "%d records, %d answers" % (
            len(LEDGER.acked), sum(len(v) for v in LEDGER.acked.values()))}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(json.dumps({"cases": results}, indent=1, default=str))
    return 0 if all(r["ok"] is not False for r in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
