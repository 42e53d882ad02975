#!/usr/bin/env python3
"""Runs Examples/jsPsychTimeline in headless Chromium from another origin against a real
`shapeturns play`: serves the example folder on one loopback port (a plain static server, as a
lab's web server would), starts BINARY play on another with --allow-origin naming the first,
then opens the experiment, presses the space bar through the instructions and a key for every
turn (f or j at random, seeded), until the debrief. Prints JSON on stdout:

  {"finished": bool, "debrief": "...", "trials": [...timeline data...], "errors": [...],
   "stopStatus": N}

Usage: play-jspsych-example.py BINARY RECORDS_DIR TURNS EXTRA_PLAY_ARGS...
"""
import functools
import http.server
import json
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from play_browser import browser, errors
from selenium.webdriver.support.ui import WebDriverWait

binary, records, turns = sys.argv[1], sys.argv[2], int(sys.argv[3])
extra = sys.argv[4:]
example = Path(__file__).resolve().parents[2] / "Examples" / "jsPsychTimeline"


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


static = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(example)))
threading.Thread(target=static.serve_forever, daemon=True).start()
origin = f"http://127.0.0.1:{static.server_address[1]}"

play = subprocess.Popen([binary, "play", "--port", "0", "--out", records, "--turns", str(turns),
                         "--allow-origin", origin] + extra, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
banner = play.stdout.readline()
address = next((word for word in banner.split() if word.startswith("http://")), None)
if address is None:
    play.kill()
    sys.exit(f"play printed no address: {banner!r} {play.stderr.read()}")
server = address.rstrip("/")

chooser = random.Random(7)
driver = browser(1280, 800)
result = {}
try:
    driver.get(f"{origin}/index.html?server={server}&participant=P07&condition=blue&session_group=2")
    wait = WebDriverWait(driver, 30)
    wait.until(lambda d: "space bar" in d.find_element("id", "display").text)
    driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "keyDown", "key": " ", "code": "Space", "text": " ",
                                                      "windowsVirtualKeyCode": 32})
    driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "keyUp", "key": " ", "code": "Space",
                                                      "windowsVirtualKeyCode": 32})
    for number in range(1, turns + 1):
        wait.until(lambda d: d.execute_script("return document.querySelectorAll('.stimuli img').length") == 2
                   or d.execute_script("return document.body.dataset.error"))
        if driver.execute_script("return document.body.dataset.error"):
            break
        key = chooser.choice("fj")
        driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "keyDown", "key": key, "code": "Key" + key.upper(),
                                                          "text": key, "windowsVirtualKeyCode": ord(key.upper())})
        driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "code": "Key" + key.upper(),
                                                          "windowsVirtualKeyCode": ord(key.upper())})
        wait.until(lambda d: d.execute_script("return document.querySelectorAll('.stimuli img').length") == 0)
    wait.until(lambda d: d.execute_script("return document.body.dataset.finished || document.body.dataset.error"))
    result = {
        "finished": driver.execute_script("return document.body.dataset.finished") == "true",
        "error": driver.execute_script("return document.body.dataset.error") or "",
        "debrief": driver.find_element("id", "display").text,
        "trials": driver.execute_script("return window.timelineData || []"),
        "errors": errors(driver),
    }
finally:
    driver.quit()
    play.send_signal(signal.SIGINT)
    try:
        result["stopStatus"] = play.wait(timeout=20)
    except subprocess.TimeoutExpired:
        play.kill()
        result["stopStatus"] = -1
    static.shutdown()
print(json.dumps(result))
