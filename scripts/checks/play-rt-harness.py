#!/usr/bin/env python3
"""Reaction-time harness for `shapeturns play` in headless Chromium (selenium + chromium-driver,
DevTools' Input domain): presses the shapes by mouse, touch and key after a known delay from
the frame that painted them, holds each press, and compares the reaction time the record file
holds with the delay the harness saw. Prints JSON on stdout:

  {"rows": [{"input", "hold", "delay", "n", "meanError", "sdError", "meanErrorPython",
             "sdErrorPython", "meanLateness"}...],
   "byInput": {"mouse": {"n", "meanError", "sdError"}, ...},
   "inputsRecorded": {"mouse": ["mouse", ...]}, "errors": [...]}

The harness keeps its own clock of the page, apart from the page's script:
- onset: a hook injected before any page script wraps requestAnimationFrame so every frame's
  timestamp is known while that frame's callbacks and microtasks run (cleared by a task, which
  runs only after the frame); a MutationObserver sees the shapes get their `shown` class and
  takes that frame's timestamp (the next frame's, if the change came outside one).
- press: a capture listener on window takes the press event's timeStamp (pointerdown or
  keydown), before the page's handlers see it. `meanError` is record RT - (press - onset).
- Python's clock: the press is sent at onset + delay on Python's perf_counter, mapped to the
  page's performance.now() by the shortest of 15 round trips; `meanErrorPython` is record RT -
  (the moment Python sent the press - onset), which includes DevTools' delivery latency, and
  `meanLateness` how late the press arrived after the delay asked for.

Usage: play-rt-harness.py URL RECORDS_DIR [--inputs mouse,touch,key] [--holds 80,200]
       [--delays 300,600] [--reps 6]
"""
import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from play_browser import browser, errors
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

HOOK = """
(() => {
  const h = window.__rt = { frame: null, onsets: [], presses: [], pending: false };
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => raf((ts) => {
    if (h.frame === null) setTimeout(() => { h.frame = null; }, 0);
    h.frame = ts;
    callback(ts);
  });
  const seen = () => {
    const a = document.getElementById('shape-a');
    if (!a || !a.classList.contains('shown') || h.pending) return;
    h.pending = true;
    const turn = document.body.dataset.turn;
    if (h.frame !== null) { h.onsets.push({ turn, ts: h.frame }); h.pending = false; }
    else raf((ts) => { h.onsets.push({ turn, ts }); h.pending = false; });
  };
  const cleared = () => {
    const a = document.getElementById('shape-a');
    if (a && !a.classList.contains('shown')) h.pending = false;
  };
  new MutationObserver(() => { cleared(); seen(); }).observe(document, { subtree: true, attributes: true,
    attributeFilter: ['class'] });
  const press = (e) => h.presses.push({ type: e.type, pointerType: e.pointerType || '', ts: e.timeStamp,
    now: performance.now() });
  window.addEventListener('pointerdown', press, true);
  window.addEventListener('keydown', press, true);
})();
"""


def clock_offset(driver):
    """page performance.now() - Python perf_counter (ms), from the shortest of 15 round trips."""
    best = None
    for _ in range(15):
        t0 = time.perf_counter() * 1000
        page = driver.execute_script("return performance.now()")
        t1 = time.perf_counter() * 1000
        if best is None or t1 - t0 < best[0]:
            best = (t1 - t0, page - (t0 + t1) / 2)
    return best[1]


def wait_onset(driver, count, timeout=30):
    end = time.time() + timeout
    while time.time() < end:
        onsets = driver.execute_script("return window.__rt.onsets.length")
        if onsets >= count:
            return driver.execute_script("return window.__rt.onsets[arguments[0] - 1]", count)
        time.sleep(0.002)
    raise RuntimeError(f"no onset {count}")


def press(driver, kind, x, y, down):
    if kind in ("mouse", "pen"):
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": "mousePressed" if down else "mouseReleased", "x": x, "y": y, "button": "left",
            "buttons": 1 if down else 0, "clickCount": 1, "pointerType": kind})
    elif kind == "touch":
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
            "type": "touchStart" if down else "touchEnd", "touchPoints": [{"x": x, "y": y}] if down else []})
    else:
        driver.execute_cdp_cmd("Input.dispatchKeyEvent", {
            "type": "rawKeyDown" if down else "keyUp", "key": "ArrowLeft", "code": "ArrowLeft",
            "windowsVirtualKeyCode": 37, "nativeVirtualKeyCode": 37})


def play(url, kind, plan):
    mobile = kind == "touch"
    driver = browser(390 if mobile else 1280, 844 if mobile else 800, mobile)
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK})
        name = f"rt-{kind}"
        driver.get(f"{url}?participant={name}&condition=rt-harness")
        field = driver.find_element(By.ID, "name")
        if not field.get_attribute("value"):
            field.send_keys(name)
        driver.find_element(By.ID, "start-button").click()
        offset = clock_offset(driver)
        sent = []
        for index, (hold, delay) in enumerate(plan):
            onset = wait_onset(driver, index + 1)
            rect = driver.execute_script(
                "const r = document.getElementById('shape-a').getBoundingClientRect();"
                "return [r.left + r.width / 2, r.top + r.height / 2];")
            target = onset["ts"] + delay - offset
            while time.perf_counter() * 1000 < target - 2:
                time.sleep(0.0005)
            while time.perf_counter() * 1000 < target:
                pass
            at = time.perf_counter() * 1000 + offset
            press(driver, kind, rect[0], rect[1], True)
            time.sleep(hold / 1000)
            press(driver, kind, rect[0], rect[1], False)
            sent.append(at)
        WebDriverWait(driver, 30).until(lambda d: d.execute_script("return document.body.dataset.finished") == "true")
        seen = driver.execute_script("return window.__rt")
        return name, seen, sent, errors(driver)
    finally:
        driver.quit()


def record_of(records, name):
    for path in sorted(Path(records).glob("session-*.jsonl")):
        lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        if lines and lines[0]["player"] == name:
            return lines
    raise RuntimeError(f"no record of {name}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("records")
    parser.add_argument("--inputs", default="mouse,touch,key")
    parser.add_argument("--holds", default="80,200")
    parser.add_argument("--delays", default="300,600")
    parser.add_argument("--reps", type=int, default=6)
    args = parser.parse_args()
    holds = [int(x) for x in args.holds.split(",")]
    delays = [int(x) for x in args.delays.split(",")]
    plan = [(h, d) for _ in range(args.reps) for h in holds for d in delays]
    rows, by_input, inputs_recorded, problems = [], {}, {}, []
    for kind in args.inputs.split(","):
        name, seen, sent, page_errors = play(args.url, kind, plan)
        problems += page_errors
        record = record_of(args.records, name)
        onsets = seen["onsets"]
        # The press of turn i: the first after its onset (the start button's press comes before any).
        presses = []
        for index, onset in enumerate(onsets[:len(plan)]):
            later = onsets[index + 1]["ts"] if index + 1 < len(onsets) else float("inf")
            presses += [p for p in seen["presses"] if onset["ts"] <= p["ts"] < later][:1]
        if len(record) != len(plan) or len(onsets) < len(plan) or len(presses) < len(plan):
            problems.append(f"{kind}: {len(record)} records, {len(onsets)} onsets, {len(presses)} presses "
                            f"for {len(plan)} turns")
            continue
        inputs_recorded[kind] = sorted({(line.get("context") or {}).get("input") or "" for line in record})
        cells = {}
        for index, (hold, delay) in enumerate(plan):
            rt = record[index]["reactionTimeMs"]
            actual = presses[index]["ts"] - onsets[index]["ts"]
            cell = cells.setdefault((hold, delay), {"error": [], "python": [], "late": []})
            cell["error"].append(rt - actual)
            cell["python"].append(rt - (sent[index] - onsets[index]["ts"]))
            cell["late"].append(actual - delay)
        errors_all = []
        for (hold, delay), cell in sorted(cells.items()):
            errors_all += cell["error"]
            rows.append({
                "input": kind, "hold": hold, "delay": delay, "n": len(cell["error"]),
                "meanError": statistics.mean(cell["error"]), "sdError": statistics.pstdev(cell["error"]),
                "meanErrorPython": statistics.mean(cell["python"]),
                "sdErrorPython": statistics.pstdev(cell["python"]),
                "meanLateness": statistics.mean(cell["late"])})
        by_input[kind] = {"n": len(errors_all), "meanError": statistics.mean(errors_all),
                          "sdError": statistics.pstdev(errors_all)}
    print(json.dumps({"rows": rows, "byInput": by_input, "inputsRecorded": inputs_recorded, "errors": problems}))


if __name__ == "__main__":
    sys.exit(main())
